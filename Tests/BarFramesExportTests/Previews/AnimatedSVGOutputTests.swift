import BarFrames
import BarFramesExport
import BarFramesRenderer
import BarFramesTestSupport
import Foundation
import Testing

/// `--format animated-svg`: one self-contained SVG per scene, far smaller than its frames' SVG
/// previews and than the lossless WebP of the same scene, and a scene past the size limit still
/// gets every other format.
@Suite struct AnimatedSVGOutputTests {
  static let examples = TestRendering.packageRoot.appendingPathComponent("Examples")
  /// What an animated SVG may hold: drawing, SMIL and nothing that runs or fetches.
  static let allowedElements: Set<String> = [
    "svg", "defs", "g", "path", "use", "rect", "image", "clipPath", "title", "animate", "animateTransform", "set",
  ]

  @Test(arguments: try AnimatedSVGBrowserTests.exampleNames())
  func anExamplesAnimatedSVGIsSelfContainedAndSmallerThanItsWebP(_ file: String) throws {
    let timeline = try Scene.load(contentsOf: Self.examples.appendingPathComponent(file)).timeline()
    let (directory, manifest) = try ExampleExports.export(file, timeline: timeline)
    let files = manifest.scenes[0].files
    let svg = try #require(files.first { $0.format == "animated-svg" })
    let webp = try #require(files.first { $0.format == "webp" })
    #expect(svg.path == "\(timeline.scene.name)/\(timeline.scene.name)-animated.svg")
    #expect(svg.bytes < webp.bytes, "\(file): animated SVG \(svg.bytes) bytes, lossless WebP \(webp.bytes)")
    // Never larger than every frame's SVG preview, whole.
    let stills = try Exporter(outputDirectory: directory, options: ExportFixtures.options([.svg])).plan([timeline])[0]
    let frameTimes = stills.selection.indices.map(stills.selection.sampler.time(ofFrame:))
    var naive = 0
    for time in frameTimes {
      naive += try SVGFrameRenderer.svg(timeline.presentation(at: time), background: stills.background).count
    }
    #expect(svg.bytes < naive / 2, "\(file): \(svg.bytes) bytes, its frames' SVGs \(naive)")

    let bytes = try ExportFixtures.read(directory, svg.path)
    #expect(bytes.count == svg.bytes)
    let xml = try SVGXML(bytes)
    for element in xml.elements {
      #expect(Self.allowedElements.contains(element.name), "\(file): <\(element.name)>")
      for (name, value) in element.attributes where name.hasSuffix("href") {
        #expect(value.hasPrefix("data:") || value.hasPrefix("#"), "\(file): \(name)=\(value.prefix(40))")
      }
      for name in element.attributes.keys { #expect(!name.lowercased().hasPrefix("on"), "\(file): \(name)") }
    }
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.contains("<script") && !text.contains("foreignObject"))
    // One loop lasts the scene's frames: every animation repeats with the same duration.
    let frames = manifest.scenes[0].frameCount
    let loop = Double(frames) / manifest.scenes[0].fps
    for element in xml.elements where element.name.hasPrefix("animate") {
      #expect(element.attributes["repeatCount"] == "indefinite")
      let dur = try #require(element.attributes["dur"].flatMap { Double($0.dropLast()) })
      #expect(abs(dur - loop) < 1e-6, "\(file): dur \(dur) s, the APNG lasts \(loop) s")
    }
  }

  @Test func aSceneOverTheSizeLimitGetsEveryOtherFormatAndSaysWhy() throws {
    let timeline = try ExportFixtures.scene(name: "bar")
    var events: [ExportProgress] = []
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let options = ExportFixtures.options([.png, .svg, .animatedSVG, .webp, .html]) { $0.animatedSVGByteLimit = 100 }
    let manifest = try Exporter(outputDirectory: directory, options: options).export([timeline]) { events.append($0) }
    let formats = Set(manifest.scenes[0].files.map(\.format))
    #expect(formats == ["svg", "webp", "html"])
    // The gallery links only what was written.
    let page = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(page.contains("bar/bar.webp"))
    #expect(!page.contains("bar-animated.svg"))
    #expect(manifest.scenes[0].frames.count == 11)
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("bar/bar-animated.svg").path))
    let reasons = events.compactMap { event -> String? in
      if case .fileSkipped("bar", "animated-svg", let reason) = event { return reason }
      return nil
    }
    #expect(reasons.count == 1)
    #expect(reasons.first?.contains("over the limit of 100") == true, "\(reasons)")
  }
}
