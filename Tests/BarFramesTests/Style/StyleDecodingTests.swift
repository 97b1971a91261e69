import BarFrames
import BarFramesGraphics
import Foundation
import Testing

/// Every kind of bad style input gets one error naming the file and the key path.
@Suite struct StyleDecodingTests {
  func decode(_ text: String) throws -> Style {
    try Style(json: try JSONValue(parsing: text), file: "Styles/x.json", directory: ".")
  }

  func message(_ text: String) -> String? {
    do {
      _ = try decode(text)
      return nil
    } catch let error as InputError {
      return error.description
    } catch {
      return "unexpected \(error)"
    }
  }

  @Test func minimalStyleTakesTheDemoDefaults() throws {
    let style = try decode(#"{"version": 1, "design": "bent-line"}"#)
    #expect(style.canvas.size == Size(320, 320))
    #expect(style.canvas.background == .lightGray)
    #expect(style.parameters(as: BentLine.self) == BentLineStyle())
    #expect(style.parameters(as: DownloadBar.self) == nil)
  }

  @Test func parametersAndTransparentBackgroundAreRead() throws {
    let style = try decode(
      ##"{"version": 1, "design": "bent-line", "size": [200, 100], "background": "transparent", "lineWidth": 3, "strokeColor": "#FF000080", "origin": [10, 50]}"##
    )
    #expect(style.canvas.background == nil)
    let bent = try #require(style.parameters(as: BentLine.self))
    #expect(bent.lineWidth == 3)
    #expect(bent.origin == Point(10, 50))
    #expect(bent.strokeColor == Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
  }

  @Test(arguments: [
    (
      #"{"version": 1, "design": "bent-line", "lineWidth": -5}"#,
      "Styles/x.json: lineWidth: expected a positive number, got -5"
    ),
    (
      #"{"version": 1, "design": "bent-line", "lineWidth": "5"}"#,
      "Styles/x.json: lineWidth: expected a positive number, got \"5\""
    ),
    (
      #"{"version": 1, "design": "bent-line", "lineWidth": 1e999}"#,
      "Styles/x.json: lineWidth: expected a positive number, got a number too large to represent"
    ),
    (
      #"{"version": 1, "design": "bent-line", "colour": "red"}"#,
      #"Styles/x.json: unknown key "colour"; none of the 12 valid keys is close"#
    ),
    (
      #"{"version": 2, "design": "bent-line"}"#,
      "Styles/x.json: version: this version of BarFrames reads version 1 files, not version 2"
    ),
    // Beyond Int's range, and infinity: refused with a message, never a trap in Int(_:).
    (
      #"{"version": 1e19, "design": "bent-line"}"#,
      "Styles/x.json: version: this version of BarFrames reads version 1 files, not version 1e+19"
    ),
    (
      #"{"version": 9223372036854775808, "design": "bent-line"}"#,
      "Styles/x.json: version: this version of BarFrames reads version 1 files, not version"
    ),
    (
      #"{"version": 1e400, "design": "bent-line"}"#,
      "Styles/x.json: version: expected a whole number, got a number too large to represent"
    ),
    (#"{"design": "bent-line"}"#, "Styles/x.json: version: missing; add \"version\": 1"),
    (#"{"version": 1, "design": "pie"}"#, "Styles/x.json: design: unknown design \"pie\"; expected one of"),
    (
      #"{"version": 1, "design": "bent-line", "size": [0, 10]}"#,
      "Styles/x.json: size[0]: expected a positive number, got 0"
    ),
    (
      #"{"version": 1, "design": "bent-line", "size": [100000, 10]}"#,
      "Styles/x.json: size: expected at most 4096 × 4096 points"
    ),
    (
      #"{"version": 1, "design": "bent-line", "size": 5}"#,
      "Styles/x.json: size: expected an array of two numbers, got 5"
    ),
    (
      #"{"version": 1, "design": "bent-line", "trackColor": "grey"}"#,
      "Styles/x.json: trackColor: expected a colour as #RRGGBB"
    ),
    (
      #"{"version": 1, "design": "bent-line", "background": "nope"}"#,
      "Styles/x.json: background: expected \"transparent\" or a colour"
    ),
    (
      #"{"version": 1, "design": "bent-line", "comparisonPair": 1}"#,
      "Styles/x.json: comparisonPair: expected true or false, got 1"
    ),
    (#"[1, 2]"#, "Styles/x.json: expected an object, got an array"),
  ])
  func badInputNamesFileAndKeyPath(text: String, expected: String) {
    let got = message(text)
    #expect(got?.hasPrefix(expected) == true, "got \(got ?? "no error")")
  }

  /// Found by fuzz-scene: the text a colour message quotes is escaped (ESC, DEL), never echoed
  /// raw to the terminal.
  @Test(arguments: ["background", "trackColor"])
  func aColourMessageQuotesTheInputEscaped(key: String) {
    let got = message(#"{"version": 1, "design": "bent-line", "\#(key)": "\u001b[2J\u007f"}"#)
    #expect(got?.hasPrefix("Styles/x.json: \(key): expected ") == true, "\(got ?? "no error")")
    #expect(got?.hasSuffix(#"; got "\u{1B}[2J\u{7F}""#) == true, "\(got ?? "no error")")
  }

  @Test func malformedJSONNamesLineAndColumn() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("barframes-bad-\(UUID().uuidString).json")
    try Data("{\n  \"version\": 1,\n  \"design\": bent-line\n}".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect {
      try Style.load(contentsOf: url, displayName: "Styles/bad.json")
    } throws: { error in
      "\(error)"
        == "Styles/bad.json: invalid JSON at line 3, column 13: unexpected character 'b'; expected a JSON value"
    }
  }

  @Test func missingFileSaysSo() {
    #expect {
      try Style.load(contentsOf: URL(fileURLWithPath: "/nonexistent/style.json"), displayName: "Styles/none.json")
    } throws: { error in
      "\(error)" == "Styles/none.json: no such file"
    }
  }
}
