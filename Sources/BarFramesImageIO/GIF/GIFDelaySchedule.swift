/// Frame delays in centiseconds (GIF's unit) whose rounding error is carried forward, so the
/// animation's total length is exact.
///
/// Frame `i` ends at `round((i + 1) × 100 / fps)` centiseconds, so the delays sum to
/// `round(frameCount × 100 / fps)` — never more than ½ cs away from the true duration — while
/// each delay is within 1 cs of `100 / fps`. At 60 fps the delays run 2, 1, 2, 2, 1, 2, …
///
/// ```swift
/// let schedule = GIFDelaySchedule(framesPerSecond: 30000, per: 1001, frameCount: 300)
/// schedule.delay(ofFrame: 0)      // 3
/// schedule.totalCentiseconds      // 1001
/// ```
///
/// Browsers show delays of 0 or 1 cs as 10 cs; ``hasDelaysBelowBrowserMinimum`` tells when a
/// frame rate above 50 fps will play slowly there, in which case the exporter may write every
/// second frame at half the rate (``browserSafeFrameStride``).
public struct GIFDelaySchedule: Hashable, Sendable {
  /// Frames per second as `framesPerSecondNumerator / framesPerSecondDenominator`.
  public let framesPerSecondNumerator: Int
  public let framesPerSecondDenominator: Int
  public let frameCount: Int

  /// The smallest delay browsers honour; 0 and 1 cs are shown as 10 cs.
  public static let browserMinimumDelay = 2

  /// A schedule for `frameCount` frames at `numerator / denominator` frames per second.
  /// - Precondition: positive rate, `frameCount >= 0`, and at least 1/655 fps (delays fit in 16 bits).
  public init(framesPerSecond numerator: Int, per denominator: Int = 1, frameCount: Int) {
    precondition(numerator > 0 && denominator > 0, "A frame rate needs a positive numerator and denominator")
    precondition(frameCount >= 0, "A frame count cannot be negative")
    precondition(100 * denominator / numerator < Int(UInt16.max), "Frames longer than 655 s do not fit a GIF delay")
    let g = gcd(numerator, denominator)
    framesPerSecondNumerator = numerator / g
    framesPerSecondDenominator = denominator / g
    self.frameCount = frameCount
  }

  /// The time, in whole centiseconds (rounded half up), at which frame `index` starts.
  public func start(ofFrame index: Int) -> Int {
    // round(index × 100 × den / num) in integers: (2·a + b) / (2·b).
    let a = index * 100 * framesPerSecondDenominator
    return (2 * a + framesPerSecondNumerator) / (2 * framesPerSecondNumerator)
  }

  /// The delay of frame `index` in centiseconds.
  public func delay(ofFrame index: Int) -> UInt16 {
    precondition(index >= 0 && index < frameCount, "Frame \(index) is outside 0..<\(frameCount)")
    return UInt16(start(ofFrame: index + 1) - start(ofFrame: index))
  }

  /// Every frame's delay, in order.
  public var delays: [UInt16] { (0..<frameCount).map(delay(ofFrame:)) }

  /// The sum of all delays: `round(frameCount × 100 / fps)`.
  public var totalCentiseconds: Int { start(ofFrame: frameCount) }

  /// Whether some delay is below ``browserMinimumDelay`` (frame rates above 50 fps).
  public var hasDelaysBelowBrowserMinimum: Bool {
    frameCount > 0
      && (0..<min(frameCount, 2 * framesPerSecondNumerator)).contains {
        delay(ofFrame: $0) < Self.browserMinimumDelay
      }
  }

  /// The smallest `n` such that keeping every `n`-th frame gives delays browsers honour (≥ 2 cs).
  public var browserSafeFrameStride: Int {
    var stride = 1
    while 100 * framesPerSecondDenominator * stride < Self.browserMinimumDelay * framesPerSecondNumerator
      || (100 * framesPerSecondDenominator * stride) / framesPerSecondNumerator < Self.browserMinimumDelay
    {
      stride += 1
    }
    return stride
  }
}
