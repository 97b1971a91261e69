import BarFrames
import BarFramesTestSupport
import Foundation
import Testing

/// One time arithmetic: every path to a time snaps it to the microsecond, so float noise never
/// decides which side of an event a frame falls on.
@Suite struct SceneTimeTests {
  @Test func noisyFloatsSnapToTheTimeAPersonTypes() {
    // 0.75 × 5.6 and 3.1 + 11 × 0.1 are both "4.2" but neither is the double nearest 4.2.
    #expect(0.75 * 5.6 != 4.2 || 3.1 + 11 * 0.1 != 4.2)
    #expect(SceneTime.canonical(0.75 * 5.6) == 4.2)
    #expect(SceneTime.canonical(3.1 + 11 * 0.1) == 4.2)
    #expect(SceneTime.canonical(0.1 + 0.2) == 0.3)
    #expect(SceneTime.canonical(1.0 / 60) == 0.016667)
    #expect(SceneTime.canonical(-1e-12) == 0)
    #expect(SceneTime.canonical(0.0000004) == 0)
    #expect(SceneTime.canonical(0.0000006) == 0.000001)
  }

  @Test func frameTimesComeFromTheIndexAndStayInsideTheSpan() {
    // 30000/1001 fps: frame 30 is at 30 · 1001 / 30000 = 1.001 s.
    #expect(SceneTime.frameTime(start: 0, index: 30, numerator: 30000, denominator: 1001) == 1.001)
    #expect(SceneTime.frameTime(start: 1.5, index: 3, numerator: 10, denominator: 1) == 1.8)
    #expect(SceneTime.frameTime(start: 0, index: 11, numerator: 10, denominator: 1, span: 1.05) == 1.05)
    #expect(SceneTime.time(atProgress: 1, of: 5.6) == 5.6)
    #expect(SceneTime.time(atProgress: 0.75, of: 5.6) == 4.2)
  }

  /// `download-scrub-finish`: setProgress every 0.1 s from 3.1 with 0.05 + n·0.05, so the 11th
  /// repetition is at 3.1 + 11 × 0.1 = 4.2 with 0.6, and the 75 % key time is 0.75 × 5.6 = 4.2.
  /// The event has happened at its own time: the label reads 60 % there, on every path.
  @Test func theKeyTimeOnAnEventBoundarySeesTheEvent() throws {
    let url = TestRendering.packageRoot.appendingPathComponent("Examples/download-scrub-finish.json")
    let timeline = try Scene.load(contentsOf: url).timeline()
    #expect(timeline.scene.keyTimes.contains(4.2))
    for time in [4.2, 0.75 * 5.6, 3.1 + 11 * 0.1, 4.2 - 4e-7] {
      #expect(label(of: timeline, at: time) == "60%", "at \(time)")
    }
    #expect(label(of: timeline, at: 4.199999) == "55%")
  }

  private func label(of timeline: any SceneTimeline, at time: Double) -> String? {
    guard case .text(let text)? = timeline.presentation(at: time)["indicator.label"]?.content else { return nil }
    return text.string
  }
}
