/// Composites animations onto one property's value at one layer time.
struct AnimationEvaluator {
  let property: AnimationKeyPath
  var value: AnimatableValue
  var rotation: Double?
  var samples: [AnimationSample] = []
  let recordsSamples: Bool

  init(property: AnimationKeyPath, model: AnimatableValue, recordsSamples: Bool) {
    self.property = property
    value = model
    self.recordsSamples = recordsSamples
  }

  /// Applies an animation added to the layer (its timing already resolved by `add`).
  mutating func applyTopLevel(_ animation: Animation, layerTime: Double) {
    apply(
      animation, parentTime: layerTime, parentPhase: .active, isTopLevel: true,
      inheritedDuration: MediaTiming.defaultDuration, depth: 0)
  }

  /// - Parameter parentTime: The parent's time, or nil when the parent group is not in
  ///   effect (then nothing below applies and the children report the group's phase).
  private mutating func apply(
    _ animation: Animation, parentTime: Double?, parentPhase: TimingPhase, isTopLevel: Bool,
    inheritedDuration: Double, depth: Int
  ) {
    var timing = animation.timing
    if !(timing.duration > 0) { timing.duration = inheritedDuration }
    guard let parentTime else {
      record(AnimationSample(keyPath: animation.keyPath, depth: depth, phase: parentPhase, isApplied: false))
      if case .group(let g) = animation {
        for child in g.animations {
          apply(
            child, parentTime: nil, parentPhase: parentPhase, isTopLevel: false,
            inheritedDuration: timing.duration, depth: depth + 1)
        }
      }
      return
    }
    var state = timing.state(atParentTime: parentTime)
    if !isTopLevel, parentPhase == .after, state.phase == .after, !state.isInEffect,
      (parentTime - timing.beginTime) * timing.speed == timing.activeDuration
    {
      // A group filling forwards holds its children at its end time; a child that ends exactly
      // there (a duration-0 child, or one as long as the group) holds its end too, as the
      // download bar's ready group relies on (docs/timing-model.md, §5.6).
      state.isInEffect = true
    }
    let removed = isTopLevel && animation.removedOnCompletion && state.phase == .after
    let applied = state.isInEffect && !removed

    switch animation {
    case .group(let group):
      let eased = group.timingFunction.value(at: state.progress)
      record(
        AnimationSample(
          keyPath: nil, depth: depth, phase: state.phase, isApplied: applied,
          progress: applied ? state.progress : nil, eased: applied ? eased : nil))
      let childTime = applied ? eased * timing.duration : nil
      for child in group.animations {
        apply(
          child, parentTime: childTime, parentPhase: state.phase, isTopLevel: false,
          inheritedDuration: timing.duration, depth: depth + 1)
      }

    case .basic(let basic):
      var sample = AnimationSample(keyPath: basic.keyPath, depth: depth, phase: state.phase, isApplied: applied)
      if applied {
        let eased = basic.timingFunction.value(at: state.progress)
        sample.progress = state.progress
        sample.eased = eased
        if let (relative, underlying) = target(basic.keyPath) {
          let result = basic.value(eased: eased, completedCycles: state.completedCycles, underlying: underlying)
          write(result, at: relative)
          sample.value = result
        }
      }
      record(sample)

    case .keyframe(let keyframe):
      var sample = AnimationSample(keyPath: keyframe.keyPath, depth: depth, phase: state.phase, isApplied: applied)
      if applied {
        let eased = keyframe.eased(progress: state.progress)
        sample.progress = state.progress
        sample.eased = eased
        if let (relative, underlying) = target(keyframe.keyPath),
          let result = keyframe.value(eased: eased, completedCycles: state.completedCycles, underlying: underlying)
        {
          write(result.value, at: relative)
          sample.value = result.value
          sample.rotation = result.rotation
          if let angle = result.rotation { rotation = angle }
        }
      }
      record(sample)
    }
  }

  /// The components below the queried property and the underlying value there, when the
  /// animation's key path is the property or one of its sub-components.
  private func target(_ keyPath: AnimationKeyPath) -> (ArraySlice<String>, AnimatableValue)? {
    guard let relative = keyPath.components(below: property),
      let underlying = value.component(at: relative)
    else { return nil }
    return (relative, underlying)
  }

  private mutating func write(_ newValue: AnimatableValue, at relative: ArraySlice<String>) {
    if let updated = value.replacingComponent(at: relative, with: newValue) { value = updated }
  }

  private mutating func record(_ sample: AnimationSample) {
    if recordsSamples { samples.append(sample) }
  }
}
