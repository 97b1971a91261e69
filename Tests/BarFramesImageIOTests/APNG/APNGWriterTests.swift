import BarFramesImageIO
import BarFramesTestSupport
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
    try writer(images, colorType: colorType, delay: delay, preset: preset).sink.bytes
  }

  static func writer(
    _ images: [RGBAImage], colorType: PNGColorType, delay: FrameDelay, delays: [FrameDelay]? = nil,
    preset: PNGCompressionPreset = .fast
  ) throws -> APNGWriter<MemoryByteSink> {
    let writer = try APNGWriter(
      sink: MemoryByteSink(), width: images[0].width, height: images[0].height, colorType: colorType, delay: delay,
      preset: preset)
    for (i, image) in images.enumerated() { try writer.append(image, delay: delays?[i]) }
    try writer.finish()
    return writer
  }

  /// The size of the same frames stored whole, as every frame was before issue 16.
  static func wholeFrameBytes(_ images: [RGBAImage], colorType: PNGColorType) throws -> Int {
    let encoder = try PNGEncoder()
    // Per frame: fcTL (12 + 26) and one fdAT (12 + 4) around the compressed data.
    return try images.reduce(0) { $0 + 54 + (try encoder.encodeImageData($1, colorType: colorType).zdata.count) }
  }

  /// `images` with each run of identical consecutive frames reduced to one.
  static func deduplicated(_ images: [RGBAImage]) -> [RGBAImage] {
    images.enumerated().filter { $0.offset == 0 || images[$0.offset - 1] != $0.element }.map(\.element)
  }

  /// A transparent canvas with opaque squares (x, y, side, colour index) drawn on it.
  static func squares(
    width: Int, height: Int, _ squares: [(Int, Int, Int, Int)], background: RGBAImage.Pixel? = nil
  ) -> RGBAImage {
    var image =
      background.map { RGBAImage(width: width, height: height, filledWith: $0) }
      ?? RGBAImage(width: width, height: height)
    let palette: [RGBAImage.Pixel] = [
      .init(red: 255, green: 59, blue: 48), .init(red: 0, green: 122, blue: 255),
      .init(red: 52, green: 199, blue: 89, alpha: 128),
    ]
    for (x0, y0, side, colour) in squares {
      for y in y0..<min(height, y0 + side) { for x in x0..<min(width, x0 + side) { image[x, y] = palette[colour] } }
    }
    return image
  }

  @Test("Identical consecutive frames merge into one whose delay is the exact sum")
  func merging() throws {
    let (a, b, c) = (
      Self.squares(width: 20, height: 10, [(1, 1, 4, 0)]), Self.squares(width: 20, height: 10, [(9, 2, 4, 1)]),
      Self.squares(width: 20, height: 10, [(15, 5, 3, 2)])
    )
    let writer = try Self.writer([a, a, b, b, b, c], colorType: .rgba, delay: FrameDelay(framesPerSecond: 60))
    #expect(writer.framesAppended == 6)
    #expect(writer.framesWritten == 3)
    #expect(writer.mergedFrames == 3)
    let animation = try APNGReader.read(writer.sink.bytes)
    #expect(animation.frames.map(\.image) == [a, b, c])
    // 2 × 1/60 = 1/30, 3 × 1/60 = 1/20, 1/60.
    #expect(
      animation.frames.map(\.delay) == [
        FrameDelay(seconds: 1, per: 30), FrameDelay(seconds: 1, per: 20), FrameDelay(seconds: 1, per: 60),
      ])
    #expect(try PNGChunk.parse(writer.sink.bytes)[1].data == [0, 0, 0, 3, 0, 0, 0, 0])  // acTL patched to 3 frames
  }

  @Test("A merged delay that no 16-bit fraction holds exactly starts a new frame instead of drifting")
  func mergingKeepsDelaysExact() throws {
    let image = Self.squares(width: 6, height: 4, [(1, 1, 2, 1)])
    let delays = [
      FrameDelay(seconds: 1, per: 65535), FrameDelay(seconds: 1, per: 65534), FrameDelay(seconds: 1, per: 65534),
    ]
    let writer = try Self.writer([image, image, image], colorType: .rgba, delay: delays[0], delays: delays)
    let animation = try APNGReader.read(writer.sink.bytes)
    // 1/65535 + 1/65534 does not fit; 1/65534 + 1/65534 = 1/32767 does.
    #expect(animation.frames.map(\.delay) == [FrameDelay(seconds: 1, per: 65535), FrameDelay(seconds: 1, per: 32767)])
    #expect(animation.frames.map(\.image) == [image, image])
    #expect(writer.mergedFrames == 1)
  }

  @Test(
    "Every displayed frame is the appended image, alpha included, and smaller than whole frames",
    arguments: [false, true])
  func changedRegionsAreExact(opaque: Bool) throws {
    // Squares appear, move, vanish (back to transparent), blink and repeat, over noise or nothing.
    var images: [RGBAImage] = []
    let background: RGBAImage.Pixel? = opaque ? .init(red: 230, green: 230, blue: 235) : nil
    var seed: UInt64 = 7
    func next(_ n: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(n))
    }
    for step in 0..<40 {
      let count = step % 9 == 8 ? 0 : 1 + next(3)
      let squares = (0..<count).map { _ in (next(60), next(24), 2 + next(8), opaque ? next(2) : next(3)) }
      let image = Self.squares(width: 64, height: 24, squares, background: background)
      images.append(image)
      if step % 5 == 0 { images.append(image) }
    }
    let colorType: PNGColorType = opaque ? .rgb : .rgba
    let writer = try Self.writer(images, colorType: colorType, delay: FrameDelay(framesPerSecond: 30))
    let animation = try APNGReader.read(writer.sink.bytes)
    #expect(animation.frames.map(\.image) == Self.deduplicated(images))
    #expect(writer.mergedFrames == images.count - Self.deduplicated(images).count)
    #expect(writer.sink.bytes.count < (try Self.wholeFrameBytes(images, colorType: colorType)))
  }

  @Test func aWholeFirstFrameStoresThePNGFilesStreamAsItIs() throws {
    // The first frame covers the canvas and comes with a stream of its own: the PNG file's,
    // fast or small, is stored as it is (not compressed again at the writer's preset); without
    // one the frame is compressed at the preset's level.
    let small = try PNGEncoder(preset: .small)
    for (image, colorType) in [
      (TestImages.flatBar(width: 120, height: 20), PNGColorType.rgb),
      (TestImages.gradient(width: 64, height: 48), .rgba),
      (TestImages.transparentBar(width: 90, height: 16), .rgba),
    ] {
      for handed in [
        try PNGEncoder(preset: .fast).encodeImageData(image, colorType: colorType),
        try small.encodeImageDataTryingFilters(image, colorType: colorType), nil,
      ] {
        let writer = try APNGWriter(
          sink: MemoryByteSink(), width: image.width, height: image.height, colorType: colorType,
          delay: FrameDelay(framesPerSecond: 10), preset: .small)
        try writer.append(image, encoded: handed)
        try writer.finish()
        let stored = try PNGChunk.parse(writer.sink.bytes).filter { $0.type == "IDAT" }.flatMap(\.data)
        if let handed { #expect(stored == handed.zdata) }
        #expect(try PNGDecoder.decode(writer.sink.bytes) == image)
      }
    }
  }

  @Test func aTranslucentFirstFrameOfAnRGBAnimationIsRefusedWithItsStream() throws {
    let image = TestImages.transparentBar(width: 30, height: 6)
    // A stream that claims RGB for a translucent frame: the caller's mistake, caught.
    let rgb = try PNGEncoder(preset: .fast).encodeImageData(TestImages.flatBar(width: 30, height: 6), colorType: .rgb)
    let writer = try APNGWriter(
      sink: MemoryByteSink(), width: 30, height: 6, colorType: .rgb, delay: FrameDelay(framesPerSecond: 10))
    #expect(throws: APNGError.self) { try writer.append(image, encoded: rgb) }
    let encoder = try APNGFrameEncoder(colorType: .rgb)
    #expect(throws: PNGEncodingError.alphaWouldBeLost) { try encoder.encode(image, after: nil, encoded: rgb) }
  }

  @Test("A later frame that covers the canvas with SOURCE stores the PNG file's stream as it is")
  func aWholeLaterFrameReusesThePNGFilesStream() throws {
    let first = TestImages.noise(width: 24, height: 10, opaque: true, seed: 1)
    let second = TestImages.noise(width: 24, height: 10, opaque: true, seed: 2)
    let handed = try PNGEncoder(preset: .small).encodeImageData(second, colorType: .rgb)
    let writer = try APNGWriter(
      sink: MemoryByteSink(), width: 24, height: 10, colorType: .rgb, delay: FrameDelay(framesPerSecond: 10),
      preset: .small)
    try writer.append(first)
    try writer.append(second, encoded: handed)
    try writer.finish()
    let fdAT = try PNGChunk.parse(writer.sink.bytes).filter { $0.type == "fdAT" }.flatMap { $0.data.dropFirst(4) }
    #expect(fdAT == handed.zdata)
    #expect(try APNGReader.read(writer.sink.bytes).frames.map(\.image) == [first, second])
  }

  /// A sink that fails once it has taken `limit` bytes.
  struct FullDisk: PatchableByteSink {
    struct Full: Error {}
    var limit: Int
    var bytes = 0
    mutating func write(_ data: UnsafeRawBufferPointer) throws {
      guard bytes + data.count <= limit else { throw Full() }
      bytes += data.count
    }
    mutating func overwrite(_ data: [UInt8], at offset: Int) throws {}
  }

  @Test(arguments: [PNGCompressionPreset.fast, .small])
  func aCompressionThreadWritesTheSameBytes(preset: PNGCompressionPreset) throws {
    // Squares that jump, vanish and come back (BACKGROUND and PREVIOUS disposals, OVER) and
    // a bar filling up (NONE, SOURCE), with repeats to merge.
    let jumps: [[(Int, Int, Int, Int)]] = [
      [(2, 2, 8, 0)], [(70, 14, 8, 1)], [(2, 2, 8, 0)], [], [(30, 5, 6, 2)], [(30, 5, 6, 2)],
      [(2, 2, 8, 0), (80, 1, 4, 1)],
    ]
    let images =
      jumps.map { Self.squares(width: 90, height: 16, $0) }
      + Self.frames(count: 12, width: 90, height: 16, transparent: true)
    var files: [[UInt8]] = []
    for thread in [false, true] {
      let writer = try APNGWriter(
        sink: MemoryByteSink(), width: 90, height: 16, colorType: .rgba, delay: FrameDelay(framesPerSecond: 30),
        preset: preset,
        compressionThread: thread)
      for image in images { try writer.append(image) }
      try writer.finish()
      #expect(writer.framesWritten == Self.deduplicated(images).count)
      files.append(writer.sink.bytes)
    }
    #expect(files[0] == files[1])
    let animation = try APNGReader.read(files[1])
    #expect(animation.frames.map(\.image) == Self.deduplicated(images))
    #expect(Set(animation.frames.map(\.disposeOp)).count > 1)
  }

  @Test func theCompressionThreadsErrorReachesTheCaller() throws {
    let images = Self.frames(count: 40, width: 90, height: 16, transparent: true)
    let writer = try APNGWriter(
      sink: FullDisk(limit: 600), width: 90, height: 16, colorType: .rgba, delay: FrameDelay(framesPerSecond: 30),
      compressionThread: true)
    #expect(throws: FullDisk.Full.self) {
      for image in images { try writer.append(image) }
      try writer.finish()
    }
  }

  @Test("Each operation is chosen where it is smallest: BACKGROUND, PREVIOUS and OVER")
  func operationChoice() throws {
    let (w, h) = (96, 32)
    // A square jumps from left to right on a transparent canvas: clearing the first frame
    // (BACKGROUND) leaves only the new square to draw.
    let left = Self.squares(width: w, height: h, [(2, 2, 8, 0)])
    let right = Self.squares(width: w, height: h, [(80, 20, 8, 0)])
    let jump = try APNGReader.read(Self.write([left, right], colorType: .rgba, delay: FrameDelay(framesPerSecond: 10)))
    #expect(jump.frames[0].disposeOp == 1)
    #expect(
      PixelRect(x: jump.frames[1].x, y: jump.frames[1].y, width: jump.frames[1].width, height: jump.frames[1].height)
        == PixelRect(x: 80, y: 20, width: 8, height: 8))

    // A badge blinks over a noisy picture: after the badge, PREVIOUS restores the picture.
    let picture = TestImages.noise(width: w, height: h, opaque: true, seed: 3)
    let badge = { () -> RGBAImage in
      var image = picture
      for x in 44..<52 { for y in 12..<20 { image[x, y] = .init(red: 255, green: 59, blue: 48) } }
      return image
    }()
    let blink = try APNGReader.read(
      Self.write([picture, badge, picture, badge], colorType: .rgba, delay: FrameDelay(framesPerSecond: 10)))
    #expect(blink.frames[1].disposeOp == 2)
    #expect(blink.frames[2].width * blink.frames[2].height == 1)  // nothing left to draw
    #expect(blink.frames.map(\.image) == [picture, badge, picture, badge])

    // Two far-apart opaque dots appear over noise: OVER leaves the noise between them alone.
    var dots = picture
    for (x, y) in [(1, 1), (94, 30)] { dots[x, y] = .init(red: 255, green: 255, blue: 255) }
    let over = try APNGReader.read(
      Self.write([picture, dots], colorType: .rgba, delay: FrameDelay(framesPerSecond: 10)))
    #expect(over.frames[1].blendOp == 1)
    #expect(over.frames[1].width == 94 && over.frames[1].height == 30)
    #expect(over.frames.map(\.image) == [picture, dots])
  }

  @Test("The first frame reuses the compressed data it is given")
  func reusesEncodedFrame() throws {
    let image = TestImages.transparentBar(width: 30, height: 6)
    // Data compressed at another level than the writer's: reused, it shows in the file as is.
    let small = try PNGEncoder(preset: .small).encodeImageData(image, colorType: .rgba)
    let writer = try APNGWriter(
      sink: MemoryByteSink(), width: 30, height: 6, colorType: .rgba, delay: FrameDelay(framesPerSecond: 10))
    try writer.append(image, encoded: small)
    try writer.finish()
    let idat = try #require(try PNGChunk.parse(writer.sink.bytes).first { $0.type == "IDAT" })
    #expect(idat.data == small.zdata)
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
    let bytes = try Self.write(
      Self.frames(count: 4, width: 5, height: 3, transparent: true), colorType: .rgba,
      delay: FrameDelay(framesPerSecond: 24))
    let chunks = try PNGChunk.parse(bytes)
    #expect(
      chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
    let numbered = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
    let numbers = numbered.map {
      UInt32($0.data[0]) << 24 | UInt32($0.data[1]) << 16 | UInt32($0.data[2]) << 8 | UInt32($0.data[3])
    }
    #expect(numbers == Array(0..<7))
    #expect(chunks[1].data == [0, 0, 0, 4, 0, 0, 0, 0])  // 4 frames, loop forever
    let fcTL = chunks[2].data
    #expect(Array(fcTL[4..<20]) == [0, 0, 0, 5, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0])  // the first frame covers the canvas
    #expect(Array(fcTL[20..<24]) == [0, 1, 0, 24])  // delay 1/24
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
    let writer = try APNGWriter(
      sink: MemoryByteSink(), width: 4, height: 2, colorType: .rgb, delay: FrameDelay(framesPerSecond: 30))
    #expect(throws: APNGError.noFrames) { try writer.finish() }
    #expect(throws: APNGError.colorTypeMismatch(frame: 0, colorType: .rgba, expected: .rgb)) {
      try writer.append(TestImages.transparentBar(width: 4, height: 2))
    }
    #expect(throws: APNGError.frameSizeMismatch(frame: 0, width: 5, height: 2, expectedWidth: 4, expectedHeight: 2)) {
      try writer.append(TestImages.flatBar(width: 5, height: 2))
    }
    // Compressed data of another colour type is not reused: the frame is compressed again.
    try writer.append(
      TestImages.flatBar(width: 4, height: 2),
      encoded: encoder.encodeImageData(TestImages.flatBar(width: 4, height: 2), colorType: .rgba))
    try writer.finish()
    #expect(try APNGReader.read(writer.sink.bytes).frames.map(\.image) == [TestImages.flatBar(width: 4, height: 2)])
    #expect(throws: APNGError.alreadyFinished) { try writer.finish() }
    #expect(throws: APNGError.alreadyFinished) { try writer.append(TestImages.flatBar(width: 4, height: 2)) }
  }

  @Test("Frames prepared on other threads give the file the writer makes from the images; a mismatch is refused")
  func preparedFrames() throws {
    let images =
      Self.frames(count: 9, width: 40, height: 8, transparent: true) + [
        TestImages.transparentBar(width: 40, height: 8, progress: 0.2)
      ]
    let expected = try Self.write(images, colorType: .rgba, delay: FrameDelay(framesPerSecond: 30), preset: .small)
    let writer = try APNGWriter(
      sink: MemoryByteSink(), width: 40, height: 8, colorType: .rgba, delay: FrameDelay(framesPerSecond: 30),
      preset: .small)
    let encoders = [
      try APNGFrameEncoder(colorType: .rgba, preset: .small), try APNGFrameEncoder(colorType: .rgba, preset: .small),
    ]
    for (k, image) in images.enumerated() {
      try writer.append(try encoders[k % 2].encode(image, after: k == 0 ? nil : images[k - 1]))
    }
    try writer.finish()
    #expect(writer.sink.bytes == expected)

    let rgb = try APNGWriter(
      sink: MemoryByteSink(), width: 40, height: 8, colorType: .rgb, delay: FrameDelay(framesPerSecond: 30))
    let prepared = try APNGFrameEncoder(colorType: .rgba).encode(images[0], after: nil)
    #expect(throws: APNGError.colorTypeMismatch(frame: 0, colorType: .rgba, expected: .rgb)) {
      try rgb.append(prepared)
    }
    // An RGB encoder refuses a translucent frame itself.
    #expect(throws: PNGEncodingError.alphaWouldBeLost) {
      try APNGFrameEncoder(colorType: .rgb).encode(images[0], after: nil)
    }
  }

  @Test("A still PNG and broken sequence numbers are rejected by the reader")
  func readerValidation() throws {
    let still = try PNGEncoder().encode(TestImages.flatBar(width: 4, height: 2))
    #expect(throws: APNGError.invalidAnimation("there is no acTL chunk, so this is a still PNG")) {
      try APNGReader.read(still)
    }

    let bytes = try Self.write(
      Self.frames(count: 3, width: 5, height: 3, transparent: false), colorType: .rgb,
      delay: FrameDelay(framesPerSecond: 10))
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
    func bigEndian(_ v: UInt32) -> [UInt8] {
      [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
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
    let bytes = try Self.write(
      Self.frames(count: 12, width: 40, height: 10, transparent: true), colorType: .rgba,
      delay: FrameDelay(framesPerSecond: 30000, per: 1001))
    let directory = try ExternalTools.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("bar.apng")
    try Data(bytes).write(to: url)
    #expect(try ExternalTools.ffprobeFrameCount(of: url) == 12)
  }

  @Test(
    "ffmpeg decodes every frame to exactly the appended image",
    .enabled(if: ExternalTools.hasFFmpeg, "ffmpeg is not installed"))
  func ffmpegDecodesExactly() throws {
    // Over a noisy strip: squares move, vanish and turn translucent on a transparent band while
    // a badge blinks on the noise, so dispose PREVIOUS and blend OVER occur as well as the rest.
    let noise = TestImages.noise(width: 64, height: 10, opaque: true, seed: 5)
    var images: [RGBAImage] = []
    for step in 0..<24 {
      let x = (step * 7) % 50
      var image = Self.squares(
        width: 64, height: 20, step % 6 == 5 ? [] : [(x, 12, 6, step % 3), (60 - x / 2, 14, 4, (step + 1) % 3)])
      image.pixels.replaceSubrange(0..<noise.pixels.count, with: noise.pixels)
      if step % 2 == 1 {
        for bx in 30..<36 { for by in 2..<8 { image[bx, by] = .init(red: 255, green: 59, blue: 48) } }
      }
      if step % 7 == 3 {
        image[1, 1] = .init(red: 255, green: 255, blue: 255)
        image[62, 8] = .init(red: 0, green: 0, blue: 0)
      }
      images.append(image)
      if step % 4 == 0 { images.append(image) }
    }
    let bytes = try Self.write(images, colorType: .rgba, delay: FrameDelay(framesPerSecond: 25))
    let directory = try ExternalTools.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("squares.apng")
    try Data(bytes).write(to: url)
    let raw = try ExternalTools.run(
      ExternalTools.ffmpeg,
      ["-v", "error", "-i", url.path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
    #expect(raw.status == 0, "\(raw.stderr)")
    let expected = Self.deduplicated(images)
    #expect(Array(raw.stdout) == expected.flatMap(\.pixels))
    let frames = try APNGReader.read(bytes).frames
    #expect(Set(frames.map(\.disposeOp)) == [0, 1, 2], "\(frames.map(\.disposeOp))")
    #expect(Set(frames.map(\.blendOp)) == [0, 1], "\(frames.map(\.blendOp))")
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
    // A byte before the animation: the sink patches acTL relative to where it started.
    try handle.write(contentsOf: [0x2A])
    let writer = try APNGWriter(
      sink: FileHandleByteSink(handle: handle, bufferSize: 64), width: 20, height: 6, colorType: .rgb,
      delay: FrameDelay(framesPerSecond: 25))
    for image in images { try writer.append(image) }
    try writer.finish()
    try handle.close()
    #expect(try Array(Data(contentsOf: url)) == [0x2A] + expected)
  }
}
