/// How long an APNG frame is shown: `numerator / denominator` seconds, as fcTL stores it.
///
/// ```swift
/// FrameDelay(framesPerSecond: 60)                  // 1/60 s
/// FrameDelay(framesPerSecond: 30000, per: 1001)    // 1001/30000 s (29.97 fps)
/// ```
/// Fractions that do not fit in 16 bits are reduced; if they still do not fit, the closest
/// fraction that does is used (a continued-fraction best approximation).
public struct FrameDelay: Hashable, Sendable, CustomStringConvertible {
  /// `delay_num`.
  public let numerator: UInt16
  /// `delay_den`; never 0 (which APNG would read as 100).
  public let denominator: UInt16

  /// A delay of exactly `numerator / denominator` seconds, reduced or approximated to fit 16 bits.
  /// - Precondition: `numerator >= 0`, `denominator > 0`.
  public init(seconds numerator: Int, per denominator: Int) {
    precondition(
      numerator >= 0 && denominator > 0, "A frame delay needs a non-negative numerator and a positive denominator")
    let (n, d) = Self.fit(numerator, denominator, limit: Int(UInt16.max))
    self.numerator = UInt16(n)
    self.denominator = UInt16(d)
  }

  /// The delay of one frame at `numerator / denominator` frames per second (e.g. 30000/1001).
  public init(framesPerSecond numerator: Int, per denominator: Int = 1) {
    precondition(numerator > 0 && denominator > 0, "A frame rate needs a positive numerator and denominator")
    self.init(seconds: denominator, per: numerator)
  }

  /// `self + other` if the sum fits fcTL's 16-bit fraction exactly, else nil (merged frames
  /// must not make the animation drift).
  public func exactSum(_ other: FrameDelay) -> FrameDelay? {
    let n = Int(numerator) * Int(other.denominator) + Int(other.numerator) * Int(denominator)
    let d = Int(denominator) * Int(other.denominator)
    let g = gcd(n, d)
    guard n / g <= Int(UInt16.max), d / g <= Int(UInt16.max) else { return nil }
    return FrameDelay(seconds: n / g, per: d / g)
  }

  /// The delay in seconds.
  public var seconds: Double { Double(numerator) / Double(denominator) }

  public var description: String { "\(numerator)/\(denominator) s" }

  /// `n/d` in lowest terms if both fit in `limit`, else the best approximation with both ≤ `limit`.
  static func fit(_ n: Int, _ d: Int, limit: Int) -> (Int, Int) {
    let g = gcd(n, d)
    let (n, d) = (n / g, d / g)
    if n <= limit && d <= limit { return (n, d) }
    // Walk the continued fraction of n/d, keeping the last convergent within the limit, then
    // try the best semiconvergent between it and the next one.
    var (p0, q0, p1, q1) = (0, 1, 1, 0)
    var (a, b) = (n, d)
    while b != 0 {
      let term = a / b
      let p2 = term * p1 + p0
      let q2 = term * q1 + q0
      if p2 > limit || q2 > limit {
        let k = min(p1 == 0 ? Int.max : (limit - p0) / p1, q1 == 0 ? Int.max : (limit - q0) / q1)
        let semi = (k * p1 + p0, k * q1 + q0)
        let target = Double(n) / Double(d)
        let best =
          abs(Double(semi.0) / Double(semi.1) - target) < abs(Double(p1) / Double(q1) - target) ? semi : (p1, q1)
        return best.1 == 0 ? (limit, 1) : (best.0, max(1, best.1))
      }
      (p0, q0, p1, q1) = (p1, q1, p2, q2)
      (a, b) = (b, a - term * b)
    }
    return (p1, q1)
  }
}

func gcd(_ a: Int, _ b: Int) -> Int {
  var (a, b) = (abs(a), abs(b))
  while b != 0 { (a, b) = (b, a % b) }
  return max(a, 1)
}
