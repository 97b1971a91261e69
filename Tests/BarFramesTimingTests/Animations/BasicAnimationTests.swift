import BarFramesGraphics
import Testing

@testable import BarFramesTiming

@Suite("CABasicAnimation values (timing.md §3.1)")
struct BasicAnimationTests {
  // from/to/by in every combination, over a model (underlying) value of 3, sampled at the start,
  // the middle and the end. Source: CAAnimation.h table ("All are optional, and no more than two
  // should be non-nil"); wangling.me "CABasicAnimation Value Interpolation" (the missing end is
  // the current model value). When all three are set, byValue is ignored (our choice).
  static let fromToByCases: [(Double?, Double?, Double?, [Double])] = [
    (1, 5, nil, [1, 3, 5]),
    (1, nil, 4, [1, 3, 5]),
    (nil, 5, 4, [1, 3, 5]),
    (1, nil, nil, [1, 2, 3]),
    (nil, 5, nil, [3, 4, 5]),
    (nil, nil, 4, [3, 5, 7]),
    (nil, nil, nil, [3, 3, 3]),
    (1, 5, 100, [1, 3, 5]),
  ]

  @Test(arguments: fromToByCases)
  func fromToBy(from: Double?, to: Double?, by: Double?, expected: [Double]) {
    var animation = BasicAnimation(
      keyPath: "value", from: from.map(AnimatableValue.scalar), to: to.map(AnimatableValue.scalar),
      by: by.map(AnimatableValue.scalar))
    animation.timing = MediaTiming(beginTime: 1, duration: 2, fillMode: .forwards)
    animation.removedOnCompletion = false
    let samples = [1.0, 2.0, 3.0].map { present([.basic(animation)], model: 3, at: $0) }
    #expect(zip(samples, expected).allSatisfy { isClose($0, $1) }, "\(samples)")
  }

  // additive: "the value specified by the animation will be 'added' to the current presentation
  // value" (CAPropertyAnimation.additive docs). Model 10, additive 0 → 5.
  @Test(arguments: [(0.0, 10.0), (0.5, 12.5), (0.999, 14.995)])
  func additive(time: Double, expected: Double) {
    var animation = BasicAnimation(keyPath: "value", from: .scalar(0), to: .scalar(5), isAdditive: true)
    animation.duration = 1
    #expect(isClose(present([.basic(animation)], model: 10, addedAt: 0, at: time), expected))
  }

  // cumulative: "the value at the end of the previous repeat cycle, plus the value of the current
  // repeat cycle" (CAPropertyAnimation.cumulative). timing.md §3.1: 5→10 runs 5…10, 15…20,
  // 25…30. WPT iterationComposite accumulate (0→10, duration 100, 10 iterations): 5 @ 50,
  // 20 @ 200, 25 @ 250.
  static let cumulativeCases: [(Double, Double, Double, Double, Double)] = [
    // from, to, duration, time, expected
    (5, 10, 1, 0.5, 7.5),
    (5, 10, 1, 1.0, 15),
    (5, 10, 1, 1.5, 17.5),
    (5, 10, 1, 2.5, 27.5),
    (5, 10, 1, 3.0, 30),  // the end holds the last cycle's end
    (0, 10, 100, 50, 5),
    (0, 10, 100, 200, 20),
    (0, 10, 100, 250, 25),
  ]

  @Test(arguments: cumulativeCases)
  func cumulative(from: Double, to: Double, duration: Double, time: Double, expected: Double) {
    var animation = BasicAnimation(keyPath: "value", from: .scalar(from), to: .scalar(to), isCumulative: true)
    animation.timing = MediaTiming(
      beginTime: 1e-9, duration: duration, repeatCount: duration == 1 ? 3 : 10, fillMode: .forwards)
    animation.removedOnCompletion = false
    #expect(isClose(present([.basic(animation)], at: time + 1e-9), expected, 1e-6))
  }

  // UIView.animate on iOS ≥ 8 (designs.md §1.3): additive tweens from old − new to 0 with
  // easeInEaseOut; overlapping tweens sum as model − Σ δᵢ·(1 − ease((t − sᵢ)/dᵢ)).
  @Test func overlappingUIKitTweensSum() {
    var random = SplitMix64(seed: 8)
    var stack = LayerAnimations()
    var model = 0.0
    var tweens: [(start: Double, duration: Double, delta: Double)] = []
    for i in 0..<12 {
      let start = 0.3 * Double(i)
      let duration = Double.random(in: 0.5...1.5, using: &random)
      let new = model + Double.random(in: -5...10, using: &random)
      stack.add(
        .basic(
          BasicAnimation.additiveTween(keyPath: "value", from: .scalar(model), to: .scalar(new), duration: duration)),
        forKey: nil, atLayerTime: start)
      tweens.append((start, duration, new - model))
      model = new
    }
    for step in 0...500 {
      let t = Double(step) / 100
      var expected = model
      for tween in tweens where t >= tween.start && t < tween.start + tween.duration {
        expected -= tween.delta * (1 - TimingFunction.easeInEaseOut.value(at: (t - tween.start) / tween.duration))
      }
      let presented = stack.presentedValue(forKeyPath: "value", model: .scalar(model), layerTime: t).number
      #expect(isClose(presented, expected, 1e-9), "t = \(t)")
    }
  }

  // A tween on a transform scale is a ratio easing to 1 (scales concatenate by multiplying).
  @Test func additiveScaleTweenMultiplies() {
    let tween = BasicAnimation.additiveTween(keyPath: "transform.scale", from: .scalar(2), to: .scalar(4), duration: 1)
    #expect(tween.fromValue == .scalar(0.5))
    #expect(tween.toValue == .scalar(1))
    var stack = LayerAnimations()
    stack.add(.basic(tween), forKey: nil, atLayerTime: 1)
    let model = AnimatableValue.transform(.scale(4, 4))
    let start = stack.presentedValue(forKeyPath: "transform", model: model, layerTime: 1)
    #expect(start == .transform(.scale(2, 2)))
  }
}
