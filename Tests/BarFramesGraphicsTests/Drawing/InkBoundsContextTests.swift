import BarFramesGraphics
import Testing

@Suite struct InkBoundsContextTests {
  /// A context measuring at scale 2, as a @2x frame is drawn.
  func measuring(_ draw: (InkBoundsContext) -> Void) -> InkBoundsContext {
    let ink = InkBoundsContext(drawingInto: RecordingContext(), deviceTransform: Transform2D(scaleX: 2, y: 2))
    draw(ink)
    return ink
  }

  @Test func nothingDrawnHasNoBounds() {
    let ink = measuring { cg in
      cg.saveState()
      cg.concatenate(Transform2D(translationX: 5, y: 5))
      cg.clip(to: Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)))
      cg.restoreState()
    }
    #expect(ink.bounds == nil)
    #expect(!ink.isUnbounded)
  }

  @Test func aFillIsItsPathInDeviceSpace() {
    // (1, 2)…(11, 6) in points, translated by (3, 4), at scale 2: (8, 12)…(28, 20) px.
    let ink = measuring { cg in
      cg.concatenate(Transform2D(translationX: 3, y: 4))
      cg.fill(Path(rect: Rect(x: 1, y: 2, width: 10, height: 4)), color: .white)
    }
    #expect(ink.bounds == Rect(x: 8, y: 12, width: 20, height: 8))
  }

  @Test func savedStatesRestoreTheTransform() {
    // The second square is drawn after restore: untranslated, (0, 0)…(1, 1) pt = (0, 0)…(2, 2) px.
    let ink = measuring { cg in
      cg.withSavedState {
        cg.concatenate(Transform2D(translationX: 100, y: 0))
        cg.concatenate(Transform2D(scaleX: 0.5, y: 0.5))
      }
      cg.fill(Path(rect: Rect(x: 0, y: 0, width: 1, height: 1)), color: .white)
    }
    #expect(ink.bounds == Rect(x: 0, y: 0, width: 2, height: 2))
  }

  @Test func transformsApplyBeforeTheOnesAlreadySet() {
    // Translate by 10 then scale by 3: the point (1, 0) goes to (3, 0), then (13, 0) pt = 26 px.
    let ink = measuring { cg in
      cg.concatenate(Transform2D(translationX: 10, y: 0))
      cg.concatenate(Transform2D(scaleX: 3, y: 3))
      cg.fill(Path(rect: Rect(x: 1, y: 0, width: 0, height: 1)), color: .white)
    }
    #expect(ink.bounds == Rect(x: 26, y: 0, width: 0, height: 6))
  }

  @Test func aCurveIsHeldByItsControlPoints() {
    // The curve from (0, 0) to (10, 0) bulges to y = 7.5 (¾ of its controls' 10); the box
    // reaches the controls: (0, 0)…(10, 10) pt.
    let ink = measuring { cg in
      var path = Path()
      path.move(to: Point(0, 0))
      path.addCurve(to: Point(10, 0), control1: Point(0, 10), control2: Point(10, 10))
      cg.fill(path, color: .white)
    }
    #expect(ink.bounds == Rect(x: 0, y: 0, width: 20, height: 20))
  }

  @Test(arguments: [
    // Half the width, times √2 for square caps, times the miter limit for miter joins.
    (StrokeStyle(lineWidth: 4, lineCap: .butt, lineJoin: .bevel), 2.0),
    (StrokeStyle(lineWidth: 4, lineCap: .round, lineJoin: .round), 2.0),
    (StrokeStyle(lineWidth: 4, lineCap: .square, lineJoin: .round), 2 * 2.0.squareRoot()),
    (StrokeStyle(lineWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 3), 6.0),
    (StrokeStyle(lineWidth: 4, lineCap: .square, lineJoin: .miter, miterLimit: 1), 2 * 2.0.squareRoot()),
  ])
  func aStrokeReachesAsFarAsItsPenCan(style: StrokeStyle, reach: Double) {
    let ink = measuring { cg in
      cg.stroke(Path(polyline: [Point(10, 10), Point(20, 10), Point(20, 30)]), color: .white, style: style)
    }
    let expected = Rect(
      x: 2 * (10 - reach), y: 2 * (10 - reach), width: 2 * (10 + 2 * reach), height: 2 * (20 + 2 * reach))
    let bounds = ink.bounds
    #expect(bounds.map { abs($0.minX - expected.minX) < 1e-9 && abs($0.maxY - expected.maxY) < 1e-9 } == true)
    #expect(bounds.map { abs($0.width - expected.width) < 1e-9 && abs($0.height - expected.height) < 1e-9 } == true)
  }

  @Test func aRotatedStrokeKeepsItsPenInside() {
    // A horizontal 10 pt line, 4 pt wide with round caps, turned 90°: the pen's 2 pt reach is
    // across the line in user space, along x in device space. (0 … 10, ±2) → (∓2, 0 … 10) pt.
    let ink = measuring { cg in
      cg.concatenate(Transform2D(rotationAngle: .pi / 2))
      cg.stroke(
        Path(polyline: [Point(0, 0), Point(10, 0)]), color: .white,
        style: StrokeStyle(lineWidth: 4, lineCap: .round, lineJoin: .round))
    }
    let bounds = ink.bounds
    #expect(bounds.map { abs($0.minX + 4) < 1e-9 && abs($0.maxX - 4) < 1e-9 } == true)
    #expect(bounds.map { abs($0.minY + 4) < 1e-9 && abs($0.maxY - 24) < 1e-9 } == true)
  }

  @Test func textAndImagesMarkTheirBoxes() {
    let ink = measuring { cg in
      cg.fillText(
        TextRun(
          string: "a", font: Font(size: 10), origin: Point(0, 10), advance: 5,
          outline: Path(rect: Rect(x: 1, y: 3, width: 4, height: 7))), color: .white)
      cg.drawImage(
        EmbeddedImage(name: "icon", pngData: []), in: Rect(x: 30, y: 20, width: 5, height: 5), contentMode: .fill)
    }
    #expect(ink.bounds == Rect(x: 2, y: 6, width: 68, height: 44))
  }

  @Test func aValueThatIsNotFiniteLeavesNoBounds() {
    let ink = measuring { cg in
      cg.fill(Path(rect: Rect(x: 0, y: 0, width: 1, height: 1)), color: .white)
      cg.fill(Path(polyline: [Point(0, 0), Point(.nan, 1), Point(2, 2)]), color: .white)
    }
    #expect(ink.isUnbounded)
    #expect(ink.bounds == nil)
    let infinite = measuring { cg in
      cg.stroke(Path(polyline: [Point(0, 0), Point(1, 1)]), color: .white, style: StrokeStyle(lineWidth: .infinity))
    }
    #expect(infinite.isUnbounded)
  }

  @Test func everyCommandReachesTheInnerContextUnchanged() {
    func drawing(_ cg: some DrawingContext) {
      cg.beginLayer(named: "bar")
      cg.withSavedState {
        cg.concatenate(Transform2D(translationX: 1, y: 2))
        cg.clip(to: Path(rect: Rect(x: 0, y: 0, width: 9, height: 9)), rule: .evenOdd)
        cg.beginTransparencyLayer(opacity: 0.5)
        cg.fill(Path(rect: Rect(x: 1, y: 1, width: 2, height: 2)), color: .white, rule: .evenOdd)
        cg.endTransparencyLayer()
      }
      cg.stroke(Path(polyline: [Point(0, 0), Point(3, 4)]), color: .green, style: StrokeStyle(lineWidth: 2))
      cg.fillText(
        TextRun(string: "x", font: Font(size: 9), origin: .zero, advance: 3, outline: Path()), color: .white)
      cg.drawImage(
        EmbeddedImage(name: "i", pngData: []), in: Rect(x: 0, y: 0, width: 1, height: 1), contentMode: .aspectFit)
      cg.endLayer()
    }
    let direct = LayerLoggingContext()
    drawing(direct)
    let forwarded = LayerLoggingContext()
    drawing(InkBoundsContext(drawingInto: forwarded))
    #expect(forwarded.lines == direct.lines)
    #expect(forwarded.lines.count == 12)
  }
}

/// A ``RecordingContext`` that logs layer marks too.
private final class LayerLoggingContext: DrawingContext {
  let recording = RecordingContext()
  var layers: [String] = []
  var lines: [String] { layers + recording.lines }
  func saveState() { recording.saveState() }
  func restoreState() { recording.restoreState() }
  func concatenate(_ t: Transform2D) { recording.concatenate(t) }
  func clip(to path: Path, rule: FillRule) { recording.clip(to: path, rule: rule) }
  func fill(_ path: Path, color: Color, rule: FillRule) { recording.fill(path, color: color, rule: rule) }
  func stroke(_ path: Path, color: Color, style: StrokeStyle) { recording.stroke(path, color: color, style: style) }
  func beginTransparencyLayer(opacity: Double) { recording.beginTransparencyLayer(opacity: opacity) }
  func endTransparencyLayer() { recording.endTransparencyLayer() }
  func fillText(_ run: TextRun, color: Color) { recording.fillText(run, color: color) }
  func drawImage(_ image: EmbeddedImage, in rect: Rect, contentMode: EmbeddedImage.ContentMode) {
    recording.drawImage(image, in: rect, contentMode: contentMode)
  }
  func beginLayer(named name: String) { layers.append("begin-layer \(name) at \(recording.lines.count)") }
  func endLayer() { layers.append("end-layer at \(recording.lines.count)") }
}
