import BarFramesImageIO
import Testing

/// The vectorised Sub and Up filters, checked through a round trip on rows whose length is not
/// a multiple of sixteen and whose bytes wrap around.
@Suite struct RowFilterTests {
  @Test(arguments: [1, 3, 4, 5, 15, 16, 17, 33, 250])
  func randomRowsRoundTripUnderEveryPreset(width: Int) throws {
    var generator = SystemRandomNumberGenerator()
    var pixels = [UInt8](repeating: 0, count: width * 3 * 4)
    for i in pixels.indices { pixels[i] = UInt8.random(in: 0...255, using: &generator) }
    // Row 1 repeats row 0, so the repeated-row path runs too.
    for i in 0..<(width * 4) { pixels[width * 4 + i] = pixels[i] }
    let image = RGBAImage(width: width, height: 3, pixels: pixels)
    for preset in PNGCompressionPreset.allCases {
      #expect(
        try PNGDecoder.decode(try PNGEncoder(preset: preset).encode(image)) == image, "\(preset) at width \(width)")
    }
  }
}
