import BarFramesGraphics
import Testing

@testable import BarFramesTiming

@Suite("Layer clocks (timing.md §1.2, §1.6)")
struct LayerTimeTreeTests {
  // Apple's convertTime example (CALayer.convertTime(_:from:) docs):
  // offsetSlowMoLayer.timeOffset = 1; speed = 0.5; convertTime(0.5, from: layer) → 1.25.
  // Lockwood's "speed 2 + timeOffset 0.5 skips to the end" contradicts it; Apple wins.
  @Test func applesConvertTimeExample() {
    var tree = LayerTimeTree<String>()
    tree.addLayer("layer")
    tree.addLayer("offsetSlowMoLayer", timing: LayerTiming(speed: 0.5, timeOffset: 1), parent: "layer")
    #expect(tree.convertTime(0.5, from: "layer", to: "offsetSlowMoLayer") == 1.25)
    #expect(tree.convertTime(1.25, from: "offsetSlowMoLayer", to: "layer") == 0.5)
  }

  // Nested speeds compound (Rönnqvist: "speed 3 on a layer with speed 0.5 will run at 1.5 times
  // normal"; Lockwood: beginTime, timeOffset and speed of a layer affect its children).
  // root: begin 1, speed 2; child: begin 0.5, speed 0.5, offset 3; sibling: speed 4.
  static let nestedCases: [(Double, Double, Double)] = [
    // absolute, root local = (T − 1)·2, child local = (root − 0.5)·0.5 + 3
    (1, 0, 2.75),
    (2, 2, 3.75),
    (3.5, 5, 5.25),
  ]

  @Test(arguments: nestedCases)
  func nestedSpeedsCompound(absolute: Double, root: Double, child: Double) {
    var tree = LayerTimeTree<String>()
    tree.addLayer("root", timing: LayerTiming(beginTime: 1, speed: 2))
    tree.addLayer("child", timing: LayerTiming(beginTime: 0.5, speed: 0.5, timeOffset: 3), parent: "root")
    tree.addLayer("sibling", timing: LayerTiming(speed: 4), parent: "root")
    #expect(tree.localTime(of: "root", atAbsoluteTime: absolute) == root)
    #expect(tree.localTime(of: "child", atAbsoluteTime: absolute) == child)
    #expect(tree.convertTime(absolute, from: nil, to: "child") == child)
    #expect(isClose(tree.convertTime(child, from: "child", to: nil)!, absolute))
    #expect(isClose(tree.absoluteTime(of: "child", atLocalTime: child)!, absolute))
    // Between siblings: up through root, down into the sibling.
    #expect(isClose(tree.convertTime(child, from: "child", to: "sibling")!, root * 4))
    // Effective rate: an animation of speed 3 on child runs at 2 · 0.5 · 3 = 3× absolute time.
    let a = tree.localTime(of: "child", atAbsoluteTime: absolute)
    let b = tree.localTime(of: "child", atAbsoluteTime: absolute + 1)
    #expect(isClose((b - a) * 3, 3))
  }

  // A paused layer (speed 0) has no inverse: GNUstep divides by zero here; we return nil.
  @Test func pausedLayerCannotConvertUp() {
    var tree = LayerTimeTree<Int>()
    tree.addLayer(0, timing: LayerTiming(speed: 0, timeOffset: 2))
    #expect(tree.convertTime(5, from: 0, to: nil) == nil)
    #expect(tree.convertTime(5, from: nil, to: 0) == 2)
  }

  // QA1673 pause/resume: the layer time is continuous across both steps; at resume time T_r
  // (T_r − (T_r − paused))·1 + 0 = paused.
  static let pauseCases: [(Double, Double, Double, Double)] = [
    // pause at, resume at, sample at, expected local time
    (2, 5, 1, 1),
    (2, 5, 2, 2),
    (2, 5, 4, 2),
    (2, 5, 5, 2),
    (2, 5, 6, 3),
    (11, 13, 14.5, 12.5),  // the example events
  ]

  @Test(arguments: pauseCases)
  func pauseResumeQA1673(pauseAt: Double, resumeAt: Double, sampleAt: Double, local: Double) {
    var tree = LayerTimeTree<String>()
    tree.addLayer("bar")
    if sampleAt >= pauseAt { tree.pause("bar", atAbsoluteTime: pauseAt) }
    if sampleAt >= resumeAt { tree.resume("bar", atAbsoluteTime: resumeAt) }
    #expect(isClose(tree.localTime(of: "bar", atAbsoluteTime: sampleAt), local))
  }

  // A paused sublayer under a running parent: QA1673 converts from absolute time, so the
  // pause is exact even under a parent with its own speed.
  @Test func pauseUnderAFastParent() {
    var tree = LayerTimeTree<String>()
    tree.addLayer("root", timing: LayerTiming(speed: 2))
    tree.addLayer("bar", parent: "root")
    tree.pause("bar", atAbsoluteTime: 3)
    #expect(tree.localTime(of: "bar", atAbsoluteTime: 10) == 6)
    tree.resume("bar", atAbsoluteTime: 10)
    #expect(isClose(tree.localTime(of: "bar", atAbsoluteTime: 10), 6))
    #expect(isClose(tree.localTime(of: "bar", atAbsoluteTime: 11), 8))
  }

  // BNCommonProgressBar resetLayer: speed = 1; timeOffset = 0; beginTime = convertTime(now);
  // the local clock returns to the old beginTime (0) and in-flight tweens move to the future.
  @Test func bnResetPushesTweensIntoTheFuture() {
    var tree = LayerTimeTree<String>()
    tree.addLayer("dot")
    var stack = LayerAnimations()
    let tween = BasicAnimation.additiveTween(keyPath: "position.x", from: .scalar(0), to: .scalar(100), duration: 1)
    stack.add(.basic(tween), forKey: nil, atLayerTime: tree.localTime(of: "dot", atAbsoluteTime: 5))
    tree.pause("dot", atAbsoluteTime: 5.5)
    let model = AnimatableValue.point(Point(100, 0))
    let paused = stack.presentedValue(
      forKeyPath: "position", model: model, layerTime: tree.localTime(of: "dot", atAbsoluteTime: 7))
    #expect(isClose(paused.pointValue!.x, 50, 1e-9))  // easeInEaseOut(0.5) = 0.5
    tree.reset("dot", atAbsoluteTime: 7)
    #expect(tree.localTime(of: "dot", atAbsoluteTime: 7) == 0)
    #expect(tree["dot"].speed == 1 && tree["dot"].timeOffset == 0)
    let after = stack.presentedValue(
      forKeyPath: "position", model: model, layerTime: tree.localTime(of: "dot", atAbsoluteTime: 7.2))
    #expect(after == model)  // the tween (begin 5) lies in the layer's future
  }

  // Scrubbing (Rönnqvist's slider, Lockwood's manual animation): speed 0, timeOffset drives the
  // progress of a 1 s animation; at exactly 1.0 it is over and removed, so Lockwood clamps to
  // 0.999.
  static let scrubCases: [(Double, Double)] = [(0, 0), (0.25, 25), (0.5, 50), (0.999, 99.9), (1.0, -1)]

  @Test(arguments: scrubCases)
  func scrubbing(offset: Double, value: Double) {
    var tree = LayerTimeTree<String>()
    tree.addLayer("layer")
    var stack = LayerAnimations()
    var animation = BasicAnimation(keyPath: "value", from: .scalar(0), to: .scalar(100))
    animation.duration = 1
    animation.beginTime = 1e-9  // not 0, so it is not replaced by "now" (AVCoreAnimationBeginTimeAtZero)
    tree.scrub("layer", toLocalTime: offset + 1e-9)
    stack.add(.basic(animation), forKey: "a", atLayerTime: 0)
    let time = tree.localTime(of: "layer", atAbsoluteTime: 42)
    let presented = stack.presentedValue(forKeyPath: "value", model: .scalar(-1), layerTime: time).number
    #expect(isClose(presented, value, 1e-6))
  }

  // Property test: presented values are continuous across QA1673 pause and resume, for random
  // pause/resume times over an eased, repeating, autoreversing animation plus additive tweens.
  @Test func presentedValuesAreContinuousAcrossPauseAndResume() {
    var random = SplitMix64(seed: 0x5EED_1673)
    var stack = LayerAnimations()
    var wave = BasicAnimation(keyPath: "position.y", from: .scalar(-20), to: .scalar(30))
    wave.timing = MediaTiming(beginTime: 0.3, duration: 0.7, repeatCount: .infinity, autoreverses: true)
    wave.timingFunction = .easeInEaseOut
    stack.add(.basic(wave), forKey: "wave", atLayerTime: 0)
    for i in 0..<5 {
      let tween = BasicAnimation.additiveTween(
        keyPath: "position.x", from: .scalar(Double(i) * 10), to: .scalar(Double(i + 1) * 10), duration: 1,
        beginTime: 0.3 * Double(i + 1))
      stack.add(.basic(tween), forKey: nil, atLayerTime: 0)
    }
    let model = AnimatableValue.point(Point(50, 0))
    func present(_ tree: LayerTimeTree<Int>, _ t: Double) -> Point {
      stack.presentedValue(forKeyPath: "position", model: model, layerTime: tree.localTime(of: 1, atAbsoluteTime: t))
        .pointValue!
    }
    for _ in 0..<200 {
      let pauseAt = Double.random(in: 0...4, using: &random)
      let resumeAt = pauseAt + Double.random(in: 0...3, using: &random)
      var running = LayerTimeTree<Int>()
      running.addLayer(0, timing: LayerTiming(beginTime: Double.random(in: -1...1, using: &random), speed: 1.5))
      running.addLayer(1, parent: 0)
      var paused = running
      paused.pause(1, atAbsoluteTime: pauseAt)
      var resumed = paused
      resumed.resume(1, atAbsoluteTime: resumeAt)

      let atPause = present(running, pauseAt)
      let frozen = present(paused, pauseAt)
      #expect(isClose(atPause.x, frozen.x, 1e-9) && isClose(atPause.y, frozen.y, 1e-9))
      let during = present(paused, (pauseAt + resumeAt) / 2)
      #expect(during == frozen)
      let atResume = present(resumed, resumeAt)
      #expect(isClose(atResume.x, frozen.x, 1e-9) && isClose(atResume.y, frozen.y, 1e-9))
      // Just after resuming the layer runs on: a small step moves the value only a little.
      let later = present(resumed, resumeAt + 1e-6)
      #expect(abs(later.x - atResume.x) < 1e-3 && abs(later.y - atResume.y) < 1e-3)
    }
  }
}
