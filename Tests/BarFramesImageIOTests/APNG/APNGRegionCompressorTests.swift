import Testing

@testable import BarFramesImageIO

/// The APNG's small rectangles try zlib's run-length strategy only where at most a tenth of
/// their bytes differ from the byte before (it finds runs of one byte only).
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

  /// Whichever way it goes, the stream inflates to the rows (filter byte None, then pixels).
  @Test(arguments: [false, true])
  func bothWaysGiveTheRows(runs: Bool) throws {
    let image = runs ? Self.row(40, bumps: [(20, 0)]) : Self.row(40, bumps: (0..<40).map { ($0, $0 % 3) })
    #expect(APNGRegionCompressor.mayRunLength(image, channels: 3) == runs)
    let stream = try APNGRegionCompressor(preset: .small).compress(image, colorType: .rgb)
    let rows = try stream.withUnsafeBytes { try Inflater.inflate($0, expectedSize: 1 + 40 * 3) }
    var expected: [UInt8] = [0]  // None
    for x in 0..<40 { expected += image.pixels[(x * 4)..<(x * 4 + 3)] }
    #expect(rows == expected)
  }
}
