import Testing

@testable import BarFramesTiming

@Suite("TimingFunction (timing.md §2)")
struct TimingFunctionTests {
  // Control points. Source: CAMediaTimingFunction docs; GNUstep
  // Tests/quartzcore/CAMediaTimingFunction/camediatimingfunction.m (checked on Apple CI).
  @Test(arguments: [
    (TimingFunction.linear, [0.0, 0, 1, 1]),
    (.easeIn, [0.42, 0, 1, 1]),
    (.easeOut, [0, 0, 0.58, 1]),
    (.easeInEaseOut, [0.42, 0, 0.58, 1]),
    (.default, [0.25, 0.1, 0.25, 1]),
  ])
  func namedControlPoints(function: TimingFunction, points: [Double]) {
    #expect([function.x1, function.y1, function.x2, function.y2] == points)
    #expect(function.controlPoints.first! == (0, 0))
    #expect(function.controlPoints.last! == (1, 1))
  }

  /// An independent oracle in the style of WPT testcommon.js `cubicBezier`: bisection on t
  /// over the whole of 0…1 (200 steps), with exact ends.
  static func oracle(_ f: TimingFunction, _ x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
      let u = 1 - t
      return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
      let mid = (low + high) / 2
      if bezier(f.x1, f.x2, mid) < x { low = mid } else { high = mid }
    }
    return bezier(f.y1, f.y2, (low + high) / 2)
  }

  static let functions: [TimingFunction] = [
    .linear, .easeIn, .easeOut, .easeInEaseOut, .default,
    TimingFunction(controlPoints: 0.25, 0, 0.75, 1),  // Chromium cubic_bezier_unittest "Basic"
    TimingFunction(controlPoints: 0.5, -1, 0.5, 2),  // overshooting y (WPT easing-tests "y out of range")
    TimingFunction(controlPoints: 1, 0, 0, 1),  // B_x′(0.5) = 0: Newton stalls, bisection finishes
    TimingFunction(controlPoints: 0, 1, 0, 1),  // steep start
  ]

  // Named and custom beziers against the bisection oracle (WPT's approach): 1e-9 where the
  // curve is well conditioned. Where B_x′ vanishes (the last two), y is ill conditioned in x
  // and even the oracle is only good to ~1e-5 (it gives 0.4999969 for the exact 0.5 of the
  // symmetric (1, 0, 0, 1) at x = 0.5), so the tolerance is Apple's measured precision.
  @Test(arguments: zip(functions, [1e-9, 1e-9, 1e-9, 1e-9, 1e-9, 1e-9, 1e-9, 1e-5, 1e-5]))
  func matchesBisectionOracle(function: TimingFunction, tolerance: Double) {
    for i in 0...1000 {
      let x = Double(i) / 1000
      #expect(isClose(function.value(at: x), Self.oracle(function, x), tolerance), "x = \(x)")
    }
  }

  // The solver finds x to 1e-10 (timing.md §2.2; WebKit UnitBezier.h, Chromium cubic_bezier.cc).
  @Test(arguments: functions)
  func solvesXTo1e10(function: TimingFunction) {
    for i in 1..<1000 {
      let x = Double(i) / 1000 + 0.000_123
      guard x < 1 else { continue }
      let t = function.parameter(forX: x)
      let u = 1 - t
      let bx = 3 * u * u * t * function.x1 + 3 * u * t * t * function.x2 + t * t * t
      #expect(abs(bx - x) < 1e-10, "x = \(x)")
    }
  }

  // Exact ends and clamping. Source: WPT cubicBezier() exact 0/1; Chromium
  // EXPECT_EQ(0, Solve(0)); CA progress never leaves 0…1, so clamp (timing.md §2.2).
  @Test(arguments: functions)
  func exactEndsAndClamping(function: TimingFunction) {
    #expect(function.value(at: 0) == 0)
    #expect(function.value(at: 1) == 1)
    #expect(function.value(at: -0.5) == 0)
    #expect(function.value(at: 1.5) == 1)
  }

  // linear is exactly y = x (CAAnimation.h: nil timing function = linear pacing).
  @Test func linearIsExactlyTheIdentity() {
    for i in 0...10_000 {
      let x = Double(i) / 10_000
      #expect(TimingFunction.linear.value(at: x) == x)
    }
  }

  // Values computed independently from the closed forms: easeInEaseOut is symmetric about
  // (0.5, 0.5); for easeIn, y(t) = t³ + 3t²(1 − t)·0 + … and x(t) = 3·0.42·t(1 − t)² + 3t²(1 − t) + t³.
  @Test(arguments: [0.1, 0.25, 0.4, 0.6, 0.9])
  func closedFormChecks(t: Double) {
    let u = 1 - t
    let x = 3 * 0.42 * t * u * u + 3 * t * t * u + t * t * t
    let y = t * t * t + 3 * t * t * u  // y1 = 0, y2 = 1
    #expect(isClose(TimingFunction.easeIn.value(at: x), y, 1e-9))
    let e = TimingFunction.easeInEaseOut
    #expect(isClose(e.value(at: t) + e.value(at: 1 - t), 1, 1e-9))
    #expect(e.value(at: 0.5) == 0.5 || isClose(e.value(at: 0.5), 0.5, 1e-12))
  }
}
