import BarFrames
import BarFramesRenderer
import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFramesExport

/// The SVG previews of real scenes: the same bytes every time, one group per layer (read back
/// by an XML parser), text as labelled outlines.
@Suite struct SVGFrameRendererTests {
  static let examples = SVGRasterizationTests.examples

  static func load(_ example: String) throws -> any SceneTimeline {
    let url = TestRendering.packageRoot.appendingPathComponent("Examples/\(example).json")
    return try Scene.load(contentsOf: url, displayName: "Examples/\(example).json").timeline()
  }

  @Test func theSameFrameGivesTheSameBytesEveryTime() throws {
    let timeline = try ExportFixtures.scene()
    let first = try SVGFrameRenderer.svg(timeline.presentation(at: 0.5), background: nil)
    _ = try SVGFrameRenderer.svg(timeline.presentation(at: 0.1), background: nil)
    let again = try SVGFrameRenderer.svg(timeline.presentation(at: 0.5), background: nil)
    #expect(first == again)
  }

  @Test(arguments: examples)
  func everyVisibleLayerIsAGroupNamedAfterIt(example: String) throws {
    let timeline = try Self.load(example)
    let background = timeline.scene.style.canvas.background
    for time in timeline.scene.keyTimes {
      let presentation = timeline.presentation(at: time)
      let xml = try SVGXML(try SVGFrameRenderer.svg(presentation, background: background))
      // Layers are the root's children; groups for transforms and clips have no id.
      let layerGroups = xml.all("g").filter { $0.depth == 1 }
      let visible = presentation.layers.filter { !$0.isHidden && $0.effectiveOpacity > 0 }.map(\.name)
      #expect(layerGroups.map { $0.attributes["id"] } == visible, "\(example) at \(time) s")
    }
  }

  @Test(arguments: examples)
  func textIsLabelledGlyphOutlinesWithoutFontMarkup(example: String) throws {
    let timeline = try Self.load(example)
    for time in timeline.scene.keyTimes {
      let presentation = timeline.presentation(at: time)
      let text = String(decoding: try SVGFrameRenderer.svg(presentation, background: nil), as: UTF8.self)
      for forbidden in ["<text", "<symbol", "<font", "surface"] {
        #expect(!text.contains(forbidden), "\(example) at \(time) s contains \(forbidden)")
      }
      // Glyphs are our own outlines, defined in the document and placed with <use>.
      let xml = try SVGXML(Array(text.utf8))
      let defined = Set(xml.all("path").compactMap { $0.attributes["id"] })
      for use in xml.all("use") {
        let reference = use.attributes["xlink:href"] ?? ""
        #expect(reference.hasPrefix("#") && defined.contains(String(reference.dropFirst())), "\(example): \(reference)")
      }
      for layer in presentation.layers where !layer.isHidden && layer.effectiveOpacity > 0 {
        guard case .text(let label) = layer.content, !label.string.isEmpty, label.color.alpha > 0 else { continue }
        #expect(text.contains("aria-label=\"\(label.string)\""), "\(example) at \(time) s: \(label.string) has no path")
        #expect(
          text.contains("<title>\(label.string)</title>"), "\(example) at \(time) s: \(label.string) has no title")
      }
    }
  }

  @Test func aTextLayerIsDrawnAsALabelledPath() throws {
    // The fixture's bent line prints its progress: at 0.5 s it is 90 %.
    let timeline = try ExportFixtures.scene()
    let text = String(
      decoding: try SVGFrameRenderer.svg(timeline.presentation(at: 0.5), background: nil), as: UTF8.self)
    #expect(text.contains("<title>90%</title>"))
  }
}
