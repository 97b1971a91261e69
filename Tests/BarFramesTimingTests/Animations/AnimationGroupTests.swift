import BarFramesGraphics
import Testing

@testable import BarFramesTiming

@Suite("CAAnimationGroup (timing.md §3.3, §1.6)")
struct AnimationGroupTests {
  static func child(
    _ from: Double, _ to: Double, duration: Double = 0, begin: Double = 0, fill: FillMode = .removed
  )
    -> Animation
  {
    .basic(
      BasicAnimation(
        keyPath: "value", from: .scalar(from), to: .scalar(to),
        timing: MediaTiming(beginTime: begin, duration: duration, fillMode: fill)))
  }

  static func group(_ children: [Animation], duration: Double, function: TimingFunction = .linear) -> Animation {
    .group(
      AnimationGroup(
        animations: children, timing: MediaTiming(duration: duration, fillMode: .forwards), timingFunction: function,
        removedOnCompletion: false))
  }

  // Clipping: "a 10 second animation grouped within an animation group with a duration of 5
  // seconds displays only the first 5 seconds" (CAAnimationGroup docs); the group's forwards
  // fill holds the clipped value; nothing from a child outlives a group that does not fill.
  static let clipCases: [(Double, Double)] = [(0, 0), (2.5, 25), (4.999, 49.99), (5, 50), (8, 50)]

  @Test(arguments: clipCases)
  func childrenAreClipped(time: Double, expected: Double) {
    let g = Self.group([Self.child(0, 100, duration: 10)], duration: 5)
    #expect(isClose(present([g], model: -1, addedAt: 0, at: time), expected, 1e-9))
  }

  @Test func childrenEndingEarlyFollowTheirOwnFill() {
    let g = Self.group([Self.child(0, 100, duration: 0.5), Self.child(0, 10, duration: 1)], duration: 1)
    // The second child ends with the group and is held; the first ended earlier without a fill.
    #expect(present([g], model: -1, at: 2) == 10)
    let h = Self.group([Self.child(0, 10, duration: 1), Self.child(0, 100, duration: 0.5)], duration: 1)
    #expect(present([h], model: -1, at: 2) == 10)
  }

  @Test func nothingOutlivesARemovedGroup() {
    let g = Animation.group(
      AnimationGroup(animations: [Self.child(0, 100, duration: 1, fill: .forwards)], timing: MediaTiming(duration: 2)))
    #expect(present([g], model: -1, at: 1.5) == 100)  // the child fills inside the group
    #expect(present([g], model: -1, at: 2) == -1)  // the group is over and removed
  }

  // A child's beginTime is an offset from the group's start, not "now" (wangling.me "Time Warp
  // in Animation"); with fill removed it has no effect before it begins; a child with duration 0
  // takes the group's duration (Rönnqvist's pull-to-refresh; designs.md §0.1).
  static let childBeginCases: [(Double, Double)] = [(10.5, -1), (11, 0), (12, 50), (13, -1)]

  @Test(arguments: childBeginCases)
  func childBeginTimeIsAnOffset(time: Double, expected: Double) {
    let g = Self.group([Self.child(0, 100, duration: 2, begin: 1)], duration: 4)
    #expect(isClose(present([g], model: -1, addedAt: 10, at: time), expected))
  }

  // At the group's end a forwards-filling group holds children that end there, even without
  // their own fill (our choice, §5.6; ZY's ready group holds its children's end values).
  @Test(arguments: [(0.25, 25.0), (0.5, 50), (1, 100), (3, 100)])
  func zeroDurationChildTakesTheGroupDuration(time: Double, expected: Double) {
    let g = Self.group([Self.child(0, 100)], duration: 1)
    #expect(isClose(present([g], model: -1, at: time), expected))
  }

  // A top-level group without a duration lasts 0.25 s (CALayer.add docs; designs.md §0.1),
  // and so do its duration-0 children.
  @Test func groupWithoutDurationLastsAQuarterSecond() {
    let g = Animation.group(
      AnimationGroup(
        animations: [Self.child(0, 100)], timing: MediaTiming(fillMode: .forwards), removedOnCompletion: false))
    #expect(isClose(present([g], model: -1, at: 0.125), 50))
  }

  // The group's timing function warps the time its children see (timing.md §5.6, designs.md
  // §0.1: ZY's ready group is easeOut over linear keyframes); a child's own function applies
  // inside.
  @Test(arguments: [0.1, 0.3, 0.5, 0.8])
  func groupTimingFunctionWarpsChildren(time: Double) {
    let g = Self.group([Self.child(0, 100)], duration: 1, function: .easeOut)
    #expect(isClose(present([g], model: -1, at: time), 100 * TimingFunction.easeOut.value(at: time), 1e-9))
    var inner = BasicAnimation(keyPath: "value", from: .scalar(0), to: .scalar(100))
    inner.timingFunction = .easeIn
    let nested = Self.group([.basic(inner)], duration: 1, function: .easeOut)
    let expected = 100 * TimingFunction.easeIn.value(at: TimingFunction.easeOut.value(at: time))
    #expect(isClose(present([nested], model: -1, at: time), expected, 1e-9))
  }

  // The autoreverse cancel (timing.md §1.6): group.duration = p, child autoreverses with
  // beginTime −(2d − p); its progress is (p − x)/d, from p/d down to 0 when the group ends.
  static let cancelCases: [(Double, Double)] = [(10, 60), (10.1, 50), (10.3, 30), (10.59, 1), (10.61, -1)]

  @Test(arguments: cancelCases)
  func autoreverseCancel(time: Double, expected: Double) {
    let transition = Self.child(0, 100, duration: 1)
    let cancel = AnimationGroup.reversing(transition, fromElapsedTime: 0.6)
    #expect(cancel.duration == 0.6)
    guard case .basic(let reversed) = cancel.animations[0] else {
      Issue.record("not a basic child")
      return
    }
    #expect(reversed.beginTime == -1.4 && reversed.autoreverses)
    #expect(isClose(present([.group(cancel)], model: -1, addedAt: 10, at: time), expected, 1e-9))
  }

  // Group phases reach the children in the probe samples: children of a finished, removed
  // group report the group's phase and are not applied.
  @Test func childSamplesFollowTheGroup() {
    var stack = LayerAnimations()
    stack.add(
      .group(AnimationGroup(animations: [Self.child(0, 1)], timing: MediaTiming(duration: 1))), forKey: "g",
      atLayerTime: 1)
    let samples = stack.presentation(forKeyPath: "value", model: .scalar(0), layerTime: 5).animations
    #expect(samples.map(\.phase) == [.after, .after])
    #expect(samples.map(\.isApplied) == [false, false])
    #expect(samples.map(\.depth) == [0, 1])
  }
}
