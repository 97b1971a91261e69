import BarFramesTestSupport
import Foundation
import Testing

/// A message that quotes input with control characters in it (escaped, each up to eight
/// columns) still fits one 160-column line: the quoted text is cut, never the message's sense.
@Suite struct MessageWidthTests {
  /// Thirty red-colour escape sequences: 150 characters that escape to 300 columns.
  static let hostile = String(repeating: "\u{1B}[31m", count: 30)

  static func json(_ value: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: [value], options: [.fragmentsAllowed])
    return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
  }

  static let bent = #"{"version": 1, "design": "bent-line", "size": [120, 60]}"#

  @Test(arguments: [
    ("a design name", #"{"version": 1, "style": {"version": 1, "design": \#(json(hostile + "x"))}, "duration": 1}"#),
    ("a call", #"{"version": 1, "style": \#(bent), "duration": 1, "events": [{"at": 0, "call": \#(json(hostile))}]}"#),
    (
      "a call of a design with many", #"{"version": 1, "style": {"version": 1, "design": "customizable-bar"}, "#
        + #""duration": 1, "events": [{"at": 0, "call": \#(json(hostile))}]}"#
    ),
    ("a key", #"{"version": 1, "style": \#(bent), "duration": 1, \#(json(hostile)): 1}"#),
    ("a style path", #"{"version": 1, "style": \#(json(hostile + ".json")), "duration": 1}"#),
    (
      "an icon path", #"{"version": 1, "style": {"version": 1, "design": "customizable-bar", "#
        + #""progressBarIconImage": \#(json(hostile + ".png"))}, "duration": 1}"#
    ),
  ])
  func aMessageQuotingControlCharactersFitsOneLine(what: String, scene: String) throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(scene.utf8).write(to: directory.appendingPathComponent("s.json"))
    let result = try CommandRunner.run(["validate", "s.json"], in: directory)
    #expect(result.exitCode == 65, "\(what): \(result.stderr)")
    let line = try #require(result.stderr.split(separator: "\n").first.map(String.init))
    #expect(line.contains(#"\u{1B}[31m"#), "\(what): \(line)")
    #expect(line.unicodeScalars.count <= 160, "\(what): \(line.unicodeScalars.count) columns: \(line)")
  }

  /// The scene file's own name, as given on the command line.
  @Test func aFileNameWithControlCharactersFitsOneLine() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let name = "s" + Self.hostile + ".json"
    try Data("{".utf8).write(to: directory.appendingPathComponent(name))
    let result = try CommandRunner.run(["validate", name], in: directory)
    #expect(result.exitCode == 65, "\(result.stderr)")
    let line = try #require(result.stderr.split(separator: "\n").first.map(String.init))
    // Cut at its start: its end names the file.
    #expect(line.hasPrefix(#"barframes: error: …"#) && line.contains(#"\u{1B}[31m.json: invalid JSON"#), "\(line)")
    #expect(line.unicodeScalars.count <= 160, "\(line.unicodeScalars.count) columns: \(line)")
  }
}
