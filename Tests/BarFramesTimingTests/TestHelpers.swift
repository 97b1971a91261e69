import BarFramesGraphics
import BarFramesTiming

/// Whether two numbers agree within an absolute tolerance.
func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
  abs(a - b) <= tolerance
}

/// Whether two optional numbers are both nil or agree within a tolerance.
func isClose(_ a: Double?, _ b: Double?, _ tolerance: Double = 1e-9) -> Bool {
  switch (a, b) {
  case (nil, nil): true
  case (let x?, let y?): isClose(x, y, tolerance)
  default: false
  }
}

/// Whether two values have the same kind and components within a tolerance.
func isClose(_ a: AnimatableValue, _ b: AnimatableValue, _ tolerance: Double = 1e-9) -> Bool {
  a.kind == b.kind && a.numbers.count == b.numbers.count
    && zip(a.numbers, b.numbers).allSatisfy { isClose($0, $1, tolerance) }
}

extension AnimatableValue {
  /// The number of a scalar, or NaN (so comparisons fail loudly).
  var number: Double { scalarValue ?? .nan }
}

/// A small deterministic generator (SplitMix64) for property tests; no global state.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// One layer with one animation added at layer time `addedAt`; samples a scalar property.
func present(
  _ animations: [Animation], model: Double = 0, addedAt: Double = 0, at time: Double,
  keyPath: AnimationKeyPath = "value"
) -> Double {
  var stack = LayerAnimations()
  for (i, animation) in animations.enumerated() { stack.add(animation, forKey: "a\(i)", atLayerTime: addedAt) }
  return stack.presentedValue(forKeyPath: keyPath, model: .scalar(model), layerTime: time).number
}
