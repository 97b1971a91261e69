/// When each frame of an animated WebP starts, in whole milliseconds (what WebP stores).
///
/// Frame *k* starts at *k* · `denominator` / `numerator` seconds exactly; each start is rounded
/// to the nearest millisecond on its own, so the rounding never accumulates: every duration is
/// the exact one rounded down or up, and the total is the exact duration ±½ ms.
///
/// ```swift
/// let times = WebPTimestamps(framesPerSecond: 30000, per: 1001)   // 29.97 fps
/// times.start(ofFrame: 1)   // 33 (33.367 ms)
/// times.start(ofFrame: 3)   // 100 (100.1 ms)
/// ```
public struct WebPTimestamps: Hashable, Sendable {
  /// Frames per second, as `numerator / denominator`.
  public let numerator: Int
  public let denominator: Int

  /// - Precondition: both positive.
  public init(framesPerSecond numerator: Int, per denominator: Int = 1) {
    precondition(numerator > 0 && denominator > 0, "A frame rate needs a positive numerator and denominator")
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The start of frame `k` (and the end of frame `k − 1`) in milliseconds, rounded half up.
  public func start(ofFrame k: Int) -> Int {
    // round(k · 1000 · d / n) in integers: no floating-point error at any length.
    (2 * k * 1000 * denominator + numerator) / (2 * numerator)
  }
}
