import BarFramesTestSupport
import Foundation
import Testing

/// The DocC article "Adding your own design" shows the code the suite compiles and runs:
/// Tests/RingDesign/Ring.swift (OutsideDesignTests) and Tests/RingBarFrames/main.swift
/// (OutsideDesignCommandTests), verbatim, as its first two Swift blocks.
@Suite struct AddingYourOwnDesignArticleTests {
  static let root = TestRendering.packageRoot

  /// The contents of every ```swift block, in order.
  static func swiftBlocks(_ markdown: String) -> [String] {
    markdown.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
  }

  @Test func theArticleShowsTheCompiledRing() throws {
    let article = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/BarFrames/BarFrames.docc/AddingYourOwnDesign.md"),
      encoding: .utf8)
    let blocks = Self.swiftBlocks(article)
    let ring = try String(contentsOf: Self.root.appendingPathComponent("Tests/RingDesign/Ring.swift"), encoding: .utf8)
    let main = try String(
      contentsOf: Self.root.appendingPathComponent("Tests/RingBarFrames/main.swift"), encoding: .utf8)
    #expect(blocks.contains(ring), "the article must show Tests/RingDesign/Ring.swift verbatim")
    #expect(blocks.contains(main), "the article must show Tests/RingBarFrames/main.swift verbatim")
    #expect(blocks.first == ring)
  }
}
