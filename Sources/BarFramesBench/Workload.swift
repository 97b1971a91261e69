import BarFrames
import Foundation

/// A standard benchmark workload: one scene rendered at @2x.
public struct Workload: Sendable {
  /// The name `--workload` selects.
  public var name: String
  /// The scene file, relative to the package root.
  public var scenePath: String
  /// Whether the C reference renders the same frames (seek-bar only).
  public var hasCReference: Bool

  /// The workloads `barframes-bench` runs: seek-bar (the reference workload) and each
  /// design's main example.
  public static let standard: [Workload] = [
    Workload(name: "seek-bar", scenePath: "Examples/seek-bar.json", hasCReference: true),
    Workload(name: "bent-line", scenePath: "Examples/bent-line-slider.json", hasCReference: false),
    Workload(name: "customizable-bar", scenePath: "Examples/demo-timeline.json", hasCReference: false),
    Workload(name: "download-bar", scenePath: "Examples/download-success.json", hasCReference: false),
  ]
}
