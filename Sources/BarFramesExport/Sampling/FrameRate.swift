/// Frames per second as an exact fraction, so APNG delays (`den/num` s) and GIF delays in
/// centiseconds can be computed without drift: 60 is 60/1, 29.97 is 2997/100, and NTSC's
/// 30000/1001 stays 30000/1001.
public struct FrameRate: Hashable, Sendable, CustomStringConvertible {
  /// Frames per `denominator` seconds.
  public let numerator: Int
  public let denominator: Int

  /// An exact rate of `numerator / denominator` frames per second, in lowest terms.
  /// - Precondition: both are positive.
  public init(_ numerator: Int, per denominator: Int = 1) {
    precondition(numerator > 0 && denominator > 0, "A frame rate needs a positive numerator and denominator")
    var (a, b) = (numerator, denominator)
    while b != 0 { (a, b) = (b, a % b) }
    self.numerator = numerator / a
    self.denominator = denominator / a
  }

  /// The simplest fraction with a denominator up to 1001 that equals `framesPerSecond` to
  /// within 1e-9 relative, so scene files may say `60`, `29.97` or `29.97002997`.
  /// - Precondition: `framesPerSecond` is finite and positive.
  public init(_ framesPerSecond: Double) {
    precondition(framesPerSecond.isFinite && framesPerSecond > 0, "A frame rate must be positive")
    for d in 1...1001 {
      let n = (framesPerSecond * Double(d)).rounded()
      if n >= 1, abs(n / Double(d) - framesPerSecond) <= 1e-9 * framesPerSecond {
        self.init(Int(n), per: d)
        return
      }
    }
    self.init(max(1, Int((framesPerSecond * 1000).rounded())), per: 1000)
  }

  /// Frames per second as a number.
  public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

  /// The duration of one frame in seconds.
  public var frameDuration: Double { Double(denominator) / Double(numerator) }

  /// "60" or "30000/1001".
  public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}
