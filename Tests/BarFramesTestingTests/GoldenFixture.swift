import BarFramesTestSupport
import Foundation
import Testing

/// A tiny scene whose pixels are worked out by hand, in a fresh temporary folder, so the
/// assertion tests record their own goldens and never depend on the committed ones.
///
/// The customizable bar, 20 × 10 pt at @1x on black, bar height 2, square corners, its value set
/// at 0: the track is rows 4 and 5 across the whole width (white at α 0.1), the fill rows 4 and
/// 5 from x 0 to 20·v (opaque `fill`), nothing else is drawn — no text, no anti-aliasing at
/// whole-pixel edges. So v = 0.5 fills columns 0…9, v = 0.55 columns 0…10: one more column,
/// two pixels.
struct GoldenFixture {
  let root: URL
  let name: String

  /// A fixture whose scene file is `<root>/<name>.json`; `name` is unique per test so tests
  /// running in parallel never share an artefacts folder.
  init(_ name: String) throws {
    root = try TestRendering.temporaryDirectory()
    self.name = "\(name)-\(UUID().uuidString.prefix(8))"
  }

  var scene: URL { root.appendingPathComponent("\(name).json") }
  var goldens: URL { root.appendingPathComponent("goldens") }

  /// Writes the scene with the bar's value and fill colour.
  func write(value: Double, fill: String = "#FFFFFF") throws {
    let json = """
      {"version": 1, "style": {"version": 1, "design": "customizable-bar", "size": [20, 10], "background": "black",
        "barHeight": 2, "cornerRadius": 0, "inProgressColor": "\(fill)"},
       "duration": 1, "events": [{"at": 0, "call": "setValue", "args": {"value": \(value)}}]}
      """
    try Data(json.utf8).write(to: scene)
  }

  func golden(_ seconds: String, ext: String = "png") -> URL {
    goldens.appendingPathComponent("\(name)/\(name)_t\(seconds).\(ext)")
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}

/// The issues recorded inside `withKnownIssue`, collected by its matcher so a test can count
/// them and read their messages and lines.
final class RecordedIssues: @unchecked Sendable {
  private let lock = NSLock()
  private var issues: [(message: String, line: Int?, file: String?)] = []

  /// A matcher for `withKnownIssue` that keeps every issue and accepts it.
  var matcher: @Sendable (Issue) -> Bool {
    { issue in
      let message = issue.comments.map(\.rawValue).joined(separator: "\n")
      self.lock.withLock { self.issues.append((message, issue.sourceLocation?.line, issue.sourceLocation?.fileName)) }
      return true
    }
  }

  var messages: [String] { lock.withLock { issues.map(\.message) } }
  var lines: [Int?] { lock.withLock { issues.map(\.line) } }
  var files: [String?] { lock.withLock { issues.map(\.file) } }
}

/// Whether `BARFRAMES_RECORD` is unset: it overrides the record modes the assertion tests choose.
let recordModeIsUnset = ProcessInfo.processInfo.environment["BARFRAMES_RECORD"] == nil
