import BarFramesPNG
import BarFramesJSON
import BarFramesPlayer
import BarFramesRenderer
import Foundation

/// The results of verifying many frames against their goldens, and the files CI keeps of them:
/// the player page stepping through reference, actual and diff of every mismatch, and JUnit XML.
///
/// ```swift
/// var report = GoldenReport(tolerance: .default)
/// report.frames.append(.init(scene: "bar", name: "bar_t0.500", status: .matched, seconds: 0.01))
/// report.summary      // "1 of 1 frames match (tolerance: ±1 per channel, no pixel beyond)"
/// report.junitXML()   // <testsuites …><testsuite name="bar" …><testcase name="bar_t0.500" …/>
/// ```
public struct GoldenReport: Sendable {
  /// One checked frame.
  public struct Frame: Sendable {
    /// How the check of one frame ended.
    public enum Status: Sendable {
      case matched
      /// A mismatch or a missing golden, with the message and the images written.
      case failed(message: String, artifacts: GoldenCheck.Artifacts?)
      /// The comparison could not run (an unreadable golden, a rendering error).
      case error(message: String)
    }

    /// The scene's name, e.g. `bent-line-slider`.
    public var scene: String
    /// The frame's name, e.g. `bent-line-slider_t0.500`.
    public var name: String
    public var status: Status
    /// How long rendering and comparing took.
    public var seconds: Double

    public init(scene: String, name: String, status: Status, seconds: Double) {
      self.scene = scene
      self.name = name
      self.status = status
      self.seconds = seconds
    }
  }

  /// The tolerance every frame was compared under.
  public var tolerance: GoldenTolerance
  /// The frames in the order they were checked.
  public var frames: [Frame]
  /// Pixels per point of the images, so the report's "points" zoom shows them at their size.
  public var scale: Int

  public init(tolerance: GoldenTolerance, frames: [Frame] = [], scale: Int = 1) {
    self.tolerance = tolerance
    self.frames = frames
    self.scale = max(1, scale)
  }

  /// Frames that matched.
  public var matched: Int { frames.filter { if case .matched = $0.status { true } else { false } }.count }
  /// Frames that did not match or had no golden.
  public var failures: Int { frames.filter { if case .failed = $0.status { true } else { false } }.count }
  /// Frames whose comparison could not run.
  public var errors: Int { frames.filter { if case .error = $0.status { true } else { false } }.count }

  /// `4 of 5 frames match (tolerance: ±1 per channel, no pixel beyond)`.
  public var summary: String { "\(matched) of \(frames.count) frames match (tolerance: \(tolerance))" }

  /// The player page (the gallery's, ``PlayerPage``) stepping through every frame that did not
  /// match: reference, actual and diff side by side or a swipe between reference and actual,
  /// with the player's zoom to pixels and backdrops; frames that could not be compared are
  /// listed under it. Images are linked relative to `pageDirectory` (the folder the page is
  /// written to).
  public func html(pageDirectory: URL) -> String {
    var appendix = "<section class=\"report-errors\"><p>Tolerance: \(GoldenReport.escaped(tolerance.description))</p>\n"
    let unshown = frames.filter {
      switch $0.status {
      case .matched, .failed(_, _?): false
      case .failed(_, nil), .error: true
      }
    }
    if !unshown.isEmpty {
      appendix += "<h2>Not shown above</h2><ul>\n"
      for frame in unshown {
        let message: String
        switch frame.status {
        case .error(let text): message = "error: " + text
        case .failed(let text, _): message = text
        case .matched: continue
        }
        appendix += "<li><strong>\(GoldenReport.escaped(frame.name))</strong>: \(GoldenReport.escaped(message))</li>\n"
      }
      appendix += "</ul>\n"
    }
    appendix += "</section>"
    return PlayerPage.html(
      data: playerData(pageDirectory: pageDirectory), titleHTML: "BarFrames golden report", appendixHTML: appendix)
  }

  /// The report page's data: three lists of the same length — `reference`, `actual` and `diff`
  /// of every frame that did not match and has images — which the player lines up item by item
  /// (``PlayerPage``). Each item names its frame and message and carries its image's size and,
  /// when transparent, the backdrop chosen by contrast. The page opens on a swipe from
  /// reference (left of the divider) to actual, with the diff beside it.
  public func playerData(pageDirectory: URL) -> JSONValue {
    let prefix = pageDirectory.standardizedFileURL.path + "/"
    func relative(_ url: URL) -> String {
      let path = url.standardizedFileURL.path
      return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.absoluteString
    }
    let shown: [(frame: Frame, message: String, artifacts: GoldenCheck.Artifacts)] = frames.compactMap { frame in
      if case .failed(let message, let artifacts?) = frame.status { return (frame, message, artifacts) }
      return nil
    }
    func item(_ url: URL?, _ entry: (frame: Frame, message: String, artifacts: GoldenCheck.Artifacts)) -> JSONValue {
      var members: [JSONValue.Member] = [
        .init("label", .string(entry.frame.name)), .init("message", .string(entry.message)),
      ]
      guard let url else { return .object(members + [.init("missing", .bool(true))]) }
      members.append(.init("path", .string(relative(url))))
      if let bytes = try? InputBytes.read(url, limit: .max), let image = try? PNGDecoder.decode(bytes) {
        members += [
          .init("width", .number(Double(image.width))), .init("height", .number(Double(image.height))),
          .init("scale", .number(Double(scale))), .init("transparent", .bool(!image.isOpaque)),
          .init(
            "backdrop",
            .string((image.isOpaque ? Backdrop.checker : Backdrop.choose(forStraightRGBA: image.pixels)).rawValue)),
        ]
      }
      return .object(members)
    }
    // One timeline band per scene, over its failing frames.
    var bands: [JSONValue] = []
    for (index, entry) in shown.enumerated() where index == 0 || shown[index - 1].frame.scene != entry.frame.scene {
      let run = shown[index...].prefix { $0.frame.scene == entry.frame.scene }.count
      bands.append(
        .object([
          .init("at", .number(Double(index))), .init("until", .number(Double(index + run - 1))),
          .init("count", .number(Double(run))), .init("call", .string(entry.frame.scene)), .init("args", .string("")),
        ]))
    }
    func list(_ name: String, _ image: (GoldenCheck.Artifacts) -> URL?) -> JSONValue {
      .object([
        .init("name", .string(name)), .init("file", .string("")), .init("design", .string("")),
        .init("start", .number(0)), .init("end", .number(Double(max(0, shown.count - 1)))),
        .init("sampleStart", .number(0)),
        .init("duration", .number(Double(max(0, shown.count - 1)))),
        .init("fps", .number(1)), .init("fpsLabel", .string("1")), .init("fpsNum", .number(1)),
        .init("fpsDen", .number(1)),
        .init("scale", .number(Double(scale))), .init("width", .number(0)), .init("height", .number(0)),
        .init("transparent", .bool(false)), .init("background", .null),
        .init("backdrop", .string(Backdrop.checker.rawValue)),
        .init("frames", .object([.init("items", .array(shown.map { item(image($0.artifacts), $0) }))])),
        .init("events", .array(bands)), .init("files", .array([])), .init("previews", .array([])),
      ])
    }
    return .object([
      .init("version", .number(1)),
      .init("tool", .string("barframes golden verify")),
      .init("live", .bool(false)),
      .init("revision", .number(0)),
      .init("error", .null),
      .init(
        "summary",
        .string(summary + (shown.count < frames.count - matched ? "; \(shown.count) shown, the rest listed below" : ""))
      ),
      .init(
        "defaults",
        .object([
          .init("scene", .string("reference")), .init("compare", .string("actual")), .init("mode", .string("swipe")),
        ])),
      .init("extra", .string("diff")),
      .init("scenes", .array([list("reference", \.reference), list("actual", { $0.actual }), list("diff", \.diff)])),
    ])
  }

  /// JUnit XML as CI systems read it (Jenkins, GitLab, GitHub's test reporters): one
  /// `<testsuite>` per scene, one `<testcase>` per frame, a `<failure>` carrying the message of
  /// each frame that did not match and an `<error>` for each that could not be compared. The
  /// tolerance is a property of every suite.
  public func junitXML() -> String {
    var scenes: [String] = []
    for frame in frames where !scenes.contains(frame.scene) { scenes.append(frame.scene) }
    func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
    let total = frames.reduce(0) { $0 + $1.seconds }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"barframes golden verify\" tests=\"\(frames.count)\" failures=\"\(failures)\" "
    xml += "errors=\"\(errors)\" time=\"\(seconds(total))\">\n"
    for scene in scenes {
      let own = GoldenReport(tolerance: tolerance, frames: frames.filter { $0.scene == scene })
      xml +=
        "  <testsuite name=\"\(GoldenReport.escaped(scene))\" tests=\"\(own.frames.count)\" failures=\"\(own.failures)\" "
      xml += "errors=\"\(own.errors)\" skipped=\"0\" time=\"\(seconds(own.frames.reduce(0) { $0 + $1.seconds }))\">\n"
      xml +=
        "    <properties><property name=\"tolerance\" value=\"\(GoldenReport.escaped(tolerance.description))\"/></properties>\n"
      for frame in own.frames {
        let opening =
          "    <testcase name=\"\(GoldenReport.escaped(frame.name))\" classname=\"golden.\(GoldenReport.escaped(scene))\" time=\"\(seconds(frame.seconds))\""
        switch frame.status {
        case .matched:
          xml += opening + "/>\n"
        case .failed(let message, _):
          xml += opening + ">\n      <failure type=\"mismatch\" message=\"\(GoldenReport.escaped(message))\">"
          xml += GoldenReport.escaped(message) + "</failure>\n    </testcase>\n"
        case .error(let message):
          xml += opening + ">\n      <error type=\"error\" message=\"\(GoldenReport.escaped(message))\">"
          xml += GoldenReport.escaped(message) + "</error>\n    </testcase>\n"
        }
      }
      xml += "  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
  }

  /// `text` safe in XML and HTML content and in double- or single-quoted attributes: markup
  /// characters as entities, line breaks and tabs as character references (attribute values
  /// would fold them to spaces), and the control characters XML 1.0 forbids as U+FFFD.
  public static func escaped(_ text: String) -> String { text.xmlEscaped }
}
