import CBarFramesKernels
import Testing

@testable import BarFramesImageIO

/// The scans the GIF and APNG writers skip unchanged pixels with (eight at a time, AVX2 where
/// the CPU has it), and their scalar twins, against the rule written out pixel by pixel.
@Suite struct PixelScanTests {
  struct Random {
    var state: UInt64
    mutating func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(n))
    }
  }

  /// Two rows equal but for a few pixels (none, one, or several; at the ends, around the
  /// eight-pixel steps), and a row of zeros but for a few.
  @Test func equalPrefixAndSuffixMatchThePixelRule() {
    var random = Random(state: 5)
    for trial in 0..<3_000 {
      let count = random.next(70)
      let a = (0..<count).map { _ in UInt32(random.next(3) == 0 ? 0 : 1 + random.next(1 << 30)) }
      var b = a
      var sparse = [UInt32](repeating: 0, count: count)
      for _ in 0..<(count == 0 ? 0 : random.next(4)) {
        let i = random.next(count)
        b[i] ^= UInt32(1) << UInt32(random.next(32))  // any byte, alpha included
        sparse[i] = UInt32(1) << UInt32(random.next(32))
      }
      let prefix = (0..<count).first { a[$0] != b[$0] } ?? count
      let suffix = (0..<count).reversed().first { a[$0] != b[$0] }.map { count - 1 - $0 } ?? count
      let zeroPrefix = (0..<count).first { sparse[$0] != 0 } ?? count
      let zeroSuffix = (0..<count).reversed().first { sparse[$0] != 0 }.map { count - 1 - $0 } ?? count
      a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
          sparse.withUnsafeBufferPointer { sparse in
            // An empty array's base address may be nil; any pointer serves for 0 pixels.
            let (pa, pb, ps) = (a.baseAddress ?? pointer, b.baseAddress ?? pointer, sparse.baseAddress ?? pointer)
            #expect(RGBAImage.equalPrefix(pa, pb, count: count) == prefix, "trial \(trial)")
            #expect(RGBAImage.equalSuffix(pa, pb, count: count) == suffix, "trial \(trial)")
            #expect(RGBAImage.equalPrefix(ps, nil, count: count) == zeroPrefix, "trial \(trial), against zero")
            #expect(RGBAImage.equalSuffix(ps, nil, count: count) == zeroSuffix, "trial \(trial), against zero")
            #expect(barframes_equal_prefix_scalar(pa, pb, count) == prefix, "trial \(trial), scalar")
            #expect(barframes_equal_suffix_scalar(pa, pb, count) == suffix, "trial \(trial), scalar")
            #expect(barframes_equal_prefix_scalar(ps, nil, count) == zeroPrefix, "trial \(trial), scalar against zero")
            #expect(barframes_equal_suffix_scalar(ps, nil, count) == zeroSuffix, "trial \(trial), scalar against zero")
          }
        }
      }
    }
  }

  private let pointer = UnsafePointer<UInt32>(bitPattern: 16)!

  /// One pixel (or none) not transparent black, anywhere in or around the rectangle asked about.
  @Test func isTransparentMatchesThePixelRule() {
    var random = Random(state: 9)
    let (width, height) = (37, 9)
    for trial in 0..<2_000 {
      var image = RGBAImage(width: width, height: height)
      let (px, py) = (random.next(width), random.next(height))
      if trial % 5 != 0 {
        image[px, py] =
          [
            RGBAImage.Pixel(red: 1, green: 0, blue: 0, alpha: 0), RGBAImage.Pixel(red: 0, green: 0, blue: 0, alpha: 1),
            RGBAImage.Pixel(red: 0, green: 0, blue: 9, alpha: 255),
          ][trial % 3]
      }
      let (x, y) = (random.next(width), random.next(height))
      let rect = PixelRect(x: x, y: y, width: 1 + random.next(width - x), height: 1 + random.next(height - y))
      let expected = (rect.y..<(rect.y + rect.height)).allSatisfy { row in
        (rect.x..<(rect.x + rect.width)).allSatisfy {
          image[$0, row] == RGBAImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0)
        }
      }
      #expect(image.isTransparent(in: rect) == expected, "trial \(trial): \(rect), pixel at (\(px), \(py))")
    }
  }
}
