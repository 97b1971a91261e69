import BarFramesExport
import Testing

@Suite struct SceneFileNamesTests {
  @Test func framesArePaddedToTheFrameCountsDigitsWithTheScaleSuffix() {
    let names = SceneFileNames(scene: "seek-bar", scale: 2, indexDigits: 3)
    #expect(names.framePath(0) == "seek-bar/seek-bar-000@2x.png")
    #expect(names.framePath(42) == "seek-bar/seek-bar-042@2x.png")
    #expect(names.framePath(600) == "seek-bar/seek-bar-600@2x.png")
    #expect(names.apngPath == "seek-bar/seek-bar@2x.apng")
    #expect(names.gifPath == "seek-bar/seek-bar@2x.gif")
    #expect(names.sheetPath == "seek-bar/seek-bar-sheet@2x.png")
    #expect(names.svgPath(time: 1.25) == "seek-bar/seek-bar-at-1.250s.svg")
  }

  @Test func scaleOneHasNoSuffixAndSVGsNeverDo() {
    let one = SceneFileNames(scene: "bar", scale: 1, indexDigits: 2)
    #expect(one.framePath(7) == "bar/bar-07.png")
    #expect(one.apngPath == "bar/bar.apng")
    #expect(SceneFileNames(scene: "bar", scale: 3, indexDigits: 2).svgPath(time: 0) == "bar/bar-at-0.000s.svg")
    #expect(SceneFileNames(scene: "bar", scale: 3, indexDigits: 2).framePath(7) == "bar/bar-07@3x.png")
  }

  @Test func timeLabelsHaveMillisecondPrecision() {
    #expect(SceneFileNames.timeLabel(0) == "0.000")
    #expect(SceneFileNames.timeLabel(0.5) == "0.500")
    #expect(SceneFileNames.timeLabel(1.0 / 3) == "0.333")
    #expect(SceneFileNames.timeLabel(12.0456) == "12.046")
  }
}
