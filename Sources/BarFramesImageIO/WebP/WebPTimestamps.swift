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
///
/// An animation that keeps only some frames of a sequence names where each of its frames starts
/// in the sequence (`frameStarts`): frame *k* then starts when sequence frame `frameStarts[k]`
/// does.
public struct WebPTimestamps: Hashable, Sendable {
  /// Frames per second, as `numerator / denominator`.
  public let numerator: Int
  public let denominator: Int
  /// Where each frame starts, in frames of the sequence, then where the last one ends
  /// (one more value than frames); nil: frame *k* is sequence frame *k*.
  public let frameStarts: [Int]?

  /// - Precondition: both positive; `frameStarts`, if given, rises from 0.
  public init(framesPerSecond numerator: Int, per denominator: Int = 1, frameStarts: [Int]? = nil) {
    precondition(numerator > 0 && denominator > 0, "A frame rate needs a positive numerator and denominator")
    precondition(
      frameStarts.map { $0.first == 0 && zip($0, $0.dropFirst()).allSatisfy { $0 < $1 } } ?? true,
      "Frame starts must rise from 0")
    self.numerator = numerator
    self.denominator = denominator
    self.frameStarts = frameStarts
  }

  /// The start of frame `k` (and the end of frame `k − 1`) in milliseconds, rounded half up;
  /// past the last of `frameStarts`, the end of the last frame.
  public func start(ofFrame k: Int) -> Int {
    let frame = frameStarts.map { $0[min(k, $0.count - 1)] } ?? k
    // round(frame · 1000 · d / n) in integers: no floating-point error at any length.
    return (2 * frame * 1000 * denominator + numerator) / (2 * numerator)
  }
}
