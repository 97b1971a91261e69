/// `CABasicAnimation`: one key path from a value to a value.
///
/// At most two of `fromValue`, `toValue` and `byValue` should be set (timing.md §3.1). A
/// missing end resolves against the *underlying* value: the model value composited with the
/// animations added earlier on the same key path, at the sampled time. That is how a
/// `toValue`-only animation starts from the value an earlier forwards-filled animation holds.
/// For an additive animation a missing end is the additive identity instead, because its
/// result is added to the underlying value anyway. When all three are set, `byValue` is
/// ignored.
public struct BasicAnimation: TimedAnimation, Hashable {
  /// The animated key path, e.g. `position.y` or `transform.rotation.z`.
  public var keyPath: AnimationKeyPath
  public var timing: MediaTiming
  public var timingFunction: TimingFunction
  public var removedOnCompletion: Bool
  public var fromValue: AnimatableValue?
  public var toValue: AnimatableValue?
  public var byValue: AnimatableValue?
  /// Whether the value is added to the underlying value instead of replacing it.
  public var isAdditive: Bool
  /// Whether each repeat builds on the end value of the previous ones.
  public var isCumulative: Bool

  public init(
    keyPath: AnimationKeyPath, from fromValue: AnimatableValue? = nil, to toValue: AnimatableValue? = nil,
    by byValue: AnimatableValue? = nil, timing: MediaTiming = MediaTiming(),
    timingFunction: TimingFunction = .linear, removedOnCompletion: Bool = true,
    isAdditive: Bool = false, isCumulative: Bool = false
  ) {
    self.keyPath = keyPath
    self.fromValue = fromValue
    self.toValue = toValue
    self.byValue = byValue
    self.timing = timing
    self.timingFunction = timingFunction
    self.removedOnCompletion = removedOnCompletion
    self.isAdditive = isAdditive
    self.isCumulative = isCumulative
  }

  /// The interpolation's ends for an underlying value, per the from/to/by table of
  /// `CABasicAnimation`.
  public func resolvedEnds(underlying: AnimatableValue) -> (from: AnimatableValue, to: AnimatableValue) {
    let algebra = ValueAlgebra(keyPath: keyPath)
    let base = isAdditive ? algebra.identity(like: underlying) : underlying
    switch (fromValue, toValue, byValue) {
    case (let from?, let to?, _): return (from, to)
    case (let from?, nil, let by?): return (from, algebra.add(from, by))
    case (nil, let to?, let by?): return (algebra.subtract(to, by), to)
    case (let from?, nil, nil): return (from, base)
    case (nil, let to?, nil): return (base, to)
    case (nil, nil, let by?): return (base, algebra.add(base, by))
    case (nil, nil, nil): return (base, base)
    }
  }

  /// The animation's value at eased progress `eased` in cycle `completedCycles`, over the
  /// underlying value (additive and cumulative applied).
  public func value(eased: Double, completedCycles: Double, underlying: AnimatableValue) -> AnimatableValue {
    let algebra = ValueAlgebra(keyPath: keyPath)
    let (from, to) = resolvedEnds(underlying: underlying)
    var value = from.interpolated(to: to, fraction: eased)
    if isCumulative, completedCycles > 0 {
      value = algebra.add(algebra.repeated(to, completedCycles), value)
    }
    if isAdditive { value = algebra.add(underlying, value) }
    return value
  }
}

extension BasicAnimation {
  /// A UIKit-style additive tween (`UIView.animate` on iOS ≥ 8): the model jumps to `new`
  /// and this animation adds `old − new` easing to zero, so overlapping tweens sum and each
  /// starts smoothly from wherever the property is presented.
  ///
  /// With tweens i starting at sᵢ for dᵢ seconds, the presented value is
  /// `model − Σ δᵢ·(1 − ease((t − sᵢ)/dᵢ))` where δᵢ = newᵢ − oldᵢ. For transform scales the
  /// difference is a ratio and the zero is 1.
  /// - Parameters:
  ///   - keyPath: The animated property.
  ///   - old: The model value before the change.
  ///   - new: The model value after the change (set it on the model yourself).
  ///   - duration: The tween's length.
  ///   - beginTime: 0 for "when added".
  ///   - timingFunction: `easeInEaseOut`, UIKit's default curve.
  public static func additiveTween(
    keyPath: AnimationKeyPath, from old: AnimatableValue, to new: AnimatableValue, duration: Double,
    beginTime: Double = 0, timingFunction: TimingFunction = .easeInEaseOut
  ) -> BasicAnimation {
    let algebra = ValueAlgebra(keyPath: keyPath)
    let delta = algebra.subtract(old, new)
    return BasicAnimation(
      keyPath: keyPath, from: delta, to: algebra.identity(like: delta),
      timing: MediaTiming(beginTime: beginTime, duration: duration), timingFunction: timingFunction,
      isAdditive: true)
  }
}
