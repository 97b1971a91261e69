import BarFramesTestSupport
import BarFramesImageIO
import Foundation
import Testing

@Suite("APNG writer and reader")
struct APNGWriterTests {
  /// Frames of a bar filling up, transparent or on a background.
  static func frames(count: Int, width: Int, height: Int, transparent: Bool) -> [RGBAImage] {
    (0..<count).map { i in
      let progress = Double(i + 1) / Double(count)
      return transparent
        ? TestImages.transparentBar(width: width, height: height, progress: progress)
        : TestImages.flatBar(width: width, height: height, progress: progress)
    }
  }

  static func write(
    _ images: [RGBAImage], colorType: PNGColorType, delay: FrameDelay, preset: PNGCompressionPreset = .fast
  ) throws -> [UInt8] {
    let encoder = try PNGEncoder(preset: preset)
    let writer = try APNGWriter(
      sink: MemoryByteSink(), width: images[0].width, height: images[0].height, frameCount: images.count,
      colorType: colorType, delay: delay)
    for image in images { try writer.append(encoder.encodeImageData(image, colorType: colorType)) }
    try writer.finish()
    return writer.sink.bytes
  }

  @Test("Frames, delays and pixels survive a round trip", arguments: [false, true])
  func roundTrip(transparent: Bool) throws {
    let images = Self.frames(count: 7, width: 33, height: 9, transparent: transparent)
    let delay = FrameDelay(framesPerSecond: 60)
    let bytes = try Self.write(images, colorType: transparent ? .rgba : .rgb, delay: delay)
    let animation = try APNGReader.read(bytes)
    #expect(animation.frames.count == 7)
    #expect(animation.loopCount == 0)
    #expect(animation.defaultImageIsFirstFrame)
    #expect(animation.frames.map(\.delay) == Array(repeating: FrameDelay(seconds: 1, per: 60), count: 7))
    #expect(animation.frames.map(\.image) == images)
    // A plain PNG decoder sees the first frame.
    #expect(try PNGDecoder.decode(bytes) == images[0])
  }

  @Test("Sequence numbers run 0, 1, 2… over fcTL and fdAT; acTL announces the frame count")
  func sequenceNumbers() throws {
    let bytes = try Self.write(Self.frames(count: 4, width: 5, height: 3, transparent: true), colorType: .rgba, delay: FrameDelay(framesPerSecond: 24))
    let chunks = try PNGChunk.parse(bytes)
    #expect(chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
    let numbered = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
    let numbers = numbered.map { UInt32($0.data[0]) << 24 | UInt32($0.data[1]) << 16 | UInt32($0.data[2]) << 8 | UInt32($0.data[3]) }
    #expect(numbers == Array(0..<7))
    #expect(chunks[1].data == [0, 0, 0, 4, 0, 0, 0, 0])  // 4 frames, loop forever
    let fcTL = chunks[2].data
    #expect(Array(fcTL[20..<24]) == [0, 1, 0, 24])  // delay 1/24
    #expect(Array(fcTL[24..<26]) == [0, 0])  // dispose none, blend source
  }

  @Test("Frame delays are exact fractions, reduced or approximated to fit 16 bits")
  func frameDelays() {
    #expect(FrameDelay(framesPerSecond: 60) == FrameDelay(seconds: 1, per: 60))
    let ntsc = FrameDelay(framesPerSecond: 30000, per: 1001)
    #expect((ntsc.numerator, ntsc.denominator) == (1001, 30000))
    let reduced = FrameDelay(seconds: 100_000, per: 6_000_000)  // 1/60
    #expect((reduced.numerator, reduced.denominator) == (1, 60))
    let approximated = FrameDelay(framesPerSecond: 120_000, per: 1001)  // 1001/120000 does not fit
    #expect(approximated.denominator <= UInt16.max)
    #expect(abs(approximated.seconds - 1001.0 / 120_000) < 1e-8)
  }

  @Test("A writer refuses mismatched, surplus and missing frames")
  func misuse() throws {
    let encoder = try PNGEncoder()
    let writer = try APNGWriter(sink: MemoryByteSink(), width: 4, height: 2, frameCount: 1, colorType: .rgb, delay: FrameDelay(framesPerSecond: 30))
    #expect(throws: APNGError.missingFrames(written: 0, expected: 1)) { try writer.finish() }
    let rgba = try encoder.encodeImageData(TestImages.transparentBar(width: 4, height: 2))
    #expect(throws: APNGError.colorTypeMismatch(frame: 0, colorType: .rgba, expected: .rgb)) { try writer.append(rgba) }
    let wrongSize = try encoder.encodeImageData(TestImages.flatBar(width: 5, height: 2))
    #expect(throws: APNGError.self) { try writer.append(wrongSize) }
    try writer.append(encoder.encodeImageData(TestImages.flatBar(width: 4, height: 2)))
    #expect(throws: APNGError.tooManyFrames(expected: 1)) { try writer.append(encoder.encodeImageData(TestImages.flatBar(width: 4, height: 2))) }
    try writer.finish()
    #expect(throws: APNGError.alreadyFinished) { try writer.finish() }
  }

  @Test("A still PNG and broken sequence numbers are rejected by the reader")
  func readerValidation() throws {
    let still = try PNGEncoder().encode(TestImages.flatBar(width: 4, height: 2))
    #expect(throws: APNGError.invalidAnimation("there is no acTL chunk, so this is a still PNG")) { try APNGReader.read(still) }

    let bytes = try Self.write(Self.frames(count: 3, width: 5, height: 3, transparent: false), colorType: .rgb, delay: FrameDelay(framesPerSecond: 10))
    var chunks = try PNGChunk.parse(bytes)
    let fdAT = try #require(chunks.firstIndex { $0.type == "fdAT" })
    chunks[fdAT].data[3] = 9  // sequence number 2 → 9
    #expect(throws: APNGError.invalidAnimation("fdAT has sequence number 9 where 2 was expected")) {
      try APNGReader.read(Self.serialize(chunks))
    }
    #expect(try APNGReader.read(Self.serialize(try PNGChunk.parse(bytes))).frames.count == 3)
  }

  /// Writes chunks back into a file, with fresh CRCs.
  static func serialize(_ chunks: [PNGChunk]) -> [UInt8] {
    var table = [UInt32](repeating: 0, count: 256)
    for n in 0..<256 {
      var c = UInt32(n)
      for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
      table[n] = c
    }
    func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    var file = PNGChunk.signature
    for chunk in chunks {
      let body = Array(chunk.type.utf8) + chunk.data
      var crc: UInt32 = 0xFFFF_FFFF
      for byte in body { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
      file += bigEndian(UInt32(chunk.data.count)) + body + bigEndian(crc ^ 0xFFFF_FFFF)
    }
    return file
  }

  @Test("ffprobe counts the same number of frames", .enabled(if: ExternalTools.hasFFprobe, "ffprobe is not installed"))
  func ffprobeFrameCount() throws {
    let bytes = try Self.write(Self.frames(count: 12, width: 40, height: 10, transparent: true), colorType: .rgba, delay: FrameDelay(framesPerSecond: 30000, per: 1001))
    let directory = try ExternalTools.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("bar.apng")
    try Data(bytes).write(to: url)
    #expect(try ExternalTools.ffprobeFrameCount(of: url) == 12)
  }

  @Test("The file-handle sink writes the same bytes as the memory sink")
  func fileHandleSink() throws {
    let images = Self.frames(count: 3, width: 20, height: 6, transparent: false)
    let expected = try Self.write(images, colorType: .rgb, delay: FrameDelay(framesPerSecond: 25))
    let directory = try ExternalTools.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("bar.apng")
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    let encoder = try PNGEncoder()
    let writer = try APNGWriter(sink: FileHandleByteSink(handle: handle, bufferSize: 64), width: 20, height: 6, frameCount: 3, colorType: .rgb, delay: FrameDelay(framesPerSecond: 25))
    for image in images { try writer.append(encoder.encodeImageData(image)) }
    try writer.finish()
    try handle.close()
    #expect(try Array(Data(contentsOf: url)) == expected)
  }
}
