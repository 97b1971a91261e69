import BarFrames
import BarFramesGraphics
import Testing

/// The worked values of designs.md §3.2 for the demo: W = 320, so L = 320 − 2·25 = 270,
/// O = (25, 76), maxOffset 25; bend(q) = 25·(1 − |q − 0.5|·2).
@Suite struct BentLineGeometryTests {
  func geometry(_ p: Double, _ s: Double) -> BentLineGeometry {
    BentLineGeometry(progress: p, strokeEnd: s, origin: Point(25, 76), maxOffset: 25, width: 320)
  }

  func close(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

  @Test(arguments: [
    // p, knee: (25 + 270p, 76 + bend(p))
    (0.0, Point(25, 76)),  // bend(0) = 0
    (0.3, Point(106, 91)),  // 25 + 81, 76 + 25·0.6
    (0.5, Point(160, 101)),  // 25 + 135, 76 + 25
    (0.8, Point(241, 86)),  // 25 + 216, 76 + 25·0.4
    (1.0, Point(295, 76)),
  ])
  func kneeDipsByTheTentFunction(p: Double, knee: Point) {
    #expect(close(geometry(p, p).knee, knee))
  }

  @Test func demoStateDrawsGreenToTheKneeAndGrayOnToTheEnd() throws {
    // s == p (the demo view sets strokeEnd = progress): C = K, green S→K, gray K→E.
    let g = geometry(0.3, 0.3)
    #expect(close(g.contact, Point(106, 91)))
    #expect(g.progressPath?.svgPathData == "M25 76 L106 91")
    #expect(g.trackPath.svgPathData == "M106 91 L106 91 L295 76")
  }

  @Test func zeroProgressHasNoGreenAndAFlatGrayLine() {
    let g = geometry(0, 0)
    #expect(g.progressPath == nil)
    #expect(g.trackPath.svgPathData == "M25 76 L25 76 L295 76")
    #expect(g.labelText == "0%")
    #expect(g.labelRect == Rect(x: 5, y: 46, width: 40, height: 20))
  }

  @Test func fullProgressIsGreenToTheEndOverAGrayDot() {
    let g = geometry(1, 1)
    #expect(g.progressPath?.svgPathData == "M25 76 L295 76")
    #expect(g.trackPath.svgPathData == "M295 76 L295 76 L295 76")
    #expect(g.labelRect == Rect(x: 275, y: 46, width: 40, height: 20))
  }

  @Test func strokeEndBeyondProgressContinuesPastTheKnee() {
    // s = 0.5 > p = 0.3: C.x = 25 + 135 = 160 on K→E; scale = 1 − (0.5 − 0.3)/(1 − 0.3) = 5/7;
    // C.y = 76 + 15·5/7 = 86.714…
    let g = geometry(0.3, 0.5)
    #expect(close(g.contact, Point(160, 76 + 15.0 * 5 / 7)))
    #expect(g.progressPath?.svgPathData == "M25 76 L106 91 L160 86.714")
    #expect(g.trackPath.svgPathData == "M160 86.714 L295 76")
  }

  @Test func strokeEndBeforeProgressStopsOnTheFirstSegment() {
    // s = 0.5 < p = 0.8: C.x = 160 on S→K; scale = 0.5/0.8; C.y = 76 + 10·0.625 = 82.25.
    let g = geometry(0.8, 0.5)
    #expect(close(g.contact, Point(160, 82.25)))
    #expect(g.progressPath?.svgPathData == "M25 76 L160 82.25")
    #expect(g.trackPath.svgPathData == "M160 82.25 L241 86 L295 76")
  }

  @Test func strokeEndWithZeroProgressDrawsAFlatGreenLine() {
    // p = 0, s = 0.5: scale is 1 (the original's `?:`), K.y = O.y, so C = (160, 76).
    let g = geometry(0, 0.5)
    #expect(g.progressPath?.svgPathData == "M25 76 L160 76")
    #expect(g.trackPath.svgPathData == "M160 76 L295 76")
    #expect(geometry(0, 1).progressPath == nil)
  }

  @Test(arguments: [(0.3, "30%"), (0.29, "28%"), (0.999, "99%"), (1.0, "100%"), (0.5, "50%")])
  func labelTruncatesLikeTheOriginal(p: Double, text: String) {
    // (NSUInteger)(0.29 · 100) is 28: 0.29 × 100 = 28.999999999999996 in binary floating point.
    #expect(geometry(p, p).labelText == text)
  }

  @Test func labelBoxIsCentredTwentyPointsAboveTheKnee() {
    // textRect = (5 + L·p, O.y − 30 + bend(p), 40, 20): p = 0.5 → (140, 71, 40, 20).
    #expect(geometry(0.5, 0.5).labelRect == Rect(x: 140, y: 71, width: 40, height: 20))
    #expect(geometry(0.3, 0.3).labelRect == Rect(x: 86, y: 61, width: 40, height: 20))
  }

  @Test func progressIsClampedButStrokeEndIsNot() {
    #expect(geometry(1.4, 1.4).progress == 1)
    #expect(geometry(0.5, 1.2).contact.x == 25 + 270 * 1.2)
  }
}
