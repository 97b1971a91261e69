import BarFrames
import BarFramesGolden
import BarFramesGraphics
import BarFramesImageIO
import BarFramesRenderer
import BarFramesTestSupport
import BarFramesText
import Foundation
import Testing

/// The default comparison catches the small, visible regressions that the old ±2 / 0.1 %
/// default let through, on the example scenes themselves: any one visible layer moved by 1 px
/// (not the whole frame) and one glyph erased. Each mutation is made to a real frame and must
/// fail `GoldenTolerance.default`, while the unmutated frame re-rendered must match.
/// (`ExampleRegressionTests` covers whole-frame shifts and 6-level colour changes.)
@Suite struct VisibleRegressionTests {
  static let examples: [String] = {
    let folder = TestRendering.packageRoot.appendingPathComponent("Examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }()

  static func timeline(_ name: String) throws -> any SceneTimeline {
    try Scene.load(contentsOf: TestRendering.packageRoot.appendingPathComponent("Examples/\(name).json")).timeline()
  }

  static func render(_ presentation: Presentation, of timeline: any SceneTimeline) throws -> RGBAImage {
    let canvas = timeline.scene.style.canvas
    return try FrameRenderer(size: canvas.size, scale: 1, background: canvas.background).render(presentation)
  }

  static func matches(_ reference: RGBAImage, _ actual: RGBAImage) throws -> Bool {
    try ImageComparison.compare(reference: reference, actual: actual, tolerance: .default).isMatch
  }

  @Test func examplesAreFound() {
    #expect(Self.examples.count >= 10)
  }

  /// Every visible layer of every example, at its middle key time, moved 1 px right and 1 px
  /// down in turn: each move that changes any pixel must fail the default comparison.
  @Test(arguments: examples)
  func aOnePixelShiftOfAnyLayerFails(scene name: String) throws {
    let timeline = try Self.timeline(name)
    let keyTimes = timeline.scene.keyTimes
    let time = keyTimes[keyTimes.count / 2]
    let presentation = timeline.presentation(at: time)
    let reference = try Self.render(presentation, of: timeline)
    #expect(try Self.matches(reference, try Self.render(presentation, of: timeline)), "a re-render must match")
    var checked = 0
    for (index, layer) in presentation.layers.enumerated() where !layer.isHidden && layer.effectiveOpacity > 0 {
      for shift in [Transform2D(translationX: 1, y: 0), Transform2D(translationX: 0, y: 1)] {
        var moved = presentation
        moved.layers[index].toCanvas = layer.toCanvas.concatenating(shift)
        let actual = try Self.render(moved, of: timeline)
        guard actual != reference else { continue }  // nothing visible moved (e.g. an empty label)
        checked += 1
        #expect(
          try !Self.matches(reference, actual), "\(name) at \(time) s: layer \(layer.name) moved by \(shift) passed")
      }
    }
    #expect(checked > 0, "\(name): no layer moved visibly")
  }

  /// The "%" after the download percentage: 37 pixels of a 240 × 160 frame that the old default
  /// passed. It is erased by painting its glyph's box (from the pinned font's advances) with the
  /// pixels of the same frame drawn without the label.
  @Test func anErasedGlyphFails() throws {
    let timeline = try Self.timeline("download-scrub-finish")
    let presentation = timeline.presentation(at: 4.2)
    let label = try #require(presentation["indicator.label"])
    guard case .text(let text) = label.content else {
      Issue.record("the label is not text")
      return
    }
    #expect(text.string == "60%")
    let font = try PinnedFont.shared.get()
    let run = font.run(text.string, font: text.font, in: label.bounds, alignment: text.alignment)
    let percentStart = run.origin.x + font.advance(of: "60", font: text.font)
    let glyphBox = Rect(
      x: percentStart, y: label.bounds.minY, width: run.origin.x + run.advance - percentStart,
      height: label.bounds.height
    )
    .applying(label.toCanvas)
    let reference = try Self.render(presentation, of: timeline)
    var withoutLabel = presentation
    withoutLabel.layers.removeAll { $0.name == "indicator.label" }
    let background = try Self.render(withoutLabel, of: timeline)
    var erased = reference
    for y in Int(glyphBox.minY.rounded(.down))..<Int(glyphBox.maxY.rounded(.up)) {
      for x in Int(glyphBox.minX.rounded(.down))..<Int(glyphBox.maxX.rounded(.up)) {
        erased[x, y] = background[x, y]
      }
    }
    #expect(erased != reference, "erasing the % changed nothing")
    #expect(try !Self.matches(reference, erased))
  }
}
