import BarFramesGraphics
import Foundation
import Testing

@Suite struct DoubleFormattingTests {
  /// What `formatted(decimals:)` promises, spelled with Foundation's printf: round to the
  /// decimals, print with `%.Nf`, drop trailing zeros and a bare point, never `-0`.
  static func reference(_ value: Double, _ decimals: Int) -> String {
    let scale = pow(10.0, Double(decimals))
    var rounded = (value * scale).rounded() / scale
    if rounded == 0 { rounded = 0 }
    var text = String(format: "%.\(decimals)f", rounded)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }

  @Test(arguments: [
    (0.5, 3, "0.5"), (-0.0004, 3, "0"), (-0.0005, 3, "-0.001"), (1.0 / 3, 3, "0.333"), (-2.125, 3, "-2.125"),
    (12.3456789, 6, "12.345679"), (0.000_001, 6, "0.000001"), (100.0, 3, "100"), (-7.1, 0, "-7"),
    (123_456_789.125, 3, "123456789.125"),
  ])
  func writesRoundedDecimals(value: Double, decimals: Int, expected: String) {
    #expect(value.formatted(decimals: decimals) == expected)
  }

  @Test func agreesWithPrintfOnManyValues() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for i in 0..<20_000 {
      // A fixed sequence (splitmix64) of magnitudes from 1e-7 to 1e9, both signs.
      seed &+= 0x9E37_79B9_7F4A_7C15
      var z = seed
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      let unit = Double(z >> 11) / Double(1 << 53)
      let value = (unit - 0.5) * pow(10, Double(i % 17) - 7)
      let decimals = i % 8
      #expect(value.formatted(decimals: decimals) == Self.reference(value, decimals), "\(value) at \(decimals)")
    }
  }

  @Test func halfwayValuesRoundAwayFromZero() {
    // 0.0625 and friends are exact in binary: rounding decides, not printf.
    #expect(0.0625.formatted(decimals: 3) == "0.063")
    #expect((-0.0625).formatted(decimals: 3) == "-0.063")
    #expect(2.5.formatted(decimals: 0) == "3")
  }
}
