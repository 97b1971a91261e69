/// A pacing curve, as `CAMediaTimingFunction`: a cubic Bézier from (0, 0) to (1, 1) with two
/// control points, mapping progress x to eased progress y.
///
/// The named functions carry Apple's documented control points. Evaluation solves `B_x(t) = x`
/// to 1e-10 (Newton steps from an 11-sample guess, bisection as the fallback, as WebKit's
/// `UnitBezier.h` and Chromium's `cubic_bezier.cc` do), is exact at 0 and 1, clamps x to 0…1
/// (Core Animation's progress never leaves it) and is exactly `y = x` for ``linear``.
///
/// ```swift
/// TimingFunction.easeInEaseOut.value(at: 0.5)  // 0.5
/// TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1).value(at: 0)  // 0
/// ```
public struct TimingFunction: Hashable, Sendable, CustomStringConvertible {
  /// The first control point's x, in 0…1.
  public let x1: Double
  /// The first control point's y (may overshoot).
  public let y1: Double
  /// The second control point's x, in 0…1.
  public let x2: Double
  /// The second control point's y (may overshoot).
  public let y2: Double
  /// The Core Animation name when the control points are a named function's.
  public let name: Name?

  private let curve: UnitBezier

  /// The names of `CAMediaTimingFunctionName`; raw values are the probe-file spellings.
  public enum Name: String, Hashable, Sendable, CaseIterable, Codable {
    case linear
    case easeIn
    case easeOut
    case easeInEaseOut
    /// `kCAMediaTimingFunctionDefault`, the implicit-animation curve (CSS `ease`).
    case `default`

    /// Apple's documented control points `(x1, y1, x2, y2)`.
    public var controlPoints: (Double, Double, Double, Double) {
      switch self {
      case .linear: (0, 0, 1, 1)
      case .easeIn: (0.42, 0, 1, 1)
      case .easeOut: (0, 0, 0.58, 1)
      case .easeInEaseOut: (0.42, 0, 0.58, 1)
      case .default: (0.25, 0.1, 0.25, 1)
      }
    }
  }

  /// A custom curve, as `CAMediaTimingFunction(controlPoints:)`. The x values are clamped
  /// to 0…1 so the curve stays a function of x.
  public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    self.init(x1: x1, y1: y1, x2: x2, y2: y2, name: nil)
  }

  /// A named curve, as `CAMediaTimingFunction(name:)`.
  public init(name: Name) {
    let p = name.controlPoints
    self.init(x1: p.0, y1: p.1, x2: p.2, y2: p.3, name: name)
  }

  private init(x1: Double, y1: Double, x2: Double, y2: Double, name: Name?) {
    let cx1 = min(max(x1, 0), 1)
    let cx2 = min(max(x2, 0), 1)
    self.x1 = cx1
    self.y1 = y1
    self.x2 = cx2
    self.y2 = y2
    self.name = name
    curve = UnitBezier(x1: cx1, y1: y1, x2: cx2, y2: y2)
  }

  public static let linear = TimingFunction(name: .linear)
  public static let easeIn = TimingFunction(name: .easeIn)
  public static let easeOut = TimingFunction(name: .easeOut)
  public static let easeInEaseOut = TimingFunction(name: .easeInEaseOut)
  /// The implicit-animation curve (0.25, 0.1, 0.25, 1).
  public static let `default` = TimingFunction(name: .default)

  /// The four control points, as `getControlPointAtIndex:` returns them for 0…3.
  public var controlPoints: [(x: Double, y: Double)] {
    [(0, 0), (x1, y1), (x2, y2), (1, 1)]
  }

  /// Whether the curve is the identity (both control points on the diagonal).
  public var isLinear: Bool { x1 == y1 && x2 == y2 }

  /// The eased progress for progress `x`; x is clamped to 0…1, and 0 and 1 map exactly.
  public func value(at x: Double) -> Double {
    if x.isNaN { return x }
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    if isLinear { return x }
    return curve.sampleY(curve.solveT(forX: x))
  }

  /// The Bézier parameter t with `B_x(t) = x` to 1e-10 (exposed for tests and diagnostics).
  public func parameter(forX x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    return curve.solveT(forX: x)
  }

  public var description: String {
    if let name { return name.rawValue }
    return "cubicBezier(\(x1), \(y1), \(x2), \(y2))"
  }

  public static func == (lhs: TimingFunction, rhs: TimingFunction) -> Bool {
    lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(x1)
    hasher.combine(y1)
    hasher.combine(x2)
    hasher.combine(y2)
  }
}

/// The polynomial form of a unit cubic Bézier and its solver (timing.md §2.2).
private struct UnitBezier: Sendable {
  let ax, bx, cx, ay, by, cy: Double
  /// B_x at t = i/10, for the initial guess and the bisection bracket.
  let samples: [Double]

  static let tolerance = 1e-10

  init(x1: Double, y1: Double, x2: Double, y2: Double) {
    let cx = 3 * x1
    let bx = 3 * (x2 - x1) - cx
    let ax = 1 - cx - bx
    let cy = 3 * y1
    let by = 3 * (y2 - y1) - cy
    let ay = 1 - cy - by
    self.ax = ax
    self.bx = bx
    self.cx = cx
    self.ay = ay
    self.by = by
    self.cy = cy
    samples = (0...10).map { i in
      let t = Double(i) / 10
      return ((ax * t + bx) * t + cx) * t
    }
  }

  func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
  func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
  func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

  func solveT(forX x: Double) -> Double {
    // Bracket: the sample interval holding x (B_x is non-decreasing for x1, x2 in 0…1).
    var index = 0
    while index < 9, samples[index + 1] <= x { index += 1 }
    var low = Double(index) / 10
    var high = Double(index + 1) / 10
    let span = samples[index + 1] - samples[index]
    var t = span > 0 ? low + (x - samples[index]) / span * 0.1 : low

    for _ in 0..<8 {
      let error = sampleX(t) - x
      if abs(error) < UnitBezier.tolerance { return t }
      let slope = slopeX(t)
      if abs(slope) < 1e-7 { break }
      let next = t - error / slope
      // Leave Newton when it jumps out of the bracket; bisection finishes the job.
      if next < low || next > high { break }
      t = next
    }
    for _ in 0..<200 {
      t = (low + high) / 2
      let error = sampleX(t) - x
      if abs(error) < UnitBezier.tolerance || high - low < 1e-16 { return t }
      if error < 0 { low = t } else { high = t }
    }
    return t
  }
}
