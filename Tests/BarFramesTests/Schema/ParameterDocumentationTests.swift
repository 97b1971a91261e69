import BarFrames
import BarFramesTestSupport
import Foundation
import Testing

/// The committed parameter tables (the DocC article the README links to) must be what the
/// parameter declarations generate.
@Suite struct ParameterDocumentationTests {
  static let article = TestRendering.packageRoot.appendingPathComponent(
    "Sources/BarFrames/BarFrames.docc/StyleParameters.md")

  /// Set `BARFRAMES_RECORD_DOCS=1` to rewrite the article from the declarations.
  @Test func committedParameterTablesAreUpToDate() throws {
    let generated = ParameterDocumentation.markdown()
    if ProcessInfo.processInfo.environment["BARFRAMES_RECORD_DOCS"] == "1" {
      try Data(generated.utf8).write(to: Self.article)
    }
    let committed = try String(contentsOf: Self.article, encoding: .utf8)
    #expect(
      committed == generated,
      "BarFrames.docc/StyleParameters.md is stale: run `BARFRAMES_RECORD_DOCS=1 swift test --filter ParameterDocumentationTests` and commit it"
    )
  }

  /// Every declared parameter has a row that shows its key, its range and its default.
  @Test func everyParameterHasARowWithItsRangeAndDefault() throws {
    let text = ParameterDocumentation.markdown()
    for design in DesignRegistry.standard.designs {
      try Self.checkRows(design, in: text)
    }
  }

  static func checkRows<D: Design>(_ design: D.Type, in text: String) throws {
    let after = try #require(text.components(separatedBy: "## \(D.name)\n").dropFirst().first)
    let section = try #require(after.components(separatedBy: "\n## ").first)
    let rows = section.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }
    #expect(rows.count == Canvas.parameters.count + D.Style.parameters.count)
    // The canvas first, with the design's own defaults.
    let canvas = Canvas.default(of: D.self)
    let size = "`[\(canvas.size.width.compactJSON),\(canvas.size.height.compactJSON)]`"
    let background = canvas.background.map { "`\"\($0.hexString)\"`" } ?? "`\"transparent\"`"
    #expect(rows.first?.hasPrefix("| `size` | [width, height] | pt | > 0, ≤ 4096 | \(size) |") == true, "\(rows)")
    #expect(
      rows.dropFirst().first?.hasPrefix("| `background` | colour or `\"transparent\"` |  |  | \(background) |") == true,
      "\(rows)")
    for (row, parameter) in zip(rows.dropFirst(Canvas.parameters.count), D.Style.parameters) {
      #expect(row.hasPrefix("| `\(parameter.key)` |"))
      if case .number(let bounds) = parameter.type { #expect(row.contains("| \(bounds.documentation) |")) }
      if let value = parameter.defaultValue { #expect(row.contains("`\(value.serialized(pretty: false))`")) }
    }
  }
}
