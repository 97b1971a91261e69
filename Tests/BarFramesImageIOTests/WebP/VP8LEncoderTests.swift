import BarFramesTestSupport
import Testing

@testable import BarFramesImageIO

/// Our lossless WebP (VP8L) encoder, checked by libwebp's decoder: each image, written as a
/// one-frame animation, must come back byte for byte.
@Suite("Lossless WebP encoder (VP8L), decoded by libwebp")
struct VP8LEncoderTests {
  /// `image` through `WebPWriter` (lossless: our encoder) and libwebp's `WebPAnimDecoder`.
  static func roundTrip(_ image: RGBAImage) throws -> RGBAImage {
    let writer = try WebPWriter(
      sink: MemoryByteSink(), width: image.width, height: image.height,
      timestamps: WebPTimestamps(framesPerSecond: 10))
    try writer.append(image)
    try writer.finish()
    let animation = try WebPDecoding.decode(writer.sink.bytes)
    return try #require(animation.frames.first).image
  }

  /// Pixels from a fixed generator, each one of `colors` colours (alpha included).
  static func random(width: Int, height: Int, colors: Int, seed: UInt64 = 3) -> RGBAImage {
    var state = seed
    func next() -> UInt32 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt32(truncatingIfNeeded: state >> 33)
    }
    let palette = (0..<colors).map { _ in
      let word = next()
      return RGBAImage.Pixel(
        red: UInt8(truncatingIfNeeded: word), green: UInt8(truncatingIfNeeded: word >> 8),
        blue: UInt8(truncatingIfNeeded: word >> 16), alpha: UInt8(truncatingIfNeeded: word >> 24))
    }
    var image = RGBAImage(width: width, height: height)
    for y in 0..<height { for x in 0..<width { image[x, y] = palette[Int(next() % UInt32(colors))] } }
    return image
  }

  @Test(
    "Palettes of every packing (2, 4, 16, 256 colours) and none, at widths that leave partial packs",
    arguments: [1, 2, 3, 4, 5, 16, 17, 256, 257, 5000], [1, 7, 13, 64])
  func colours(colors: Int, width: Int) throws {
    let image = Self.random(width: width, height: 9, colors: colors, seed: UInt64(colors * 100 + width))
    #expect(try Self.roundTrip(image) == image)
  }

  @Test("Noise, opaque and translucent (colours under alpha 0 kept), and one-pixel sides")
  func noise() throws {
    for (width, height) in [(1, 1), (1, 300), (300, 1), (37, 23)] {
      for opaque in [true, false] {
        var image = TestImages.noise(width: width, height: height, opaque: opaque, seed: UInt64(width + height))
        if !opaque { image[0, 0] = .init(red: 200, green: 10, blue: 30, alpha: 0) }
        #expect(try Self.roundTrip(image) == image, "\(width)×\(height), opaque: \(opaque)")
      }
    }
  }

  @Test("Bars like the ones we draw: runs longer than a copy's 4096 pixels, repeated rows, antialiased edges")
  func bars() throws {
    for image in [
      TestImages.flatBar(width: 5000, height: 3), TestImages.flatBar(),
      TestImages.transparentBar(width: 750, height: 40),
      RGBAImage(width: 4097, height: 2, filledWith: .init(red: 1, green: 2, blue: 3, alpha: 4)),
    ] {
      #expect(try Self.roundTrip(image) == image, "\(image.width)×\(image.height)")
    }
  }

  @Test(
    "Runs of one colour inside copies, with a colour cache: the copies skip along runs, and the cache stays in step",
    arguments: [(12, 31), (40, 64), (300, 257), (24, 40), (60, 100)])
  func runsInCopies(colors count: Int, width: Int) throws {
    // Rows of runs 1–12 pixels long, each row either new or a row above shifted, so that
    // copies span runs and a colour cache pays.
    let colors = Self.random(width: count, height: 1, colors: count, seed: UInt64(count))
    let height = 40
    var image = RGBAImage(width: width, height: height)
    var state = UInt64(width)
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    for y in 0..<height {
      if y > 3, next(3) > 0 {
        let (from, shift) = (y - 1 - next(3), next(5))
        for x in 0..<width { image[x, y] = image[min(width - 1, x + shift), from] }
        continue
      }
      var x = 0
      while x < width {
        let color = colors[next(count), 0]
        for _ in 0..<(1 + next(12)) where x < width {
          image[x, y] = color
          x += 1
        }
      }
    }
    #expect(try Self.roundTrip(image) == image)
  }

  @Test("Rows repeated shifted by −8…8 pixels: copies from every short two-dimensional distance")
  func shiftedRows() throws {
    let width = 61
    let row = Self.random(width: width, height: 1, colors: 300, seed: 11)
    var image = RGBAImage(width: width, height: 40)
    var shift = 0
    for y in 0..<40 {
      shift += (y * 5) % 17 - 8
      for x in 0..<width { image[x, y] = row[((x + shift) % width + width) % width, 0] }
    }
    #expect(try Self.roundTrip(image) == image)
  }

  @Test("Rows that repeat farther back than a copy may reach (2²⁰ − 120 pixels) are not copied from there")
  func window() throws {
    let (width, height) = (2048, 600)
    let noise = TestImages.noise(width: width, height: 4, opaque: true, seed: 5)
    var image = RGBAImage(width: width, height: height, filledWith: .init(red: 9, green: 9, blue: 9))
    // The same noise at rows 0–3 and 590–593: 590 × 2048 pixels apart, beyond the window.
    for y in 0..<4 {
      for x in 0..<width {
        image[x, y] = noise[x, y]
        image[x, 590 + y] = noise[x, y]
      }
    }
    #expect(try Self.roundTrip(image) == image)
  }

  /// `chunk` as a still WebP (RIFF, WEBP, the chunk), decoded by libwebp.
  static func decode(chunk: [UInt8]) throws -> RGBAImage {
    var file = Array("RIFF".utf8)
    file.appendLittleEndian(UInt32(4 + chunk.count))
    file += Array("WEBP".utf8) + chunk
    return try WebPDecoding.decodeStill(file)
  }

  @Test("A rectangle of a larger image, as animation frames store it")
  func region() throws {
    let image = TestImages.noise(width: 50, height: 30, opaque: false, seed: 9)
    let encoder = VP8LEncoder()
    let region = PixelRect(x: 7, y: 4, width: 13, height: 11)
    let (chunk, isOpaque) = encoder.encode(image, region: region)
    #expect(!isOpaque)
    let decoded = try Self.decode(chunk: chunk)
    var expected = RGBAImage(width: 13, height: 11)
    for y in 0..<11 { for x in 0..<13 { expected[x, y] = image[7 + x, 4 + y] } }
    #expect(decoded == expected)
  }

  @Test("One encoder for many frames: nothing a frame leaves in the kept buffers reaches the next")
  func reuse() throws {
    // Each way of coding, at sizes that make the buffers grow and then serve smaller frames.
    let images = [
      Self.random(width: 23, height: 9, colors: 4, seed: 1),  // 4 colours: indices packed 4 to a pixel
      TestImages.noise(width: 120, height: 80, opaque: false, seed: 2),  // no palette, colour cache
      Self.random(width: 37, height: 21, colors: 200, seed: 3),  // 200 colours: the plain copies, indexed
      TestImages.transparentBar(width: 750, height: 40),
      Self.random(width: 1, height: 1, colors: 1, seed: 4),
      Self.random(width: 64, height: 30, colors: 16, seed: 5),  // 16 colours: 2 to a pixel
    ]
    // Each image's chunk from an encoder of its own.
    let fresh = images.map { VP8LEncoder().encode($0, region: $0.bounds).chunk }
    // Remembering no rectangle, so that each one is encoded again with the kept buffers.
    let encoder = VP8LEncoder(rectangles: nil)
    for n in [0, 1, 2, 3, 4, 5, 0, 2, 1, 4, 3, 5, 5, 0] {
      let (chunk, _) = encoder.encode(images[n], region: images[n].bounds)
      #expect(chunk == fresh[n], "image \(n)")
      #expect(try Self.decode(chunk: chunk) == images[n], "image \(n)")
    }
  }

  @Test("A small rectangle seen lately gives its chunk again, found by its pixels wherever it is; others are encoded")
  func remembered() throws {
    let a = Self.random(width: 23, height: 9, colors: 40, seed: 8)
    var b = a  // a's size, its last pixel different
    b[22, 8] = .init(red: 1, green: 2, blue: 3, alpha: 4)
    let c = TestImages.noise(width: 9, height: 23, opaque: true, seed: 9)
    // a again, inside a larger image, 5 pixels right and 3 down.
    var framed = TestImages.noise(width: 40, height: 20, opaque: false, seed: 10)
    for y in 0..<9 { for x in 0..<23 { framed[5 + x, 3 + y] = a[x, y] } }
    let inFrame = PixelRect(x: 5, y: 3, width: 23, height: 9)

    let encoder = VP8LEncoder()
    let first = encoder.encode(a, region: a.bounds)
    #expect(encoder.encode(b, region: b.bounds).chunk == VP8LEncoder().encode(b, region: b.bounds).chunk)
    #expect(try Self.decode(chunk: encoder.encode(c, region: c.bounds).chunk) == c)
    #expect(encoder.recalled == 0)
    let again = encoder.encode(framed, region: inFrame)
    #expect(encoder.recalled == 1)
    #expect(again.chunk == first.chunk && again.isOpaque == first.isOpaque)
    #expect(try Self.decode(chunk: encoder.encode(b, region: b.bounds).chunk) == b)
    #expect(encoder.recalled == 2)
  }

  @Test("Encoders sharing a memory find each other's rectangles; a large one is encoded each time")
  func sharedMemory() throws {
    let rectangles = WebPRectangleMemory()
    let (first, second) = (VP8LEncoder(rectangles: rectangles), VP8LEncoder(rectangles: rectangles))
    let images = (0..<6).map { Self.random(width: 12, height: 5, colors: 30, seed: UInt64(100 + $0)) }
    for image in images { _ = first.encode(image, region: image.bounds) }
    for image in images.reversed() {
      let (chunk, _) = second.encode(image, region: image.bounds)
      #expect(chunk == VP8LEncoder(rectangles: nil).encode(image, region: image.bounds).chunk)
    }
    #expect(first.recalled == 0 && second.recalled == 6)
    let large = TestImages.noise(width: 65, height: 64, opaque: true, seed: 1)
    #expect(large.width * large.height > WebPRectangleMemory.largestArea)
    for _ in 0..<2 {
      let (chunk, _) = second.encode(large, region: large.bounds)
      #expect(try Self.decode(chunk: chunk) == large)
    }
    #expect(second.recalled == 6)
  }

  @Test("The bit writer grows its buffer as needed and packs bits least significant first")
  func bitWriter() {
    var writer = VP8LBitWriter(storage: VP8LScratch(), offset: 3, capacity: 4)
    var bits: [Bool] = []
    var state: UInt64 = 99
    for _ in 0..<2000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let bitCount = Int(state >> 59)  // 0…31
      let value = UInt32(truncatingIfNeeded: state >> 20) & UInt32((UInt64(1) << bitCount) - 1)
      writer.write(value, bitCount: bitCount)
      for k in 0..<bitCount { bits.append(value >> UInt32(k) & 1 == 1) }
    }
    writer.write(0xFFFF_FFFF, bitCount: 32)
    bits += [Bool](repeating: true, count: 32)
    var expected = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
    for (k, bit) in bits.enumerated() where bit { expected[k / 8] |= 1 << (k % 8) }
    let written = writer.finish()
    #expect(written.count == 3 + expected.count)
    #expect(Array(written[3...]) == expected)
  }

  @Test("A prefix code rebuilt for another alphabet is the code made for it afresh, described the same")
  func rebuiltCode() {
    var large = [UInt32](repeating: 0, count: 300)
    for k in stride(from: 0, to: 300, by: 3) { large[k] = UInt32(k % 17 + 1) }
    let small: [UInt32] = [0, 9, 0, 0, 3, 3, 1, 0, 0, 0, 0, 0, 12, 1, 0, 0, 5, 0, 0, 0, 0, 0, 0, 2]
    let code = VP8LPrefixCode(counts: large)
    small.withUnsafeBufferPointer { code.build(counts: $0.baseAddress!, symbolCount: small.count) }
    let reference = VP8LPrefixCode(counts: small)
    #expect(code.lengths == reference.lengths)
    func description(_ code: VP8LPrefixCode) -> [UInt8] {
      var writer = VP8LBitWriter(storage: VP8LScratch())
      code.writeDescription(to: &writer)
      for symbol in small.indices where small[symbol] > 0 { code.write(symbol, to: &writer) }
      return Array(writer.finish())
    }
    #expect(description(code) == description(reference))
  }

  @Test("Evened-out counts: a stretch of close counts becomes its mean, stretches of one count are kept")
  func evenedCounts() {
    // 1, 3, 2, 0, 2 (mean 8 / 5 = 1.6 → 2), then seven 9s (kept), then 0, 1, 0, 1 (mean 1).
    var counts: [UInt32] = [1, 3, 2, 0, 2, 9, 9, 9, 9, 9, 9, 9, 0, 1, 0, 1, 40]
    let marks = UnsafeMutablePointer<Bool>.allocate(capacity: counts.count)
    defer { marks.deallocate() }
    counts.withUnsafeMutableBufferPointer { VP8LPrefixCode.evenOut($0.baseAddress!, count: $0.count, marks: marks) }
    #expect(counts == [2, 2, 2, 2, 2, 9, 9, 9, 9, 9, 9, 9, 1, 1, 1, 1, 40])
  }

  @Test("Many symbols used a few times each: the evened-out code is described in a few bits, and decodes")
  func evenedCode() throws {
    // Every other symbol of 200 used once or twice: Huffman lengths of 6 to 8 at random, with
    // gaps, which take some 370 bits to describe; evened out, all 199 symbols weigh the same,
    // so their lengths come in two runs (the lighter end of the tree one bit deeper): half the bits.
    var counts = [UInt32](repeating: 0, count: 280)
    var state: UInt32 = 7
    for symbol in stride(from: 0, to: 200, by: 2) {
      state = state &* 1_103_515_245 &+ 12345
      counts[symbol] = 1 + state >> 16 & 1
    }
    let code = VP8LPrefixCode(counts: counts)
    #expect(Array(code.lengths[0..<142]) == [UInt8](repeating: 8, count: 142))
    #expect(Array(code.lengths[142..<199]) == [UInt8](repeating: 7, count: 57))
    #expect(code.lengths[199...].allSatisfy { $0 == 0 })
    #expect(code.descriptionBits() < 200)
    // An image with as many colours, each a few times, round-trips through libwebp.
    let image = Self.random(width: 31, height: 7, colors: 200, seed: 11)
    #expect(try Self.roundTrip(image) == image)
  }

  @Test("A colour table of ramps (the same step again and again) is coded with copies, and decodes")
  func rampTable() throws {
    // 240 colours: 12 ramps of 20 steps, each step (+1, +2, −1) from the one before, drawn
    // as vertical stripes 2 pixels wide, each colour on a row of its own.
    var image = RGBAImage(width: 40, height: 120)
    var colors: [RGBAImage.Pixel] = []
    for ramp in 0..<12 {
      for step in 0..<20 {
        colors.append(
          .init(
            red: UInt8(ramp * 20 + step), green: UInt8(truncatingIfNeeded: 2 * step + 7 * ramp),
            blue: UInt8(200 - step - ramp), alpha: 255))
      }
    }
    for y in 0..<120 { for x in 0..<40 { image[x, y] = colors[(y * 2 + x / 20) % 240] } }
    #expect(try Self.roundTrip(image) == image)
    let encoder = VP8LEncoder(rectangles: nil)
    let chunk = encoder.encode(image, region: image.bounds).chunk
    #expect(try Self.decode(chunk: chunk) == image)
    // With the table as literals, the chunk is over a hundred bytes larger.
    #expect(chunk.count < 480)
  }

  @Test("Colours of two ramps that interleave in numeric order: the table follows one ramp, then the other")
  func nearestOrder() throws {
    // Ramp A: red 0…99 with green 0 and blue 250 − 2k; ramp B: red 0…99 with green 200,
    // blue k. Sorted numerically, A and B alternate (same red), each step a jump between them.
    var colors: [RGBAImage.Pixel] = []
    for k in 0..<100 {
      colors.append(.init(red: UInt8(k), green: 0, blue: UInt8(250 - 2 * k), alpha: 255))
      colors.append(.init(red: UInt8(k), green: 200, blue: UInt8(k), alpha: 255))
    }
    var image = RGBAImage(width: 50, height: 40)
    for y in 0..<40 { for x in 0..<50 { image[x, y] = colors[(y * 50 + x) % 200] } }
    let encoder = VP8LEncoder(rectangles: nil)
    let chunk = encoder.encode(image, region: image.bounds).chunk
    #expect(try Self.decode(chunk: chunk) == image)
    #expect(try Self.roundTrip(image) == image)
    // In numeric order, the chunk is over 250 bytes larger.
    #expect(chunk.count < 2100)
  }

  @Test("Distance codes: the pixel above is code 1, the one to the left 2 (RFC 9649 §4.2.2), far ones + 120")
  func distanceCodes() {
    #expect(VP8LEncoder.planeCode(100, width: 100) == 1)
    #expect(VP8LEncoder.planeCode(1, width: 100) == 2)
    // (1, 1): one row up, one column left, is code 3; (−1, 1), one up and one right, is 4.
    #expect(VP8LEncoder.planeCode(101, width: 100) == 3)
    #expect(VP8LEncoder.planeCode(99, width: 100) == 4)
    #expect(VP8LEncoder.planeCode(5000, width: 100) == 5120)
  }

  @Test("Length and distance prefixes: value = offset + extra + 1 as the decoder computes it")
  func prefixes() {
    for value in 1...5000 {
      let (symbol, extraBits, extra) = VP8LEncoder.prefix(value)
      let decoded: Int
      if symbol < 4 {
        decoded = symbol + 1
      } else {
        let bits = (symbol - 2) >> 1
        #expect(bits == extraBits)
        decoded = ((2 + (symbol & 1)) << bits) + extra + 1
      }
      #expect(decoded == value)
    }
  }

  @Test("Huffman codes stay within 15 bits for skewed counts, and are complete and prefix-free")
  func lengthLimit() {
    // Fibonacci counts make a Huffman tree as deep as the alphabet is long.
    var counts: [UInt32] = [1, 1]
    while counts.count < 30 { counts.append(counts[counts.count - 1] + counts[counts.count - 2]) }
    counts += [0, 0, 7]
    let code = VP8LPrefixCode(counts: counts)
    #expect(code.lengths.max() == 15)
    #expect(code.lengths[30] == 0 && code.lengths[31] == 0)
    let kraft = code.lengths.filter { $0 > 0 }.reduce(0.0) { $0 + 1 / Double(1 << Int($1)) }
    #expect(kraft == 1)
  }
}
