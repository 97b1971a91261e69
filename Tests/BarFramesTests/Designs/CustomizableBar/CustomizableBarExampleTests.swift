import BarFrames
import BarFramesGraphics
import Testing

/// The committed examples, sampled at chosen times. Every expected value is worked out by hand
/// from designs.md §1 (W = 247, centre y = H/2 = 10) with the additive rule
/// presented = model − Σ δᵢ·(1 − ease((t − sᵢ)/dᵢ)); the dot's centre x equals the fill's width.
@Suite struct CustomizableBarExampleTests {
  typealias S = CustomizableBarScenes
  static let e = CustomizableBarScenes.ease

  // MARK: player-pause: a callback every 0.25 s (+0.025 over 0.25 s), pause at 2.01, resume at 3.0

  /// The callback at 2.0 sets 0.2: model x = 247·0.2 = 49.4, tweened from 247·0.175 = 43.225
  /// (δ = 6.175) over 2.0…2.25. The 1.75 tween ended at 2.0. At the pause instant 2.01 the tween
  /// is at u = 0.01/0.25 = 0.04: B = 49.4 − 6.175·(1 − 0.0030777039785688117) = 43.24400482206766.
  static let pausedWidth = 49.4 - 6.175 * (1 - e[0.04]!)

  @Test func layerTimePauseHoldsThePresentedValueB() throws {
    let timeline = try S.example("player-pause-layertime")
    #expect(isNear(Self.pausedWidth, 43.24400482206766, 1e-12))
    // Constant for the whole pause, and equal to the value at the pause instant, to 1e-9.
    for t in [2.01, 2.02, 2.25, 2.5, 2.9, 2.999_999] {
      #expect(isNear(timeline.fillWidth(at: t), Self.pausedWidth), "t = \(t)")
      #expect(isNear(timeline.dotCenter(at: t).x, Self.pausedWidth), "t = \(t)")
      #expect(isNear(timeline.design(at: t).presentedValue(at: t), Self.pausedWidth / 247))
    }
    // Never the end value C = 49.4 while paused.
    #expect(timeline.fillWidth(at: 2.5) < 49.4 - 6)
    let state = try #require(timeline.inspection(at: 2.5)["state"])
    #expect(state["paused"] == .bool(true))
    #expect(isNear(state["value"]?.numberValue ?? 0, 0.2, 1e-12))
  }

  @Test func layerTimeResumePlaysTheRestOfTheTween() throws {
    let timeline = try S.example("player-pause-layertime")
    // Resumed at 3.0 with 0.01 s of the tween played: at 3.115 the tween is at
    // u = (0.01 + 0.115)/0.25 = 0.5, so 49.4 − 6.175·0.5 = 46.3125.
    #expect(isNear(timeline.fillWidth(at: 3.115), 46.3125))
    #expect(isNear(timeline.dotCenter(at: 3.115).x, 46.3125))
    // It ends 0.24 s after the resume: 49.4 at 3.24.
    #expect(isNear(timeline.fillWidth(at: 3.24), 49.4, 1e-6))
    // The first callback after the resume (3.25, value 0.225 → x = 55.575) tweens from 49.4:
    // at 3.375, u = 0.5: 55.575 − 6.175·0.5 = 52.4875.
    #expect(isNear(timeline.fillWidth(at: 3.375), 52.4875))
    #expect(timeline.inspection(at: 3.1)["state"]?["paused"] == .bool(false))
  }

  @Test func removeAnimationsJumpsToTheTarget() throws {
    let timeline = try S.example("player-pause-remove")
    // removeAllAnimations at 2.01: the presented bar is the model, C = 49.4, for the whole pause.
    for t in [2.01, 2.1, 2.5, 2.999] {
      #expect(isNear(timeline.fillWidth(at: t), 49.4), "t = \(t)")
      #expect(isNear(timeline.dotCenter(at: t).x, 49.4))
    }
    // Just before the pause it was still mid-tween: at 2.005, u = 0.02, well short of 49.4.
    #expect(timeline.fillWidth(at: 2.005) < 43.3)
  }

  @Test func noPauseStrategySlidesOnToTheTarget() throws {
    let timeline = try S.example("player-pause-none")
    // At the pause instant it shows B, as the fix does…
    #expect(isNear(timeline.fillWidth(at: 2.01), Self.pausedWidth))
    // …but keeps sliding: at 2.1, u = 0.4: 49.4 − 6.175·(1 − 0.3318838700976461) = 45.27438289785296.
    #expect(isNear(timeline.fillWidth(at: 2.1), 49.4 - 6.175 * (1 - Self.e[0.4]!)))
    #expect(isNear(timeline.fillWidth(at: 2.1), 45.27438289785296, 1e-9))
    // …and reaches C by the tween's end, 2.25.
    #expect(isNear(timeline.fillWidth(at: 2.25), 49.4, 1e-9))
    #expect(isNear(timeline.fillWidth(at: 2.9), 49.4))
  }

  @Test func aLongerBarSlidesFurther() throws {
    // The article: on an iPad the same 0.24 s slide covers more points. With W = 896 the
    // slide after a pause at 2.01 is 896·0.025·(1 − 0.0030777…) = 22.331 pt against 6.156 pt.
    let events = #"""
      {"at": 0.25, "every": 0.25, "until": 2.0, "call": "setValue", "args": {"value": {"start": 0.025, "step": 0.025}, "duration": 0.25}},
      {"at": 2.01, "call": "pauseAnimation"}
      """#
    let phone = try S.timeline(events, style: #""pauseStrategy": "none""#)
    let pad = try S.timeline(events, style: #""size": [896, 20], "pauseStrategy": "none""#)
    let phoneSlide = phone.fillWidth(at: 2.5) - phone.fillWidth(at: 2.01)
    let padSlide = pad.fillWidth(at: 2.5) - pad.fillWidth(at: 2.01)
    #expect(isNear(phoneSlide, 247 * 0.025 * (1 - Self.e[0.04]!)))
    #expect(isNear(padSlide, 896 * 0.025 * (1 - Self.e[0.04]!)))
    #expect(isNear(padSlide, 22.33105943088006, 1e-9))
  }

  // MARK: demo-timeline: +0.03 every 0.3 s over 1.0 s

  @Test func demoTweensOverlapAndLagTheTarget() throws {
    let timeline = try S.example("demo-timeline")
    // Each tick k (at 0.3k) moves the model by δ = 247·0.03 = 7.41.
    // t = 0.8: model 14.82; tween 1 (0.3) at u = 0.5, tween 2 (0.6) at u = 0.2:
    // 14.82 − 7.41·0.5 − 7.41·(1 − 0.08165985626589747) = 4.3100995349303.
    #expect(isNear(timeline.fillWidth(at: 0.8), 4.3100995349303, 1e-9))
    // t = 5: model 247·0.48 = 118.56 (tick 16 at 4.8); tweens 14, 15, 16 at u = 0.8, 0.5, 0.2.
    // The curve is symmetric, so (1 − e(0.8)) + (1 − e(0.5)) + (1 − e(0.2)) = 1.5 exactly:
    // 118.56 − 7.41·1.5 = 107.445, i.e. value 0.435, about 0.5 s behind the target.
    #expect(isNear(timeline.fillWidth(at: 5), 107.445))
    #expect(isNear(timeline.dotCenter(at: 5).x, 107.445))
    #expect(isNear(timeline.dotCenter(at: 5).y, 10))
    // t = 10: model 247·0.99 = 244.53 (tick 33 at 9.9); tweens at u = 0.7, 0.4, 0.1:
    // 244.53 − 7.41·((1 − (1 − 0.18739590670531253)) + (1 − 0.3318838700976461) + (1 − 0.019722453548311196))
    // = 230.9267991895302.
    #expect(isNear(timeline.fillWidth(at: 10), 230.9267991895302, 1e-9))
    let state = try #require(timeline.inspection(at: 5)["state"])
    #expect(isNear(state["presentedValue"]?.numberValue ?? 0, 0.435))
    #expect(state["showLargeBar"] == .bool(true))
    #expect(state["showAnchorPoint"] == .bool(true))
  }

  @Test func demoShowsTheLargeBarAndTheDot() throws {
    let timeline = try S.example("demo-timeline")
    let presentation = timeline.presentation(at: 5)
    // Large bar: m = 2·1.5 = 3, centred on y = 10; pill corners 3/2; the fill in dragColor (white).
    #expect(presentation["track"]?.frame == Rect(x: 0, y: 8.5, width: 247, height: 3))
    #expect(presentation["track"]?.cornerRadius == 1.5)
    #expect(presentation["fill"]?.cornerRadius == 1.5)
    #expect(presentation["fill"]?.backgroundColor == .white)
    // The dot: 5·1.5 = 7.5 wide, visible.
    #expect(presentation["dot"]?.isHidden == false)
    #expect(presentation["dot"]?.bounds.size == Size(7.5, 7.5))
    // Before the first tick (0.3) nothing is large and the dot is hidden.
    #expect(timeline.presentation(at: 0.2)["dot"]?.isHidden == true)
    #expect(timeline.presentation(at: 0.2)["track"]?.frame.height == 1.5)
  }

  // MARK: drag-seek: playback, a pan from 30 % to 70 % with callbacks still arriving, release

  @Test func dragSeekFollowsTheFingerAndIgnoresThePlayer() throws {
    let timeline = try S.example("drag-seek")
    // The pan began at 1.0 at x = 74.1 (0.3·247); changed events every 0.05 s from 1.05,
    // x = 79.04 + 4.94n. At 1.52 the last one is n = 9 (1.5): x = 79.04 + 44.46 = 123.5.
    // The callback at 1.5 (value 0.31) was ignored: no tween, the value is the finger's, 0.5.
    #expect(isNear(timeline.fillWidth(at: 1.52), 123.5))
    #expect(isNear(timeline.dotCenter(at: 1.52).x, 123.5))
    let dragging = try #require(timeline.inspection(at: 1.52)["state"])
    #expect(dragging["dragging"] == .bool(true))
    #expect(isNear(dragging["value"]?.numberValue ?? 0, 0.5, 1e-12))
    #expect(isNear(dragging["presentedValue"]?.numberValue ?? 0, 0.5, 1e-12))
    // Right after the began event the callback tween of 1.0 is gone: the fill is at the finger.
    #expect(isNear(timeline.fillWidth(at: 1.0), 74.1))
    // Released at 2.0 at x = 172.9 (0.7); the callback at 2.0 came first and was ignored.
    let released = try #require(timeline.inspection(at: 2.1)["state"])
    #expect(released["dragging"] == .bool(false))
    #expect(isNear(timeline.fillWidth(at: 2.1), 172.9))
    // Playback continues: 2.25 sets 0.71 (x = 175.37), tweened from 172.9 (δ = 2.47) over
    // 0.25 s; at 2.375, u = 0.5: 175.37 − 1.235 = 174.135.
    #expect(isNear(timeline.fillWidth(at: 2.375), 174.135))
    #expect(isNear(timeline.dotCenter(at: 2.375).x, 174.135))
  }

  @Test func dragSeekPlaybackBeforeThePan() throws {
    let timeline = try S.example("drag-seek")
    // 0 sets 0.25 at once (x = 61.75); 0.25 sets 0.26 (x = 64.22, δ = 2.47) over 0.25 s:
    // at 0.375, u = 0.5: 64.22 − 1.235 = 62.985.
    #expect(isNear(timeline.fillWidth(at: 0.1), 61.75))
    #expect(isNear(timeline.fillWidth(at: 0.375), 62.985))
  }
}

extension JSONValue {
  /// The number, when this is one.
  var numberValue: Double? {
    if case .number(let n) = self { return n }
    return nil
  }
}
