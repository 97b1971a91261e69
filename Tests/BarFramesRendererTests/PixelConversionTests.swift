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

  /// Runs of transparent, opaque and translucent pixels at every offset from the four-pixel
  /// vector step, each pixel against the formula: the fast paths take a group only when all
  /// four pixels are of their kind.
  @Test func mixedRunsAtEveryOffsetMatchTheFormula() {
    let kinds: [UInt32] = [0, 0xFF12_3456, 0x8040_2010, 0, 0, 0xFFFF_FFFF, 0x0101_0000]
    var state: UInt32 = 99
    var source: [UInt32] = []
    for _ in 0..<400 {
      state = state &* 1_103_515_245 &+ 12_345
      let run = Int(state >> 28) + 1
      source += Array(repeating: kinds[Int(state >> 8) % kinds.count], count: run)
    }
    for offset in 0..<4 {
      let pixels = Array(source[offset...])
      var out = [UInt8](repeating: 7, count: pixels.count * 4)
      pixels.withUnsafeBytes { raw in
        out.withUnsafeMutableBufferPointer {
          PixelConversion.unpremultiplyARGB32(raw, stride: pixels.count * 4, width: pixels.count, height: 1, into: $0)
        }
      }
      for (i, argb) in pixels.enumerated() {
        let a = argb >> 24
        func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
        let expected = [straight((argb >> 16) & 0xFF), straight((argb >> 8) & 0xFF), straight(argb & 0xFF), UInt8(a)]
        if Array(out[i * 4..<i * 4 + 4]) != expected {
          Issue.record("offset \(offset), pixel \(i) \(String(argb, radix: 16)): \(Array(out[i * 4..<i * 4 + 4]))")
          return
        }
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

  /// Opaque rows packed as RGB: what un-premultiplying gives, alpha dropped, for every width
  /// around the four-pixel vector step (and its two pixels of slack), with a row stride wider
  /// than the row; the bytes past the packed rows are left alone.
  @Test func opaqueRowsPackAsTheirUnpremultipliedRGB() {
    for width in 1...21 {
      let height = 3
      let stride = width * 4 + 8
      var source = [UInt8](repeating: 0x5A, count: stride * height)
      var state: UInt32 = 12_345
      for y in 0..<height {
        for x in 0..<width {
          state = state &* 1_103_515_245 &+ 12_345
          let argb = 0xFF00_0000 | (state >> 8)
          source.withUnsafeMutableBytes { $0.storeBytes(of: argb, toByteOffset: y * stride + x * 4, as: UInt32.self) }
        }
      }
      var straight = [UInt8](repeating: 0, count: width * height * 4)
      source.withUnsafeBytes { raw in
        straight.withUnsafeMutableBufferPointer {
          PixelConversion.unpremultiplyARGB32(raw, stride: stride, width: width, height: height, into: $0)
        }
      }
      var expected: [UInt8] = []
      for i in 0..<width * height { expected += straight[i * 4..<i * 4 + 3] }
      expected += [7, 7, 7, 7]
      var packed = [UInt8](repeating: 7, count: width * height * 3 + 4)
      let opaque = source.withUnsafeBytes { raw in
        packed.withUnsafeMutableBytes {
          PixelConversion.packOpaqueARGB32(raw, stride: stride, width: width, height: height, into: $0)
        }
      }
      #expect(opaque, "width \(width)")
      #expect(packed == expected, "width \(width)")
    }
  }

  /// One pixel short of opaque anywhere — in the vector part or the tail, on any row — and
  /// the rows are refused.
  @Test func aPixelShortOfOpaqueIsFound() {
    let width = 13
    for position in 0..<(width * 2) {
      for alpha: UInt32 in [0, 0xFE, 0x7F] {
        var source = [UInt32](repeating: 0xFF10_2030, count: width * 2)
        let color: UInt32 = alpha == 0 ? 0 : 0x10_2030
        source[position] = alpha << 24 | color
        var packed = [UInt8](repeating: 0, count: width * 2 * 3)
        let opaque = source.withUnsafeBytes { raw in
          packed.withUnsafeMutableBytes {
            PixelConversion.packOpaqueARGB32(raw, stride: width * 4, width: width, height: 2, into: $0)
          }
        }
        #expect(!opaque, "pixel \(position), alpha \(alpha)")
      }
    }
  }
}
