/// The one time arithmetic of BarFrames: every time at which a scene is sampled or changes —
/// event times (repetitions included), key times, internal timers, `--at`, `--frame`,
/// `--progress`, shard and frame sampling, goldens, `inspect` — is snapped to whole
/// microseconds by ``canonical(_:)`` before it is compared or evaluated.
///
/// Without it, two paths to "the same" time disagree on which side of an event they fall:
/// 0.75 × 5.6 s is 4.199999999999999 and 3.1 + 11 × 0.1 is 4.2 in binary floating point, so a
/// golden at the 75 % key time missed the `setProgress` that `still --at 4.2` showed. Snapped,
/// both are exactly the double nearest 4.2, the number a person types.
///
/// **At a boundary the event wins:** an event at *t* has happened at *t* — the frame at *t*
/// shows its effect, as a `UIView` redrawn after the call in the same run-loop turn would.
/// Two times closer than half a microsecond are the same time.
///
/// ```swift
/// SceneTime.canonical(0.75 * 5.6)      // 4.2
/// SceneTime.canonical(3.1 + 11 * 0.1)  // 4.2
/// SceneTime.frameTime(start: 0, index: 1, rate: (60, 1))  // 0.016667
/// ```
public enum SceneTime {
  /// The grid every time is snapped to.
  public static let ticksPerSecond = 1_000_000.0

  /// `seconds` rounded to the nearest microsecond (half away from zero); infinities and NaN
  /// pass through unchanged (input validation refuses them before they get here).
  public static func canonical(_ seconds: Double) -> Double {
    guard seconds.isFinite else { return seconds }
    let ticks = (seconds * ticksPerSecond).rounded()
    return ticks == 0 ? 0 : ticks / ticksPerSecond
  }

  /// The time of frame `index` of a sequence starting at `start` at `numerator / denominator`
  /// frames per second: `start + index · denominator / numerator`, computed from the index
  /// (never accumulated), capped at `start + span`, and snapped.
  public static func frameTime(
    start: Double, index: Int, numerator: Int, denominator: Int, span: Double = .infinity
  ) -> Double {
    let offset = Double(index) * Double(denominator) / Double(numerator)
    return canonical(start + min(offset, span))
  }

  /// The time at fraction `progress` of `duration`; 1 is exactly the duration.
  public static func time(atProgress progress: Double, of duration: Double) -> Double {
    progress == 1 ? canonical(duration) : canonical(progress * duration)
  }
}
