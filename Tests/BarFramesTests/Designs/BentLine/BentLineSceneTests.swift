import BarFrames
import BarFramesGraphics
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// The bent line through the whole path: scene → timeline → presentation → pixels.
@Suite struct BentLineSceneTests {
  func scene(_ events: String, style: String = #"{"version": 1, "design": "bent-line"}"#) throws -> any SceneTimeline {
    let json = try JSONValue(parsing: #"{"version": 1, "style": \#(style), "duration": 2, "events": [\#(events)]}"#)
    return try Scene(json: json, file: "test.json", directory: ".", name: "test").timeline()
  }

  /// The custom layer's drawing as presented, in canvas points: each shape's path and colour.
  func drawing(_ presentation: Presentation) throws -> [(path: String, color: Color?)] {
    let layer = try #require(presentation["progressLayer"])
    guard case .drawing(let drawing) = layer.content else {
      Issue.record("the progress layer is a drawn layer")
      return []
    }
    return drawing.shapes.map { ($0.path.applying(layer.toCanvas).svgPathData, $0.strokeColor) }
  }

  static let green = Color(red8: 66, green8: 255, blue8: 66)
  static let gray = Color(red8: 204, green8: 204, blue8: 204)

  @Test(arguments: [0.0, 0.3, 0.5, 0.8, 1.0])
  func presentationMatchesTheGeometry(p: Double) throws {
    let timeline = try scene(#"{"at": 0.5, "call": "setProgress", "args": {"value": \#(p)}}"#)
    // After the 0.25 s contents crossfade: the new drawing alone.
    let presentation = timeline.presentation(at: 0.75)
    #expect(presentation["progressLayer"]?.contentsFade == [])
    let knee = Point(25 + 270 * p, 76 + 25 * (1 - abs(p - 0.5) * 2))
    let shapes = try drawing(presentation)
    // HEAD's order: the gray line first, the green one (none at p = 0) on top.
    #expect(shapes.map(\.color) == (p == 0 ? [Self.gray] : [Self.gray, Self.green]))
    if p > 0 {
      #expect(shapes.last?.path == Path(polyline: [Point(25, 76), knee]).svgPathData)
    }
    // The label, a UILabel, moves at once.
    let label = try #require(timeline.presentation(at: 0.5)["label"])
    #expect(label.frame == Rect(x: knee.x - 20, y: knee.y - 30, width: 40, height: 20))
    // Before the event, the initial state: p = 0, nothing green.
    #expect(try drawing(timeline.presentation(at: 0.49)).map(\.color) == [Self.gray])
  }

  @Test func anEventAtTheSampledTimeHasHappened() throws {
    let timeline = try scene(#"{"at": 1, "call": "setProgress", "args": {"value": 0.5}}"#)
    #expect(timeline.inspection(at: 1)["state"]?["progress"] == .number(0.5))
    #expect(timeline.inspection(at: 0.999999)["state"]?["progress"] == .number(0))
  }

  @Test func eventsAtTheSameTimeApplyInFileOrder() throws {
    // The diagram's states: setProgress sets strokeEnd too, so setStrokeEnd must come after it.
    let timeline = try scene(
      #"{"at": 1, "call": "setProgress", "args": {"value": 0.8}}, {"at": 1, "call": "setStrokeEnd", "args": {"value": 0.5}}"#
    )
    #expect(try drawing(timeline.presentation(at: 1.25)).last?.path == "M25 76 L160 82.25")
  }

  @Test func repeatingEventsStepTheirArguments() throws {
    let timeline = try scene(
      #"{"at": 0, "every": 0.25, "until": 1, "call": "setProgress", "args": {"value": {"start": 0, "step": 0.2}}}"#)
    // Repetitions at 0, 0.25, 0.5, 0.75, 1.0 with values 0, 0.2, 0.4, 0.6, 0.8.
    #expect(timeline.inspection(at: 0.6)["state"]?["progress"] == .number(0.4))
    #expect(timeline.inspection(at: 1.5)["state"]?["progress"] == .number(0.8))
  }

  @Test func inspectionHasTheDocumentedShape() throws {
    let timeline = try scene(
      #"{"at": 0, "call": "setProgress", "args": {"value": 0.3}}, {"at": 0.1, "call": "hitTest", "args": {"x": 10, "y": 400}}"#
    )
    let json = timeline.inspection(at: 1)
    #expect(json["time"] == .number(1))
    #expect(json["design"] == .string("bent-line"))
    guard case .array(let layers) = json["layers"], case .array(let hits) = json["hits"] else {
      Issue.record("layers and hits must be arrays")
      return
    }
    #expect(layers.compactMap { $0["name"] } == [.string("progressLayer"), .string("label")])
    let drawn = layers[0]
    for key in ["name", "hidden", "opacity", "frame", "transform", "drawing"] {
      #expect(drawn[key] != nil, "the progress layer lacks \(key)")
    }
    guard case .array(let shapes) = drawn["drawing"] else {
      Issue.record("drawing must be an array")
      return
    }
    #expect(shapes.count == 2)
    #expect(shapes.first?["strokeColor"] == .string("#CCCCCCFF"))
    #expect(shapes.last?["strokeColor"] == .string("#42FF42FF"))
    #expect(shapes.last?["path"] == .string("M25 76 L106 91"))
    // Long after the redraw at 0, no fade is listed.
    #expect(drawn["contentsFade"] == nil)
    #expect(layers[1]["text"] == .string("30%"))
    #expect(hits.count == 1)
    #expect(hits[0]["hit"] == .bool(false))  // y = 400 is below the 320 pt canvas
  }

  @Test(arguments: [(0.3, 0.3), (0.3, 0.5), (0.8, 0.5), (0.5, 0.5)])
  func renderedPixelsSitOnTheComputedLines(p: Double, s: Double) throws {
    let timeline = try scene(
      #"{"at": 0, "call": "setProgress", "args": {"value": \#(p)}}, {"at": 0, "call": "setStrokeEnd", "args": {"value": \#(s)}}"#
    )
    let presentation = timeline.presentation(at: 1)
    #expect(presentation["progressLayer"]?.contentsFade == [])
    let image = try TestRendering.decodedPNG(size: Size(320, 320), scale: 2, background: .lightGray) {
      presentation.draw(in: $0)
    }
    let g = BentLineGeometry(progress: p, strokeEnd: s, origin: Point(25, 76), maxOffset: 25, width: 320)
    func pixel(_ point: Point) -> RGBAImage.Pixel { image[Int(point.x * 2), Int(point.y * 2)] }
    let green = RGBAImage.Pixel(red: 66, green: 255, blue: 66)
    let gray = RGBAImage.Pixel(red: 204, green: 204, blue: 204)
    // Midpoints of the green and gray segments, well inside the 5 pt strokes.
    let greenEnd = s > p ? g.knee : g.contact
    #expect(pixel(g.start.interpolated(to: greenEnd, fraction: 0.5)) == green)
    let grayProbe = (s > p ? g.contact : g.knee).interpolated(to: g.end, fraction: 0.5)
    #expect(pixel(grayProbe) == gray)
    // 10 pt below the line the canvas shows: light gray (170).
    #expect(pixel(Point(g.end.x - 5, g.end.y + 10)) == RGBAImage.Pixel(red: 170, green: 170, blue: 170))
    // The round cap reaches 2.5 pt before S: a pixel 1.5 pt left of S is green.
    #expect(pixel(Point(g.start.x - 1.5, g.start.y)) == green)
  }

  @Test func comparisonPairLagsWithImplicitAnimations() throws {
    let timeline = try scene(
      #"{"at": 1, "call": "setProgress", "args": {"value": 0.4}}"#,
      style: #"{"version": 1, "design": "bent-line", "comparisonPair": true}"#)
    // Implicit animations: 0.25 s with the default timing function (0.25, 0.1, 0.25, 1).
    let during = try #require(timeline.presentation(at: 1.1)["comparisonProgress"])
    let after = try #require(timeline.presentation(at: 1.25)["comparisonProgress"])
    guard case .shape(let mid) = during.content, case .shape(let end) = after.content else {
      Issue.record("comparison layers are shape layers")
      return
    }
    // From the presented 0 to 0.4, eased: at 0.1 s (x = 0.4) the default curve
    // (0.25, 0.1, 0.25, 1) is at 0.68254 (solved by bisection by hand, not by our solver).
    #expect(abs(mid.strokeEnd - 0.4 * 0.68254) < 0.0001)
    #expect(mid.strokeEnd > 0 && mid.strokeEnd < 0.4)
    #expect(end.strokeEnd == 0.4)
    // The label above, a view's layer, has no lag at all.
    #expect(timeline.presentation(at: 1)["label"]?.frame.midX == 25 + 270 * 0.4)
  }
}
