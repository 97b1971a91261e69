import BarFramesImageIO
import Testing

@Suite("PNG encoder round trips")
struct PNGRoundTripTests {
  static let sizes: [(Int, Int)] = [(1, 1), (1, 7), (3, 1), (5, 3), (17, 9), (750, 120)]

  @Test("Opaque images decode pixel-exact and are stored as RGB", arguments: PNGCompressionPreset.allCases)
  func opaqueRoundTrip(preset: PNGCompressionPreset) throws {
    let encoder = try PNGEncoder(preset: preset)
    for (width, height) in Self.sizes {
      for image in [
        TestImages.flatBar(width: width, height: height), TestImages.noise(width: width, height: height, opaque: true),
      ] {
        let png = try encoder.encode(image)
        #expect(try PNGImageInfo(bytes: png).colorType == .rgb)
        #expect(try PNGDecoder.decode(png) == image, "\(preset) \(width)×\(height)")
      }
    }
  }

  @Test("Translucent images decode pixel-exact and are stored as RGBA", arguments: PNGCompressionPreset.allCases)
  func transparentRoundTrip(preset: PNGCompressionPreset) throws {
    let encoder = try PNGEncoder(preset: preset)
    for (width, height) in Self.sizes {
      for image in [
        TestImages.transparentBar(width: width, height: height),
        TestImages.noise(width: width, height: height, opaque: false),
      ] {
        let png = try encoder.encode(image)
        #expect(try PNGImageInfo(bytes: png).colorType == .rgba)
        #expect(try PNGDecoder.decode(png) == image, "\(preset) \(width)×\(height)")
      }
    }
  }

  @Test("One encoder reuses its zlib stream across frames of different sizes and types")
  func encoderReuse() throws {
    let encoder = try PNGEncoder(preset: .balanced)
    let images = [
      TestImages.noise(width: 40, height: 30, opaque: false), TestImages.flatBar(width: 9, height: 2),
      TestImages.noise(width: 40, height: 30, opaque: false),
    ]
    let first = try encoder.encode(images[0])
    for image in images { #expect(try PNGDecoder.decode(encoder.encode(image)) == image) }
    #expect(try encoder.encode(images[0]) == first, "encoding is deterministic after reuse")
  }

  @Test("A requested colour type is honoured, and RGB for a translucent image is refused")
  func requestedColorType() throws {
    let encoder = try PNGEncoder()
    let opaque = TestImages.flatBar(width: 8, height: 4)
    let asRGBA = try encoder.encodeImageData(opaque, colorType: .rgba)
    #expect(asRGBA.colorType == .rgba)
    #expect(try PNGDecoder.decode(PNGEncoder.pngFile(from: asRGBA)) == opaque)
    #expect(throws: PNGEncodingError.alphaWouldBeLost) {
      try encoder.encodeImageData(TestImages.transparentBar(width: 8, height: 4), colorType: .rgb)
    }
    #expect(throws: PNGEncodingError.unsupportedColorType(.indexed)) {
      try encoder.encodeImageData(opaque, colorType: .indexed)
    }
  }

  @Test("Header info is read from the first 33 bytes")
  func imageInfo() throws {
    let png = try PNGEncoder().encode(TestImages.transparentBar(width: 31, height: 7))
    let info = try PNGImageInfo(bytes: png.prefix(PNGImageInfo.headerByteCount))
    #expect(info == PNGImageInfo(width: 31, height: 7, bitDepth: 8, colorType: .rgba, isInterlaced: false))
  }

  @Test("fast stays within 3× the size of small on a flat 750×120 two-colour frame")
  func fastIsNotMuchLarger() throws {
    let image = TestImages.flatBar()
    #expect(TestImages.distinctColors(image) == 2)
    let fast = try PNGEncoder(preset: .fast).encode(image).count
    let balanced = try PNGEncoder(preset: .balanced).encode(image).count
    let small = try PNGEncoder(preset: .small).encode(image).count
    #expect(fast <= 3 * small, "fast \(fast) B, balanced \(balanced) B, small \(small) B")
    #expect(small <= balanced)
  }
}
