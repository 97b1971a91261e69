import BarFramesGraphics
import Foundation
import Testing

@testable import BarFramesTiming

@Suite("CAKeyframeAnimation (timing.md §3.2)")
struct KeyframeAnimationTests {
  static func scalars(_ values: [Double]) -> [AnimatableValue] { values.map(AnimatableValue.scalar) }

  static func sample(_ animation: KeyframeAnimation, at p: Double) -> Double {
    animation.keyframeValue(at: animation.eased(progress: p))!.value.number
  }

  // Apple's discrete example (Core Animation Programming Guide, keyframe timing): keyTimes
  // [0, 0.25, 0.5, 0.75, 1], values [310, 60, 120, 60]: "position.y will remain at 60 until the
  // animation completes".
  @Test(arguments: [(0.0, 310.0), (0.2, 310), (0.25, 60), (0.4, 60), (0.6, 120), (0.8, 60), (1.0, 60)])
  func applesDiscreteExample(p: Double, expected: Double) {
    let animation = KeyframeAnimation(
      keyPath: "position.y", values: Self.scalars([310, 60, 120, 60]), keyTimes: [0, 0.25, 0.5, 0.75, 1],
      timingFunctions: [.easeIn, .easeIn, .easeIn], calculationMode: .discrete)
    #expect(Self.sample(animation, at: p) == expected)
  }

  // Discrete without keyTimes (timing.md §5.4, our choice): n values over n equal intervals.
  @Test(arguments: [(0.0, 1.0), (0.24, 1), (0.25, 2), (0.6, 3), (0.75, 4), (1.0, 4)])
  func discreteWithoutKeyTimes(p: Double, expected: Double) {
    let animation = KeyframeAnimation(keyPath: "value", values: Self.scalars([1, 2, 3, 4]), calculationMode: .discrete)
    #expect(Self.sample(animation, at: p) == expected)
  }

  // Apple's paced example (CAKeyframeAnimation.calculationMode docs, timing.md §3.2): values
  // [310, 60, 120, 60, 310] give keyTimes [0, 250/620, 310/620, 370/620, 1]; keyTimes and the
  // timing function are ignored.
  @Test func applesPacedExample() {
    let distances = [250.0, 60, 60, 250]
    let expectedTimes: [Double] = [0, 250.0 / 620, 310.0 / 620, 370.0 / 620, 1]
    #expect(Keyframes.pacedTimes(distances: distances) == expectedTimes)
    let animation = KeyframeAnimation(
      keyPath: "position.y", values: Self.scalars([310, 60, 120, 60, 310]), keyTimes: [0, 0.1, 0.2, 0.3, 1],
      calculationMode: .paced, timingFunction: .easeIn)
    #expect(animation.eased(progress: 0.3) == 0.3)
    let cases: [(Double, Double)] = [
      (0, 310), (125.0 / 620, 185), (250.0 / 620, 60), (280.0 / 620, 90), (0.5, 120), (1, 310),
    ]
    for (p, expected) in cases {
      #expect(isClose(Self.sample(animation, at: p), expected, 1e-9), "p = \(p)")
    }
  }

  // Zero total distance in paced mode holds the first value (timing.md §5.5, our choice).
  @Test func pacedWithZeroDistanceHoldsTheFirstValue() {
    let animation = KeyframeAnimation(keyPath: "value", values: Self.scalars([4, 4, 4]), calculationMode: .paced)
    #expect(Self.sample(animation, at: 0.7) == 4)
  }

  // Linear with per-segment timing functions (CAKeyframeAnimation.timingFunctions: "Each function
  // describes the pacing of one keyframe to keyframe segment"), after the animation's own
  // timingFunction on the overall progress (timing.md §5.3, our choice).
  @Test(arguments: [0.1, 0.25, 0.5, 0.6, 0.9])
  func perSegmentTimingFunctions(p: Double) {
    var animation = KeyframeAnimation(
      keyPath: "value", values: Self.scalars([0, 10, 30]), keyTimes: [0, 0.5, 1], timingFunctions: [.easeIn, .easeOut])
    func expected(_ q: Double) -> Double {
      if q < 0.5 { return 10 * TimingFunction.easeIn.value(at: q / 0.5) }
      return 10 + 20 * TimingFunction.easeOut.value(at: (q - 0.5) / 0.5)
    }
    let expectedLinear = expected(p)
    #expect(isClose(Self.sample(animation, at: p), expectedLinear, 1e-9))
    animation.timingFunction = .easeInEaseOut
    let q = TimingFunction.easeInEaseOut.value(at: p)
    let expectedEased = expected(q)
    #expect(isClose(Self.sample(animation, at: p), expectedEased, 1e-9))
  }

  // keyTimes that do not start at 0 or end at 1 hold the first value before and the last value
  // after (designs.md §0.1; ZY's tilt: values [0, +15°], keyTimes [0.4, 0.7]).
  @Test(arguments: [(0.0, 0.0), (0.4, 0), (0.55, 7.5), (0.7, 15), (1.0, 15)])
  func keyTimesNotStartingAtZero(p: Double, degrees: Double) {
    let animation = KeyframeAnimation(
      keyPath: "transform.rotation.z", values: Self.scalars([0, 15 * .pi / 180]), keyTimes: [0.4, 0.7])
    let radians = degrees * Double.pi / 180
    #expect(isClose(Self.sample(animation, at: p), radians, 1e-12))
  }

  // Equal keyTimes use the Web Animations rule (WPT effect-value-overlapping-keyframes.html:
  // offsets [0, .5, .5, .5, 1] → 0.15 @ 0.25, 0.7 @ 0.5, 0.85 @ 0.75).
  @Test(arguments: [(0.25, 0.15), (0.5, 0.7), (0.75, 0.85)])
  func overlappingKeyTimes(p: Double, expected: Double) {
    let animation = KeyframeAnimation(
      keyPath: "opacity", values: Self.scalars([0, 0.3, 0.5, 0.7, 1]), keyTimes: [0, 0.5, 0.5, 0.5, 1])
    #expect(isClose(Self.sample(animation, at: p), expected, 1e-12))
  }

  // Invalid keyTimes (wrong count) are ignored and keyframes spaced evenly ("If the values in
  // this array are invalid or inappropriate … they are ignored").
  @Test func invalidKeyTimesAreIgnored() {
    let animation = KeyframeAnimation(keyPath: "value", values: Self.scalars([0, 10, 20]), keyTimes: [0, 1])
    #expect(isClose(Self.sample(animation, at: 0.75), 15))
  }

  // A path with one keyframe per element end point, evenly spaced per segment, each traversed by
  // its own Bézier parameter (designs.md §0.1, ZY's ready path: 4 lines, 1/4 of the time each),
  // with rotationMode auto = the tangent's angle and autoReverse = + π (CAKeyframeAnimation.h).
  static let readyPath: Path = {
    var path = Path()
    path.move(to: Point(100, 40))
    path.addLine(to: Point(100, 0))
    path.addLine(to: Point(100, 32.5))
    path.addLine(to: Point(120, 32.5))
    path.addLine(to: Point(0, 32.5))
    return path
  }()

  static let pathCases: [(Double, Point, Double)] = [
    (0, Point(100, 40), -Double.pi / 2),
    (0.125, Point(100, 20), -.pi / 2),
    (0.25, Point(100, 0), .pi / 2),  // the second segment starts here: heading down
    (0.375, Point(100, 16.25), .pi / 2),
    (0.625, Point(110, 32.5), 0),
    (0.875, Point(60, 32.5), .pi),
    (1, Point(0, 32.5), .pi),
  ]

  @Test(arguments: pathCases)
  func pathKeyframesWithRotation(p: Double, point: Point, angle: Double) {
    var animation = KeyframeAnimation(keyPath: "position", path: Self.readyPath, rotationMode: .auto)
    let sample = animation.keyframeValue(at: p)!
    #expect(isClose(sample.value, .point(point), 1e-9))
    #expect(isClose(sample.rotation!, angle, 1e-12))
    animation.rotationMode = .autoReverse
    let reversed: Double = angle + Double.pi
    #expect(isClose(animation.keyframeValue(at: p)!.rotation!, reversed, 1e-12))
  }

  // A curve in linear mode follows its Bézier parameter; in paced mode its arc length.
  @Test func quadCurveLinearAndPaced() {
    var path = Path()
    path.move(to: Point(0, 0))
    path.addQuadCurve(to: Point(100, 0), control: Point(0, 100))
    let segment = PathSegment.quad(Point(0, 0), Point(0, 100), Point(100, 0))
    let linear = KeyframeAnimation(keyPath: "position", path: path, rotationMode: .auto)
    #expect(isClose(linear.keyframeValue(at: 0.3)!.value, .point(segment.point(at: 0.3)), 1e-12))
    let d = segment.derivative(at: 0.3)
    #expect(isClose(linear.keyframeValue(at: 0.3)!.rotation!, atan2(d.y, d.x), 1e-12))
    let paced = KeyframeAnimation(keyPath: "position", calculationMode: .paced, path: path)
    let point = paced.keyframeValue(at: 0.5)!.value.pointValue!
    // Half the arc length: the point where the length from the start is half the total.
    var low = 0.0
    var high = 1.0
    for _ in 0..<60 {
      let mid = (low + high) / 2
      if segment.length(upTo: mid) < segment.length / 2 { low = mid } else { high = mid }
    }
    #expect(isClose(.point(point), .point(segment.point(at: low)), 1e-6))
  }

  // Path keyframes in a layer: the rotation is reported for the designs.
  @Test func pathRotationThroughTheLayer() {
    var stack = LayerAnimations()
    var animation = KeyframeAnimation(keyPath: "position", path: Self.readyPath, rotationMode: .auto)
    animation.duration = 1
    stack.add(.keyframe(animation), forKey: "move", atLayerTime: 2)
    let model = AnimatableValue.point(Point(100, 40))
    let rotation = stack.pathRotation(forKeyPath: "position", model: model, layerTime: 2.1)
    #expect(isClose(rotation, -Double.pi / 2))
    #expect(stack.pathRotation(forKeyPath: "position", model: model, layerTime: 3.5) == nil)
  }
}
