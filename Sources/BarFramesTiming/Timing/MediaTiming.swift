/// What an animation does outside its active duration, as `CAMediaTimingFillMode`.
///
/// The raw values are the spellings probe files and style files use.
public enum FillMode: String, Hashable, Sendable, CaseIterable, Codable {
  /// The animation has no effect outside its active duration (Core Animation's default).
  case removed
  /// After the active duration the animation holds its final value.
  case forwards
  /// Before the active duration the animation shows its first value.
  case backwards
  /// Both ``forwards`` and ``backwards``.
  case both

  /// Whether the fill covers the time before the animation begins.
  public var fillsBackwards: Bool { self == .backwards || self == .both }
  /// Whether the fill covers the time after the animation ends.
  public var fillsForwards: Bool { self == .forwards || self == .both }
}

/// Where a parent time falls relative to an animation's active duration.
public enum TimingPhase: String, Hashable, Sendable, CaseIterable, Codable {
  case before
  case active
  case after
}

/// The timing properties of `CAMediaTiming`, with Core Animation's defaults.
///
/// A parent time `tp` maps to the animation's time in two stages (timing.md §1.2–1.3):
/// the *active* time `τ = (tp − beginTime)·speed` decides the phase, then
/// `τ + timeOffset` is folded into one forward (and, with ``autoreverses``, one backward) pass
/// of ``duration``. `timeOffset` therefore wraps inside the cycle and never moves the active
/// window (Rönnqvist and Lockwood measured this).
///
/// ```swift
/// var timing = MediaTiming(duration: 2, repeatCount: 1.5)
/// timing.fillMode = .forwards
/// timing.state(atParentTime: 3).progress  // 0.5, held at the end of the half cycle
/// ```
public struct MediaTiming: Hashable, Sendable {
  /// The start, in the parent's time space. For an animation added to a layer, 0 means
  /// "the layer's time when added" (see ``LayerAnimations/add(_:forKey:atLayerTime:)``).
  public var beginTime: Double
  /// One forward pass, in seconds. 0 means 0.25 s for a top-level animation and the
  /// group's duration for a group child.
  public var duration: Double
  /// The rate of this object's time relative to its parent's (`Float` in Core Animation).
  public var speed: Double
  /// An offset added to the active time; it shifts the position inside the cycle.
  public var timeOffset: Double
  /// How many cycles play; may be fractional; 0 means once; `.infinity` (or
  /// `Float.greatestFiniteMagnitude`, Core Animation's idiom) repeats forever.
  public var repeatCount: Double
  /// The total active time; 0 means "use ``repeatCount``". Takes precedence when both are set
  /// (Core Animation calls that combination undefined).
  public var repeatDuration: Double
  /// Whether each cycle plays forwards then backwards (one repeat = both legs).
  public var autoreverses: Bool
  /// What shows outside the active duration.
  public var fillMode: FillMode

  /// Core Animation's duration for an animation added with `duration == 0`.
  public static let defaultDuration = 0.25

  public init(
    beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
    repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
    fillMode: FillMode = .removed
  ) {
    self.beginTime = beginTime
    self.duration = duration
    self.speed = speed
    self.timeOffset = timeOffset
    self.repeatCount = repeatCount
    self.repeatDuration = repeatDuration
    self.autoreverses = autoreverses
    self.fillMode = fillMode
  }

  /// Whether ``repeatCount`` means "for ever" (`.infinity` or `Float.greatestFiniteMagnitude`).
  public var repeatsForever: Bool {
    repeatCount >= Double(Float.greatestFiniteMagnitude)
  }

  /// The duration of one cycle: twice ``duration`` when autoreversing.
  public var cycleDuration: Double { autoreverses ? 2 * duration : duration }

  /// The length of the active window in active (speed-scaled) time; may be `.infinity`.
  ///
  /// `repeatDuration` when positive, else `max(repeatCount, 1 if 0) × cycleDuration`.
  public var activeDuration: Double {
    if repeatDuration > 0 { return repeatDuration }
    if repeatsForever { return .infinity }
    let count = repeatCount > 0 ? repeatCount : 1
    return count * cycleDuration
  }

  /// The parent time at which the active window ends, or nil when it never ends in the
  /// parent's forward direction (infinite repeat, or speed ≤ 0).
  public var parentEndTime: Double? {
    let a = activeDuration
    guard a.isFinite, speed > 0 else { return nil }
    return beginTime + a / speed
  }

  /// The copy Core Animation keeps when the animation is added at layer time `now`:
  /// `beginTime` 0 becomes `now` and `duration` 0 (or less) becomes 0.25 s.
  public func resolvedForAdding(atLayerTime now: Double) -> MediaTiming {
    var copy = self
    if copy.beginTime == 0 { copy.beginTime = now }
    if !(copy.duration > 0) { copy.duration = MediaTiming.defaultDuration }
    return copy
  }

  /// Samples the timing at a time in the parent's time space (timing.md §1.3).
  ///
  /// The phase is decided on `τ = (tp − beginTime)·speed` alone; `timeOffset` only moves the
  /// position inside the cycle. At the exact end of the active window the end of the last
  /// cycle is held (progress 1, or 0 after an integral number of autoreversing cycles), not
  /// the start of a new one. The returned state ignores `removedOnCompletion`, which belongs
  /// to the animation, not the timing.
  public func state(atParentTime parentTime: Double) -> TimingState {
    let d = duration
    let active = activeDuration
    var tau = (parentTime - beginTime) * speed
    let phase: TimingPhase
    if tau < 0 {
      phase = .before
      tau = 0
    } else if tau >= active {
      phase = .after
      tau = active
    } else {
      phase = .active
    }
    let inEffect: Bool =
      switch phase {
      case .before: fillMode.fillsBackwards
      case .active: true
      case .after: fillMode.fillsForwards
      }
    let t = tau + timeOffset
    guard d > 0, d.isFinite, t.isFinite else {
      // An infinite basic duration never wraps; a zero one has no interior.
      let basic = d > 0 ? t : 0
      return TimingState(
        phase: phase, isInEffect: inEffect, activeTime: tau, basicTime: basic,
        progress: d > 0 && d.isFinite ? basic / d : 0, completedCycles: 0)
    }
    let cycle = cycleDuration
    var cycles = (t / cycle).rounded(.down)
    var u = t - cycles * cycle
    // Float noise can land a tiny negative t exactly on `cycle`; fold it back.
    if u >= cycle {
      u -= cycle
      cycles += 1
    }
    if u < 0 {
      u += cycle
      cycles -= 1
    }
    if u == 0, phase == .after, active > 0, t > 0 {
      // Hold the end of the last cycle rather than starting a new one (WPT, Chromium).
      u = cycle
      cycles -= 1
    }
    let basic = (autoreverses && u > d) ? 2 * d - u : u
    return TimingState(
      phase: phase, isInEffect: inEffect, activeTime: tau, basicTime: basic,
      progress: basic / d, completedCycles: cycles)
  }
}

/// A ``MediaTiming`` sampled at one parent time.
public struct TimingState: Hashable, Sendable {
  /// Before, inside or after the active window.
  public var phase: TimingPhase
  /// Whether the object shows at all: active, or filling per its fill mode.
  public var isInEffect: Bool
  /// The active time `τ`, clamped to the active window.
  public var activeTime: Double
  /// The time inside the current pass, 0…duration, after the autoreverse mirror.
  public var basicTime: Double
  /// ``basicTime`` ÷ duration, 0…1: the input of the timing function.
  public var progress: Double
  /// How many whole cycles lie before the current one (for `cumulative`).
  public var completedCycles: Double

  public init(
    phase: TimingPhase, isInEffect: Bool, activeTime: Double, basicTime: Double, progress: Double,
    completedCycles: Double
  ) {
    self.phase = phase
    self.isInEffect = isInEffect
    self.activeTime = activeTime
    self.basicTime = basicTime
    self.progress = progress
    self.completedCycles = completedCycles
  }
}
