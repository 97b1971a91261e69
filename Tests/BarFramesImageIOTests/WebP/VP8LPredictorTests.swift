import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFramesImageIO

/// The predictor transform (RFC 9649 §4.1) of our lossless WebP encoder, checked by libwebp's
/// decoder, which undoes it as the specification says.
@Suite("Lossless WebP encoder (VP8L): the predictor transform, decoded by libwebp")
struct VP8LPredictorTests {
  /// Images where each rule of the predictor shows: smooth ones, noise (every difference
  /// differs), translucent ones (alpha predicted too), and sides of 1, 2 and odd lengths (the
  /// top row, the left column, the rightmost pixel's top-right, partial blocks).
  static var images: [RGBAImage] {
    [
      TestImages.enlargedIcon(icon: 3, scale: 15, seed: 5, opaque: false),
      TestImages.gradient(width: 70, height: 33),
      TestImages.noise(width: 37, height: 5, opaque: false, seed: 2),
      TestImages.noise(width: 1, height: 9, opaque: true, seed: 3),
      TestImages.noise(width: 9, height: 1, opaque: false, seed: 4),
      TestImages.noise(width: 2, height: 2, opaque: false, seed: 5),
    ]
  }

  @Test("Each of the 14 modes, in every block, decodes to the exact pixels", arguments: 0..<14)
  func everyMode(mode: Int) throws {
    let encoder = VP8LEncoder(rectangles: nil)
    encoder.forcedPredictorMode = mode
    for (n, image) in Self.images.enumerated() {
      let (chunk, _) = encoder.encode(image, region: image.bounds)
      #expect(try VP8LEncoderTests.decode(chunk: chunk) == image, "mode \(mode), image \(n)")
    }
  }

  /// Smooth pictures with thousands of colours: random icons drawn 50 and 25 times their size,
  /// opaque and translucent, and gradients.
  static var smoothImages: [(String, RGBAImage)] {
    (1...4).map { ("4 × 4 icon × 50, seed \($0)", TestImages.enlargedIcon(seed: UInt64($0))) } + [
      ("translucent 4 × 4 icon × 50", TestImages.enlargedIcon(seed: 7, opaque: false)),
      ("8 × 8 icon × 25", TestImages.enlargedIcon(icon: 8, scale: 25, seed: 9)),
      ("gradient", TestImages.gradient(width: 300, height: 120)),
      ("translucent gradient", TestImages.translucentGradient(width: 300, height: 120)),
    ]
  }

  @Test("Smooth pictures decode exactly, at most 1.1 × the size of libwebp's lossless encoder at cwebp's defaults")
  func smoothSizes() throws {
    let encoder = VP8LEncoder(rectangles: nil)
    // Our predictor's own chunks: libwebp, which would encode these large rectangles too, is not asked.
    encoder.usesLibWebP = false
    var grouped = 0
    for (name, image) in Self.smoothImages {
      let (chunk, _) = encoder.encode(image, region: image.bounds)
      if encoder.lastGroupCount > 1 { grouped += 1 }
      #expect(try VP8LEncoderTests.decode(chunk: chunk) == image, "\(name)")
      // The bitstreams compared: the chunks' payloads, without header and padding.
      let ours = Int(chunk[4]) | Int(chunk[5]) << 8 | Int(chunk[6]) << 16 | Int(chunk[7]) << 24
      let theirs = try LibWebPLossless.bitstream(of: image, method: 4, quality: 75).count
      #expect(Double(ours) <= 1.1 * Double(theirs), "\(name): \(ours) bytes, libwebp \(theirs)")
    }
    // Several groups of prefix codes (by tile) were written, and decoded, on some.
    #expect(grouped > 0)
  }

  @Test("Blocks of the right size: 32 × 32, or 64 × 64 beyond 2 600 blocks")
  func blockSize() {
    #expect(VP8LPredictor.blockBits(width: 200, height: 200) == 5)
    #expect(VP8LPredictor.blockBits(width: 1600, height: 1664) == 5)  // 50 × 52 = 2 600 blocks
    #expect(VP8LPredictor.blockBits(width: 1600, height: 1665) == 6)
  }

  @Test("Fixed-point log₂ is ⌊2¹⁶ log₂ x⌋ to within one unit, with integers only")
  func fixedPointLog2() {
    for x: UInt64 in [1, 2, 3, 5, 7, 10, 255, 4095, 4096, 65_537, 1 << 31, 3 << 40, UInt64.max] {
      let exact = log2(Double(x)) * 65536
      let fixed = VP8LPredictor.log2Fixed(x)
      #expect(abs(Double(fixed) - exact.rounded(.down)) <= 1, "x = \(x): \(fixed), \(exact)")
    }
    #expect(VP8LPredictor.log2Fixed(1 << 20) == 20 << 16)
  }
}
