import BarFrames
import BarFramesExport
import BarFramesGraphics
import BarFramesImageIO
import BarFramesRenderer
import BarFramesTestSupport
import Foundation
import Testing

/// Our SVG, drawn by other programs, looks like our PNG: librsvg and headless Chromium rasterize
/// every example's SVG preview at the example's scale, and each channel must be within 1/255
/// of Cairo's pixels on average. Each test is skipped, with the install command, when its
/// program is missing — never passed without looking.
@Suite(.browserPriority) struct SVGRasterizationTests {
  /// The largest mean absolute difference per channel: 1/255, one 8-bit step.
  static let tolerance = 1.0
  /// The largest share of pixels that may differ by more than `ImageDifference.largeStep`: a
  /// mean over a large canvas barely moves when a thin line is misplaced, so this catches what
  /// the mean does not. Antialiasing differences stay far below it (Chromium: 4 of 30 000 px,
  /// near-transparent edge pixels whose straight colour is coarse).
  static let largeDifferenceRatio = 0.001
  /// librsvg on a frame with a crossfade (it lacks `plus-lighter`): bent-line-night's fading
  /// trail comes to a mean of 1.05 steps; 3 still catches a missing or misplaced drawing.
  static let rsvgCrossfadeTolerance = 3.0

  static let examples: [String] = {
    let folder = TestRendering.packageRoot.appendingPathComponent("Examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }()

  /// Two times inside each scene, where its bars are mid-way through their animations.
  static let fractions = [0.3, 0.7]

  @Test func thereAreExamplesToCheck() {
    #expect(Self.examples.count >= 10, "Examples/ was not found from \(TestRendering.packageRoot.path)")
  }

  @Test(.enabled(if: SVGRasterizer.rsvg.isInstalled, SVGRasterizer.rsvg.installHint), arguments: examples)
  func rsvgConvertDrawsTheExampleAsOurPNG(example: String) async throws {
    try await compareExample(example, rasterizer: .rsvg)
  }

  @Test(.enabled(if: SVGRasterizer.chromium.isInstalled, SVGRasterizer.chromium.installHint), arguments: examples)
  func chromiumDrawsTheExampleAsOurPNG(example: String) async throws {
    try await compareExample(example, rasterizer: .chromium)
  }

  @Test(.enabled(if: SVGRasterizer.rsvg.isInstalled, SVGRasterizer.rsvg.installHint))
  func rsvgConvertDrawsEveryPrimitiveAsOurPNG() async throws {
    try await comparePrimitives(rasterizer: .rsvg)
  }

  @Test(.enabled(if: SVGRasterizer.chromium.isInstalled, SVGRasterizer.chromium.installHint))
  func chromiumDrawsEveryPrimitiveAsOurPNG() async throws {
    try await comparePrimitives(rasterizer: .chromium)
  }

  // MARK: Helpers

  private func compareExample(_ example: String, rasterizer: SVGRasterizer) async throws {
    let url = TestRendering.packageRoot.appendingPathComponent("Examples/\(example).json")
    let scene = try Scene.load(contentsOf: url, displayName: "Examples/\(example).json")
    let timeline = try scene.timeline()
    let canvas = scene.style.canvas
    let renderer = try FrameRenderer(size: canvas.size, scale: scene.scale, background: canvas.background)
    for fraction in Self.fractions {
      let time = (scene.duration * fraction * 1000).rounded() / 1000
      let presentation = timeline.presentation(at: time)
      let ours = try renderer.render(presentation)
      let svg = try SVGFrameRenderer.svg(presentation, background: canvas.background)
      // A crossfade's parts are added with `mix-blend-mode: plus-lighter`, which librsvg 2.54
      // does not know: it composites them over each other, too light where old and new drawings
      // overlap. Chromium draws it as we do and keeps the one-step bound.
      let crossfades = presentation.layers.contains { !$0.contentsFade.isEmpty }
      try await compare(
        ours, svg, canvas.size, scale: scene.scale, rasterizer: rasterizer, label: "\(example) at \(time) s",
        tolerance: rasterizer == .rsvg && crossfades ? Self.rsvgCrossfadeTolerance : Self.tolerance)
    }
  }

  private func comparePrimitives(rasterizer: SVGRasterizer) async throws {
    let size = Size(200, 120)
    let image = try PrimitiveCard.image()
    let png = try ImageSurface(size: size, scale: 2, background: Color(red8: 30, green8: 30, blue8: 40))
    PrimitiveCard.draw(in: png.context, image: image)
    let svg = try SVGContext(size: size, background: Color(red8: 30, green8: 30, blue8: 40))
    PrimitiveCard.draw(in: svg, image: image)
    try await compare(try png.rgbaImage(), svg.document, size, scale: 2, rasterizer: rasterizer, label: "the primitive card")
  }

  private func compare(
    _ ours: RGBAImage, _ svg: [UInt8], _ size: Size, scale: Int, rasterizer: SVGRasterizer, label: String,
    tolerance: Double = tolerance
  ) async throws {
    let theirs = try await rasterizer.rasterize(
      svg, width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)), scale: scale)
    try #require(
      theirs.width == ours.width && theirs.height == ours.height,
      "\(rasterizer) drew \(label) at \(theirs.width)×\(theirs.height) px, we at \(ours.width)×\(ours.height)")
    let difference = ImageDifference(ours, theirs)
    print("\(rasterizer) \(label): \(difference)")
    #expect(difference.worstMean < tolerance, "\(rasterizer) vs our PNG for \(label): \(difference)")
    #expect(
      tolerance > Self.tolerance || difference.largelyDifferingRatio < Self.largeDifferenceRatio,
      "\(rasterizer) vs our PNG for \(label): \(difference)")
  }
}

/// A drawing that uses every command the SVG writer turns into markup, in the combinations the
/// designs use and some they do not yet: nested transforms, a clip inside a transparency layer,
/// even-odd fills, each cap and join, text and a cropped image.
enum PrimitiveCard {
  static func image() throws -> EmbeddedImage {
    let url = TestRendering.packageRoot.appendingPathComponent("Styles/video-player-icon.png")
    return EmbeddedImage(name: "video-player-icon", pngData: Array(try Data(contentsOf: url)))
  }

  static func draw(in context: some DrawingContext, image: EmbeddedImage) {
    context.beginLayer(named: "shapes")
    context.fill(
      Path(roundedRect: Rect(x: 10, y: 10, width: 80, height: 30), cornerRadius: 8),
      color: Color(red8: 142, green8: 206, blue8: 237))
    var ring = Path(circleCenter: Point(130, 25), radius: 15)
    ring.addPath(Path(circleCenter: Point(130, 25), radius: 8))
    context.fill(ring, color: .orange, rule: .evenOdd)
    for (index, (cap, join)) in zip(StrokeStyle.LineCap.allCases, StrokeStyle.LineJoin.allCases).enumerated() {
      let x = 160 + Double(index) * 12
      context.stroke(
        Path(polyline: [Point(x, 40), Point(x + 5, 12), Point(x + 8, 40)]), color: .white,
        style: StrokeStyle(lineWidth: 3, lineCap: cap, lineJoin: join, miterLimit: 10))
    }
    context.endLayer()

    context.beginLayer(named: "group")
    context.withSavedState {
      context.beginTransparencyLayer(opacity: 0.6)
      context.concatenate(Transform2D(rotationAngle: 0.3).concatenating(Transform2D(translationX: 30, y: 50)))
      context.clip(to: Path(ellipseIn: Rect(x: 0, y: 0, width: 70, height: 40)))
      context.fill(Path(rect: Rect(x: 0, y: 0, width: 50, height: 50)), color: .green)
      context.withSavedState {
        context.concatenate(Transform2D(scaleX: 1.5, y: 0.75))
        context.fill(
          Path(rect: Rect(x: 20, y: 10, width: 30, height: 40)), color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
      }
      context.stroke(
        Path(polyline: [Point(5, 35), Point(60, 5)]), color: .black, style: StrokeStyle(lineWidth: 2, lineCap: .round))
      context.endTransparencyLayer()
    }
    context.endLayer()

    context.beginLayer(named: "label")
    context.drawText(
      "Ready 42%", in: Rect(x: 100, y: 55, width: 90, height: 20), font: Font(size: 13, weight: .bold), color: .white,
      alignment: .center)
    context.endLayer()

    context.beginLayer(named: "icon")
    context.drawImage(image, in: Rect(x: 110, y: 82, width: 60, height: 30), contentMode: .aspectFill)
    context.drawImage(image, in: Rect(x: 20, y: 95, width: 40, height: 20), contentMode: .aspectFit)
    context.endLayer()
  }
}
