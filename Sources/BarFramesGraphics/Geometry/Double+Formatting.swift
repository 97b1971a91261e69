import Foundation

extension Double {
  /// A short, locale-independent rendering: integers without a fraction, others with up to
  /// six significant fraction digits and no trailing zeros.
  public var compactDescription: String {
    formatted(decimals: 6)
  }

  /// Rounds to `decimals` digits after the point and drops trailing zeros; `-0` prints as `0`.
  public func formatted(decimals: Int) -> String {
    guard isFinite else { return isNaN ? "nan" : (self < 0 ? "-inf" : "inf") }
    let scale = pow(10.0, Double(decimals))
    var rounded = (self * scale).rounded() / scale
    if rounded == 0 { rounded = 0 }  // no "-0"
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
      return String(Int64(rounded))
    }
    var text = String(format: "%.\(decimals)f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
