import BarFrames
import BarFramesPlayer
import BarFramesRenderer

/// Two renders of the same scenes on one player page: the render looked at (today's frames,
/// or `barframes preview`'s live render) and a baseline it is compared against (yesterday's
/// frames, the render before a style edit). Each scene is shown against the baseline's scene
/// of the same name — side by side, as a swipe, an onion skin or a per-pixel difference with
/// the count of differing pixels — and the view follows when the scene or the frame changes.
///
/// Frames pair up by time. A render whose timing is unknown (no `index.html`) takes its
/// twin's, so the two pair up frame number by frame number.
///
/// ```swift
/// let comparison = RenderComparison(try RenderFolder(reading: after, label: "frames"),
///                                   against: try RenderFolder(reading: before, label: "frames-old"))
/// let page = comparison.html(currentPath: "../frames/", baselinePath: "../frames-old/", tool: "barframes 0.1.0")
/// ```
public struct RenderComparison: Sendable {
  /// The render looked at, its scenes in page order.
  public var scenes: [RenderedScene]
  public var label: String
  /// The render compared against.
  public var baseline: [RenderedScene]
  public var baselineLabel: String

  public init(scenes: [RenderedScene], label: String, baseline: [RenderedScene], baselineLabel: String) {
    self.scenes = scenes
    self.label = label
    self.baseline = baseline
    self.baselineLabel = baselineLabel
    // Unknown timing is taken from the twin, in either direction.
    for index in self.scenes.indices {
      if let twin = baseline.first(where: { $0.name == self.scenes[index].name }) {
        self.scenes[index].adoptTiming(of: twin)
      }
    }
    for index in self.baseline.indices {
      if let twin = self.scenes.first(where: { $0.name == self.baseline[index].name }) {
        self.baseline[index].adoptTiming(of: twin)
      }
    }
  }

  /// `current` compared against `baseline`.
  public init(_ current: RenderFolder, against baseline: RenderFolder) {
    self.init(scenes: current.scenes, label: current.label, baseline: baseline.scenes, baselineLabel: baseline.label)
  }

  /// Names of the scenes both renders hold, in page order.
  public var scenesInBoth: [String] { scenes.map(\.name).filter { name in baseline.contains { $0.name == name } } }
  public var scenesOnlyInBaseline: [String] {
    baseline.map(\.name).filter { name in !scenes.contains { $0.name == name } }
  }
  public var scenesOnlyInCurrent: [String] {
    scenes.map(\.name).filter { name in !baseline.contains { $0.name == name } }
  }

  /// "frames-old → frames: 3 scenes in both · only in frames-old: intro".
  public var summary: String {
    let both = scenesInBoth.count
    var text = "\(baselineLabel) → \(label): \(both) scene\(both == 1 ? "" : "s") in both"
    if !scenesOnlyInBaseline.isEmpty {
      text += " · only in \(baselineLabel): " + scenesOnlyInBaseline.joined(separator: ", ")
    }
    if !scenesOnlyInCurrent.isEmpty { text += " · only in \(label): " + scenesOnlyInCurrent.joined(separator: ", ") }
    return text
  }

  /// The page's data (``PlayerPage``): the current render's scenes, and under `against` the
  /// baseline's, the view opening on the per-pixel difference.
  /// - Parameters:
  ///   - currentPath: Where the page finds the current render's folder: "" when the page is in
  ///     it, else a relative path ending in `/`.
  ///   - baselinePath: The same for the baseline.
  public func data(
    currentPath: String, baselinePath: String, tool: String, live: Bool = false, revision: Int = 0, error: String? = nil
  ) -> JSONValue {
    .object([
      .init("version", .number(1)),
      .init("tool", .string(tool)),
      .init("live", .bool(live)),
      .init("revision", .number(Double(revision))),
      .init("error", error.map(JSONValue.string) ?? .null),
      .init("summary", .string(summary)),
      .init("label", .string(label)),
      .init("defaults", .object([.init("compare", .string("@against")), .init("mode", .string("diff"))])),
      .init(
        "against",
        .object([
          .init("label", .string(baselineLabel)),
          .init("scenes", .array(baseline.map { $0.json(pathPrefix: baselinePath) })),
        ])),
      .init("scenes", .array(scenes.map { $0.json(pathPrefix: currentPath) })),
    ])
  }

  /// The comparison page; see ``data(currentPath:baselinePath:tool:live:revision:error:)``.
  public func html(
    currentPath: String, baselinePath: String, tool: String, live: Bool = false, revision: Int = 0, error: String? = nil
  ) -> String {
    PlayerPage.html(
      data: data(
        currentPath: currentPath, baselinePath: baselinePath, tool: tool, live: live, revision: revision, error: error),
      titleHTML: "BarFrames: \(baselineLabel.xmlEscaped) → \(label.xmlEscaped)")
  }
}
