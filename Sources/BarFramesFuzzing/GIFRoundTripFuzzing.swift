import BarFramesImageIO

/// Frames through our GIF writer (``GIFWriter``), decoded by giflib and played
/// (``GIFReference``). Every frame of the input is on screen for its delay, as the writer
/// documents it:
///
/// - the file's delays add up to the input's, and at the moment each input frame starts (those
///   with a delay) the canvas shows that frame;
/// - pixels with alpha below 128 are transparent, the others opaque;
/// - an opaque pixel shows its colour within ``GIFWriter/closeColorDistance`` (the sum of the
///   three channels' differences) while the animation's colours fit the global table, which
///   holds 255;
/// - past that, without quantization, the mean error per channel of a frame's opaque pixels
///   stays within a third of that distance (no mapped colour is farther from its own, and the
///   frames mapped to a full table are within ``GIFWriter/globalMappingTolerance``);
/// - a frame quantized (more than 255 new colours) is dithered: only its transparency is
///   checked.
///
/// Input: width and height (1…16 each), a mode byte — bits 0–5 the palette size − 1 (1…64
/// colours), bit 6 raw RGBA pixels instead, bit 7 hand the writer each frame's difference —,
/// the palette, then frames: a delay (0…255 cs), a rectangle and its pixels, drawn over the
/// frame before (the first frame is whole). At most 8 frames.
package enum GIFRoundTripFuzzing {
  static let maximumFrames = 8

  static func check(_ bytes: [UInt8]) throws(FuzzFailure) -> FuzzOutcome {
    guard bytes.count >= 4 else { return .refused("fewer than 4 bytes: no frame") }
    var input = FuzzInput(bytes)
    let width = input.int(in: 1...16)
    let height = input.int(in: 1...16)
    let mode = input.byte()
    let raw = mode & 0x40 != 0
    let palette =
      raw ? [] : (0...Int(mode & 0x3F)).map { _ in [input.byte(), input.byte(), input.byte(), input.byte()] }
    var frames: [(image: RGBAImage, delay: Int)] = []
    var image = RGBAImage(width: width, height: height)
    repeat {
      let delay = Int(input.byte())
      let x = frames.isEmpty ? 0 : input.int(in: 0...(width - 1))
      let y = frames.isEmpty ? 0 : input.int(in: 0...(height - 1))
      let w = frames.isEmpty ? width : input.int(in: 1...(width - x))
      let h = frames.isEmpty ? height : input.int(in: 1...(height - y))
      for row in y..<(y + h) {
        for column in x..<(x + w) {
          let color =
            raw ? [input.byte(), input.byte(), input.byte(), input.byte()] : palette[Int(input.byte()) % palette.count]
          image[column, row] = RGBAImage.Pixel(red: color[0], green: color[1], blue: color[2], alpha: color[3])
        }
      }
      frames.append((image, delay))
    } while !input.remaining.isEmpty && frames.count < maximumFrames

    let writer: GIFWriter<MemoryByteSink>
    do {
      writer = try GIFWriter(sink: MemoryByteSink(), width: width, height: height)
      var previous: RGBAImage?
      for frame in frames {
        let difference = mode & 0x80 != 0 ? previous.map { FrameDifference(frame.image, from: $0) } : nil
        try writer.append(frame.image, delayCentiseconds: UInt16(frame.delay), difference: difference)
        previous = frame.image
      }
      try writer.finish()
    } catch {
      throw FuzzFailure("the writer writes any frames", "\(error)")
    }
    try verify(writer.sink.bytes, frames: frames, quantized: writer.quantizedFrames > 0)
    return .accepted
  }

  /// `gif`, decoded by giflib and played, must show `frames` as the rules above say.
  /// - Parameter quantized: Whether the writer quantized a frame (then colours are not checked).
  package static func verify(
    _ bytes: [UInt8], frames: [(image: RGBAImage, delay: Int)], quantized: Bool
  ) throws(FuzzFailure) {
    let (width, height) = (frames[0].image.width, frames[0].image.height)
    let gif: GIFReference
    do {
      gif = try GIFReference(decoding: bytes)
    } catch {
      throw FuzzFailure("giflib reads our GIF", "\(error)")
    }
    guard (gif.width, gif.height) == (width, height) else {
      throw FuzzFailure("the canvas is the frames' size", "\(gif.width) × \(gif.height) for \(width) × \(height)")
    }
    let total = frames.reduce(0) { $0 + $1.delay }
    let written = gif.frames.reduce(0) { $0 + $1.delayCentiseconds }
    guard written == total else {
      throw FuzzFailure("the delays add up to the input's", "\(written) cs for \(total) cs")
    }
    let distinctColors = Set(
      frames.flatMap { frame in
        (0..<(width * height)).compactMap { i -> [UInt8]? in
          frame.image.pixels[i * 4 + 3] >= 128 ? Array(frame.image.pixels[(i * 4)..<(i * 4 + 3)]) : nil
        }
      }
    ).count
    let closeness = GIFWriter<MemoryByteSink>.closeColorDistance
    var start = 0
    for (index, frame) in frames.enumerated() {
      defer { start += frame.delay }
      guard frame.delay > 0 else { continue }
      // What is on screen at `start`: the last GIF frame begun by then.
      var shownIndex = 0
      var shownStart = 0
      for (k, candidate) in gif.frames.enumerated() {
        if shownStart > start { break }
        shownIndex = k
        shownStart += candidate.delayCentiseconds
      }
      let shown = gif.frames[shownIndex].canvas
      var errorSum = 0
      var opaque = 0
      for i in 0..<(width * height) {
        let source = Array(frame.image.pixels[(i * 4)..<(i * 4 + 4)])
        let pixel = Array(shown.pixels[(i * 4)..<(i * 4 + 4)])
        let place = "frame \(index) at \(start) cs, pixel (\(i % width), \(i / width))"
        guard (source[3] >= 128) == (pixel[3] == 255), pixel[3] == 0 || pixel[3] == 255 else {
          throw FuzzFailure("alpha below 128 is transparent, the rest opaque", "\(place): \(source) shown as \(pixel)")
        }
        guard source[3] >= 128 else { continue }
        let error = (0..<3).reduce(0) { $0 + abs(Int(source[$1]) - Int(pixel[$1])) }
        if !quantized && distinctColors <= 255 && error > closeness {
          throw FuzzFailure(
            "a pixel is shown within the close-colour distance", "\(place): \(source) shown as \(pixel)")
        }
        errorSum += error
        opaque += 1
      }
      if !quantized && errorSum > closeness * opaque {
        throw FuzzFailure(
          "a frame is shown within the mean error of its mapping",
          "frame \(index): \(Double(errorSum) / Double(3 * opaque)) per channel")
      }
    }
  }
}
