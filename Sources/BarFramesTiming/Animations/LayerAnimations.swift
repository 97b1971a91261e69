/// The animations attached to one layer, keyed and in the order they were added, as
/// `CALayer.add(_:forKey:)` keeps them; and the presented values they produce.
///
/// Presentation starts from the model value and applies, in the order added, every animation
/// (or group child) whose key path is the queried property or a sub-component of it
/// (`position.y` under `position`, `transform.rotation.z` under `transform`). Query at the
/// property level: an animation on a *wider* key path (`position` when asking for
/// `position.y`) is not applied to the narrower query. A non-additive animation replaces the
/// value (or its sub-component) while it applies; an additive one adds to it. Missing
/// from/to values resolve against the underlying value at the sampled time.
///
/// ```swift
/// var layer = LayerAnimations()
/// var move = BasicAnimation(keyPath: "position.x", to: .scalar(100))
/// move.duration = 1
/// layer.add(.basic(move), forKey: "move", atLayerTime: 0)
/// layer.presentedValue(forKeyPath: "position", model: .point(Point(0, 5)), layerTime: 0.5)
/// // .point((50, 5))
/// ```
public struct LayerAnimations: Hashable, Sendable {
  /// One attached animation.
  public struct Entry: Hashable, Sendable {
    /// The key it was added under; nil for an unkeyed animation.
    public var key: String?
    /// The copy kept at add time, with `beginTime` and `duration` resolved.
    public var animation: Animation
  }

  /// The attached animations, in the order they were added.
  public private(set) var entries: [Entry] = []

  public init() {}

  /// Whether no animation is attached.
  public var isEmpty: Bool { entries.isEmpty }

  /// The keys in the order their animations were added.
  public var keys: [String] { entries.compactMap(\.key) }

  /// The animation added under `key` (its resolved copy).
  public func animation(forKey key: String) -> Animation? {
    entries.first { $0.key == key }?.animation
  }

  /// Attaches a copy of `animation`, as `CALayer.add(_:forKey:)` at layer time `now`.
  ///
  /// The copy gets `beginTime = now` when its `beginTime` is 0 and a duration of 0.25 s when
  /// its duration is 0 (group children keep theirs). An animation already under `key` is
  /// removed first, so the new one goes to the end of the order.
  public mutating func add(_ animation: Animation, forKey key: String?, atLayerTime now: Double) {
    var copy = animation
    copy.timing = animation.timing.resolvedForAdding(atLayerTime: now)
    if let key { removeAnimation(forKey: key) }
    entries.append(Entry(key: key, animation: copy))
  }

  /// Detaches the animation under `key`, if any.
  public mutating func removeAnimation(forKey key: String) {
    entries.removeAll { $0.key == key }
  }

  /// Detaches every animation (`removeAllAnimations`).
  public mutating func removeAll() {
    entries.removeAll()
  }

  /// The presented value of a property at a layer time: the model value with every
  /// applicable animation composited in the order added.
  /// - Parameters:
  ///   - keyPath: The property, e.g. `position`, `transform`, `bounds`, `opacity`.
  ///   - model: The property's model value (animations never change it).
  ///   - layerTime: The layer's local time.
  public func presentedValue(forKeyPath keyPath: AnimationKeyPath, model: AnimatableValue, layerTime: Double)
    -> AnimatableValue
  {
    evaluate(keyPath, model: model, layerTime: layerTime, recordsSamples: false).value
  }

  /// The presented value together with every animation's state, for diagnostics and probes.
  public func presentation(forKeyPath keyPath: AnimationKeyPath, model: AnimatableValue, layerTime: Double)
    -> PresentationSample
  {
    evaluate(keyPath, model: model, layerTime: layerTime, recordsSamples: true)
  }

  /// The extra z rotation of the last applied path animation with a rotation mode on the
  /// property (normally `position`), or nil when none applies.
  public func pathRotation(forKeyPath keyPath: AnimationKeyPath, model: AnimatableValue, layerTime: Double) -> Double? {
    evaluate(keyPath, model: model, layerTime: layerTime, recordsSamples: false).rotation
  }

  /// Whether any animation is in its active window at `layerTime`.
  public func isRunning(atLayerTime layerTime: Double) -> Bool {
    entries.contains { $0.animation.timing.state(atParentTime: layerTime).phase == .active }
  }

  /// Whether any animation still affects the presentation at `layerTime`: running, or
  /// filling (backwards before it starts; forwards after it ends when not removed on
  /// completion).
  public func hasEffect(atLayerTime layerTime: Double) -> Bool {
    entries.contains { entry in
      let state = entry.animation.timing.state(atParentTime: layerTime)
      return state.isInEffect && !(state.phase == .after && entry.animation.removedOnCompletion)
    }
  }

  /// The latest layer time at which an animation's active window ends, or nil when one never
  /// ends (infinite repeat, or speed ≤ 0); after it only fills show.
  public var activeEndTime: Double? {
    var end = -Double.infinity
    for entry in entries {
      guard let e = entry.animation.timing.parentEndTime else { return nil }
      end = max(end, e)
    }
    return end
  }

  private func evaluate(_ keyPath: AnimationKeyPath, model: AnimatableValue, layerTime: Double, recordsSamples: Bool)
    -> PresentationSample
  {
    var evaluator = AnimationEvaluator(property: keyPath, model: model, recordsSamples: recordsSamples)
    for entry in entries {
      evaluator.applyTopLevel(entry.animation, layerTime: layerTime)
    }
    return PresentationSample(value: evaluator.value, rotation: evaluator.rotation, animations: evaluator.samples)
  }
}
