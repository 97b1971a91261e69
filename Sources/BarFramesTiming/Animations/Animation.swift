/// The properties every Core Animation animation has: its ``MediaTiming``, a timing function
/// and `removedOnCompletion`. The extension forwards the timing properties so they read as
/// on `CAAnimation` (`animation.duration = 0.3`).
public protocol TimedAnimation: Sendable {
  /// The `CAMediaTiming` properties.
  var timing: MediaTiming { get set }
  /// The pacing of each pass; Core Animation's `nil` is ``TimingFunction/linear``.
  var timingFunction: TimingFunction { get set }
  /// Whether a top-level animation stops applying once its active duration has passed.
  /// Ignored for group children, as in Core Animation.
  var removedOnCompletion: Bool { get set }
}

extension TimedAnimation {
  public var beginTime: Double {
    get { timing.beginTime }
    set { timing.beginTime = newValue }
  }
  public var duration: Double {
    get { timing.duration }
    set { timing.duration = newValue }
  }
  public var speed: Double {
    get { timing.speed }
    set { timing.speed = newValue }
  }
  public var timeOffset: Double {
    get { timing.timeOffset }
    set { timing.timeOffset = newValue }
  }
  public var repeatCount: Double {
    get { timing.repeatCount }
    set { timing.repeatCount = newValue }
  }
  public var repeatDuration: Double {
    get { timing.repeatDuration }
    set { timing.repeatDuration = newValue }
  }
  public var autoreverses: Bool {
    get { timing.autoreverses }
    set { timing.autoreverses = newValue }
  }
  public var fillMode: FillMode {
    get { timing.fillMode }
    set { timing.fillMode = newValue }
  }
}

/// Any Core Animation animation: basic, keyframe or group, as a value.
///
/// ```swift
/// var fade = BasicAnimation(keyPath: "opacity", from: .scalar(1), to: .scalar(0))
/// fade.duration = 0.5
/// var stack = LayerAnimations()
/// stack.add(.basic(fade), forKey: "fade", atLayerTime: 10)
/// stack.presentedValue(forKeyPath: "opacity", model: .scalar(1), layerTime: 10.25)  // 0.5
/// ```
public indirect enum Animation: Hashable, Sendable {
  case basic(BasicAnimation)
  case keyframe(KeyframeAnimation)
  case group(AnimationGroup)

  /// The animation's timing.
  public var timing: MediaTiming {
    get {
      switch self {
      case .basic(let a): a.timing
      case .keyframe(let a): a.timing
      case .group(let a): a.timing
      }
    }
    set {
      switch self {
      case .basic(var a):
        a.timing = newValue
        self = .basic(a)
      case .keyframe(var a):
        a.timing = newValue
        self = .keyframe(a)
      case .group(var a):
        a.timing = newValue
        self = .group(a)
      }
    }
  }

  /// The animation's timing function.
  public var timingFunction: TimingFunction {
    switch self {
    case .basic(let a): a.timingFunction
    case .keyframe(let a): a.timingFunction
    case .group(let a): a.timingFunction
    }
  }

  /// Whether a top-level animation stops applying after its active duration.
  public var removedOnCompletion: Bool {
    switch self {
    case .basic(let a): a.removedOnCompletion
    case .keyframe(let a): a.removedOnCompletion
    case .group(let a): a.removedOnCompletion
    }
  }

  /// The key path a basic or keyframe animation animates; nil for a group.
  public var keyPath: AnimationKeyPath? {
    switch self {
    case .basic(let a): a.keyPath
    case .keyframe(let a): a.keyPath
    case .group: nil
    }
  }

  /// Every key path animated, including those of group children, in order.
  public var keyPaths: [AnimationKeyPath] {
    switch self {
    case .basic(let a): [a.keyPath]
    case .keyframe(let a): [a.keyPath]
    case .group(let g): g.animations.flatMap(\.keyPaths)
    }
  }

  /// The animation followed by its children, depth first (the order probe output lists).
  public var flattened: [Animation] {
    if case .group(let g) = self { return [self] + g.animations.flatMap(\.flattened) }
    return [self]
  }
}
