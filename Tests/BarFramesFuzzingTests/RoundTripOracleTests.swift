import BarFramesFuzzing
import BarFramesImageIO
import BarFramesTestSupport
import Testing

/// The round-trip targets' oracles must be able to fail: each is shown an encoder's output with
/// one bit or one value broken, and must refuse it; the PNG decoders' comparison is shown each
/// kind of disagreement.
@Suite struct RoundTripOracleTests {
  static let image: RGBAImage = {
    var image = RGBAImage(width: 5, height: 3, filledWith: .init(red: 200, green: 30, blue: 0))
    image[1, 1] = .init(red: 0, green: 90, blue: 255, alpha: 128)
    image[4, 2] = .init(red: 7, green: 7, blue: 7, alpha: 0)
    return image
  }()

  @Test func theWebPOracleRefusesAFlippedBitAndAWrongOpacity() throws {
    let region = Self.image.bounds
    let (chunk, isOpaque) = VP8LEncoder(rectangles: nil).encode(Self.image, region: region)
    #expect(throws: Never.self) { try WebPRoundTripFuzzing.verify(chunk, isOpaque: isOpaque, expected: Self.image) }
    #expect(throws: FuzzFailure.self) { try WebPRoundTripFuzzing.verify(chunk, isOpaque: true, expected: Self.image) }
    // Past the 8-byte chunk header and the 5-byte VP8L header: the coded image.
    for byte in 13..<chunk.count - 1 {
      var broken = chunk
      broken[byte] ^= 0x10
      #expect(throws: FuzzFailure.self, "bit 4 of byte \(byte)") {
        try WebPRoundTripFuzzing.verify(broken, isOpaque: isOpaque, expected: Self.image)
      }
    }
  }

  @Test func theDeflateOracleRefusesAFlippedBitAMissingChecksumAndTrailingBytes() throws {
    let data = Array("aaaaaaaaaaaaaaaabcbcbcbcbcbcbc, run-length deflate".utf8)
    let stream = try data.withUnsafeBytes { try RunLengthDeflater().compress($0) }
    #expect(throws: Never.self) { try DeflateRoundTripFuzzing.checkInflates(stream, to: data, "the stream") }
    for byte in stream.indices {
      var broken = stream
      broken[byte] ^= 0x01
      #expect(throws: FuzzFailure.self, "byte \(byte)") {
        try DeflateRoundTripFuzzing.checkInflates(broken, to: data, "the stream")
      }
    }
    #expect(throws: FuzzFailure.self) {
      try DeflateRoundTripFuzzing.checkInflates(Array(stream.dropLast()), to: data, "the stream")
    }
    #expect(throws: FuzzFailure.self) {
      try DeflateRoundTripFuzzing.checkInflates(stream + [0], to: data, "the stream")
    }
    #expect(throws: FuzzFailure.self) {
      try DeflateRoundTripFuzzing.checkInflates(stream, to: data.dropLast() + [0], "the stream")
    }
  }

  @Test func thePNGEncoderOracleRefusesOtherPixelsAndABrokenFile() throws {
    let file = try PNGEncoder(preset: .small).encode(Self.image)
    #expect(throws: Never.self) { try PNGEncoderRoundTripFuzzing.checkDecodes(file, to: Self.image, "small") }
    var other = Self.image
    other[4, 2] = .init(red: 7, green: 7, blue: 7, alpha: 1)
    #expect(throws: FuzzFailure.self) { try PNGEncoderRoundTripFuzzing.checkDecodes(file, to: other, "small") }
    var broken = file
    broken[broken.count - 20] ^= 0x01  // inside the IDAT data: a wrong CRC, a critical chunk
    #expect(throws: FuzzFailure.self) { try PNGEncoderRoundTripFuzzing.checkDecodes(broken, to: Self.image, "small") }
    // A good file with an ancillary chunk whose CRC is wrong: libpng reads it with a warning.
    let chunks = PNGFixture.rgbaChunks(width: 2, height: 2)
    var text = PNGFixture.chunk("tEXt", Array("Comment\0x".utf8))
    text[text.count - 1] ^= 0xFF
    let warned = PNGFixture.file([chunks[0], text, chunks[1], chunks[2]])
    let pixels = try PNGDecoder.decode(PNGFixture.file(chunks))
    #expect(throws: FuzzFailure.self) { try PNGEncoderRoundTripFuzzing.checkDecodes(warned, to: pixels, "warned") }
  }

  @Test func theGIFOracleRefusesAWrongColourAndAWrongDelay() throws {
    var second = Self.image
    second[0, 0] = .init(red: 0, green: 0, blue: 0)
    let frames = [(image: Self.image, delay: 7), (image: second, delay: 3)]
    let writer = try GIFWriter(sink: MemoryByteSink(), width: 5, height: 3)
    for frame in frames { try writer.append(frame.image, delayCentiseconds: UInt16(frame.delay)) }
    try writer.finish()
    let gif = writer.sink.bytes
    #expect(throws: Never.self) { try GIFRoundTripFuzzing.verify(gif, frames: frames, quantized: false) }
    // The global colour table starts at byte 13; its first colour is the first pixel's.
    var recoloured = gif
    recoloured[13] ^= 0x08
    #expect(throws: FuzzFailure.self) { try GIFRoundTripFuzzing.verify(recoloured, frames: frames, quantized: false) }
    // The first Graphics Control Extension (21 F9 04, packed fields, delay little-endian).
    let control = try #require(gif.indices.first { gif[$0] == 0x21 && gif[$0 + 1] == 0xF9 && gif[$0 + 2] == 0x04 })
    #expect(gif[control + 4] == 7)
    var slower = gif
    slower[control + 4] = 8
    #expect(throws: FuzzFailure.self) { try GIFRoundTripFuzzing.verify(slower, frames: frames, quantized: false) }
    // A transparent pixel made opaque: the frame's transparent index no longer applies.
    var opaque = gif
    opaque[control + 3] &= ~1
    #expect(throws: FuzzFailure.self) { try GIFRoundTripFuzzing.verify(opaque, frames: frames, quantized: false) }
    #expect(throws: FuzzFailure.self) {
      try GIFRoundTripFuzzing.verify(Array(gif.prefix(40)), frames: frames, quantized: false)
    }
  }

  @Test func thePNGDecoderComparisonRefusesEachDisagreement() {
    let image = Self.image
    let other = RGBAImage(width: 5, height: 3)
    let decoded = PNGReference(outcome: .decoded(image, warnings: 0), message: "", isInterlaced: false)
    let warned = PNGReference(outcome: .decoded(image, warnings: 1), message: "tEXt: CRC error", isInterlaced: false)
    let refused = PNGReference(outcome: .refused("IDAT: CRC error"), message: "IDAT: CRC error", isInterlaced: false)
    let interlaced = PNGReference(outcome: .decoded(image, warnings: 0), message: "", isInterlaced: true)
    let badCRC = PNGDecodingError.badCRC(chunk: "tEXt", offset: 33)
    func compare(_ reference: PNGReference, _ ours: Result<RGBAImage, PNGDecodingError>) throws(FuzzFailure) {
      _ = try PNGDecoderDifferentialFuzzing.compare(reference, ours)
    }
    #expect(throws: Never.self) { try compare(decoded, .success(image)) }
    #expect(throws: FuzzFailure.self) { try compare(decoded, .success(other)) }
    #expect(throws: FuzzFailure.self) { try compare(decoded, .failure(badCRC)) }
    #expect(throws: FuzzFailure.self) { try compare(refused, .success(image)) }
    #expect(throws: Never.self) { try compare(refused, .failure(badCRC)) }
    #expect(throws: Never.self) { try compare(warned, .failure(badCRC)) }
    #expect(throws: FuzzFailure.self) { try compare(warned, .success(other)) }
    #expect(throws: Never.self) { try compare(interlaced, .failure(.interlaced)) }
    #expect(throws: FuzzFailure.self) { try compare(decoded, .failure(.interlaced)) }
  }

  /// The comparison on real files, both decoders run.
  @Test func thePNGDecoderTargetSortsRealFiles() throws {
    let chunks = PNGFixture.rgbaChunks(width: 3, height: 2)
    #expect(try FuzzTarget.pngDecoder.check(PNGFixture.file(chunks)) == .accepted)
    var text = PNGFixture.chunk("tEXt", Array("Comment\0x".utf8))
    text[text.count - 1] ^= 0xFF
    let outcome = try FuzzTarget.pngDecoder.check(PNGFixture.file([chunks[0], text, chunks[1], chunks[2]]))
    guard case .refused(let why) = outcome else {
      Issue.record("our decoder read a file with a wrong CRC")
      return
    }
    #expect(why.hasPrefix("libpng warned"), "\(why)")
    var data = chunks[1]
    data[data.count - 1] ^= 0xFF
    guard case .refused(let critical) = try FuzzTarget.pngDecoder.check(PNGFixture.file([chunks[0], data, chunks[2]]))
    else {
      Issue.record("a wrong CRC on IDAT was accepted")
      return
    }
    #expect(critical.hasPrefix("libpng: "), "\(critical)")
    let interlaced = [
      PNGFixture.header(width: 1, height: 1, interlace: 1), PNGFixture.chunk("IDAT", PNGFixture.zlib([0, 1, 2, 3, 4])),
      chunks[2],
    ]
    #expect(try FuzzTarget.pngDecoder.check(PNGFixture.file(interlaced)) == .refused("interlaced"))
  }
}
