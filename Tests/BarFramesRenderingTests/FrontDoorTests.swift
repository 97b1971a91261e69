import BarFramesRendering
import BarFramesTestSupport
import Foundation
import Testing

/// `import BarFramesRendering` and one call per job: a frame, a sequence. The expected sizes
/// and counts come from the scene file (320 × 320 pt, 2 s at 60 fps) and the frame rule
/// ⌊D·fps⌋ + 1, not from the code.
@Suite struct FrontDoorTests {
  @Test func theReadmesFirstExampleWritesAFrameAndASequence() throws {
    let folder = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try renderTheSlider(into: folder)
    let frame = try PNGDecoder.decode(Array(try Data(contentsOf: folder.appendingPathComponent("slider-1.5s@2x.png"))))
    #expect(frame.width == 640 && frame.height == 640)
    let frames = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("frames/bent-line-slider").path)
    #expect(frames.filter { $0.hasSuffix(".png") }.count == 2 * 60 + 1)
  }

  @Test func aFrameIsWhatStillWrites() throws {
    let url = TestRendering.packageRoot.appendingPathComponent("Examples/bent-line-slider.json")
    let scene = try Scene.load(contentsOf: url)
    let out = TestRendering.temporaryFile(extension: "png")
    defer { try? FileManager.default.removeItem(at: out) }
    let still = try CommandRunner.run(["still", url.path, "--at", "1.5", "--scale", "2", "-o", out.path])
    try #require(still.exitCode == 0, "\(still.stderr)")
    let identical = try scene.png(at: 1.5, scale: 2) == Array(try Data(contentsOf: out))
    #expect(identical, "Scene.png(at:scale:) and barframes still --at differ")
    let svg = String(decoding: try scene.svg(at: 1.5), as: UTF8.self)
    #expect(svg.hasPrefix("<?xml") || svg.hasPrefix("<svg"))
    // The label is there as outlines named by their text (about 50 % at 1.5 s).
    #expect(svg.contains("<title>") && svg.contains("%\""))
  }

  @Test func readmeOpensWithTheCompiledExample() throws {
    let source = try String(
      contentsOf: TestRendering.packageRoot.appendingPathComponent(
        "Tests/BarFramesRenderingTests/FrontDoorExample.swift"),
      encoding: .utf8)
    let readme = try String(contentsOf: TestRendering.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let begin = try #require(source.range(of: "// README-FRONT-DOOR-BEGIN\n"))
    let end = try #require(source.range(of: "// README-FRONT-DOOR-END"))
    let example = "```swift\n" + String(source[begin.upperBound..<end.lowerBound]) + "```"
    let position = try #require(readme.range(of: example), "README.md must show FrontDoorExample.swift verbatim")
    // The first code block of the README after the two commands is this one.
    let firstSwift = try #require(readme.range(of: "```swift\n"))
    #expect(firstSwift.lowerBound == position.lowerBound)
  }
}
