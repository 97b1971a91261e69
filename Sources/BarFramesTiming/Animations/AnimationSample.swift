/// The state of one animation (or group child) at one time: what the probe command prints.
public struct AnimationSample: Hashable, Sendable {
  /// The animation's key path; nil for a group.
  public var keyPath: AnimationKeyPath?
  /// 0 for an animation added to the layer, 1 for its children, and so on.
  public var depth: Int
  /// Where the time falls relative to the animation's active window.
  public var phase: TimingPhase
  /// Whether the animation contributes to the presented value.
  public var isApplied: Bool
  /// The basic local time ÷ duration, when applied.
  public var progress: Double?
  /// The timing function's output for ``progress``, when applied.
  public var eased: Double?
  /// The value this animation writes (its sub-component for a sub-key path), when applied
  /// to the queried property.
  public var value: AnimatableValue?
  /// The path rotation in radians, for a path keyframe animation with a rotation mode.
  public var rotation: Double?

  public init(
    keyPath: AnimationKeyPath?, depth: Int, phase: TimingPhase, isApplied: Bool, progress: Double? = nil,
    eased: Double? = nil, value: AnimatableValue? = nil, rotation: Double? = nil
  ) {
    self.keyPath = keyPath
    self.depth = depth
    self.phase = phase
    self.isApplied = isApplied
    self.progress = progress
    self.eased = eased
    self.value = value
    self.rotation = rotation
  }
}

/// A presented value together with the per-animation states that produced it.
public struct PresentationSample: Hashable, Sendable {
  /// The model value with every applicable animation composited, in the order added.
  public var value: AnimatableValue
  /// The rotation of the last applied path animation with a rotation mode, if any.
  public var rotation: Double?
  /// One entry per animation and group child, in order, children after their group.
  public var animations: [AnimationSample]
}
