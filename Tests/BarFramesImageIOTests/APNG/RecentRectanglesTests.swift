import Testing

@testable import BarFramesImageIO

/// The APNG's compressor keeps the streams of small rectangles it compressed lately and gives
/// them again for the same pixels: only for exactly the same pixels and colour type, and
/// forgetting the least recently used first.
@Suite struct RecentRectanglesTests {
  static func rectangle(_ seed: UInt8, width: Int = 3, height: Int = 2) -> RGBAImage {
    RGBAImage(
      width: width, height: height, pixels: (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: $0) &+ seed })
  }

  @Test func theSamePixelsGiveTheKeptStreamAndNothingElseDoes() {
    var recent = RecentRectangles()
    let a = Self.rectangle(1)
    recent.remember(a, colorType: .rgba, data: [1, 2, 3])
    #expect(recent.recall(Self.rectangle(1), colorType: .rgba) == [1, 2, 3])
    #expect(recent.recall(a, colorType: .rgb) == nil)  // another colour type
    var changed = a
    changed[2, 1] = .init(red: 0, green: 0, blue: 0, alpha: 0)  // the last pixel only
    #expect(recent.recall(changed, colorType: .rgba) == nil)
    // The same bytes in another shape are other pixels.
    let reshaped = RGBAImage(width: 2, height: 3, pixels: a.pixels)
    #expect(recent.recall(reshaped, colorType: .rgba) == nil)
  }

  @Test func theLeastRecentlyUsedIsForgottenFirst() {
    var recent = RecentRectangles()
    for k in 0..<RecentRectangles.capacity {
      recent.remember(Self.rectangle(UInt8(k)), colorType: .rgba, data: [UInt8(k)])
    }
    // Rectangle 0 is used again: rectangle 1 is now the oldest, and makes room.
    #expect(recent.recall(Self.rectangle(0), colorType: .rgba) == [0])
    recent.remember(Self.rectangle(200), colorType: .rgba, data: [200])
    #expect(recent.recall(Self.rectangle(1), colorType: .rgba) == nil)
    #expect(recent.recall(Self.rectangle(0), colorType: .rgba) == [0])
    #expect(recent.recall(Self.rectangle(2), colorType: .rgba) == [2])
    #expect(recent.recall(Self.rectangle(200), colorType: .rgba) == [200])
  }

  /// Through the compressor: a rectangle compressed again gives the stream a fresh
  /// compressor gives, whatever came between.
  @Test func aRepeatedRectangleCompressesAsAFreshCompressorWould() throws {
    let compressor = try APNGRegionCompressor(preset: .small)
    let images = (0..<20).map { Self.rectangle(UInt8($0 % 5) &* 40, width: 17, height: 9) }
    for image in images {
      let fresh = try APNGRegionCompressor(preset: .small).compress(image, colorType: .rgba)
      #expect(try compressor.compress(image, colorType: .rgba) == fresh)
    }
  }
}
