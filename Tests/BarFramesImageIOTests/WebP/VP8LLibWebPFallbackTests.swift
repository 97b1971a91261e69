import BarFramesTestSupport
import Testing

@testable import BarFramesImageIO

/// The rectangles where our lossless encoder expects libwebp's to win are encoded by libwebp
/// too, and the smaller bitstream kept: every chunk within 1.1 × of libwebp's at
/// `cwebp -lossless -exact`'s defaults, at no cost where ours wins.
@Suite("Lossless WebP encoder (VP8L): libwebp where it is expected to win")
struct VP8LLibWebPFallbackTests {
  /// The chunk's payload size (without header and padding).
  static func payloadCount(_ chunk: [UInt8]) -> Int {
    Int(chunk[4]) | Int(chunk[5]) << 8 | Int(chunk[6]) << 16 | Int(chunk[7]) << 24
  }

  @Test("A long, shallow antialiased stroke decodes exactly, at most 1.1 × the size of libwebp's")
  func shallowStroke() throws {
    let image = TestImages.shallowStroke()
    let encoder = VP8LEncoder(rectangles: nil)
    let (chunk, isOpaque) = encoder.encode(image, region: image.bounds)
    #expect(isOpaque)
    #expect(try VP8LEncoderTests.decode(chunk: chunk) == image)
    let ours = Self.payloadCount(chunk)
    let theirs = try LibWebPLossless.bitstream(of: image, method: 4, quality: 75).count
    #expect(Double(ours) <= 1.1 * Double(theirs), "\(ours) bytes, libwebp \(theirs)")
    #expect(encoder.libWebPTried == 1)
    #expect(encoder.libWebPKept == 1)
  }

  @Test("The same pixels give the same chunk, whichever encoder and whatever it encoded before")
  func deterministic() {
    let stroke = TestImages.shallowStroke()
    let first = VP8LEncoder(rectangles: nil)
    let second = VP8LEncoder(rectangles: nil)
    _ = second.encode(
      TestImages.shallowStroke(width: 300, height: 30, rise: 4), region: PixelRect(x: 0, y: 0, width: 300, height: 30))
    #expect(first.encode(stroke, region: stroke.bounds).chunk == second.encode(stroke, region: stroke.bounds).chunk)
  }

  @Test("Flat bars, packed indices and smooth pictures of more than 256 colours never ask libwebp")
  func notAsked() {
    let encoder = VP8LEncoder(rectangles: nil)
    let gradient = TestImages.gradient(width: 300, height: 120)
    #expect(TestImages.distinctColors(gradient) > 256)
    for image in [TestImages.flatBar(), TestImages.transparentBar(width: 300, height: 12), gradient] {
      _ = encoder.encode(image, region: image.bounds)
    }
    #expect(encoder.libWebPTried == 0)
  }
}
