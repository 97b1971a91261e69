import BarFramesTestSupport
import Foundation
import Testing

/// The README's golden-test example must be the code the suite compiles.
@Suite struct ReadmeSyncTests {
  @Test func readmeShowsTheCompiledExample() throws {
    let source = try String(
      contentsOf: TestRendering.packageRoot.appendingPathComponent(
        "Tests/BarFramesTestingTests/ReadmeExampleTests.swift"), encoding: .utf8)
    let readme = try String(contentsOf: TestRendering.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let begin = try #require(source.range(of: "// README-EXAMPLE-BEGIN\n"))
    let end = try #require(source.range(of: "// README-EXAMPLE-END"))
    let example = String(source[begin.upperBound..<end.lowerBound])
    #expect(
      readme.contains("```swift\n" + example + "```"),
      "README.md must show Tests/BarFramesTestingTests/ReadmeExampleTests.swift's example verbatim")
  }
}
