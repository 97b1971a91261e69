import BarFramesGraphics
import BarFramesText

/// A card of drawing primitives — rounded rectangles, round caps, text, a circle, a Bézier —
/// used to check a renderer end to end before any design is involved.
public enum TestCard {
  /// The card's size in points.
  public static let size = Size(width: 320, height: 120)

  /// Draws the card into `context`.
  public static func draw(in context: some DrawingContext) {
    let background = Color(red8: 142, green8: 206, blue8: 237)
    context.fill(Path(roundedRect: Rect(x: 0, y: 0, width: 320, height: 120), cornerRadius: 12), color: background)
    // A gray track with a white fill, as the download bar draws them.
    context.fill(Path(roundedRect: Rect(x: 20, y: 20, width: 200, height: 8), cornerRadius: 4), color: .gray)
    context.fill(Path(roundedRect: Rect(x: 20, y: 20, width: 120, height: 8), cornerRadius: 4), color: .white)
    // The bent line: round caps and joins, width 5.
    let round = StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .round)
    context.stroke(
      Path(polyline: [Point(25, 60), Point(106, 75), Point(215, 60)]),
      color: Color(red8: 204, green8: 204, blue8: 204), style: round)
    context.stroke(
      Path(polyline: [Point(25, 60), Point(106, 75)]), color: Color(red8: 66, green8: 255, blue8: 66), style: round)
    // A circle (the seek bar's dot) and a cubic Bézier.
    context.fill(Path(circleCenter: Point(260, 30), radius: 12), color: .white)
    var curve = Path()
    curve.move(to: Point(240, 100))
    curve.addCurve(to: Point(310, 70), control1: Point(260, 50), control2: Point(290, 120))
    context.stroke(curve, color: .orange, style: StrokeStyle(lineWidth: 3, lineCap: .round))
    // Text with the pinned font.
    context.drawText(
      "30%", in: Rect(x: 86, y: 85, width: 40, height: 20), font: Font(size: 13), color: .black, alignment: .center)
  }
}
