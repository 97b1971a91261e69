import BarFrames

/// Where the frames of a sequence fall in time.
///
/// Frame `i` is at `start + i / fps`, computed from the index — never by adding `1/fps` up,
/// which would drift — and a span of `D` seconds holds `floor(D·fps) + 1` frames: both ends are
/// included, so a 2 s scene at 30 fps has 61 frames, the last one exactly at 2 s. When `D·fps`
/// is not a whole number the last frame falls before the end (1.05 s at 10 fps: 11 frames, the
/// last at 1.0 s); the sequence never has a frame past the end.
///
/// ```swift
/// let sampler = FrameSampler(duration: 2, rate: FrameRate(30))
/// sampler.count            // 61
/// sampler.time(ofFrame: 60) // 2.0
/// ```
public struct FrameSampler: Hashable, Sendable {
  /// The time of frame 0, in seconds.
  public var start: Double
  /// The length of the sampled interval, in seconds.
  public var span: Double
  public var rate: FrameRate
  /// The number of frames: `floor(span·fps) + 1`.
  public let count: Int

  /// `D·fps` within this of a whole number counts as that number, so float noise in `2.0 × 30`
  /// or `0.7 × 30` (20.999999999999996) never loses the last frame.
  public static let countTolerance = 1e-9

  /// A sampler over `[start, start + duration]`.
  /// - Precondition: `start` and `duration` are finite and not negative.
  public init(start: Double = 0, duration: Double, rate: FrameRate) {
    precondition(start.isFinite && start >= 0 && duration.isFinite && duration >= 0, "Invalid sampling interval")
    self.start = start
    self.span = duration
    self.rate = rate
    self.count = Self.frameCount(duration: duration, rate: rate)
  }

  /// `floor(duration·fps) + 1`, with ``countTolerance``.
  public static func frameCount(duration: Double, rate: FrameRate) -> Int {
    let frames = duration * Double(rate.numerator) / Double(rate.denominator)
    return Int((frames + countTolerance).rounded(.down)) + 1
  }

  /// The time of frame `index`: `start + index / fps`, never past the end of the interval,
  /// snapped to the microsecond like every scene time
  /// (``SceneTime/frameTime(start:index:numerator:denominator:span:)``).
  public func time(ofFrame index: Int) -> Double {
    SceneTime.frameTime(
      start: start, index: index, numerator: rate.numerator, denominator: rate.denominator, span: span)
  }

  /// Every frame index, `0..<count`.
  public var indices: Range<Int> { 0..<count }

  /// The end of the interval, in seconds.
  public var end: Double { start + span }

  /// How many digits the file names' frame numbers have: those of ``count``.
  public var indexDigits: Int { String(count).count }
}
