import BarFramesTestSupport
import Foundation
import Testing

/// The library's and tools' Swift lines (`Sources/`) stay within 120 columns (`.swift-format`'s `lineLength`; run
/// `swift format format --in-place --recursive Sources Tests` and split long strings by hand).
/// Lines inside multi-line string literals — the player's HTML and CSS — are file
/// contents, not Swift, and are not counted.
@Suite struct SourceLineLengthTests {
  static let limit = 120

  /// Every line over the limit, as `path:line: length`, outside `"""` literals.
  static func longLines(in text: String, path: String) -> [String] {
    var found: [String] = []
    var inMultilineString = false
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let delimiters = line.components(separatedBy: "\"\"\"").count - 1
      if inMultilineString || delimiters > 0 {
        if delimiters % 2 == 1 { inMultilineString.toggle() }
        continue
      }
      if line.count > limit && !Self.isLongForItsString(line) {
        found.append("\(path):\(number + 1): \(line.count) columns")
      }
    }
    return found
  }

  /// Whether `line` fits once the text from its first to its last `"` is taken out: only a
  /// string literal makes it long.
  static func isLongForItsString(_ line: Substring) -> Bool {
    guard let first = line.firstIndex(of: "\""), let last = line.lastIndex(of: "\""), first < last else { return false }
    return line[..<first].count + line[line.index(after: last)...].count + 2 <= limit
  }

  @Test func everySwiftLineFitsIn120Columns() throws {
    let root = TestRendering.packageRoot
    var found: [String] = []
    for folder in ["Sources"] {
      let enumerator = try #require(FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path))
      for case let path as String in enumerator where path.hasSuffix(".swift") {
        let text = try String(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(path), encoding: .utf8)
        found += Self.longLines(in: text, path: "\(folder)/\(path)")
      }
    }
    #expect(found.isEmpty, "\(found.count) lines over \(Self.limit) columns:\n\(found.prefix(20).joined(separator: "\n"))")
  }

  @Test func theCheckCountsCharactersAndSkipsMultilineStrings() {
    let long = String(repeating: "×", count: 121)
    let text = "let a = 1\n\(long)\nlet s = \"\"\"\n\(long)\n\"\"\"\n" + String(repeating: "x", count: 120)
    #expect(Self.longLines(in: text, path: "f.swift") == ["f.swift:2: 121 columns"])
  }

  /// A message stays one literal however long; the code around it still counts.
  @Test func aLineLongOnlyForItsStringLiteralPasses() {
    let message = "throw .invalid(\"" + String(repeating: "m", count: 150) + "\")"
    let code = "let x = " + String(repeating: "y", count: 110) + " + \"short\""
    #expect(Self.longLines(in: message + "\n" + code, path: "f.swift") == ["f.swift:2: 128 columns"])
  }
}
