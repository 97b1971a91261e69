import BarFramesGraphics
import Foundation

/// `CAKeyframeAnimation`: a key path through a list of values, or along a path.
///
/// Choices where Core Animation is undocumented (timing.md §5, docs/timing-model.md):
/// - The animation's ``timingFunction`` applies to the overall progress first; then, in
///   ``CalculationMode/linear`` mode, `timingFunctions[i]` paces segment i. Discrete mode
///   ignores `timingFunctions`; paced mode ignores both and `keyTimes`.
/// - keyTimes that do not start at 0 or end at 1 hold the first value before the first key
///   time and the last value after the last (ZY's `[0.4, 0.7]` tilt). keyTimes of the wrong
///   count, decreasing or outside 0…1 are ignored and keyframes are spaced evenly.
/// - Equal keyTimes: a run of equal times ends the interval before it at its first keyframe
///   and starts the next interval at its last (the Web Animations rule): a jump.
/// - Discrete without keyTimes: n values share n equal intervals; the last value shows from
///   (n−1)/n on and at the end.
/// - Paced with zero total distance holds the first value.
/// - A `path` has one keyframe per element end point (control points are not keyframes);
///   `moveto`s start the path and a `moveto` in the middle jumps. In linear mode each element
///   is traversed by its own Bézier parameter; in paced mode by arc length.
public struct KeyframeAnimation: TimedAnimation, Hashable {
  /// How keyframes are spaced and blended, as `CAAnimationCalculationMode`.
  public enum CalculationMode: String, Hashable, Sendable, CaseIterable, Codable {
    case linear
    case discrete
    case paced
  }

  /// How a layer moving along ``path`` turns, as `CAAnimationRotationMode`.
  public enum RotationMode: String, Hashable, Sendable, CaseIterable, Codable {
    /// Along the path's tangent.
    case auto
    /// Along the tangent plus 180°.
    case autoReverse
  }

  public var keyPath: AnimationKeyPath
  public var timing: MediaTiming
  public var timingFunction: TimingFunction
  public var removedOnCompletion: Bool
  /// The keyframe values (ignored when ``path`` is set).
  public var values: [AnimatableValue]
  /// Fractions of the duration at which the keyframes are reached; nil spaces them evenly.
  public var keyTimes: [Double]?
  /// Per-segment pacing in linear mode; segment i uses `timingFunctions[i]` when present.
  public var timingFunctions: [TimingFunction]?
  public var calculationMode: CalculationMode
  /// A path for a point-valued key path; overrides ``values``.
  public var path: Path?
  /// Turns the layer with the path's tangent; only meaningful with ``path``.
  public var rotationMode: RotationMode?
  public var isAdditive: Bool
  public var isCumulative: Bool

  public init(
    keyPath: AnimationKeyPath, values: [AnimatableValue] = [], keyTimes: [Double]? = nil,
    timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear, path: Path? = nil,
    rotationMode: RotationMode? = nil, timing: MediaTiming = MediaTiming(),
    timingFunction: TimingFunction = .linear, removedOnCompletion: Bool = true, isAdditive: Bool = false,
    isCumulative: Bool = false
  ) {
    self.keyPath = keyPath
    self.values = values
    self.keyTimes = keyTimes
    self.timingFunctions = timingFunctions
    self.calculationMode = calculationMode
    self.path = path
    self.rotationMode = rotationMode
    self.timing = timing
    self.timingFunction = timingFunction
    self.removedOnCompletion = removedOnCompletion
    self.isAdditive = isAdditive
    self.isCumulative = isCumulative
  }

  /// The progress the keyframes see: the animation's timing function applied, except in
  /// paced mode, which ignores it.
  public func eased(progress: Double) -> Double {
    calculationMode == .paced ? min(max(progress, 0), 1) : timingFunction.value(at: progress)
  }

  /// The keyframe value (before additive/cumulative) and, with a path and ``rotationMode``,
  /// the rotation in radians, at eased progress `p`; nil when there are no keyframes.
  public func keyframeValue(at p: Double) -> (value: AnimatableValue, rotation: Double?)? {
    if let path {
      return PathKeyframes(path: path)?.sample(at: p, animation: self)
    }
    guard !values.isEmpty else { return nil }
    return (sampleValues(at: p), nil)
  }

  /// The animation's value at eased progress `eased` in cycle `completedCycles`, over the
  /// underlying value (additive and cumulative applied), with the path rotation if any.
  public func value(
    eased: Double, completedCycles: Double, underlying: AnimatableValue
  )
    -> (value: AnimatableValue, rotation: Double?)?
  {
    guard let sample = keyframeValue(at: eased) else { return nil }
    let algebra = ValueAlgebra(keyPath: keyPath)
    var value = sample.value
    if isCumulative, completedCycles > 0, let last = lastKeyframeValue {
      value = algebra.add(algebra.repeated(last, completedCycles), value)
    }
    if isAdditive { value = algebra.add(underlying, value) }
    return (value, sample.rotation)
  }

  /// The last keyframe's value (the end of one cycle).
  var lastKeyframeValue: AnimatableValue? {
    if let path { return PathKeyframes(path: path)?.points.last.map(AnimatableValue.point) }
    return values.last
  }

  private func sampleValues(at p: Double) -> AnimatableValue {
    let n = values.count
    if n == 1 { return values[0] }
    switch calculationMode {
    case .discrete:
      return values[Keyframes.discreteIndex(at: p, times: Keyframes.discreteTimes(keyTimes, count: n))]
    case .linear, .paced:
      let times =
        calculationMode == .paced
        ? Keyframes.pacedTimes(distances: zip(values, values.dropFirst()).map { $0.distance(to: $1) })
        : Keyframes.linearTimes(keyTimes, count: n)
      guard let times else { return values[0] }
      switch Keyframes.locate(p, times: times) {
      case .hold(let i): return values[i]
      case .segment(let i, let s):
        return values[i].interpolated(to: values[i + 1], fraction: segmentEasing(i, s))
      }
    }
  }

  /// Segment i's local fraction after `timingFunctions[i]` (linear mode only).
  func segmentEasing(_ i: Int, _ s: Double) -> Double {
    guard calculationMode == .linear, let functions = timingFunctions, i < functions.count else { return s }
    return functions[i].value(at: s)
  }
}

/// Keyframe time tables and lookup shared by value and path keyframes.
enum Keyframes {
  enum Location: Equatable {
    case hold(Int)
    case segment(Int, Double)
  }

  /// Whether keyTimes are non-decreasing numbers in 0…1.
  static func isValid(_ times: [Double]) -> Bool {
    times.allSatisfy { $0 >= 0 && $0 <= 1 } && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
  }

  /// The key times for `count` interpolated keyframes: the given ones when valid, else even.
  static func linearTimes(_ keyTimes: [Double]?, count: Int) -> [Double] {
    if let keyTimes, keyTimes.count == count, isValid(keyTimes) { return keyTimes }
    return (0..<count).map { Double($0) / Double(count - 1) }
  }

  /// The start times for `count` discrete keyframes: keyTimes with count + 1 (Core Animation's
  /// rule) or count entries when valid, else `i / count`.
  static func discreteTimes(_ keyTimes: [Double]?, count: Int) -> [Double] {
    if let keyTimes, keyTimes.count == count + 1 || keyTimes.count == count, isValid(keyTimes) {
      return Array(keyTimes.prefix(count))
    }
    return (0..<count).map { Double($0) / Double(count) }
  }

  /// Key times proportional to cumulative distance (SMIL `calcMode="paced"`), or nil when the
  /// total distance is 0.
  static func pacedTimes(distances: [Double]) -> [Double]? {
    let total = distances.reduce(0, +)
    guard total > 0, total.isFinite else { return nil }
    var times = [0.0]
    var sum = 0.0
    for d in distances.dropLast() {
      sum += d
      times.append(sum / total)
    }
    times.append(1)
    return times
  }

  /// Where progress p falls among the key times.
  static func locate(_ p: Double, times: [Double]) -> Location {
    let n = times.count
    if n < 2 || p < times[0] { return .hold(0) }
    if p >= times[n - 1] { return .hold(n - 1) }
    // The last keyframe at or before p starts the interval, so runs of equal times jump.
    var i = 0
    while i + 1 < n - 1, times[i + 1] <= p { i += 1 }
    return .segment(i, (p - times[i]) / (times[i + 1] - times[i]))
  }

  /// The keyframe shown at p in discrete mode: the last whose start time is ≤ p.
  static func discreteIndex(at p: Double, times: [Double]) -> Int {
    var index = 0
    for (i, t) in times.enumerated() where t <= p { index = i }
    return index
  }
}

/// A path seen as keyframes: one per element end point, with its drawable segments between.
struct PathKeyframes {
  let segments: [PathSegment]
  /// segments[0].start, then each segment's end.
  let points: [Point]

  init?(path: Path) {
    let segments = path.segments
    if segments.isEmpty {
      guard let start = path.elements.first?.endPoint else { return nil }
      self.segments = []
      points = [start]
      return
    }
    self.segments = segments
    points = [segments[0].start] + segments.map(\.end)
  }

  func sample(at p: Double, animation: KeyframeAnimation) -> (value: AnimatableValue, rotation: Double?) {
    guard !segments.isEmpty else { return (.point(points[0]), rotation(Point(1, 0), animation)) }
    let (index, s): (Int, Double)
    switch animation.calculationMode {
    case .discrete:
      let i = Keyframes.discreteIndex(at: p, times: Keyframes.discreteTimes(animation.keyTimes, count: points.count))
      return (.point(points[i]), rotation(tangent(i == 0 ? 0 : i - 1, i == 0 ? 0 : 1), animation))
    case .paced:
      (index, s) = arcLengthLocation(at: p)
    case .linear:
      switch Keyframes.locate(p, times: Keyframes.linearTimes(animation.keyTimes, count: points.count)) {
      case .hold(let i): (index, s) = i == 0 ? (0, 0) : (i - 1, 1)
      case .segment(let i, let fraction): (index, s) = (i, animation.segmentEasing(i, fraction))
      }
    }
    return (.point(segments[index].point(at: s)), rotation(tangent(index, s), animation))
  }

  private func rotation(_ tangent: Point, _ animation: KeyframeAnimation) -> Double? {
    guard let mode = animation.rotationMode else { return nil }
    let angle = atan2(tangent.y, tangent.x)
    return mode == .autoReverse ? angle + .pi : angle
  }

  /// The direction of travel at parameter s of segment i; at a degenerate end (a control point
  /// on the end point) the direction just inside the segment.
  private func tangent(_ i: Int, _ s: Double) -> Point {
    let segment = segments[i]
    let d = segment.derivative(at: s)
    if d.x * d.x + d.y * d.y > 1e-18 { return d }
    let inside = s < 0.5 ? 1e-4 : 1 - 1e-4
    let near = segment.derivative(at: inside)
    if near.x * near.x + near.y * near.y > 1e-18 { return near }
    return segment.end - segment.start
  }

  /// The segment and Bézier parameter at arc-length fraction p of the whole path.
  private func arcLengthLocation(at p: Double) -> (Int, Double) {
    let lengths = segments.map(\.length)
    let total = lengths.reduce(0, +)
    guard total > 0 else { return (0, 0) }
    var target = min(max(p, 0), 1) * total
    for (i, length) in lengths.enumerated() {
      if target <= length || i == lengths.count - 1 {
        return (i, parameter(ofSegment: i, atLength: min(target, length), total: length))
      }
      target -= length
    }
    return (segments.count - 1, 1)
  }

  /// The Bézier parameter at which segment i has covered `distance` (bisection on its length).
  private func parameter(ofSegment i: Int, atLength distance: Double, total: Double) -> Double {
    let segment = segments[i]
    guard total > 0 else { return 0 }
    if case .line = segment { return distance / total }
    if distance >= total { return 1 }
    var low = 0.0
    var high = 1.0
    for _ in 0..<60 {
      let mid = (low + high) / 2
      if segment.length(upTo: mid) < distance { low = mid } else { high = mid }
    }
    return (low + high) / 2
  }
}
