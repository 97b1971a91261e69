/// A layer's own clock: the `beginTime`, `speed` and `timeOffset` of a `CALayer`.
///
/// A layer has no active window (timing.md §1.2): its local time is
/// `(parentTime − beginTime)·speed + timeOffset`, unbounded and never wrapped, so
/// `timeOffset` is not multiplied by `speed` (Apple's `convertTime` example gives 1.25 for
/// speed 0.5, offset 1 at parent time 0.5).
public struct LayerTiming: Hashable, Sendable {
  /// The time, in the parent's time space, at which local time (before the offset) is 0.
  public var beginTime: Double
  /// The rate of local time relative to the parent's; 0 pauses the layer.
  public var speed: Double
  /// Added to the local time after the speed is applied.
  public var timeOffset: Double

  public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
    self.beginTime = beginTime
    self.speed = speed
    self.timeOffset = timeOffset
  }

  /// The layer's local time for a time in its parent's time space.
  public func localTime(fromParentTime parentTime: Double) -> Double {
    (parentTime - beginTime) * speed + timeOffset
  }

  /// The parent time for a local time, or nil when the layer is paused (speed 0) and every
  /// parent time maps to the same local time.
  public func parentTime(fromLocalTime localTime: Double) -> Double? {
    guard speed != 0 else { return nil }
    return (localTime - timeOffset) / speed + beginTime
  }
}
