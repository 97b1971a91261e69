import BarFramesGraphics
import BarFramesJSON
import BarFramesTiming
import Foundation

/// `barframes timing` probe files: any bytes give a ``TimingProbeError`` naming the file, or
/// probes whose every sample is finite and whose output document is JSON that reads back.
enum ProbeFuzzing {
  static let file = "fuzz-probe.json"

  static func check(_ bytes: [UInt8]) throws(FuzzFailure) -> FuzzOutcome {
    let probes: [TimingProbe]
    do {
      probes = try TimingProbeFile.decode(Data(bytes), file: file)
    } catch {
      try FuzzProperties.checkMessage(error.description, file: error.file ?? "", accepted: error.file == file)
      return .refused(error.description)
    }
    for probe in probes {
      let result = probe.evaluate()
      guard result.samples.count == probe.times.count else {
        throw FuzzFailure(
          "a probe gives one sample a time",
          "\(result.samples.count) samples for \(probe.times.count) times")
      }
      for (index, sample) in result.samples.enumerated() {
        let place = "probe \(InputText.quoted(probe.id)) sample \(index)"
        try FuzzProperties.checkFinite([sample.time] + sample.layerTimes, "\(place): a time")
        try checkFinite(sample.value, "\(place): the value")
        if case .some(.some(let rotation)) = sample.rotation {
          try FuzzProperties.checkFinite([rotation], "\(place): the rotation")
        }
        for animation in sample.animations {
          try FuzzProperties.checkFinite(
            [animation.progress, animation.eased, animation.rotation].compactMap { $0 },
            "\(place): an animation's progress")
          if let value = animation.value { try checkFinite(value, "\(place): an animation's value") }
        }
      }
    }
    let output = TimingProbeFile.results(probes)
    do {
      _ = try JSONInput.parse(Data(output.utf8), file: "output")
    } catch {
      throw FuzzFailure("the output is JSON", "\(error)")
    }
    return .accepted
  }

  static func checkFinite(_ value: AnimatableValue, _ what: @autoclosure () -> String) throws(FuzzFailure) {
    guard case .path(let path) = value else { return try FuzzProperties.checkFinite(value.numbers, what()) }
    let points = path.elements.flatMap { element -> [Point] in
      switch element {
      case .move(let p), .line(let p): [p]
      case .quadCurve(let p, let c): [p, c]
      case .curve(let p, let c1, let c2): [p, c1, c2]
      case .closeSubpath: []
      }
    }
    try FuzzProperties.checkFinite(points.flatMap { [$0.x, $0.y] }, what())
  }
}
