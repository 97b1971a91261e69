import BarFrames
import BarFramesPlayer
import BarFramesRenderer
import Foundation

/// What the player page knows about a render: per scene its frames (how to name and time
/// them), size, fps, duration, events and the files beside them. Embedded in `index.html` as
/// JSON, so the page works from `file://` without fetching anything.
///
/// ```json
/// {"version": 1, "tool": "barframes 0.1.0", "live": false, "revision": 0, "scenes": [
///   {"name": "bar", "file": "Examples/bar.json", "design": "bent-line", "start": 0, "end": 2,
///    "duration": 2, "fps": 30, "fpsNum": 30, "fpsDen": 1, "scale": 2, "width": 494, "height": 40,
///    "transparent": true, "backdrop": "dark",
///    "frames": {"prefix": "bar/bar-", "suffix": "@2x.png", "digits": 2, "first": 0, "step": 1, "count": 61},
///    "events": [{"at": 0, "call": "setValue", "count": 1, "until": 0}],
///    "files": [{"format": "apng", "path": "bar/bar@2x.apng"}],
///    "previews": [{"time": 0, "label": "0 %", "path": "…"}]}]}
/// ```
public struct GalleryData: Sendable {
  /// The page's view of one scene.
  public struct SceneInfo: Sendable {
    public var plan: ScenePlan
    /// "light" or "dark": the backdrop transparent frames are most visible on.
    public var backdrop: Backdrop

    public init(plan: ScenePlan, backdrop: Backdrop) {
      self.plan = plan
      self.backdrop = backdrop
    }
  }

  public var tool: String
  public var scenes: [SceneInfo]
  /// True for `barframes preview`: the page listens for reloads on `/events`.
  public var live: Bool
  /// Changes with every re-render; frame URLs carry it so the browser never shows a stale frame.
  public var revision: Int
  /// An error to show above the last good frames (the message the CLI would print).
  public var error: String?

  public init(tool: String, scenes: [SceneInfo], live: Bool = false, revision: Int = 0, error: String? = nil) {
    self.tool = tool
    self.scenes = scenes
    self.live = live
    self.revision = revision
    self.error = error
  }

  /// The data for `plans`, choosing each transparent scene's backdrop by contrast.
  public init(plans: [ScenePlan], tool: String) {
    self.init(tool: tool, scenes: plans.map { SceneInfo(plan: $0, backdrop: Backdrop.choose(for: $0)) })
  }

  public var json: JSONValue {
    var members: [JSONValue.Member] = [
      .init("version", .number(1)),
      .init("tool", .string(tool)),
      .init("live", .bool(live)),
      .init("revision", .number(Double(revision))),
    ]
    members.append(.init("error", error.map(JSONValue.string) ?? .null))
    members.append(.init("scenes", .array(scenes.map(Self.json))))
    return .object(members)
  }

  /// The JSON text, safe inside a `<script>` element (`</` is written `<\/`).
  public func scriptText() -> String { PlayerPage.scriptText(json) }

  static func json(_ info: SceneInfo) -> JSONValue {
    let plan = info.plan
    let names = plan.names
    let selection = plan.selection
    var members: [JSONValue.Member] = [
      .init("name", .string(plan.name)),
      .init("file", .string(plan.scene.file)),
      .init("design", .string(plan.scene.style.designName)),
      .init("start", .number(selection.timeRange.lowerBound)),
      .init("end", .number(selection.timeRange.upperBound)),
      .init("sampleStart", .number(selection.sampler.start)),
      .init("duration", .number(plan.scene.duration)),
      .init("fps", .number(plan.rate.framesPerSecond)),
      .init("fpsLabel", .string(plan.rate.description)),
      .init("fpsNum", .number(Double(plan.rate.numerator))),
      .init("fpsDen", .number(Double(plan.rate.denominator))),
      .init("scale", .number(Double(plan.scale))),
      .init("width", .number(Double(plan.pixelWidth))),
      .init("height", .number(Double(plan.pixelHeight))),
      .init("transparent", .bool(plan.colorType == .rgba)),
      .init("background", plan.background.map { .string($0.hexString) } ?? .null),
      .init("backdrop", .string(info.backdrop.rawValue)),
    ]
    if plan.formats.contains(.png) {
      let suffix = "\(names.scaleSuffix).png"
      members.append(
        .init(
          "frames",
          .object([
            .init("prefix", .string("\(names.directory)/\(names.scene)-")),
            .init("suffix", .string(suffix)),
            .init("digits", .number(Double(names.indexDigits))),
            .init("first", .number(Double(selection.indices.first ?? 0))),
            .init("step", .number(Double(selection.everyNth))),
            .init("count", .number(Double(selection.indices.count))),
          ])))
    } else {
      members.append(.init("frames", .null))
    }
    members.append(.init("events", .array(eventEntries(plan.scene, in: selection.timeRange))))
    var files: [JSONValue] = []
    func file(_ format: String, _ path: String) {
      files.append(.object([.init("format", .string(format)), .init("path", .string(path))]))
    }
    if plan.formats.contains(.apng) { file("apng", names.apngPath) }
    if plan.formats.contains(.gif) { file("gif", names.gifPath) }
    if plan.formats.contains(.webp) { file("webp", names.webpPath) }
    if plan.formats.contains(.animatedSVG) { file("animated-svg", names.animatedSVGPath) }
    if plan.formats.contains(.sheet) { file("sheet", names.sheetPath) }
    members.append(.init("files", .array(files)))
    let previews: [JSONValue] =
      plan.formats.contains(.svg)
      ? plan.previews.map {
        .object([
          .init("time", .number($0.time)), .init("label", .string($0.label)),
          .init("path", .string(names.svgPath(time: $0.time))),
        ])
      } : []
    members.append(.init("previews", .array(previews)))
    return .object(members)
  }

  /// One entry per event in the file, in file order: a repeating entry (`every`/`until`) is one
  /// entry with its repetition count and last time, so a per-frame callback is one band on the
  /// timeline, not six hundred markers.
  public static func eventEntries(_ scene: Scene, in interval: ClosedRange<Double>) -> [JSONValue] {
    var order: [JSONPath] = []
    var entries: [JSONPath: (at: Double, until: Double, count: Int, call: String, args: JSONValue)] = [:]
    for event in scene.events where interval.contains(event.at) {
      if var entry = entries[event.path] {
        entry.until = max(entry.until, event.at)
        entry.count += 1
        entries[event.path] = entry
      } else {
        order.append(event.path)
        entries[event.path] = (event.at, event.at, 1, event.call, event.args)
      }
    }
    return order.compactMap { path in
      guard let entry = entries[path] else { return nil }
      return .object([
        .init("at", .number(entry.at)),
        .init("until", .number(entry.until)),
        .init("count", .number(Double(entry.count))),
        .init("call", .string(entry.call)),
        .init("args", entry.count == 1 ? .string(entry.args.serialized(pretty: false)) : .string("")),
      ])
    }
  }
}

extension Backdrop {
  /// For a transparent scene, the backdrop chosen by contrast (``choose(forStraightRGBA:)``)
  /// for a frame in the middle of the selection. Opaque scenes get `.checker` (their own
  /// background covers it).
  public static func choose(for plan: ScenePlan) -> Backdrop {
    guard plan.colorType == .rgba else { return .checker }
    let indices = plan.selection.indices
    guard !indices.isEmpty else { return .light }
    let middle = indices[indices.count / 2]
    guard
      let renderer = try? FrameRenderer(size: plan.scene.style.canvas.size, scale: 1, background: nil),
      let image = try? renderer.render(plan.timeline.presentation(at: plan.selection.sampler.time(ofFrame: middle)))
    else { return .light }
    return choose(forStraightRGBA: image.pixels)
  }
}
