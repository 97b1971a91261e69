import Foundation

/// The additive arithmetic used at one key path: sums, except for transform scale
/// components, which combine by multiplication like concatenated scale matrices.
struct ValueAlgebra: Sendable {
  let multiplicative: Bool

  init(keyPath: AnimationKeyPath) {
    multiplicative = keyPath.combinesMultiplicatively
  }

  func add(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
    if multiplicative, case .scalar(let x) = a, case .scalar(let y) = b { return .scalar(x * y) }
    return a.adding(b)
  }

  func subtract(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
    if multiplicative, case .scalar(let x) = a, case .scalar(let y) = b { return .scalar(y == 0 ? 0 : x / y) }
    return a.subtracting(b)
  }

  func repeated(_ a: AnimatableValue, _ count: Double) -> AnimatableValue {
    if multiplicative, case .scalar(let x) = a { return .scalar(Foundation.pow(x, count)) }
    return a.repeated(count)
  }

  func identity(like a: AnimatableValue) -> AnimatableValue {
    if multiplicative, case .scalar = a { return .scalar(1) }
    return a.additiveIdentity
  }
}
