import BarFrames
import BarFramesGraphics
import Foundation
import Testing

/// `Examples/download-failed.json`: tap at 0.5, ticks from 1.7 to p = 0.62 at 7.8,
/// `downloadFailed` at 8.0 (FAILING until 9.7), `resume` at 10.2 (RESUMING until the rebuild
/// at 10.7). Two guarded calls: `downloadFailed` at 1.0 (READY) and `resume` at 9.0 (FAILING).
@Suite struct DownloadBarFailureTests {
  let timeline: any SceneTimeline

  init() throws { timeline = try DownloadBarFixture.example("download-failed") }

  /// Tick n = 61 at 1.7 + 6.1 = 7.8 sets p = 0.01 + 0.61 = 0.62; W·p = 124.
  @Test func theFailureStartsAtP062() throws {
    #expect(timeline.phase(at: 7.99) == "downloading")
    #expect(timeline.progress(at: 7.99).map { close($0, 0.62) } == true)
    #expect(timeline.phase(at: 8.0) == "failing")
    #expect(try timeline.label(at: 8.5).text == "62%")
  }

  /// The drain: d = 0.5 × 0.62 = 0.31 s, linear. The line's scale y goes 1 → 0 about its centre
  /// while position.y goes H/2 = 40 → 42 (bar) → canvas 80 → 82. Half way (8.155): scale 0.5,
  /// centre y 81 — the bottom edge 81 + 0.5 × 2 = 82 stays where it was.
  @Test func theLineDrains() throws {
    let half = try timeline.scale("progress", at: 8.155)
    #expect(close(half.x, 1) && close(half.y, 0.5))
    #expect(close(try timeline.anchor("progress", at: 8.155).y, 81))
    #expect(close(try timeline.scale("progress", at: 9).y, 0))
    #expect(close(try timeline.anchor("progress", at: 9).y, 82))
  }

  /// The stream: anchor (0, 0), frame (W·p, H/2, 2, 0) = (124, 40, 2, 0) → canvas origin
  /// (144, 80). Over d = 0.31 s: bounds.size (2, 0) → (1, 124) linear; position.y 80 → 124/2 + 3
  /// = 65 (bar) → canvas 105, easeIn = cubic-bezier(0.42, 0, 1, 1).
  /// Half way (8.155): size (1.5, 62); easeIn(0.5) = 0.31535681257… (bisection), so
  /// y = 80 + 25 × 0.31536 = 87.88392. End (8.31): (1, 124) at y = 105.
  @Test func theStreamPours() throws {
    #expect(timeline.presentation(at: 7.99)["stream"] == nil)
    let half = try timeline.layer("stream", at: 8.155)
    #expect(close(half.bounds.width, 1.5) && close(half.bounds.height, 62))
    let origin = try timeline.anchor("stream", at: 8.155, anchorPoint: .zero)
    #expect(close(origin, Point(144, 87.88392031431349), 1e-5))
    let end = try timeline.layer("stream", at: 8.31)
    #expect(close(end.bounds.width, 1) && close(end.bounds.height, 124))
    #expect(close(try timeline.anchor("stream", at: 8.31, anchorPoint: .zero), Point(144, 105)))
    #expect(close(end.opacity, 1))
  }

  /// The fall: begins at 8.0 + d = 8.31, 0.7 s, linear: y 105 → 200 (bar) = canvas 240, and
  /// opacity 1 → 0. Half way (8.66): y = 105 + 135/2 = 172.5, opacity 0.5; the size stays
  /// (1, 124). After 9.01 it holds (240, opacity 0) until the stream is removed at 9.4.
  @Test func theStreamFalls() throws {
    let half = try timeline.layer("stream", at: 8.66)
    #expect(close(try timeline.anchor("stream", at: 8.66, anchorPoint: .zero).y, 172.5))
    #expect(close(half.opacity, 0.5))
    #expect(close(half.bounds.height, 124))
    #expect(close(try timeline.anchor("stream", at: 9.2, anchorPoint: .zero).y, 240))
    #expect(close(try timeline.layer("stream", at: 9.2).opacity, 0))
    #expect(timeline.presentation(at: 9.4)["stream"] == nil)
  }

  /// At 8.0 + 1.4 = 9.4: "failed" in red, and the tilt 0 → 15° over 0.2 s about the tag's
  /// centre (124, 32.5) → canvas (144, 72.5): 7.5° at 9.5, 15° from 9.6. Before it the label
  /// still reads "62%" in black. At 8.0 + 1.7 = 9.7 the bar unlocks: FAILED.
  @Test func failedInRedWithATilt() throws {
    let before = try timeline.label(at: 9.39)
    #expect(before.text == "62%" && before.color == .black)
    let label = try timeline.label(at: 9.4)
    #expect(label.text == "failed" && label.color == Color(red: 1, green: 0, blue: 0))
    #expect(close(try timeline.rotationDegrees("indicator", at: 9.5), 7.5, 1e-6))
    #expect(close(try timeline.rotationDegrees("indicator", at: 9.65), 15, 1e-6))
    #expect(close(try timeline.anchor("indicator", at: 9.65), Point(144, 72.5)))
    #expect(timeline.phase(at: 9.69) == "failing")
    #expect(timeline.phase(at: 9.7) == "failed")
  }

  /// Resume at 10.2: the tag flies along the quadratic P0 = (W·p, H/2 − 7.5) = (124, 32.5),
  /// control C = (W/2, H/2 − 100) = (100, −60), end P2 = (100, 40), linear over 0.3 s. At the
  /// midpoint (10.35, s = 0.5): B = P0/4 + C/2 + P2/4 = (31 + 50 + 25, 8.125 − 30 + 10)
  /// = (106, −11.875) → canvas (126, 28.125). Its start is continuous with the tag's place,
  /// since the view translation is dropped at the same instant. The failed tilt is replaced
  /// under the same key by the un-tilt, which starts from the swing's held 0: upright at once.
  @Test func theResumeArc() throws {
    #expect(close(try timeline.anchor("indicator", at: 10.2), Point(144, 72.5)))
    #expect(close(try timeline.anchor("indicator", at: 10.35), Point(126, 28.125)))
    #expect(close(try timeline.anchor("indicator", at: 10.55), Point(120, 80)))
    #expect(close(try timeline.rotationDegrees("indicator", at: 10.25), 0, 1e-9))
    #expect(try timeline.label(at: 10.3).hidden)
    #expect(timeline.phase(at: 10.3) == "resuming")
  }

  /// The container grows back (identity over 0.3 s from the held (2.5, 0.05)): at 10.35,
  /// (1.75, 0.525). The line fades to opacity 0 in 0.05 s (0.5 at 10.225).
  @Test func theBarGrowsBackAndTheLineFades() throws {
    let half = try timeline.scale("container", at: 10.35)
    #expect(close(half.x, 1.75) && close(half.y, 0.525))
    #expect(close(try timeline.layer("progress", at: 10.225).opacity, 0.5))
  }

  /// At 10.2 + 0.5 = 10.7 the bar is rebuilt: the original square and arrow, an empty black
  /// label, no stream, all flags reset.
  @Test func theRebuildRestoresTheOriginalState() throws {
    #expect(timeline.phase(at: 10.69) == "resuming")
    #expect(timeline.phase(at: 10.7) == "original")
    #expect(timeline.progress(at: 10.7) == 0)
    let container = try timeline.scale("container", at: 10.8)
    #expect(close(container.x, 1) && close(container.y, 1))
    #expect(close(try timeline.anchor("indicator", at: 10.8), Point(120, 80)))
    #expect(close(try timeline.scale("indicator.triangle", at: 10.8).x, 1))
    let label = try timeline.label(at: 10.8)
    #expect(label.text == "" && label.color == .black)
    #expect(
      timeline.presentation(at: 10.8).layers.map(\.name) == [
        "container", "progress", "indicator", "indicator.triangle", "indicator.rectangle", "indicator.label",
      ])
  }

  /// `downloadFailed` during READY (1.0) is forbidden and `resume` while the failure plays
  /// (9.0, `_isAnimaiting`) is ignored, as in the original; neither changes the phase.
  @Test func theGuardedCallsAreIgnored() throws {
    #expect(timeline.ignoredCalls(at: 11) == ["downloadFailed@1.0", "resume@9.0"])
    #expect(timeline.phase(at: 1.0) == "ready")
    #expect(timeline.presentation(at: 1.2)["stream"] == nil)
    #expect(timeline.phase(at: 9.0) == "failing")
  }
}
