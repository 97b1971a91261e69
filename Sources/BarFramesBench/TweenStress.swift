import BarFrames
import Foundation

/// The tweens stress case: one customizable-bar scene of `count` long `setValue` tweens (a
/// player callback every 10 ms whose 3000 s tweens all overlap), inspected at its last event
/// by a child `barframes inspect`, whose wall time and peak memory are reported. A timeline
/// that copied every earlier tween at each event needed O(n²) memory here.
public struct TweenStress: Sendable {
  /// The number of tweens (`setValue` calls).
  public var count: Int

  public init(count: Int = 100_000) {
    self.count = count
  }

  /// The scene: `count` calls 10 ms apart, alternating between 0.2 and 0.8 so that every one
  /// moves the bar (smaller moves are skipped without a tween), each gliding for 3000 s.
  public var scene: JSONValue {
    let last = Double(count - 1) / 100
    func calls(at start: Double, value: Double) -> JSONValue {
      .object([
        .init("at", .number(start)), .init("every", .number(0.02)), .init("until", .number(last)),
        .init("call", .string("setValue")),
        .init("args", .object([.init("value", .number(value)), .init("duration", .number(3000))])),
      ])
    }
    return .object([
      .init("version", .number(1)),
      .init("style", .object([.init("version", .number(1)), .init("design", .string("customizable-bar"))])),
      .init("duration", .number(max(last, 1))),
      .init("fps", .number(1)),
      .init(
        "events",
        .array(count > 1 ? [calls(at: 0, value: 0.2), calls(at: 0.01, value: 0.8)] : [calls(at: 0, value: 0.2)])),
    ])
  }

  /// Writes the scene into `folder`, inspects it at its last event in a child process and
  /// returns the child's wall time and peak resident memory.
  public func run(executable: String, in folder: URL) throws -> (seconds: Double, peakMB: Double) {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("tweens-\(count).json")
    try Data(scene.serialized(pretty: false).utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: folder) }
    let started = DispatchTime.now().uptimeNanoseconds
    let run = try PeakMemory.run(executable, ["inspect", url.path, "--at", (Double(count - 1) / 100).compactJSON])
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    guard run.status == 0 else {
      throw BenchError.workload("inspecting \(count) tweens failed with status \(run.status)")
    }
    return (seconds, run.peakMB)
  }
}
