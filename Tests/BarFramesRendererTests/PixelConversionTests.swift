import BarFramesRenderer
import Testing

@Suite struct PixelConversionTests {
  /// Every (alpha, channel) pair against the formula the lookup table stands for.
  @Test func unpremultiplyMatchesTheFormulaForEveryValue() {
    var source: [UInt32] = []
    for a in 0..<256 {
      for c in 0...a { source.append(UInt32(a) << 24 | UInt32(c) << 16 | UInt32(c / 2) << 8 | UInt32(a - c)) }
    }
    let width = source.count
    var out = [UInt8](repeating: 7, count: width * 4)
    source.withUnsafeBytes { raw in
      out.withUnsafeMutableBufferPointer { buffer in
        PixelConversion.unpremultiplyARGB32(raw, stride: width * 4, width: width, height: 1, into: buffer)
      }
    }
    func straight(_ c: UInt32, _ a: UInt32) -> UInt8 {
      a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
    }
    for (i, argb) in source.enumerated() {
      let a = argb >> 24
      let expected: [UInt8] = [
        straight((argb >> 16) & 0xFF, a), straight((argb >> 8) & 0xFF, a), straight(argb & 0xFF, a), UInt8(a),
      ]
      if Array(out[i * 4..<i * 4 + 4]) != expected {
        Issue.record("pixel \(String(argb, radix: 16)): got \(Array(out[i * 4..<i * 4 + 4])), expected \(expected)")
        return
      }
    }
  }

  @Test func oddWidthsAndTransparentRunsAreConverted() {
    // Width 5: the two-pixel transparent fast path must not run past the row.
    let row: [UInt32] = [0, 0, 0xFF00_00FF, 0, 0x8080_0000]
    var out = [UInt8](repeating: 9, count: 20)
    row.withUnsafeBytes { raw in
      out.withUnsafeMutableBufferPointer {
        PixelConversion.unpremultiplyARGB32(raw, stride: 20, width: 5, height: 1, into: $0)
      }
    }
    #expect(out == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0, 255, 0, 0, 128])
  }
}
