import BarFrames
import BarFramesGraphics
import BarFramesImageIO
import BarFramesRenderer
import BarFramesTestSupport
import BarFramesText
import Foundation
import Testing

/// `FrameRenderer.renderMeasuringInk` promises that a frame keeps the cleared surface's pixels
/// outside its ink rectangle, which is what lets the animation encoders compare two frames
/// only inside the union of their rectangles. Checked here on pixels, not on the arithmetic.
@Suite struct InkBoundsTests {
  /// The smallest rectangle holding every pixel of `image` that differs from `blank`.
  func marked(_ image: RGBAImage, over blank: RGBAImage) -> PixelRect? {
    FrameDifference(image, from: blank).changed
  }

  func contains(_ outer: PixelRect?, _ inner: PixelRect?) -> Bool {
    guard let inner else { return true }
    guard let outer else { return false }
    return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width
      && inner.y + inner.height <= outer.y + outer.height
  }

  static let examples: [String] = {
    let folder = TestRendering.packageRoot.appendingPathComponent("Examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }()

  @Test func thereAreExamplesToCheck() {
    #expect(Self.examples.count >= 10)
  }

  /// Every frame of every example: nothing marked outside the ink, and two consecutive frames
  /// compared inside their ink alone differ exactly where they differ compared whole.
  @Test(arguments: examples)
  func everyExampleFrameKeepsItsBackgroundOutsideItsInk(example: String) throws {
    let url = TestRendering.packageRoot.appendingPathComponent("Examples/\(example)")
    let scene = try Scene.load(contentsOf: url, displayName: "Examples/\(example)")
    let timeline = try scene.timeline()
    let size = scene.style.canvas.size
    let background = scene.style.canvas.background
    let renderer = try FrameRenderer(size: size, scale: scene.scale, background: background)
    let blank = try ImageSurface(size: size, scale: scene.scale, background: background).rgbaImage()
    var previous: (image: RGBAImage, ink: PixelRect?)?
    let count = Int((scene.duration * scene.fps).rounded(.down)) + 1
    for i in 0..<count {
      let frame = try renderer.renderMeasuringInk(timeline.presentation(at: Double(i) / scene.fps))
      let outside = marked(frame.image, over: blank)
      #expect(
        contains(frame.ink, outside),
        "frame \(i): marked \(String(describing: outside)) outside \(String(describing: frame.ink))")
      if let previous {
        #expect(
          FrameDifference(frame.image, ink: frame.ink, from: previous.image, ink: previous.ink)
            == FrameDifference(frame.image, from: previous.image), "frame \(i)")
      }
      previous = frame
    }
  }

  /// What makes the ink worth measuring: bent-line-slider draws in a band of its square canvas.
  @Test func bentLineSliderInksABandOfItsFrame() throws {
    let url = TestRendering.packageRoot.appendingPathComponent("Examples/bent-line-slider.json")
    let scene = try Scene.load(contentsOf: url, displayName: "Examples/bent-line-slider.json")
    let renderer = try FrameRenderer(
      size: scene.style.canvas.size, scale: scene.scale, background: scene.style.canvas.background)
    let frame = try renderer.renderMeasuringInk(try scene.timeline().presentation(at: 1))
    let ink = try #require(frame.ink)
    #expect(ink.height * 3 < frame.image.height)
  }

  /// Shapes that reach beyond their path: acute miters, square caps, a rotated wide stroke, a
  /// curve's bulge, text, an image and a group, at fractional positions on a background.
  @Test(arguments: [1, 2, 3])
  func strokesCurvesTextAndImagesStayInside(scale: Int) throws {
    let size = Size(width: 200, height: 160)
    let background = Color(red8: 30, green8: 40, blue8: 50)
    let blank = try ImageSurface(size: size, scale: scale, background: background).rgbaImage()
    let icon = try #require(
      try? PNGEncoder(preset: .fast).encode(
        RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16)), colorType: .rgba))
    let drawings: [(String, (any DrawingContext) -> Void)] = [
      (
        "acute miter",
        { cg in
          cg.stroke(
            Path(polyline: [Point(60.3, 40.7), Point(100.2, 45.1), Point(60.1, 49.9)]), color: .white,
            style: StrokeStyle(lineWidth: 6, lineCap: .butt, lineJoin: .miter, miterLimit: 10))
        }
      ),
      (
        "square caps, rotated",
        { cg in
          cg.concatenate(Transform2D(translationX: 100.4, y: 80.2).rotated(by: 0.7))
          cg.stroke(
            Path(polyline: [Point(-20, 0), Point(20, 0)]), color: .green,
            style: StrokeStyle(lineWidth: 9, lineCap: .square, lineJoin: .bevel))
        }
      ),
      (
        "curve",
        { cg in
          var path = Path()
          path.move(to: Point(40.5, 100.5))
          path.addCurve(to: Point(90.5, 100.5), control1: Point(45, 150), control2: Point(85, 150))
          cg.stroke(path, color: .white, style: StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .round))
        }
      ),
      (
        "text in a group",
        { cg in
          cg.beginTransparencyLayer(opacity: 0.6)
          cg.drawText(
            "Ag 42%", in: Rect(x: 120.3, y: 20.6, width: 70, height: 20), font: Font(size: 13), color: .white,
            alignment: .left)
          cg.endTransparencyLayer()
        }
      ),
      (
        "image",
        { cg in
          cg.drawImage(
            EmbeddedImage(name: "dot", pngData: icon), in: Rect(x: 150.25, y: 120.75, width: 17.5, height: 9),
            contentMode: .fill)
        }
      ),
    ]
    for (name, draw) in drawings {
      let surface = try ImageSurface(size: size, scale: scale, background: background)
      let ink = InkBoundsContext(
        drawingInto: surface.context, deviceTransform: Transform2D(scaleX: Double(scale), y: Double(scale)))
      draw(ink)
      let image = try surface.rgbaImage()
      let drawn = try #require(marked(image, over: blank), "\(name) marked nothing")
      let box = try #require(ink.bounds)
      // The pixels the box touches, without the pixel renderMeasuringInk adds around them.
      let left = Int(box.minX.rounded(.down))
      let top = Int(box.minY.rounded(.down))
      let rect = PixelRect(
        x: left, y: top, width: Int(box.maxX.rounded(.up)) - left, height: Int(box.maxY.rounded(.up)) - top)
      #expect(contains(rect, drawn), "\(name) at @\(scale)x: marked \(drawn) outside \(rect)")
    }
  }
}
