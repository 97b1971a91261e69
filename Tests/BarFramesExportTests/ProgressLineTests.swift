import BarFramesExport
import Testing

@Suite struct ProgressLineTests {
  @Test(arguments: [12, 20, 40, 60, 80, 200])
  func theLineNeverWraps(width: Int) {
    let line = ProgressLine(completed: 1093, total: 2930, elapsed: 2.135, scene: "[3/14] a-scene-with-a-long-name")
    let text = line.text(width: width)
    #expect(text.count <= width - 1, "\(text)")
    #expect(text.contains("37%"))
  }

  /// A scene named in Japanese: each of its characters takes two columns on a terminal, so
  /// counting characters would overrun the line by four. Counted here by hand, every width from
  /// 12 to 140 columns leaves the last column free.
  @Test func wideCharactersCountTwoColumns() {
    let line = ProgressLine(completed: 1093, total: 2930, elapsed: 2.135, scene: "[3/14] 進捗バー")
    var shown = 0
    for width in 12...140 {
      let text = line.text(width: width)
      let columns = text.count + text.filter { "進捗バー".contains($0) }.count
      #expect(columns < width, "\(width): \(text)")
      if text.contains("進捗") { shown += 1 }
    }
    // Wide enough, the name is shown: cut with an ellipsis, then whole.
    #expect(line.text(width: 140).hasSuffix(" · [3/14] 進捗バー"))
    #expect(line.text(width: 79).hasSuffix(" · [3/14] 進捗…"), "\(line.text(width: 79))")
    #expect(shown > 60)
    #expect(ProgressLine.columns(of: "a\u{301}進😀") == 5)  // a + combining acute, a wide ideograph, an emoji
  }

  @Test func aWideLineSaysPercentFramesRateAndTimeLeft() {
    let line = ProgressLine(completed: 1000, total: 3000, elapsed: 2, scene: "[3/14] seek-bar")
    #expect(line.framesPerSecond == 500 && line.secondsLeft == 4)
    #expect(
      line.text(width: 120) == String(repeating: "█", count: 6) + String(repeating: "░", count: 14)
        + "  33% 1000/3000 frames · 500 fps · ETA 0:04 · [3/14] seek-bar")
    #expect(ProgressLine.clock(3723) == "1:02:03" && ProgressLine.clock(59.2) == "1:00")
  }

  @Test func aLineSaysHowManyScenesWereLeftUnchanged() {
    let line = ProgressLine(completed: 100, total: 400, elapsed: 1, scene: "[9/14] seek-bar", skippedScenes: 5)
    #expect(
      line.text(width: 120) == String(repeating: "█", count: 5) + String(repeating: "░", count: 15)
        + "  25% 100/400 frames · 100 fps · ETA 0:03 · 5 unchanged · [9/14] seek-bar")
  }
}
