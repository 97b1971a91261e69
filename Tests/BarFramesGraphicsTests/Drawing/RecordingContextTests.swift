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
    let bar = TextRun(
      string: "a \"b\"\n", font: Font(size: 13), origin: Point(86, 75.5), advance: 4,
      outline: Path(rect: Rect(x: 86, y: 70, width: 4, height: 5.5)))
    recording.fillText(bar, color: .green)
    recording.endTransparencyLayer()
    #expect(
      recording.log == """
        save
        concat [1 0 0 1 0.5 0.333]
        fill M0 9.25 L247 9.25 L247 10.75 L0 10.75 Z color=#FFFFFF1A rule=nonZero
        restore
        stroke M25 76 L106 91 color=#42FF42FF width=5 cap=round join=round
        begin-group opacity=0.25
        text "a \\"b\\"\\u{a}" origin=(86, 75.5) advance=4 size=13 weight=regular color=#00FF00FF outline=M86 70 L90 70 L90 75.5 L86 75.5 Z
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
