import Testing

@testable import BarFramesImageIO

/// The APNG's rectangles: None on every row, compressed by libdeflate (`.small`) or, for small
/// RGBA ones where at most a tenth of the bytes differ from the byte before, by zlib's
/// run-length strategy when that is smaller; and a rectangle seen before given the stream it
/// had, by any compressor sharing the memory.
@Suite struct APNGRegionCompressorTests {
  /// A row of `count` black pixels with the given pixels' given channel set to 200.
  static func row(_ count: Int, alpha: UInt8 = 255, bumps: [(pixel: Int, channel: Int)]) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: count * 4)
    for i in 0..<count { pixels[i * 4 + 3] = alpha }
    for bump in bumps { pixels[bump.pixel * 4 + bump.channel] = 200 }
    return RGBAImage(width: count, height: 1, pixels: pixels)
  }

  @Test func aTenthOfTheBytesChangingIsTheLimit() {
    // RGB: 10 pixels are 30 bytes, so 3 changes are allowed. A lone 200 is two changes (up and
    // back down); one at the very end is one.
    #expect(APNGRegionCompressor.mayRunLength(Self.row(10, bumps: [(4, 1), (9, 2)]), channels: 3))
    #expect(!APNGRegionCompressor.mayRunLength(Self.row(10, bumps: [(4, 1), (7, 0)]), channels: 3))
    // The alpha byte counts for RGBA: 40 bytes allow 4 changes; 255 after every 0 is 19 of them.
    #expect(!APNGRegionCompressor.mayRunLength(Self.row(10, bumps: []), channels: 4))
    #expect(APNGRegionCompressor.mayRunLength(Self.row(10, alpha: 0, bumps: [(4, 1), (9, 2)]), channels: 4))
    // …and not for RGB, where the same black row has no change at all.
    #expect(APNGRegionCompressor.mayRunLength(Self.row(10, bumps: []), channels: 3))
  }

  /// zlib's run-length stream is level 1's (header 78 01), libdeflate's level 6's (78 9C): a
  /// transparent row of runs takes the run-length stream, the same runs opaque (RGB) and a
  /// row of many changes take libdeflate's, and every stream inflates to the rows.
  @Test(arguments: [
    (PNGColorType.rgba, true, UInt8(0x01)), (PNGColorType.rgb, true, UInt8(0x9C)),
    (PNGColorType.rgba, false, UInt8(0x9C)),
  ])
  func runsOfSmallRGBARectanglesTakeTheRunLengthStream(colorType: PNGColorType, runs: Bool, level: UInt8) throws {
    let alpha: UInt8 = colorType == .rgba ? 0 : 255
    let image =
      runs
      ? Self.row(400, alpha: alpha, bumps: [(200, 0)])
      : Self.row(400, alpha: alpha, bumps: (0..<400).map { ($0, $0 % 3) })
    #expect(APNGRegionCompressor.mayRunLength(image, channels: colorType == .rgb ? 3 : 4) == runs)
    let stream = try APNGRegionCompressor(preset: .small).compress(image, colorType: colorType)
    #expect(Array(stream.prefix(2)) == [0x78, level])
    let channels = colorType == .rgb ? 3 : 4
    let rows = try stream.withUnsafeBytes { try Inflater.inflate($0, expectedSize: 1 + 400 * channels) }
    var expected: [UInt8] = [0]  // None
    for x in 0..<400 { expected += image.pixels[(x * 4)..<(x * 4 + channels)] }
    #expect(rows == expected)
  }
  static func rectangle(_ seed: UInt8, width: Int, height: Int) -> RGBAImage {
    RGBAImage(
      width: width, height: height, pixels: (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: $0) &+ seed })
  }

  /// The stream inflates to the rows: filter byte None, then the pixels in the colour type's
  /// channels.
  @Test(arguments: [PNGColorType.rgb, .rgba])
  func theStreamInflatesToUnfilteredRows(colorType: PNGColorType) throws {
    var image = TestImages.noise(width: 40, height: 3, opaque: colorType == .rgb, seed: 5)
    for x in 10..<30 { image[x, 1] = .init(red: 9, green: 8, blue: 7, alpha: 255) }
    let stream = try APNGRegionCompressor(preset: .small).compress(image, colorType: colorType)
    let channels = colorType == .rgb ? 3 : 4
    let rows = try stream.withUnsafeBytes { try Inflater.inflate($0, expectedSize: 3 * (1 + 40 * channels)) }
    var expected: [UInt8] = []
    for y in 0..<3 {
      expected.append(0)  // None
      for x in 0..<40 { expected += image.pixels[((y * 40 + x) * 4)..<((y * 40 + x) * 4 + channels)] }
    }
    #expect(rows == expected)
  }

  /// A rectangle compressed again — by the same compressor or by another sharing its memory —
  /// gives the stream a fresh compressor gives, whatever came between; the memory found it.
  @Test func aRepeatedRectangleCompressesAsAFreshCompressorWould() throws {
    let rectangles = APNGRectangleMemory()
    let compressors = try (0..<2).map { _ in try APNGRegionCompressor(preset: .small, rectangles: rectangles) }
    let images = (0..<20).map { Self.rectangle(UInt8($0 % 5) &* 40, width: 17, height: 9) }
    for (n, image) in images.enumerated() {
      let fresh = try APNGRegionCompressor(preset: .small).compress(image, colorType: .rgba)
      #expect(try compressors[n % 2].compress(image, colorType: .rgba) == fresh)
    }
    #expect(rectangles.found == 15)
    // Another colour type's stream is another stream: found, not used.
    let rgb = Self.rectangle(7, width: 4, height: 4)
    let opaque = RGBAImage(
      width: 4, height: 4, pixels: rgb.pixels.enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element })
    let asRGBA = try compressors[0].compress(opaque, colorType: .rgba)
    let asRGB = try compressors[1].compress(opaque, colorType: .rgb)
    #expect(asRGB == (try APNGRegionCompressor(preset: .small).compress(opaque, colorType: .rgb)))
    #expect(asRGB != asRGBA)
  }
}
