import Foundation

extension Double {
  /// A short, locale-independent rendering: integers without a fraction, others with up to
  /// six significant fraction digits and no trailing zeros.
  public var compactDescription: String {
    formatted(decimals: 6)
  }

  /// Rounds to `decimals` digits after the point and drops trailing zeros; `-0` prints as `0`.
  ///
  /// The rounded value is k / 10^decimals for a whole k, and `%.Nf` prints such a value as
  /// k's digits with the point N from the right while |k| < 2^52 (the double nearest it is
  /// within k·2⁻⁵³ of it, far from halfway between two N-digit decimals), so those are written
  /// from k directly, not through Foundation's `String(format:)`, which parses its format for
  /// every number (an SVG is mostly numbers).
  public func formatted(decimals: Int) -> String {
    guard isFinite else { return isNaN ? "nan" : (self < 0 ? "-inf" : "inf") }
    let scale = pow(10.0, Double(decimals))
    let scaled = (self * scale).rounded()
    var rounded = scaled / scale
    if rounded == 0 { rounded = 0 }  // no "-0"
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
      return String(Int64(rounded))
    }
    if (0...15).contains(decimals), abs(scaled) < 1e15 {
      return Self.decimalText(Int64(scaled), decimals: decimals)
    }
    var text = String(format: "%.\(decimals)f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// `k` / 10^`decimals` in decimal, trailing zeros of the fraction (and a bare point) dropped.
  private static func decimalText(_ k: Int64, decimals: Int) -> String {
    var digits = Array(String(k.magnitude).utf8)
    if digits.count <= decimals {
      digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: decimals + 1 - digits.count), at: 0)
    }
    digits.insert(UInt8(ascii: "."), at: digits.count - decimals)
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    if digits.last == UInt8(ascii: ".") { digits.removeLast() }
    if k < 0 { digits.insert(UInt8(ascii: "-"), at: 0) }
    return String(decoding: digits, as: UTF8.self)
  }
}
