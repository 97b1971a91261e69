import Testing

@testable import BarFramesTiming

@Suite("MediaTiming sampling (timing.md §1.3–1.5)")
struct MediaTimingTests {
  // Fill modes × phases. Source: CAMediaTiming.h fillMode ("clamped to either end … or
  // removed from the presentation"); WPT web-animations/timing-model/animation-effects/
  // active-time.html (fill none/forwards/backwards/both × before/active/after).
  // beginTime 1, duration 2: parent time 0 is before, 2 is active (0.5), 3 is after (end).
  static let fillCases: [(FillMode, Double, TimingPhase, Bool, Double?)] = [
    (FillMode.removed, 0.0, TimingPhase.before, false, nil),
    (.removed, 2, .active, true, 0.5),
    (.removed, 3, .after, false, nil),
    (.forwards, 0, .before, false, nil),
    (.forwards, 2, .active, true, 0.5),
    (.forwards, 3, .after, true, 1),
    (.forwards, 50, .after, true, 1),
    (.backwards, 0, .before, true, 0),
    (.backwards, 2, .active, true, 0.5),
    (.backwards, 3, .after, false, nil),
    (.both, 0, .before, true, 0),
    (.both, 1, .active, true, 0),
    (.both, 3, .after, true, 1),
  ]

  @Test(arguments: fillCases)
  func fillModesAndPhases(fill: FillMode, time: Double, phase: TimingPhase, inEffect: Bool, progress: Double?) {
    let timing = MediaTiming(beginTime: 1, duration: 2, fillMode: fill)
    let state = timing.state(atParentTime: time)
    #expect(state.phase == phase)
    #expect(state.isInEffect == inEffect)
    if let progress { #expect(isClose(state.progress, progress)) }
  }

  // Repeat counts. Sources: Lockwood "duration 2, repeatCount 3.5 → full animation 7 s";
  // Rönnqvist "fractional repeat counts like 1.5"; WPT simple-iteration-progress.html
  // (iterations 3 → after 1; iterations 3.5 → after 0.5); Chromium "Precisely on an
  // iteration boundary" → 1.0; Rönnqvist "immediately jumps back to the initial value".
  @Test(arguments: [
    (3.5, 1.0, TimingPhase.active, 0.5),
    (3.5, 6.0, .active, 0.0),  // interior boundary: a new cycle starts
    (3.5, 6.5, .active, 0.25),
    (3.5, 7.0, .after, 0.5),  // fractional end holds the fraction
    (3.0, 6.0, .after, 1.0),  // integral end holds the end, not a new cycle
    (3.0, 4.0, .active, 0.0),
    (0.0, 2.0, .after, 1.0),  // repeatCount 0 plays once
    (0.0, 1.0, .active, 0.5),
  ])
  func repeatCounts(count: Double, time: Double, phase: TimingPhase, progress: Double) {
    let timing = MediaTiming(duration: 2, repeatCount: count, fillMode: .forwards)
    let state = timing.state(atParentTime: time)
    #expect(state.phase == phase)
    #expect(isClose(state.progress, progress))
  }

  // Infinite repeat: CAMediaTiming docs (Float.greatestFiniteMagnitude repeats forever),
  // Lockwood (INFINITY works too).
  @Test(arguments: [Double.infinity, Double(Float.greatestFiniteMagnitude)])
  func infiniteRepeat(count: Double) {
    let timing = MediaTiming(duration: 2, repeatCount: count)
    #expect(timing.activeDuration == .infinity)
    let state = timing.state(atParentTime: 1_000_000.5)
    #expect(state.phase == .active)
    #expect(isClose(state.progress, 0.25))
    #expect(state.completedCycles == 500_000)
    #expect(timing.parentEndTime == nil)
  }

  // repeatDuration. Source: Rönnqvist's figure duration=1.5, repeatDuration=2.0: one full pass
  // plus 0.5 s of the second, active for 2.0 s; "less than the duration … end early".
  @Test(arguments: [
    (1.5, 2.0, 0.75, TimingPhase.active, 0.5),
    (1.5, 2.0, 1.75, .active, 0.25 / 1.5),
    (1.5, 2.0, 2.0, .after, 0.5 / 1.5),
    (1.5, 1.0, 1.0, .after, 1 / 1.5),
  ])
  func repeatDuration(duration: Double, repeatDuration: Double, time: Double, phase: TimingPhase, progress: Double) {
    let timing = MediaTiming(duration: duration, repeatDuration: repeatDuration, fillMode: .forwards)
    let state = timing.state(atParentTime: time)
    #expect(timing.activeDuration == repeatDuration)
    #expect(state.phase == phase)
    #expect(isClose(state.progress, progress))
  }

  // Autoreverse with repeat. Sources: Rönnqvist's figure duration=0.5, repeatCount=2.5,
  // autoreverses: five 0.5 s legs F B F B F, 2.5 s, ending on the to-value; UIKit
  // setAnimationRepeatAutoreverses: an integral count "ends on the old value".
  @Test(arguments: [
    (2.5, 0.25, 0.5),  // first forward leg
    (2.5, 0.5, 1.0),  // leg boundary: both legs agree
    (2.5, 0.75, 0.5),  // backward leg
    (2.5, 1.0, 0.0),  // end of the first cycle
    (2.5, 2.25, 0.5),  // fifth leg, forwards
    (2.5, 2.5, 1.0),  // end: the to-value
    (2.0, 2.0, 0.0),  // integral count ends on the old value
    (2.0, 1.75, 0.5),
  ])
  func autoreverseWithRepeat(count: Double, time: Double, progress: Double) {
    let timing = MediaTiming(duration: 0.5, repeatCount: count, autoreverses: true, fillMode: .forwards)
    #expect(timing.activeDuration == count * 1.0)
    #expect(isClose(timing.state(atParentTime: time).progress, progress))
  }

  // The timing function applies after the direction flip: the backward leg is a mirror image
  // (Dean Jackson, www-style 2013Feb/0524: "You never need to flip the timing function";
  // WebKit feeds CSS alternate to CA unchanged).
  @Test(arguments: [0.1, 0.3, 0.5, 0.77, 0.95])
  func autoreverseMirrorsTheEasedCurve(time: Double) {
    let animation = BasicAnimation(
      keyPath: "value", from: .scalar(0), to: .scalar(100),
      timing: MediaTiming(duration: 1, autoreverses: true), timingFunction: .easeIn)
    let forward = present([.basic(animation)], at: time)
    let backward = present([.basic(animation)], at: 2 - time)
    #expect(isClose(forward, backward, 1e-9))
    #expect(isClose(forward, 100 * TimingFunction.easeIn.value(at: time), 1e-9))
  }

  // Speed. Source: Rönnqvist "duration=3.0, speed=2.0 … effectively take just one and a half
  // second"; "A paused animation is stuck at the first frame", with a timeOffset the frame at
  // that offset; WebKit pauses with speed 0 + timeOffset = elapsed.
  @Test(arguments: [
    (2.0, 0.0, 0.75, TimingPhase.active, 0.5),
    (2.0, 0.0, 1.5, .after, 1.0),
    (0.0, 0.0, 100, .active, 0.0),
    (0.0, 1.0, 100, .active, 1.0 / 3),
  ])
  func speed(speed: Double, offset: Double, time: Double, phase: TimingPhase, progress: Double) {
    let timing = MediaTiming(duration: 3, speed: speed, timeOffset: offset, fillMode: .forwards)
    let state = timing.state(atParentTime: time)
    #expect(state.phase == phase)
    #expect(isClose(state.progress, progress))
  }

  // timeOffset wraps without moving the active window (timing.md §5.1). Sources: Rönnqvist
  // "duration=3.0, timeOffset=1.0 … runs the final two seconds … then jumps back … does the
  // first second", 3 s in total; Lockwood "it still plays a full length of time"; WPT
  // simple-iteration-progress (iterationStart: before/after phases take the offset phase).
  static let timeOffsetCases: [(FillMode, Double, TimingPhase, Double?)] = [
    (FillMode.both, 0.0, TimingPhase.before, 1.0 / 3),  // backwards fill shows the offset phase
    (.both, 1.0, .active, 1.0 / 3),
    (.both, 2.5, .active, 2.5 / 3),
    (.both, 3.0, .active, 0.0),  // wrapped: jumps back to the start
    (.both, 3.5, .active, 0.5 / 3),
    (.both, 4.0, .after, 1.0 / 3),  // forwards fill holds the phase of A + timeOffset
    (.removed, 4.0, .after, nil),
  ]

  @Test(arguments: timeOffsetCases)
  func timeOffsetWraps(fill: FillMode, time: Double, phase: TimingPhase, progress: Double?) {
    let timing = MediaTiming(beginTime: 1, duration: 3, timeOffset: 1, fillMode: fill)
    let state = timing.state(atParentTime: time)
    #expect(state.phase == phase)
    if let progress {
      #expect(state.isInEffect)
      #expect(isClose(state.progress, progress))
    } else {
      #expect(!state.isInEffect)
    }
  }

  // A negative animation speed (timing.md §5.2, our choice): the phase follows
  // τ = (tp − beginTime)·speed, so the animation plays before its beginTime, backwards in
  // parent time, and is "before" once the parent passes beginTime.
  @Test(arguments: [
    (5.5, TimingPhase.before, false),
    (5.0, .active, true),
    (4.5, .active, true),
    (3.5, .after, false),
  ])
  func negativeAnimationSpeed(time: Double, phase: TimingPhase, inEffect: Bool) {
    let timing = MediaTiming(beginTime: 5, duration: 1, speed: -1)
    let state = timing.state(atParentTime: time)
    #expect(state.phase == phase)
    #expect(state.isInEffect == inEffect)
    if phase == .active { #expect(isClose(state.progress, 5 - time)) }
  }

  // Core Animation's add-time substitutions: CALayer.add(_:forKey:) docs (duration 0 → 0.25 s),
  // AVCoreAnimationBeginTimeAtZero docs (beginTime 0 → now).
  @Test func addingResolvesDefaults() {
    let resolved = MediaTiming().resolvedForAdding(atLayerTime: 7)
    #expect(resolved.beginTime == 7)
    #expect(resolved.duration == 0.25)
    let explicit = MediaTiming(beginTime: 3, duration: 2).resolvedForAdding(atLayerTime: 7)
    #expect(explicit.beginTime == 3)
    #expect(explicit.duration == 2)
  }
}
