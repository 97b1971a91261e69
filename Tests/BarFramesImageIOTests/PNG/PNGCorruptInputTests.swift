import BarFramesImageIO
import Testing

@Suite("PNG decoder on malformed input")
struct PNGCorruptInputTests {
  let png: [UInt8] = try! PNGEncoder().encode(TestImages.transparentBar(width: 20, height: 6))

  @Test("A wrong signature is reported as not a PNG")
  func badSignature() {
    var bytes = png
    bytes[1] = UInt8(ascii: "Q")
    #expect(throws: PNGDecodingError.notPNG) { try PNGDecoder.decode(bytes) }
    #expect(throws: PNGDecodingError.notPNG) { try PNGDecoder.decode(Array("GIF89a".utf8)) }
    #expect(throws: PNGDecodingError.notPNG) { try PNGImageInfo(bytes: [0x47, 0x49]) }
  }

  @Test("A flipped byte in a chunk is caught by its CRC")
  func badCRC() {
    var bytes = png
    bytes[8 + 8 + 3] ^= 0x01  // inside IHDR's width
    #expect(throws: PNGDecodingError.badCRC(chunk: "IHDR", offset: 8)) { try PNGDecoder.decode(bytes) }
    var idat = png
    idat[33 + 8 + 2] ^= 0x40  // inside IDAT's data
    #expect(throws: PNGDecodingError.badCRC(chunk: "IDAT", offset: 33)) { try PNGDecoder.decode(idat) }
  }

  @Test("Every truncation is an error, never a crash")
  func truncated() {
    for length in 0..<png.count {
      #expect(throws: PNGDecodingError.self, "length \(length)") { try PNGDecoder.decode(Array(png.prefix(length))) }
    }
    #expect(throws: PNGDecodingError.truncated(context: "the chunk list (no IEND chunk)")) {
      try PNGDecoder.decode(Array(png.dropLast(12)))
    }
  }

  @Test("Random byte flips anywhere never crash the decoder")
  func fuzz() {
    var state: UInt64 = 42
    for _ in 0..<2000 {
      var bytes = png
      for _ in 0..<3 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let index = Int(state >> 33) % bytes.count
        bytes[index] ^= UInt8(truncatingIfNeeded: state >> 13) | 1
      }
      _ = try? PNGDecoder.decode(bytes)
    }
  }

  @Test("Error messages say what is wrong")
  func messages() {
    #expect(PNGDecodingError.badCRC(chunk: "IDAT", offset: 33).description.contains("CRC of the IDAT chunk at byte 33"))
    #expect(PNGDecodingError.interlaced.description.contains("interlaced"))
    #expect(PNGEncodingError.alphaWouldBeLost.localizedDescription.contains("alpha"))
  }
}
