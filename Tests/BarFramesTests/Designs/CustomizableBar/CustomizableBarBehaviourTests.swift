import BarFrames
import BarFramesGraphics
import Testing

/// The rules of designs.md §1.3–§1.5 one at a time, on the demo bar (W = 247, H = 20,
/// barHeight 1.5). Expected values are worked out by hand in the comments.
@Suite struct CustomizableBarBehaviourTests {
  typealias S = CustomizableBarScenes
  static let e = CustomizableBarScenes.ease

  // MARK: Additive tweens

  @Test func overlappingTweensAddUp() throws {
    // 0 → 0.5 over 1 s at 0 (δ₁ = 123.5), then 0.5 → 0.2 over 0.5 s at 0.25 (δ₂ = 49.4 − 123.5 = −74.1).
    let timeline = try S.timeline(
      #"""
      {"at": 0, "call": "setValue", "args": {"value": 0.5, "duration": 1}},
      {"at": 0.25, "call": "setValue", "args": {"value": 0.2, "duration": 0.5}}
      """#)
    // t = 0.5: u₁ = 0.5, u₂ = 0.5: 49.4 − 123.5·0.5 − (−74.1)·0.5 = 24.7.
    #expect(isNear(timeline.fillWidth(at: 0.5), 24.7))
    #expect(isNear(timeline.dotCenter(at: 0.5).x, 24.7))
    // t = 0.7: u₁ = 0.7, u₂ = 0.9: 49.4 − 123.5·(1 − e(0.7)) + 74.1·(1 − e(0.9))
    // = 49.4 − 123.5·e(0.3) + 74.1·e(0.1) (symmetry) = 49.4 − 23.14339448 + 1.46143381 = 27.71803933.
    let expected = 49.4 - 123.5 * Self.e[0.3]! + 74.1 * Self.e[0.1]!
    #expect(isNear(timeline.fillWidth(at: 0.7), expected))
    #expect(isNear(expected, 27.718039328, 1e-8))
    // The second call glides on from where the bar is: no jump at 0.25.
    #expect(abs(timeline.fillWidth(at: 0.25) - timeline.fillWidth(at: 0.249_999)) < 1e-3)
    // After both end, the model: 49.4.
    #expect(isNear(timeline.fillWidth(at: 1.5), 49.4))
  }

  @Test func theTimeArgumentIsDiscarded() throws {
    // Times 3.2 and 3.7 share the whole second 3: the original's per-second filter would skip
    // the second tween if `time` reached it, but the public method passes 0 on.
    // t = 0.5: model 49.4; tween 1 (δ 24.7) at u = 0.5, tween 2 (δ 24.7) at u = 0:
    // 49.4 − 12.35 − 24.7 = 12.35 (37.05 had the second call jumped without a tween).
    let timeline = try S.timeline(
      #"""
      {"at": 0, "call": "setValue", "args": {"value": 0.1, "duration": 1, "time": 3.2}},
      {"at": 0.5, "call": "setValue", "args": {"value": 0.2, "duration": 1, "time": 3.7}}
      """#)
    #expect(isNear(timeline.fillWidth(at: 0.5), 12.35))
  }

  @Test func tinyValueChangesWithOneSecondDurationDoNotTween() throws {
    // |0.5008 − 0.5| = 0.0008 ≤ 0.001 with duration 1.0: applied at once, x = 247·0.5008 = 123.6976.
    let once = try S.timeline(
      #"""
      {"at": 0, "call": "setValue", "args": {"value": 0.5}},
      {"at": 2, "call": "setValue", "args": {"value": 0.5008, "duration": 1}}
      """#)
    #expect(isNear(once.fillWidth(at: 2), 123.6976))
    // With another duration the filter is off: a tween starts at 123.5.
    let tweened = try S.timeline(
      #"""
      {"at": 0, "call": "setValue", "args": {"value": 0.5}},
      {"at": 2, "call": "setValue", "args": {"value": 0.5008, "duration": 0.5}}
      """#)
    #expect(isNear(tweened.fillWidth(at: 2), 123.5))
  }

  @Test func tinyMovesAreSkippedButTheValueIsKept() throws {
    // x moves by 247·0.0001 = 0.0247 < 0.1/3: the views stay, valueNum takes the new value.
    let timeline = try S.timeline(
      #"""
      {"at": 0, "call": "setValue", "args": {"value": 0.5}},
      {"at": 1, "call": "setValue", "args": {"value": 0.5001}}
      """#)
    #expect(isNear(timeline.fillWidth(at: 1), 123.5))
    #expect(timeline.inspection(at: 1)["state"]?["value"] == .number(0.5001))
  }

  @Test func outOfRangeValuesAreIgnoredAndStopTheTweens() throws {
    // 1.2 is rejected (not clamped), and the rejection removes the running tween: at 0.5 the
    // bar shows the model 123.5 instead of 123.5·e(0.5) = 61.75 (at 0.3: 123.5·e(0.3)).
    let timeline = try S.timeline(
      #"""
      {"at": 0, "call": "setValue", "args": {"value": 0.5, "duration": 1}},
      {"at": 0.5, "call": "setValue", "args": {"value": 1.2}},
      {"at": 1, "call": "setValue", "args": {"value": -0.1, "duration": 0.25}}
      """#)
    #expect(isNear(timeline.fillWidth(at: 0.3), 123.5 * Self.e[0.3]!))
    #expect(isNear(timeline.fillWidth(at: 0.5), 123.5))
    #expect(timeline.inspection(at: 1.2)["state"]?["value"] == .number(0.5))
    #expect(isNear(timeline.fillWidth(at: 1.2), 123.5))
  }

  @Test func removeProgressAnimationJumpsToTheModel() throws {
    let timeline = try S.timeline(
      #"""
      {"at": 0, "call": "setValue", "args": {"value": 0.5, "duration": 1}},
      {"at": 0.5, "call": "removeProgressAnimation"}
      """#)
    // 0.3: mid-tween, 123.5·e(0.3) = 23.14339448; 0.5: the model, 123.5.
    #expect(isNear(timeline.fillWidth(at: 0.3), 123.5 * Self.e[0.3]!))
    #expect(isNear(timeline.fillWidth(at: 0.5), 123.5))
  }

  @Test func resumingARunningBarHidesItsTweens() throws {
    // A quirk kept from the original: `resumeLayer:` on a layer that is not paused moves its
    // clock back to 0, pushing the tween one device uptime into the future: the bar shows C.
    let timeline = try S.timeline(
      #"""
      {"at": 0, "call": "setValue", "args": {"value": 0.5, "duration": 1}},
      {"at": 0.5, "call": "resumeAnimation"}
      """#)
    #expect(isNear(timeline.fillWidth(at: 0.4), 123.5 * Self.e[0.4]!))
    #expect(isNear(timeline.fillWidth(at: 0.6), 123.5))
    #expect(isNear(timeline.fillWidth(at: 5), 123.5))
  }

  // MARK: Pan

  @Test func dragClampsAtBothEnds() throws {
    let timeline = try S.timeline(
      #"""
      {"at": 0, "call": "setValue", "args": {"value": 0.5}},
      {"at": 1, "call": "pan", "args": {"state": "began", "x": -30, "y": 10}},
      {"at": 1.5, "call": "pan", "args": {"state": "changed", "x": 300, "y": 10}},
      {"at": 2, "call": "pan", "args": {"state": "changed", "x": 247, "y": 10}},
      {"at": 2.5, "call": "pan", "args": {"state": "ended", "x": 0, "y": 10}}
      """#)
    // x < 0: dot and fill at 0, value 0.
    #expect(timeline.fillWidth(at: 1) == 0)
    #expect(timeline.dotCenter(at: 1) == Point(0, 10))
    #expect(timeline.inspection(at: 1)["state"]?["value"] == .number(0))
    // x > W: at W, value 1.
    #expect(timeline.fillWidth(at: 1.5) == 247)
    #expect(timeline.dotCenter(at: 1.5) == Point(247, 10))
    #expect(timeline.inspection(at: 1.5)["state"]?["value"] == .number(1))
    // Exactly W and exactly 0 are inside: x / W.
    #expect(timeline.inspection(at: 2)["state"]?["value"] == .number(1))
    #expect(timeline.inspection(at: 2.5)["state"]?["value"] == .number(0))
    #expect(timeline.inspection(at: 2.5)["state"]?["dragging"] == .bool(false))
  }

  @Test func callbacksAreIgnoredWhileDragging() throws {
    let timeline = try S.timeline(
      #"""
      {"at": 0, "call": "setValue", "args": {"value": 0.5, "duration": 0.25}},
      {"at": 1, "call": "pan", "args": {"state": "began", "x": 100, "y": 10}},
      {"at": 1.2, "call": "setValue", "args": {"value": 0.6, "duration": 0.25}},
      {"at": 1.3, "call": "setValue", "args": {"value": 0.7}},
      {"at": 1.4, "call": "reset"},
      {"at": 2, "call": "pan", "args": {"state": "ended", "x": 120, "y": 10}},
      {"at": 2.5, "call": "setValue", "args": {"value": 0.6, "duration": 0.25}}
      """#)
    // While dragging: the finger's x, 100, whatever the player says (even `reset`'s setValue:0).
    for t in [1.2, 1.3, 1.35, 1.45] {
      #expect(timeline.fillWidth(at: t) == 100, "t = \(t)")
      #expect(timeline.inspection(at: t)["state"]?["dragging"] == .bool(true))
      #expect(timeline.inspection(at: t)["state"]?["value"] == .number(100.0 / 247))
    }
    // Released at 120; the next callback tweens from there: 0.6 → x = 148.2, δ = 28.2,
    // at 2.625 (u = 0.5): 148.2 − 14.1 = 134.1.
    #expect(timeline.fillWidth(at: 2.2) == 120)
    #expect(isNear(timeline.fillWidth(at: 2.625), 134.1))
  }

  @Test func aCancelledPanEndsTheDrag() throws {
    // The original left `selected` set on Cancelled and rejected every later update; here the
    // drag ends, so the callback at 2 applies (0.6 → 148.2).
    let timeline = try S.timeline(
      #"""
      {"at": 1, "call": "pan", "args": {"state": "began", "x": 100, "y": 10}},
      {"at": 1.5, "call": "pan", "args": {"state": "cancelled", "x": 110, "y": 10}},
      {"at": 2, "call": "setValue", "args": {"value": 0.6}}
      """#)
    #expect(timeline.inspection(at: 1.6)["state"]?["dragging"] == .bool(false))
    #expect(timeline.fillWidth(at: 1.6) == 110)
    #expect(isNear(timeline.fillWidth(at: 2), 148.2))
  }

  @Test func aPanUnpausesAndDropsTheFrozenTween() throws {
    // Paused mid-tween at 0.5 (B = 123.5·0.5 = 61.75); the pan resets the clocks: the bar is at
    // the finger, 50, and later tweens run on the live clock: 0.6 at 2 (148.2, δ = 98.2) over
    // 0.5 s, at 2.25: 148.2 − 49.1 = 99.1.
    let timeline = try S.timeline(
      #"""
      {"at": 0, "call": "setValue", "args": {"value": 0.5, "duration": 1}},
      {"at": 0.5, "call": "pauseAnimation"},
      {"at": 1, "call": "pan", "args": {"state": "began", "x": 50, "y": 10}},
      {"at": 1.2, "call": "pan", "args": {"state": "ended", "x": 50, "y": 10}},
      {"at": 2, "call": "setValue", "args": {"value": 0.6, "duration": 0.5}}
      """#)
    #expect(isNear(timeline.fillWidth(at: 0.9), 61.75))
    #expect(timeline.inspection(at: 0.9)["state"]?["paused"] == .bool(true))
    #expect(timeline.fillWidth(at: 1.5) == 50)
    #expect(timeline.inspection(at: 1.5)["state"]?["paused"] == .bool(false))
    #expect(isNear(timeline.fillWidth(at: 2.25), 99.1))
    // The dropped tween never comes back.
    #expect(timeline.fillWidth(at: 1.9) == 50)
  }

  @Test func panIsIgnoredWithoutTheRecognizer() throws {
    let timeline = try S.timeline(
      #"""
      {"at": 0, "call": "setValue", "args": {"value": 0.5}},
      {"at": 1, "call": "pan", "args": {"state": "began", "x": 10, "y": 10}}
      """#, style: #""enablePanProgressIcon": false"#)
    #expect(timeline.fillWidth(at: 1) == 123.5)
    #expect(timeline.inspection(at: 1)["state"]?["dragging"] == .bool(false))
  }

  // MARK: Hit test

  @Test func hitTestHasTwentyPointsOfSlop() throws {
    let bar = try S.timeline("").design(at: 0)
    // The bar is 247 × 20; grown by 20 on every side: x ∈ [−20, 267], y ∈ [−20, 40], edges included.
    #expect(bar.hitTest(Point(-20, -20), at: 0))
    #expect(bar.hitTest(Point(-20, 10), at: 0))
    #expect(bar.hitTest(Point(123, -20), at: 0))
    #expect(bar.hitTest(Point(267, 10), at: 0))
    #expect(bar.hitTest(Point(123, 40), at: 0))
    #expect(bar.hitTest(Point(267, 40), at: 0))
    #expect(!bar.hitTest(Point(-20.001, 10), at: 0))
    #expect(!bar.hitTest(Point(123, -20.001), at: 0))
    #expect(!bar.hitTest(Point(267.001, 10), at: 0))
    #expect(!bar.hitTest(Point(123, 40.001), at: 0))
    #expect(!bar.hitTest(Point(300, 10), at: 0))
  }

  @Test func hitTestEventsAndTheInsetParameter() throws {
    let timeline = try S.timeline(
      #"""
      {"at": 0, "call": "hitTest", "args": {"x": -5, "y": 10}},
      {"at": 0, "call": "hitTest", "args": {"x": 0, "y": 0}},
      {"at": 0, "call": "hitTest", "args": {"x": 247, "y": 10}},
      {"at": 0, "call": "hitTest", "args": {"x": 247.5, "y": 10}}
      """#, style: #""responseInset": 0"#)
    // With no slop the bar's own bounds decide, edges included: x ∈ [0, 247].
    #expect(timeline.hits.map(\.hit) == [false, true, true, false])
  }

  // MARK: Appearance

  @Test func largeBarGeometryAndColour() throws {
    let timeline = try S.timeline(
      #"""
      {"at": 0, "call": "setValue", "args": {"value": 0.5}},
      {"at": 1, "call": "setShowLargeBar", "args": {"value": true}},
      {"at": 2, "call": "setShowLargeBar", "args": {"value": false}}
      """#, style: #""dragColor": "red", "inProgressColor": "green""#)
    let normal = timeline.presentation(at: 0.5)
    #expect(normal["track"]?.frame == Rect(x: 0, y: 9.25, width: 247, height: 1.5))
    #expect(normal["fill"]?.frame == Rect(x: 0, y: 9.25, width: 123.5, height: 1.5))
    #expect(normal["fill"]?.backgroundColor == .green)
    #expect(normal["fill"]?.cornerRadius == 0.5)
    // Large: m = 2·1.5 = 3, re-centred on y = 10 → y 8.5; fill in dragColor; pill radius 1.5.
    let large = timeline.presentation(at: 1)
    #expect(large["track"]?.frame == Rect(x: 0, y: 8.5, width: 247, height: 3))
    #expect(large["fill"]?.frame == Rect(x: 0, y: 8.5, width: 123.5, height: 3))
    #expect(large["fill"]?.backgroundColor == .red)
    #expect(large["track"]?.cornerRadius == 1.5)
    #expect(large["fill"]?.cornerRadius == 1.5)
    // The dot does not change size: 5·1.5 = 7.5, in inProgressColor.
    #expect(large["dot"]?.bounds.size == Size(7.5, 7.5))
    #expect(large["dot"]?.backgroundColor == .green)
    // Back to normal: height 1.5 and inProgressColor, but the radius stays a pill, 0.75 (not 0.5).
    let back = timeline.presentation(at: 2)
    #expect(back["track"]?.frame == Rect(x: 0, y: 9.25, width: 247, height: 1.5))
    #expect(back["fill"]?.backgroundColor == .green)
    #expect(back["track"]?.cornerRadius == 0.75)
  }

  @Test func largeBarWithoutCornersOrBarHeight() throws {
    // cornerRadius 0: the corners stay square. barHeight 0: the setter uses 2, so 4 when large.
    let timeline = try S.timeline(
      #"{"at": 1, "call": "setShowLargeBar", "args": {"value": true}}"#,
      style: #""cornerRadius": 0, "barHeight": 0"#)
    let large = timeline.presentation(at: 1)
    #expect(large["track"]?.frame == Rect(x: 0, y: 8, width: 247, height: 4))
    #expect(large["track"]?.cornerRadius == 0)
    #expect(timeline.presentation(at: 0)["track"]?.frame.height == 0)
  }

  @Test func anchorPointVisibilityAndReset() throws {
    let timeline = try S.timeline(
      #"""
      {"at": 0, "call": "setValue", "args": {"value": 0.5}},
      {"at": 1, "call": "setShowAnchorPoint", "args": {"value": true}},
      {"at": 1, "call": "setShowLargeBar", "args": {"value": true}},
      {"at": 2, "call": "reset"}
      """#)
    #expect(timeline.presentation(at: 0.5)["dot"]?.isHidden == true)
    #expect(timeline.presentation(at: 1)["dot"]?.isHidden == false)
    #expect(timeline.dotCenter(at: 1) == Point(123.5, 10))
    // reset: setValue:0, no large bar, no anchor point.
    let state = try #require(timeline.inspection(at: 2)["state"])
    #expect(state["value"] == .number(0))
    #expect(state["showLargeBar"] == .bool(false))
    #expect(state["showAnchorPoint"] == .bool(false))
    #expect(timeline.fillWidth(at: 2) == 0)
    #expect(timeline.presentation(at: 2)["dot"]?.isHidden == true)
  }

  @Test func layersAreTrackFillDotInsideTheBar() throws {
    let bar = try S.timeline("").design(at: 0)
    #expect(bar.layers.names == ["bar", "track", "fill", "dot"])
    #expect(bar.layers["dot"].parent == "bar")
    // The bar's clock stands for CACurrentMediaTime() on a device that has been up a while.
    #expect(bar.layers.localTime(of: "fill", atAbsoluteTime: 1) == CustomizableBar.mediaTimeOrigin + 1)
  }
}
