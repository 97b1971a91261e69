import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

@Suite("Animated WebP writer, decoded by libwebp's WebPAnimDecoder")
struct WebPWriterTests {
  static func write(
    _ images: [RGBAImage], timestamps: WebPTimestamps = WebPTimestamps(framesPerSecond: 60), quality: Int? = nil
  ) throws -> WebPWriter<MemoryByteSink> {
    let writer = try WebPWriter(
      sink: MemoryByteSink(), width: images[0].width, height: images[0].height, timestamps: timestamps, quality: quality
    )
    for image in images { try writer.append(image) }
    try writer.finish()
    return writer
  }

  /// Opaque squares (x, y, side) in three colours, one translucent, on a transparent canvas.
  static func squares(_ squares: [(Int, Int, Int)], width: Int = 24, height: Int = 12) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    let palette: [RGBAImage.Pixel] = [
      .init(red: 255, green: 59, blue: 48), .init(red: 0, green: 122, blue: 255),
      .init(red: 52, green: 199, blue: 89, alpha: 128),
    ]
    for (n, (x0, y0, side)) in squares.enumerated() {
      for y in y0..<min(height, y0 + side) { for x in x0..<min(width, x0 + side) { image[x, y] = palette[n % 3] } }
    }
    return image
  }

  @Test(
    "Each frame start is the exact time rounded to a millisecond, so no duration drifts",
    arguments: [(60, 1), (30000, 1001), (24, 1), (7, 3)])
  func timestamps(numerator: Int, denominator: Int) {
    let times = WebPTimestamps(framesPerSecond: numerator, per: denominator)
    let interval = 1000 * Double(denominator) / Double(numerator)
    #expect(times.start(ofFrame: 0) == 0)
    for k in 1...10_000 {
      let exact = Double(k) * interval
      #expect(abs(Double(times.start(ofFrame: k)) - exact) <= 0.5, "frame \(k)")
      let duration = times.start(ofFrame: k) - times.start(ofFrame: k - 1)
      #expect(duration == Int(interval.rounded(.down)) || duration == Int(interval.rounded(.up)), "frame \(k)")
    }
  }

  @Test("29.97 fps: 3 frames end at 100 ms (100.1 exactly), 30 000 frames at 1 001 000 ms")
  func ntscTimestamps() {
    let times = WebPTimestamps(framesPerSecond: 30000, per: 1001)
    #expect(times.start(ofFrame: 1) == 33)  // 33.367
    #expect(times.start(ofFrame: 2) == 67)  // 66.733
    #expect(times.start(ofFrame: 3) == 100)  // 100.1
    #expect(times.start(ofFrame: 30_000) == 1_001_000)
  }

  @Test("Lossless: every displayed frame is exactly the appended image, alpha and colours under it included")
  func losslessRoundTrip() throws {
    var noisy = TestImages.noise(width: 24, height: 12, opaque: false, seed: 7)
    noisy[0, 0] = .init(red: 200, green: 10, blue: 30, alpha: 0)  // a colour under full transparency
    let a = Self.squares([(1, 1, 4)])
    let b = Self.squares([(1, 1, 4), (9, 2, 5)])
    let c = Self.squares([(15, 5, 6), (2, 3, 3)])
    let images = [a, a, b, noisy, noisy, noisy, c, a]
    let writer = try Self.write(images)
    let animation = try WebPDecoding.decode(writer.sink.bytes)
    #expect(animation.width == 24 && animation.height == 12)
    #expect(animation.loopCount == 0)
    // Runs of identical frames are stored once: a, b, noisy, c, a.
    #expect(writer.framesAppended == 8)
    #expect(writer.mergedFrames == 3)
    #expect(animation.frameCount == 5)
    #expect(writer.framesWritten == 5)
    #expect(animation.frames.map(\.image) == [a, b, noisy, c, a])
    // Frame k starts at round(k · 1000/60) ms: the runs end after frames 2, 3, 6, 7 and 8.
    #expect(animation.frames.map(\.endMilliseconds) == [33, 50, 100, 117, 133])
    let played = WebPDecoding.played(
      animation, timestamps: WebPTimestamps(framesPerSecond: 60), frameCount: images.count)
    #expect(played == images)
    #expect(writer.bytesWritten == writer.sink.bytes.count)
  }

  @Test("Lossless: rendered-like bars at 29.97 fps keep the exact total duration ±½ ms")
  func losslessBars() throws {
    let images = (0..<40).map { TestImages.transparentBar(width: 120, height: 16, progress: Double($0 / 2 + 1) / 20) }
    let timestamps = WebPTimestamps(framesPerSecond: 30000, per: 1001)
    let writer = try Self.write(images, timestamps: timestamps)
    let animation = try WebPDecoding.decode(writer.sink.bytes)
    #expect(WebPDecoding.played(animation, timestamps: timestamps, frameCount: 40) == images)
    let last = try #require(animation.frames.last)
    #expect(abs(Double(last.endMilliseconds) - 40 * 1001 / 30) <= 0.5)
    #expect(writer.mergedFrames == 20)
  }

  @Test("--quality: lossy frames decode close to the source, not exactly")
  func lossy() throws {
    let images = (0..<6).map { i in
      var image = TestImages.gradient(width: 96, height: 48)
      for y in 10..<20 { for x in 0..<(16 * (i + 1)) { image[x, y] = .init(red: 0, green: 122, blue: 255) } }
      return image
    }
    let lossy = try Self.write(images, quality: 60)
    let animation = try WebPDecoding.decode(lossy.sink.bytes)
    let played = WebPDecoding.played(animation, timestamps: WebPTimestamps(framesPerSecond: 60), frameCount: 6)
    try #require(played.count == 6)
    for (decoded, source) in zip(played, images) {
      #expect(decoded != source)  // lossy
      let error = zip(decoded.pixels, source.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
      #expect(Double(error) / Double(source.pixels.count) < 6, "mean error per channel")
    }
  }

  @Test("A still picture longer than an ANMF chunk's 24-bit duration goes on in a one-pixel frame")
  func longDurations() throws {
    // One frame per 1 000 s: merging stops before 16 777 215 ms, at the 16th frame.
    let image = Self.squares([(1, 1, 4)])
    let timestamps = WebPTimestamps(framesPerSecond: 1, per: 1000)
    let writer = try Self.write(Array(repeating: image, count: 20), timestamps: timestamps)
    #expect(writer.framesWritten == 2)
    #expect(writer.mergedFrames == 18)
    let animation = try WebPDecoding.decode(writer.sink.bytes)
    #expect(animation.frames.map(\.endMilliseconds) == [16_000_000, 20_000_000])
    #expect(animation.frames.map(\.image) == [image, image])
  }

  @Test("Frames prepared on other threads give the file the writer makes from the images")
  func preparedFrames() throws {
    let images = (0..<12).map { TestImages.transparentBar(width: 60, height: 10, progress: Double($0 / 2 + 1) / 7) }
    let expected = try Self.write(images).sink.bytes
    let writer = try WebPWriter(
      sink: MemoryByteSink(), width: 60, height: 10, timestamps: WebPTimestamps(framesPerSecond: 60))
    // Two encoders, as two drawing threads would have, each frame against the one before.
    let encoders = [try WebPFrameEncoder(), try WebPFrameEncoder()]
    for (k, image) in images.enumerated() {
      try writer.append(try encoders[k % 2].encode(image, after: k == 0 ? nil : images[k - 1]))
    }
    try writer.finish()
    #expect(writer.sink.bytes == expected)
  }

  @Test("Bad settings and misuse are refused with what to do")
  func refusals() throws {
    #expect(throws: WebPError.invalidConfiguration("the quality must be 0…100, not 101")) {
      try WebPWriter(
        sink: MemoryByteSink(), width: 4, height: 4, timestamps: WebPTimestamps(framesPerSecond: 30), quality: 101)
    }
    #expect(throws: WebPError.invalidConfiguration("WebP sides must be 1…16383 pixels, not 20000×4")) {
      try WebPWriter(sink: MemoryByteSink(), width: 20000, height: 4, timestamps: WebPTimestamps(framesPerSecond: 30))
    }
    let writer = try WebPWriter(
      sink: MemoryByteSink(), width: 4, height: 4, timestamps: WebPTimestamps(framesPerSecond: 30))
    #expect(throws: WebPError.noFrames) { try writer.finish() }
    #expect(throws: WebPError.frameSizeMismatch(frame: 0, width: 5, height: 4, expectedWidth: 4, expectedHeight: 4)) {
      try writer.append(RGBAImage(width: 5, height: 4))
    }
    try writer.append(RGBAImage(width: 4, height: 4))
    try writer.finish()
    #expect(throws: WebPError.alreadyFinished) { try writer.append(RGBAImage(width: 4, height: 4)) }
  }
}
