import BarFramesGraphics
import Testing

@Suite struct RecordingContextTests {
  @Test func logsASmallDrawingAsText() {
    let recording = RecordingContext()
    recording.withSavedState {
      recording.concatenate(Transform2D(translationX: 0.5, y: 1.0 / 3))
      recording.fill(Path(rect: Rect(x: 0, y: 9.25, width: 247, height: 1.5)), color: .white.withAlpha(0.1))
    }
    recording.stroke(
      Path(polyline: [Point(25, 76), Point(106, 91)]), color: Color(red8: 66, green8: 255, blue8: 66),
      style: StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .round))
    recording.beginTransparencyLayer(opacity: 0.25)
    recording.drawText("30%", in: Rect(x: 86, y: 61, width: 40, height: 20), font: Font(size: 13), color: .green, alignment: .center)
    recording.endTransparencyLayer()
    #expect(
      recording.log == """
        save
        concat [1 0 0 1 0.5 0.333]
        fill M0 9.25 L247 9.25 L247 10.75 L0 10.75 Z color=#FFFFFF1A rule=nonZero
        restore
        stroke M25 76 L106 91 color=#42FF42FF width=5 cap=round join=round
        begin-group opacity=0.25
        text "30%" rect=(86, 61, 40, 20) size=13 weight=regular color=#00FF00FF align=center
        end-group
        """)
  }

  @Test func strokeStyleDefaultsFollowCoreGraphics() {
    let style = StrokeStyle()
    #expect(style.lineWidth == 1)
    #expect(style.lineCap == .butt)
    #expect(style.lineJoin == .miter)
  }
}
