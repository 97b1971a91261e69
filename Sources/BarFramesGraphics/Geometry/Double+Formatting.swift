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
    let scale = (0...15).contains(decimals) ? Self.powersOfTen[decimals] : pow(10.0, Double(decimals))
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

  /// 10^0 … 10^15, each exact in a double (as `pow` gives them), without a call of `pow` for
  /// every number written.
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
  ]

  /// `k` / 10^`decimals` in decimal, trailing zeros of the fraction (and a bare point) dropped.
  /// Written right to left into a buffer on the stack: no allocation for the short numbers of
  /// SVG path data, which are many.
  private static func decimalText(_ k: Int64, decimals: Int) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
      var m = k.magnitude
      var fraction = decimals
      while fraction > 0, m % 10 == 0 {
        m /= 10
        fraction -= 1
      }
      var start = buffer.count
      func put(_ byte: UInt8) {
        start -= 1
        buffer[start] = byte
      }
      for _ in 0..<fraction {
        put(UInt8(ascii: "0") + UInt8(m % 10))
        m /= 10
      }
      if fraction > 0 { put(UInt8(ascii: ".")) }
      repeat {
        put(UInt8(ascii: "0") + UInt8(m % 10))
        m /= 10
      } while m > 0
      if k < 0 { put(UInt8(ascii: "-")) }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
    }
  }
}
