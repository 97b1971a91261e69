import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

@Suite("GIF writer, reader and delays")
struct GIFWriterTests {
  static func write(
    _ images: [RGBAImage], delays: [UInt16], loopCount: Int = 0
  ) throws -> (bytes: [UInt8], quantized: Int) {
    let writer = try GIFWriter(
      sink: MemoryByteSink(), width: images[0].width, height: images[0].height, loopCount: loopCount)
    for (image, delay) in zip(images, delays) { try writer.append(image, delayCentiseconds: delay) }
    try writer.finish()
    return (writer.sink.bytes, writer.quantizedFrames)
  }

  /// The image a GIF shows for `image`: alpha < 128 → transparent black, else opaque.
  static func gifView(of image: RGBAImage) -> RGBAImage {
    var view = image
    for i in stride(from: 0, to: view.pixels.count, by: 4) {
      if view.pixels[i + 3] < 128 {
        for c in 0..<4 { view.pixels[i + c] = 0 }
      } else {
        view.pixels[i + 3] = 255
      }
    }
    return view
  }

  @Test(
    "Delays carry rounding forward so the total is exact",
    arguments: [
      (60, 1, 601), (24, 1, 241), (30000, 1001, 300), (30, 1, 1), (50, 1, 77), (7, 3, 10),
    ])
  func delaySchedule(numerator: Int, denominator: Int, frames: Int) {
    let schedule = GIFDelaySchedule(framesPerSecond: numerator, per: denominator, frameCount: frames)
    let exact = Double(frames) * 100 * Double(denominator) / Double(numerator)
    let total = schedule.delays.reduce(0) { $0 + Int($1) }
    #expect(total == schedule.totalCentiseconds)
    #expect(abs(Double(total) - exact) <= 0.5, "total \(total) cs for \(exact) cs")
    let ideal = 100 * Double(denominator) / Double(numerator)
    #expect(schedule.delays.allSatisfy { abs(Double($0) - ideal) < 1 })
  }

  @Test("60 fps × 601 frames lasts 10.0 s (±1 cs); 24 fps and 29.97 fps are exact too")
  func knownDurations() {
    // 601 frames span t = 0…10 s; each is shown 1/60 s, so the GIF plays 601/60 s = 1001.7 cs.
    #expect(GIFDelaySchedule(framesPerSecond: 60, frameCount: 601).totalCentiseconds == 1002)
    #expect(abs(GIFDelaySchedule(framesPerSecond: 60, frameCount: 601).totalCentiseconds - 1000) <= 2)
    #expect(GIFDelaySchedule(framesPerSecond: 60, frameCount: 600).totalCentiseconds == 1000)
    #expect(GIFDelaySchedule(framesPerSecond: 24, frameCount: 240).totalCentiseconds == 1000)
    #expect(GIFDelaySchedule(framesPerSecond: 30000, per: 1001, frameCount: 300).totalCentiseconds == 1001)
    #expect(Array(GIFDelaySchedule(framesPerSecond: 60, frameCount: 6).delays) == [2, 1, 2, 2, 1, 2])
    #expect(GIFDelaySchedule(framesPerSecond: 60, frameCount: 6).hasDelaysBelowBrowserMinimum)
    #expect(GIFDelaySchedule(framesPerSecond: 60, frameCount: 6).browserSafeFrameStride == 2)
    #expect(!GIFDelaySchedule(framesPerSecond: 30, frameCount: 6).hasDelaysBelowBrowserMinimum)
  }

  @Test("Frame count, delays and exact colours survive a round trip")
  func roundTrip() throws {
    let images = (0..<9).map { TestImages.flatBar(width: 37, height: 11, progress: Double($0) / 8) }
    let schedule = GIFDelaySchedule(framesPerSecond: 60, frameCount: images.count)
    let (bytes, quantized) = try Self.write(images, delays: schedule.delays)
    #expect(quantized == 0)
    let animation = try GIFReader.read(bytes)
    #expect(animation.frames.count == 9)
    #expect(animation.loopCount == 0)
    #expect(animation.frames.map { UInt16($0.delayCentiseconds) } == schedule.delays)
    #expect(animation.frames.map(\.image) == images)
    #expect(animation.frames.allSatisfy { $0.image.isOpaque })
    // Only the growing fill is redrawn after the first frame.
    #expect(animation.frames.dropFirst().allSatisfy { $0.height <= 11 / 3 + 1 && $0.y >= 11 / 3 })
  }

  @Test(
    "Frames store only what changed and show exactly the frames appended, merged where identical",
    arguments: [false, true])
  func changedRegions(opaque: Bool) throws {
    // Squares appear, move, vanish back to transparency, blink and repeat.
    var images: [RGBAImage] = []
    var seed: UInt64 = 11
    func next(_ n: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(n))
    }
    let colours: [RGBAImage.Pixel] = [
      .init(red: 255, green: 59, blue: 48), .init(red: 0, green: 122, blue: 255), .init(red: 52, green: 199, blue: 89),
    ]
    for step in 0..<40 {
      var image =
        opaque
        ? RGBAImage(width: 64, height: 24, filledWith: .init(red: 230, green: 230, blue: 235))
        : RGBAImage(width: 64, height: 24)
      for _ in 0..<(step % 9 == 8 ? 0 : 1 + next(3)) {
        let (x0, y0, side, colour) = (next(60), next(20), 2 + next(8), colours[next(3)])
        for y in y0..<min(24, y0 + side) { for x in x0..<min(64, x0 + side) { image[x, y] = colour } }
      }
      images.append(image)
      if step % 5 == 0 { images.append(image) }
    }
    let writer = try GIFWriter(sink: MemoryByteSink(), width: 64, height: 24)
    for image in images { try writer.append(image, delayCentiseconds: 4) }
    try writer.finish()
    let animation = try GIFReader.read(writer.sink.bytes)
    let distinct = images.enumerated().filter { $0.offset == 0 || images[$0.offset - 1] != $0.element }.map(\.element)
    #expect(animation.frames.map(\.image) == distinct.map(Self.gifView))
    #expect(writer.mergedFrames == images.count - distinct.count)
    #expect(animation.frames.map(\.delayCentiseconds).reduce(0, +) == 4 * images.count)
    #expect(writer.localTableFrames == 0)  // four colours: the global table serves every frame
    #expect(animation.frames.allSatisfy { !$0.hasLocalColorTable })
    #expect(animation.frames.contains { $0.width * $0.height < 64 * 24 / 4 })
  }

  @Test("A frame whose source changed but that shows the same is merged, and the canvas stays right after it")
  func sourceChangesThatShowTheSame() throws {
    // A faint pixel's alpha changes (transparent in a GIF either way), then the bar moves:
    // the writer reuses the merged frame's canvas buffer for the next canvas, so a wrong pixel
    // in it anywhere would show in the frames after.
    func frame(bar x0: Int, faint alpha: UInt8, corner: Bool = true) -> RGBAImage {
      var image = RGBAImage(width: 16, height: 6)
      for x in x0..<(x0 + 4) { for y in 2..<4 { image[x, y] = .init(red: 0, green: 122, blue: 255) } }
      image[15, 5] = .init(red: 255, green: 0, blue: 0, alpha: alpha)
      if corner { image[0, 0] = .init(red: 52, green: 199, blue: 89) }
      return image
    }
    let images = [
      frame(bar: 1, faint: 40), frame(bar: 1, faint: 90), frame(bar: 6, faint: 90), frame(bar: 6, faint: 20),
      frame(bar: 9, faint: 20), frame(bar: 11, faint: 20, corner: false),
    ]
    let writer = try GIFWriter(sink: MemoryByteSink(), width: 16, height: 6)
    for image in images { try writer.append(image, delayCentiseconds: 3) }
    try writer.finish()
    #expect(writer.mergedFrames == 2)
    let animation = try GIFReader.read(writer.sink.bytes)
    #expect(animation.frames.map(\.image) == [0, 2, 4, 5].map { Self.gifView(of: images[$0]) })
    #expect(animation.frames.map(\.delayCentiseconds) == [6, 6, 3, 3])
  }

  @Test("Only changed pixels are quantized, so still areas keep their colours from frame to frame")
  func quantizationIsStable() throws {
    // A gradient (thousands of colours) under a moving square: the gradient is quantized once.
    let gradient = TestImages.gradient(width: 96, height: 48)
    let images = (0..<6).map { step -> RGBAImage in
      var image = gradient
      for y in 10..<18 {
        for x in (step * 12)..<(step * 12 + 8) { image[x, y] = .init(red: 255, green: 255, blue: 255) }
      }
      return image
    }
    let writer = try GIFWriter(sink: MemoryByteSink(), width: 96, height: 48)
    for image in images { try writer.append(image, delayCentiseconds: 10) }
    try writer.finish()
    let frames = try GIFReader.read(writer.sink.bytes).frames
    #expect(writer.quantizedFrames == 1)
    // Later frames redraw the square's old and new places only.
    #expect(frames.dropFirst().allSatisfy { $0.height == 8 && $0.width <= 20 })
    // Pixels outside both squares show the same in every frame.
    for (n, frame) in frames.enumerated().dropFirst() {
      for y in 20..<48 {
        #expect(
          frame.image[0, y] == frames[0].image[0, y] && frame.image[95, y] == frames[0].image[95, y], "frame \(n)")
      }
    }
    var error = 0
    for (image, frame) in zip(images, frames) {
      for i in 0..<image.pixels.count where i % 4 != 3 {
        error += abs(Int(image.pixels[i]) - Int(frame.image.pixels[i]))
      }
    }
    let mean = Double(error) / Double(images.count * 96 * 48 * 3)
    #expect(mean < 6, "mean absolute error \(mean) per channel")
  }

  @Test("A bar shrinking over transparency is cleared by restore-to-background disposal")
  func transparency() throws {
    let images = [
      TestImages.transparentBar(width: 30, height: 8, progress: 0.9),
      TestImages.transparentBar(width: 30, height: 8, progress: 0.2), TestImages.flatBar(width: 30, height: 8),
    ]
    let (bytes, _) = try Self.write(images, delays: [5, 5, 5])
    let animation = try GIFReader.read(bytes)
    #expect(animation.frames[0].transparentIndex != nil)
    #expect(animation.frames[0].disposalMethod == 2)  // the shrinking bar needs its end cleared
    #expect(!animation.frames[1].image.isOpaque)
    #expect(animation.frames[2].image.isOpaque)
    // Frame 1's transparent area must not show frame 0's longer bar.
    #expect(animation.frames.map(\.image) == images.map(Self.gifView))
  }

  @Test("A pixel drawn two frames back that turns transparent widens the previous frame, which is then cleared")
  func clearingOlderPixels() throws {
    func fill(_ image: inout RGBAImage, _ rect: PixelRect, _ pixel: RGBAImage.Pixel) {
      for y in rect.y..<(rect.y + rect.height) { for x in rect.x..<(rect.x + rect.width) { image[x, y] = pixel } }
    }
    let block = PixelRect(x: 20, y: 1, width: 8, height: 8)
    let square = PixelRect(x: 2, y: 3, width: 4, height: 3)
    var first = RGBAImage(width: 40, height: 10)
    fill(&first, block, .init(red: 255, green: 59, blue: 48))
    var second = first
    fill(&second, square, .init(red: 0, green: 122, blue: 255))
    var third = second
    fill(&third, block, .init(red: 0, green: 0, blue: 0, alpha: 0))
    let animation = try GIFReader.read(Self.write([first, second, third], delays: [5, 5, 5]).bytes)
    #expect(animation.frames.map(\.image) == [first, second, third])
    // The block was drawn by frame 0, so only clearing frame 1's rectangle can remove it: that
    // rectangle grows from the square to the smallest one holding both (its new pixels are
    // transparent, so it still shows the same) and frame 2 redraws the square alone.
    let rects = animation.frames.map { PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    #expect(rects == [block, square.union(block), square])
    #expect(animation.frames.map(\.disposalMethod) == [1, 2, 1])
  }

  @Test("Canvases kept for reuse never bring back pixels a disposal cleared")
  func reusedCanvases() throws {
    func fill(_ image: inout RGBAImage, _ rect: PixelRect, _ pixel: RGBAImage.Pixel) {
      for y in rect.y..<(rect.y + rect.height) { for x in rect.x..<(rect.x + rect.width) { image[x, y] = pixel } }
    }
    let (a, c) = (PixelRect(x: 2, y: 2, width: 6, height: 6), PixelRect(x: 30, y: 2, width: 6, height: 6))
    var frames = [RGBAImage(width: 40, height: 10)]
    fill(&frames[0], a, .init(red: 255, green: 59, blue: 48))
    fill(&frames[0], c, .init(red: 52, green: 199, blue: 89))
    // A changes colour (kept over frame 0) and vanishes (frame 1 is cleared); small changes
    // follow, drawn on canvases made from buffers that once held A; then C vanishes, and the
    // cleared rectangle that takes it away spans A's place too.
    var next = frames[0]
    fill(&next, a, .init(red: 0, green: 122, blue: 255))
    frames.append(next)
    fill(&next, a, .init(red: 0, green: 0, blue: 0, alpha: 0))
    frames.append(next)
    fill(&next, PixelRect(x: 20, y: 0, width: 4, height: 2), .init(red: 255, green: 204, blue: 0))
    frames.append(next)
    fill(&next, PixelRect(x: 4, y: 8, width: 4, height: 2), .init(red: 175, green: 82, blue: 222))
    frames.append(next)
    fill(&next, c, .init(red: 0, green: 0, blue: 0, alpha: 0))
    frames.append(next)
    let animation = try GIFReader.read(Self.write(frames, delays: [5, 5, 5, 5, 5, 5]).bytes)
    #expect(animation.frames.map(\.image) == frames)
    #expect(animation.frames.map(\.disposalMethod) == [1, 2, 1, 1, 2, 1])
  }

  @Test("Exactly 256 colours are kept exactly; 255 plus transparency too")
  func paletteLimits() throws {
    var full = RGBAImage(width: 16, height: 16)
    var withHole = RGBAImage(width: 16, height: 16)
    for i in 0..<256 {
      full[i % 16, i / 16] = .init(red: UInt8(i), green: UInt8(255 - i), blue: UInt8(i / 2))
      withHole[i % 16, i / 16] =
        i == 0 ? .init(red: 0, green: 0, blue: 0, alpha: 0) : .init(red: UInt8(i), green: 7, blue: 9)
    }
    let (bytes, quantized) = try Self.write([full, withHole], delays: [10, 10])
    #expect(quantized == 0)
    let animation = try GIFReader.read(bytes)
    #expect(animation.frames[0].image == full)
    #expect(animation.frames[0].colorTableSize == 256)
    #expect(animation.frames[1].image == withHole)
    #expect(animation.frames[1].transparentIndex == 255)
  }

  @Test("A gradient with thousands of colours quantizes to ≤ 256 with a small mean error")
  func quantization() throws {
    let gradient = TestImages.gradient(width: 160, height: 90)
    #expect(TestImages.distinctColors(gradient) > 256)
    let (bytes, quantized) = try Self.write([gradient], delays: [10])
    #expect(quantized == 1)
    let frame = try #require(GIFReader.read(bytes).frames.first)
    #expect(frame.colorTableSize <= 256)
    #expect(TestImages.distinctColors(frame.image) <= 256)
    var error = 0
    for i in 0..<gradient.pixels.count where i % 4 != 3 {
      error += abs(Int(gradient.pixels[i]) - Int(frame.image.pixels[i]))
    }
    let mean = Double(error) / Double(gradient.width * gradient.height * 3)
    #expect(mean < 6, "mean absolute error \(mean) per channel")
    // Dithering keeps the average colour: the image's mean per channel moves by under 1 level.
    for c in 0..<3 {
      let original = stride(from: c, to: gradient.pixels.count, by: 4).reduce(0) { $0 + Int(gradient.pixels[$1]) }
      let decoded = stride(from: c, to: frame.image.pixels.count, by: 4).reduce(0) { $0 + Int(frame.image.pixels[$1]) }
      #expect(abs(original - decoded) < gradient.width * gradient.height, "channel \(c)")
    }
  }

  @Test("LZW survives noise, long runs and code-size boundaries")
  func lzwStress() throws {
    for (width, height) in [(1, 1), (2, 1), (255, 3), (64, 64), (300, 200)] {
      let noise = TestImages.noise(width: width, height: height, opaque: true, seed: UInt64(width))
      // Keep ≤ 256 colours (exact path) but maximal entropy for LZW: 6×6×6 levels.
      var image = noise
      for i in 0..<image.pixels.count where i % 4 != 3 { image.pixels[i] = image.pixels[i] / 43 * 43 }
      let (bytes, quantized) = try Self.write(
        [image, TestImages.flatBar(width: width, height: height)], delays: [3, 3])
      #expect(quantized == 0)
      #expect(
        try GIFReader.read(bytes).frames.map(\.image) == [image, TestImages.flatBar(width: width, height: height)])
    }
  }

  @Test("A finite loop count round-trips; truncated data is an error")
  func loopAndTruncation() throws {
    let image = TestImages.flatBar(width: 8, height: 4)
    #expect(try GIFReader.read(Self.write([image], delays: [10], loopCount: 3).bytes).loopCount == 3)
    #expect(try GIFReader.read(Self.write([image], delays: [10], loopCount: 1).bytes).loopCount == 1)
    let bytes = try Self.write([image, image], delays: [10, 10]).bytes
    for length in 0..<bytes.count { #expect(throws: GIFError.self) { try GIFReader.read(Array(bytes.prefix(length))) } }
    #expect(throws: GIFError.notGIF) { try GIFReader.read(PNGChunk.signature) }
  }

  @Test(
    "ffprobe counts the same frames and ffmpeg decodes the same pixels",
    .enabled(if: ExternalTools.hasFFprobe && ExternalTools.hasFFmpeg, "ffprobe/ffmpeg are not installed"))
  func ffmpegCrossCheck() throws {
    let images =
      (0..<10).map { TestImages.flatBar(width: 64, height: 16, progress: Double($0) / 9) } + [
        TestImages.gradient(width: 64, height: 16)
      ]
    let (bytes, _) = try Self.write(
      images, delays: GIFDelaySchedule(framesPerSecond: 25, frameCount: images.count).delays)
    let directory = try ExternalTools.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("bar.gif")
    try Data(bytes).write(to: url)
    #expect(try ExternalTools.ffprobeFrameCount(of: url) == images.count)
    let raw = try ExternalTools.run(
      ExternalTools.ffmpeg, ["-v", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
    let ours = try GIFReader.read(bytes).frames.flatMap(\.image.pixels)
    #expect(raw.status == 0, "\(raw.stderr)")
    #expect(Array(raw.stdout) == ours)
  }
}
