import BarFramesExport
import Testing

@Suite struct StaleFramesTests {
  @Test(arguments: [
    ("bar-000@2x.png", true), ("bar-7.png", true), ("bar-0123@3x.png", true),
    ("bar-sheet@2x.png", false), ("bar@2x.apng", false), ("bar-12@4x.png", false), ("bar-.png", false),
    ("bar-1.png.txt", false), ("barx-1.png", false), ("bar-at-1.000s.svg", false), ("bar-1a.png", false),
  ])
  func onlyOurFrameNamesAreFrames(name: String, isFrame: Bool) {
    #expect(StaleFrames.isFrameFile(name, scene: "bar") == isFrame)
  }
}
