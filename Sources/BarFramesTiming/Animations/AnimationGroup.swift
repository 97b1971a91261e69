/// `CAAnimationGroup`: children that run together in the group's time.
///
/// A child's parent time is the group's basic local time, warped by the group's timing
/// function (`eased × duration`): the download bar's ready group eases its children this
/// way (designs.md §0.1). Children are clipped to the group's active window, a child with
/// `duration == 0` takes the group's duration, and a child's `beginTime` is an offset from the
/// group's start (never replaced by "now"). Children's `removedOnCompletion` is ignored; their
/// fill modes act inside the group's window.
public struct AnimationGroup: TimedAnimation, Hashable {
  public var timing: MediaTiming
  public var timingFunction: TimingFunction
  public var removedOnCompletion: Bool
  /// The children, applied in order.
  public var animations: [Animation]

  public init(
    animations: [Animation], timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction = .linear,
    removedOnCompletion: Bool = true
  ) {
    self.animations = animations
    self.timing = timing
    self.timingFunction = timingFunction
    self.removedOnCompletion = removedOnCompletion
  }
}

extension AnimationGroup {
  /// The cancel of an interactive transition: a group that plays `animation` backwards from
  /// `elapsed` seconds into it, reaching its start when the group ends (timing.md §1.6).
  ///
  /// The child autoreverses with `beginTime = −(2d − elapsed)`; at group time x its active
  /// time `x + 2d − elapsed` lies in the backward leg, so its progress is `(elapsed − x)/d`.
  /// The group lasts `elapsed` seconds and begins when added (beginTime 0).
  /// - Parameters:
  ///   - animation: The transition's animation; its duration d must be set (> 0).
  ///   - elapsed: How far the transition had got, in 0…d seconds (progress × d).
  public static func reversing(_ animation: Animation, fromElapsedTime elapsed: Double) -> AnimationGroup {
    var child = animation
    let d = child.timing.duration
    child.timing.autoreverses = true
    child.timing.repeatCount = 0
    child.timing.repeatDuration = 0
    child.timing.speed = 1
    child.timing.timeOffset = 0
    child.timing.beginTime = -(2 * d - elapsed)
    return AnimationGroup(animations: [child], timing: MediaTiming(duration: elapsed))
  }
}
