import BarFramesJSON
import Foundation
import Testing

@testable import BarFramesTiming

/// The probe reader holds the same limits as the style and scene reader (InputLimits), and a
/// probe evaluates in one sweep over its events (issue 15).
@Suite("barframes timing: limits and linear evaluation")
struct TimingProbeLimitsTests {
  static func error(_ text: String) throws -> TimingProbeError {
    try #require(throws: TimingProbeError.self) { _ = try TimingProbeFile.decode(Data(text.utf8), file: "probe.json") }
  }

  @Test func numbersMustBeFinite() throws {
    // 1e999 parses as infinity; it used to come out as null.
    let error = try Self.error(#"{"version":1,"probes":[{"id":"a","animation":{"duration":1},"times":[0, 1e999]}]}"#)
    #expect(
      error.description
        == #"probe.json: probe "a": probes[0].times[1]: expected a number, got a number too large to represent"#)
    let repeats = try Self.error(#"{"version":1,"probes":[{"id":"b","animation":{"repeatCount":1e400},"times":[0]}]}"#)
    #expect(repeats.keyPath == "probes[0].animation.repeatCount")
  }

  @Test func fileSizeIsLimited() throws {
    let document = #"{"version":1,"probes":[]}"#
    let padding = String(repeating: " ", count: InputLimits.fileSize - document.utf8.count)
    // At the limit it reads; one byte more is refused.
    #expect(try TimingProbeFile.decode(Data((document + padding).utf8)).isEmpty)
    let error = try Self.error(document + padding + " ")
    #expect(error.description == "probe.json: is larger than 16 MiB (the limit)")
  }

  @Test func nestingIsLimited() throws {
    let depth = InputLimits.nestingDepth + 1
    let error = try Self.error(
      #"{"version":1,"probes":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}")
    #expect(error.message.contains("nesting deeper than \(InputLimits.nestingDepth) levels (the limit)"))
  }

  @Test func layerChainIsLimited() throws {
    let layers = Array(repeating: "{}", count: InputLimits.probeLayers + 1).joined(separator: ",")
    let error = try Self.error(
      #"{"version":1,"probes":[{"id":"deep","layers":[\#(layers)],"animation":{},"times":[0]}]}"#)
    #expect(error.keyPath == "probes[0].layers")
    #expect(
      error.message == "has \(InputLimits.probeLayers + 1) layers; at most \(InputLimits.probeLayers) (the limit)")
  }

  @Test func controlCharactersFromTheFileAreEscaped() throws {
    let error = try Self.error(
      #"{"version":1,"probes":[{"id":"\u001b]0;x\u0007","animation":{},"times":[0],"\u001b[2J":1}]}"#)
    #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
    #expect(
      error.description
        == #"probe.json: probe "\u{1B}]0;x\u{7}": probes[0]: unknown key "\u{1B}[2J"; expected one of id, layers, modelValue, animation, addedAt, sets, times"#
    )
  }

  /// The sweep gives, at every sample, what replaying the events up to that time from scratch
  /// gives (the definition, ``TimingProbe/layerTree(atAbsoluteTime:)``), in the file's order.
  @Test func oneSweepMatchesAFreshReplayPerSample() throws {
    var events: [String] = []
    for i in 0..<60 {
      let at = Double((i * 17) % 40) * 0.25
      events.append(
        i % 3 == 0
          ? #"{"at":\#(at),"action":"pause"}"#
          : i % 3 == 1
            ? #"{"at":\#(at),"action":"resume"}"# : #"{"at":\#(at),"action":"set","speed":\#(1 + Double(i % 4) * 0.5)}"#
      )
    }
    let times = (0..<80).map { Double(($0 * 29) % 80) * 0.15 }
    let text = #"""
      {"version":1,"probes":[{"id":"sweep","layers":[{"events":[\#(events[0..<20].joined(separator: ","))]},
        {"speed":2,"events":[\#(events[20..<40].joined(separator: ","))]},{"events":[\#(events[40...].joined(separator: ","))]}],
        "animation":{"fromValue":0,"toValue":100,"duration":4,"repeatCount":2},"times":[\#(times.map { "\($0)" }.joined(separator: ","))]}]}
      """#
    let probe = try #require(try TimingProbeFile.decode(Data(text.utf8)).first)
    let result = probe.evaluate()
    #expect(result.samples.map(\.time) == times)
    let stack = probe.layerAnimations
    for sample in result.samples {
      let tree = probe.layerTree(atAbsoluteTime: sample.time)
      let layerTimes = probe.layers.indices.map { tree.localTime(of: $0, atAbsoluteTime: sample.time) }
      #expect(sample.layerTimes == layerTimes)
      #expect(
        sample.value
          == stack.presentedValue(forKeyPath: TimingProbe.keyPath, model: probe.modelValue, layerTime: layerTimes.last!)
      )
    }
  }
}
