import BarFrames
import BarFramesGraphics
import Foundation
import Testing

/// The state machine's guards (designs.md §2.3), on the default style: the canvas is the
/// 200 × 80 bar, READY runs from `startDownload` at 0 to 1.1 (0.9 s group + 0.2 s swing).
@Suite struct DownloadBarGuardTests {
  let start = #"{"at": 0, "call": "startDownload"}"#

  @Test func startDownloadOnlyFromTheOriginalState() throws {
    let timeline = try DownloadBarFixture.scene("\(start), {\"at\": 0.5, \"call\": \"startDownload\"}")
    #expect(timeline.ignoredCalls(at: 1) == ["startDownload@0.5"])
    #expect(timeline.phase(at: 1.1) == "downloading")
  }

  /// The demo's tap starts the download only when it lands on the bar.
  @Test func aTapOffTheBarDoesNothing() throws {
    let timeline = try DownloadBarFixture.scene(
      #"{"at": 0, "call": "tap", "args": {"x": 250, "y": 40}}, {"at": 0.2, "call": "tap", "args": {"x": 100, "y": 40}}"#
    )
    #expect(timeline.phase(at: 0.1) == "original")
    #expect(timeline.phase(at: 0.2) == "ready")
    #expect(timeline.ignoredCalls(at: 1) == ["tap@0.0"])
  }

  /// Forbidden (the original only checks `isOriginal`): during READY…
  @Test func downloadFailedIsForbiddenDuringReady() throws {
    let timeline = try DownloadBarFixture.scene("\(start), {\"at\": 0.5, \"call\": \"downloadFailed\"}")
    #expect(timeline.phase(at: 0.6) == "ready")
    #expect(timeline.phase(at: 1.1) == "downloading")
    #expect(timeline.presentation(at: 0.6)["stream"] == nil)
    #expect(timeline.ignoredCalls(at: 2) == ["downloadFailed@0.5"])
  }

  /// …and after SUCCESS, where the original would pour a full line off a finished bar.
  @Test func downloadFailedIsForbiddenAfterSuccess() throws {
    let timeline = try DownloadBarFixture.scene(
      "\(start), {\"at\": 1.2, \"call\": \"setProgress\", \"args\": {\"value\": 1}}, {\"at\": 1.5, \"call\": \"downloadFailed\"}"
    )
    #expect(timeline.phase(at: 1.6) == "success")
    #expect(try timeline.label(at: 1.6).text == "done")
    #expect(timeline.ignoredCalls(at: 2) == ["downloadFailed@1.5"])
  }

  /// `setProgress` during READY is dropped from the label (`_isAnimaiting`) but kept as the
  /// bar's progress, so the first redraw after READY (1.1) puts the tag at W·p = 0.3 × 200 = 60
  /// with an empty label, as the original does.
  @Test func progressDuringReadyReachesTheLineButNotTheLabel() throws {
    let timeline = try DownloadBarFixture.scene(
      "\(start), {\"at\": 0.5, \"call\": \"setProgress\", \"args\": {\"value\": 0.3}}")
    #expect(try timeline.label(at: 1.2).text == "")
    #expect(close(try timeline.anchor("indicator", at: 1.2), Point(60, 32.5)))
  }

  /// `resume` is ignored while `_isAnimaiting` (READY, FAILING) and accepted otherwise.
  @Test func resumeIsIgnoredWhileAnimating() throws {
    let timeline = try DownloadBarFixture.scene(
      "\(start), {\"at\": 0.5, \"call\": \"resume\"}, {\"at\": 1.5, \"call\": \"setProgress\", \"args\": {\"value\": 0.5}},"
        + "{\"at\": 2, \"call\": \"downloadFailed\"}, {\"at\": 3, \"call\": \"resume\"}, {\"at\": 4, \"call\": \"resume\"}"
    )
    #expect(timeline.ignoredCalls(at: 5) == ["resume@0.5", "resume@3.0"])
    // Failure at 2 unlocks at 2 + 1.7 = 3.7; resume at 4 rebuilds at 4.5.
    #expect(timeline.phase(at: 3.8) == "failed")
    #expect(timeline.phase(at: 4.2) == "resuming")
    #expect(timeline.phase(at: 4.5) == "original")
  }

  /// Progress is clamped to 0…1 and success needs the display link (after READY).
  @Test func progressIsClamped() throws {
    let timeline = try DownloadBarFixture.scene(
      "\(start), {\"at\": 1.2, \"call\": \"setProgress\", \"args\": {\"value\": -0.5}}, {\"at\": 1.3, \"call\": \"setProgress\", \"args\": {\"value\": 1.7}}"
    )
    #expect(timeline.progress(at: 1.25) == 0)
    #expect(try timeline.label(at: 1.25).text == "0%")
    #expect(timeline.progress(at: 1.3) == 1)
    #expect(timeline.phase(at: 1.3) == "success")
  }
}
