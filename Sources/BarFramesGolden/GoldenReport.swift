import BarFramesRenderer
import Foundation

/// The results of verifying many frames against their goldens, and the files CI keeps of them:
/// an HTML page with reference, actual and diff side by side, and JUnit XML.
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

  public init(tolerance: GoldenTolerance, frames: [Frame] = []) {
    self.tolerance = tolerance
    self.frames = frames
  }

  /// Frames that matched.
  public var matched: Int { frames.filter { if case .matched = $0.status { true } else { false } }.count }
  /// Frames that did not match or had no golden.
  public var failures: Int { frames.filter { if case .failed = $0.status { true } else { false } }.count }
  /// Frames whose comparison could not run.
  public var errors: Int { frames.filter { if case .error = $0.status { true } else { false } }.count }

  /// `4 of 5 frames match (tolerance: ±1 per channel, no pixel beyond)`.
  public var summary: String { "\(matched) of \(frames.count) frames match (tolerance: \(tolerance))" }

  /// An HTML page showing every frame that did not match, with its reference, actual and diff
  /// images linked relative to `pageDirectory` (the folder the page is written to).
  public func html(pageDirectory: URL) -> String {
    func relative(_ url: URL?) -> String? {
      guard let url else { return nil }
      let prefix = pageDirectory.standardizedFileURL.path + "/"
      let path = url.standardizedFileURL.path
      return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.absoluteString
    }
    var body = "<h1>Golden verification: \(GoldenReport.escaped("\(matched) of \(frames.count) frames match"))</h1>\n"
    body += "<p>Tolerance: \(GoldenReport.escaped(tolerance.description))</p>\n"
    for frame in frames {
      switch frame.status {
      case .matched:
        continue
      case .error(let message):
        body += "<section><h2>\(GoldenReport.escaped(frame.name))</h2><p>error: \(GoldenReport.escaped(message))</p></section>\n"
      case .failed(let message, let artifacts):
        body += "<section><h2>\(GoldenReport.escaped(frame.name))</h2><p>\(GoldenReport.escaped(message))</p><div class=row>\n"
        for (label, url) in [("reference", artifacts?.reference), ("actual", artifacts?.actual), ("diff", artifacts?.diff)] {
          if let src = relative(url) {
            body += "<figure><img src=\"\(GoldenReport.escaped(src))\"><figcaption>\(label)</figcaption></figure>\n"
          }
        }
        body += "</div></section>\n"
      }
    }
    return """
      <!doctype html><html><head><meta charset="utf-8"><title>BarFrames golden report</title>
      <style>body{font-family:sans-serif;margin:2em;background:#f4f4f4}.row{display:flex;gap:1em;flex-wrap:wrap}
      figure{margin:0;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px;padding:4px}
      img{image-rendering:pixelated;max-width:100%}figcaption{text-align:center;font-size:90%}</style></head>
      <body>
      \(body)</body></html>

      """
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
      xml += "  <testsuite name=\"\(GoldenReport.escaped(scene))\" tests=\"\(own.frames.count)\" failures=\"\(own.failures)\" "
      xml += "errors=\"\(own.errors)\" skipped=\"0\" time=\"\(seconds(own.frames.reduce(0) { $0 + $1.seconds }))\">\n"
      xml += "    <properties><property name=\"tolerance\" value=\"\(GoldenReport.escaped(tolerance.description))\"/></properties>\n"
      for frame in own.frames {
        let opening = "    <testcase name=\"\(GoldenReport.escaped(frame.name))\" classname=\"golden.\(GoldenReport.escaped(scene))\" "
          + "time=\"\(seconds(frame.seconds))\""
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
