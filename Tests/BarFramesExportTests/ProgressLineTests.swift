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

  @Test func aWideLineSaysPercentFramesRateAndTimeLeft() {
    let line = ProgressLine(completed: 1000, total: 3000, elapsed: 2, scene: "[3/14] seek-bar")
    #expect(line.framesPerSecond == 500 && line.secondsLeft == 4)
    #expect(line.text(width: 120) == String(repeating: "█", count: 6) + String(repeating: "░", count: 14) + "  33% 1000/3000 frames · 500 fps · ETA 0:04 · [3/14] seek-bar")
    #expect(ProgressLine.clock(3723) == "1:02:03" && ProgressLine.clock(59.2) == "1:00")
  }
}
