import BarFramesImageIO
import BarFramesTestSupport
import Testing

/// New colours close to a global one, or all of them when the table is full and the error is
/// small, are drawn with the global table's nearest colour instead of a local table.
@Suite struct GIFGlobalMappingTests {
  static func pixel(_ r: Int, _ g: Int, _ b: Int) -> RGBAImage.Pixel {
    .init(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
  }

  static func image(width: Int, height: Int, _ color: (Int) -> RGBAImage.Pixel) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    for i in 0..<(width * height) { image[i % width, i / width] = color(i) }
    return image
  }

  /// The rule, written out independently: the palette colour with the smallest sum of channel
  /// differences, the first one on a tie.
  static func nearest(_ p: RGBAImage.Pixel, in palette: [RGBAImage.Pixel]) -> (RGBAImage.Pixel, Int) {
    func d(_ q: RGBAImage.Pixel) -> Int {
      abs(Int(p.red) - Int(q.red)) + abs(Int(p.green) - Int(q.green)) + abs(Int(p.blue) - Int(q.blue))
    }
    let best = palette.min { d($0) < d($1) }!
    return (best, d(best))
  }

  static func run(_ images: [RGBAImage]) throws -> (frames: [RGBAImage], local: Int) {
    let writer = try GIFWriter(sink: MemoryByteSink(), width: images[0].width, height: images[0].height)
    for image in images { try writer.append(image, delayCentiseconds: 10) }
    try writer.finish()
    return (try GIFReader.read(writer.sink.bytes).frames.map(\.image), writer.localTableFrames)
  }

  @Test func aCloseColourTakesTheGlobalOneWhileAFarColourGetsItsOwnSlot() throws {
    let blue = Self.pixel(0, 122, 255)
    let grey = Self.pixel(200, 200, 200)
    let first = Self.image(width: 24, height: 8) { $0 % 24 < 12 ? blue : grey }
    let close = Self.pixel(2, 120, 254)  // 2 + 2 + 1 = 5 ≤ closeColorDistance
    let far = Self.pixel(52, 199, 89)
    var second = first
    for x in 0..<4 {
      for y in 0..<4 {
        second[x, y] = close
        second[20 + x, 4 + y] = far
      }
    }
    #expect(Self.nearest(close, in: [blue, grey]).1 <= GIFWriter<MemoryByteSink>.closeColorDistance)
    #expect(Self.nearest(far, in: [blue, grey]).1 > GIFWriter<MemoryByteSink>.closeColorDistance)
    let (frames, local) = try Self.run([first, second, first])
    var expected = second
    for x in 0..<4 { for y in 0..<4 { expected[x, y] = blue } }
    #expect(frames[1] == expected)  // the close square shows blue, the far one its own colour
    // Back to the first frame: the source changed back, so every pixel is exact again.
    #expect(frames.count == 3 && frames[2] == first)
    #expect(local == 0)
  }

  @Test func aFullTableMapsAFrameWhenTheMeanErrorIsSmallElseGivesItALocalTable() throws {
    let (w, h) = (32, 32)
    let palette = (0..<255).map { Self.pixel($0, 0, 0) }
    let first = Self.image(width: w, height: h) { palette[$0 % 255] }  // 255 colours: the table is full
    // Every pixel moves 2 levels (close), one turns white (far from every red): the mean error
    // over the redrawn pixels is (1023 · 2 + 511) / (1024 · 3) ≈ 0.83 ≤ globalMappingTolerance.
    let second = Self.image(width: w, height: h) { $0 == 1000 ? Self.pixel(255, 255, 255) : Self.pixel($0 % 255, 2, 0) }
    // Far from every red (80 levels): a mean error of 26.7, so a local table, exact.
    let third = Self.image(width: w, height: h) { Self.pixel($0 % 255, 40, 40) }
    var error = 0
    for i in 0..<(w * h) { error += Self.nearest(second[i % w, i / w], in: palette).1 }
    #expect(Double(error) / Double(w * h * 3) <= GIFWriter<MemoryByteSink>.globalMappingTolerance)

    let (frames, local) = try Self.run([first, second, third])
    #expect(frames[0] == first)
    #expect(frames[1] == Self.image(width: w, height: h) { Self.nearest(second[$0 % w, $0 / w], in: palette).0 })
    #expect(frames[2] == third)
    #expect(local == 1)
  }

  /// A close colour redrawn in later frames maps again each time, to the nearest colour of
  /// the table as it is then: the same one while the table holds nothing closer, a colour
  /// added since once one is closer (the writer remembers earlier searches and only looks at
  /// colours added after them).
  @Test func aCloseColourFollowsTheTableAsItGrows() throws {
    let blue = Self.pixel(0, 122, 255)
    let grey = Self.pixel(200, 200, 200)
    let close = Self.pixel(6, 122, 255)  // 6 from blue: close
    let nearer = Self.pixel(7, 122, 255)  // 7 from blue (far: a slot of its own), 1 from `close`
    // Squares on the grey half, where blue shows.
    let base = Self.image(width: 24, height: 8) { $0 % 24 < 12 ? blue : grey }
    func with(_ squares: [(x: Int, color: RGBAImage.Pixel)]) -> RGBAImage {
      var image = base
      for square in squares { for x in square.x..<(square.x + 3) { for y in 0..<3 { image[x, y] = square.color } } }
      return image
    }
    #expect(Self.nearest(close, in: [blue, grey]).1 <= GIFWriter<MemoryByteSink>.closeColorDistance)
    #expect(Self.nearest(nearer, in: [blue, grey]).1 > GIFWriter<MemoryByteSink>.closeColorDistance)
    let images = [
      base, with([(12, close)]), with([(15, close)]), with([(15, close), (21, nearer)]),
      with([(18, close), (21, nearer)]),
    ]
    let (frames, local) = try Self.run(images)
    #expect(frames.count == 5)
    #expect(frames[1] == with([(12, blue)]))
    #expect(frames[2] == with([(15, blue)]))  // the same search again: blue
    #expect(frames[3] == with([(15, blue), (21, nearer)]))  // `nearer` takes a slot of its own
    #expect(frames[4] == with([(18, nearer), (21, nearer)]))  // now 1 away: the newer colour wins
    #expect(local == 0)
  }
}
