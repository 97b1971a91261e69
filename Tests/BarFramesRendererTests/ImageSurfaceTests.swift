import BarFramesGraphics
import BarFramesImageIO
import BarFramesRenderer
import BarFramesTestSupport
import BarFramesText
import Testing

/// Pixel assertions on PNG files written by the renderer and decoded again.
@Suite struct ImageSurfaceTests {
  let white = RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255)
  let transparent = RGBAImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0)

  @Test func filledRectCoversExactlyItsPixels() throws {
    // A rect on whole-point edges covers pixels [10, 30) × [5, 15) and nothing else.
    let image = try TestRendering.decodedPNG(size: Size(40, 20)) { cg in
      cg.fill(Path(rect: Rect(x: 10, y: 5, width: 20, height: 10)), color: .white)
    }
    #expect(image.width == 40 && image.height == 20)
    #expect(image[10, 5] == white)
    #expect(image[29, 14] == white)
    #expect(image[9, 5] == transparent)
    #expect(image[30, 14] == transparent)
    #expect(image[10, 4] == transparent)
    #expect(image[10, 15] == transparent)
  }

  @Test func twiceTheScaleDoublesEveryPixelDimension() throws {
    let image = try TestRendering.decodedPNG(size: Size(40, 20), scale: 2) { cg in
      cg.fill(Path(rect: Rect(x: 10, y: 5, width: 20, height: 10)), color: .white)
    }
    #expect(image.width == 80 && image.height == 40)
    let bounds = try #require(image.opaqueBounds())
    #expect(bounds.minX == 20 && bounds.maxX == 59 && bounds.minY == 10 && bounds.maxY == 29)
  }

  @Test func roundedRectLeavesItsCornerPixelTransparent() throws {
    let image = try TestRendering.decodedPNG(size: Size(40, 20)) { cg in
      cg.fill(Path(roundedRect: Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 8), color: .white)
    }
    // The corner pixel's centre (0.5, 0.5) is 10.6 pt from the arc centre (8, 8): outside r = 8.
    #expect(image[0, 0].alpha == 0)
    #expect(image[39, 19].alpha == 0)
    #expect(image[20, 10] == white)
    #expect(image[8, 0] == white)  // the straight top edge starts at x = r
  }

  @Test(arguments: [StrokeStyle.LineCap.round, .square, .butt])
  func capsExtendTheStrokeByHalfTheLineWidthOrNot(cap: StrokeStyle.LineCap) throws {
    // A 6 pt line from x = 10 to x = 30 at y = 10: round and square caps reach x = 7, butt stops at 10.
    let image = try TestRendering.decodedPNG(size: Size(40, 20)) { cg in
      cg.stroke(
        Path(polyline: [Point(10, 10), Point(30, 10)]), color: .white, style: StrokeStyle(lineWidth: 6, lineCap: cap))
    }
    let bounds = try #require(image.opaqueBounds())
    #expect(bounds.minY == 7 && bounds.maxY == 12)  // the width is 6, not Cairo's default 2
    if cap == .butt {
      #expect(bounds.minX == 10 && bounds.maxX == 29)
    } else {
      #expect(bounds.minX == 7 && bounds.maxX == 32)
      #expect(image[8, 10].alpha == 255)  // 2 pt before the start, inside a radius-3 cap
    }
    #expect(image[5, 10].alpha == 0)
  }

  @Test func defaultLineWidthIsOnePointAsInCoreGraphics() throws {
    let image = try TestRendering.decodedPNG(size: Size(20, 20)) { cg in
      cg.stroke(Path(polyline: [Point(2, 10), Point(18, 10)]), color: .white, style: StrokeStyle())
    }
    let bounds = try #require(image.opaqueBounds())
    #expect(bounds.minY == 9 && bounds.maxY == 10)  // 1 pt centred on y = 10 half-covers rows 9 and 10
    #expect(image[10, 9].alpha == 128 || image[10, 9].alpha == 127)
  }

  @Test(arguments: [
    (Color(red8: 66, green8: 255, blue8: 66), RGBAImage.Pixel(red: 66, green: 255, blue: 66, alpha: 255)),
    (Color(red8: 142, green8: 206, blue8: 237), RGBAImage.Pixel(red: 142, green: 206, blue: 237, alpha: 255)),
    (Color.lightGray, RGBAImage.Pixel(red: 170, green: 170, blue: 170, alpha: 255)),
  ])
  func opaqueColoursRoundTripExactly(color: Color, expected: RGBAImage.Pixel) throws {
    let image = try TestRendering.decodedPNG(size: Size(4, 4)) { cg in
      cg.fill(Path(rect: Rect(x: 0, y: 0, width: 4, height: 4)), color: color)
    }
    #expect(image[2, 2] == expected)
  }

  @Test func translucentWhiteOverTransparentKeepsItsAlpha() throws {
    // The seek bar's track: white at α 0.1. 0.1 × 255 = 25.5, so Cairo stores 25 or 26;
    // un-premultiplying must give back pure white, not grey.
    let image = try TestRendering.decodedPNG(size: Size(4, 4)) { cg in
      cg.fill(Path(rect: Rect(x: 0, y: 0, width: 4, height: 4)), color: Color.white.withAlpha(0.1))
    }
    let pixel = image[1, 1]
    #expect(pixel.red == 255 && pixel.green == 255 && pixel.blue == 255)
    #expect((25...26).contains(pixel.alpha))
  }

  @Test func backgroundFillsTheWholeSurface() throws {
    let image = try TestRendering.decodedPNG(size: Size(10, 10), scale: 3, background: .black) { _ in }
    #expect(image[0, 0] == RGBAImage.Pixel(red: 0, green: 0, blue: 0, alpha: 255))
    #expect(image[29, 29] == RGBAImage.Pixel(red: 0, green: 0, blue: 0, alpha: 255))
  }

  @Test func clearingAReusedSurfaceGivesTheFreshPixels() throws {
    let fresh = try ImageSurface(size: Size(30, 10), scale: 2)
    fresh.context.stroke(
      Path(polyline: [Point(3, 5), Point(27, 5)]), color: .white, style: StrokeStyle(lineWidth: 3, lineCap: .round))
    let reused = try ImageSurface(size: Size(30, 10), scale: 2)
    reused.context.fill(Path(circleCenter: Point(10, 5), radius: 7), color: .red)
    reused.context.clip(to: Path(rect: Rect(x: 0, y: 0, width: 5, height: 5)))
    reused.clear()
    reused.context.stroke(
      Path(polyline: [Point(3, 5), Point(27, 5)]), color: .white, style: StrokeStyle(lineWidth: 3, lineCap: .round))
    #expect(try fresh.rgbaImage() == reused.rgbaImage())
  }

  @Test func textIsCentredInItsBox() throws {
    // "30%" centred in a 40 × 20 box at (86, 61), as the bent line's label at p = 0.3.
    let image = try TestRendering.decodedPNG(size: Size(200, 100)) { cg in
      cg.drawText(
        "30%", in: Rect(x: 86, y: 61, width: 40, height: 20), font: Font(size: 13), color: .black, alignment: .center)
    }
    let ink = try #require(image.opaqueBounds(alphaAbove: 40))
    let centreX = Double(ink.minX + ink.maxX + 1) / 2
    let centreY = Double(ink.minY + ink.maxY + 1) / 2
    #expect(abs(centreX - 106) <= 1.5)
    #expect(abs(centreY - 71) <= 2.5)  // digits sit a little above the line box's centre
    #expect(ink.maxX - ink.minX > 15 && ink.maxX - ink.minX < 30)  // 13 pt "30%" is about 24 pt wide
  }

  @Test func rejectsImpossibleSizes() {
    #expect(throws: RendererError.self) { try ImageSurface(size: Size(0, 10)) }
    #expect(throws: RendererError.self) { try ImageSurface(size: Size(.nan, 10)) }
    #expect(throws: RendererError.self) { try ImageSurface(size: Size(100_000, 10)) }
  }
}

/// Compositing keeps its source surface for the next image of the same size: every image must
/// still land exactly, whatever came before it and whatever its size.
@Suite struct ImageSurfaceCompositingTests {
  @Test func imagesOfOneSizeAndThenAnotherLandPixelForPixel() throws {
    let surface = try ImageSurface(size: Size(width: 8, height: 4), scale: 1, background: .white)
    let red = RGBAImage(width: 2, height: 2, filledWith: .init(red: 255, green: 0, blue: 0))
    let blue = RGBAImage(width: 2, height: 2, filledWith: .init(red: 0, green: 0, blue: 255))
    // Half-transparent green over white: (0 · 128 + 255 · 127) / 255 ≈ 127 of red and blue left.
    let green = RGBAImage(width: 3, height: 1, filledWith: .init(red: 0, green: 255, blue: 0, alpha: 128))
    try surface.composite(red, atPixelX: 0, y: 0)
    try surface.composite(blue, atPixelX: 2, y: 0)  // same size: the kept source, refilled
    try surface.composite(green, atPixelX: 4, y: 3)  // another size: a new one
    try surface.composite(red, atPixelX: 6, y: 0)  // and back
    let image = try surface.rgbaImage()
    #expect(image[1, 1] == .init(red: 255, green: 0, blue: 0))
    #expect(image[3, 1] == .init(red: 0, green: 0, blue: 255))
    #expect(image[7, 1] == .init(red: 255, green: 0, blue: 0))
    for x in 4..<7 {
      let pixel = image[x, 3]
      #expect(pixel.green == 255 && pixel.alpha == 255 && abs(Int(pixel.red) - 127) <= 1 && pixel.red == pixel.blue)
    }
    #expect(image[0, 3] == .init(red: 255, green: 255, blue: 255))  // untouched
  }

  /// Reduced by n, each surface pixel is the mean of an n × n square of premultiplied pixels
  /// (x · a / 255, rounded), the squares at the right and bottom edges cut short by the image.
  @Test func aReducedImageLandsAsTheMeanOfEachSquare() throws {
    // 5 × 3 pixels reduced by 2: 3 × 2 squares, the last column and row one pixel short.
    var image = RGBAImage(width: 5, height: 3, filledWith: .init(red: 0, green: 0, blue: 0, alpha: 0))
    // Top-left square, opaque: red 10, 20, 30, 41 → mean 25.25 → 25; green 200 everywhere.
    for (i, red) in [10, 20, 30, 41].enumerated() {
      image[i % 2, i / 2] = .init(red: UInt8(red), green: 200, blue: 7)
    }
    // Second square: one opaque white pixel, one half-transparent red (alpha 102: premultiplied
    // red 255 · 102 / 255 = 102), two transparent ones.
    image[2, 0] = .init(red: 255, green: 255, blue: 255)
    image[3, 1] = .init(red: 255, green: 0, blue: 0, alpha: 102)
    // The right column's top square holds two pixels: opaque blue and nothing.
    image[4, 0] = .init(red: 0, green: 0, blue: 255)
    // The bottom row's squares hold two pixels; the last one a single pixel.
    image[0, 2] = .init(red: 100, green: 100, blue: 100)
    image[1, 2] = .init(red: 101, green: 101, blue: 101)
    image[4, 2] = .init(red: 9, green: 8, blue: 7, alpha: 255)
    let surface = try ImageSurface(size: Size(width: 3, height: 2), scale: 1, background: nil)
    try surface.composite(image, atPixelX: 0, y: 0, reducedBy: 2)
    let argb = try surface.withPremultipliedARGB { source, stride in
      (0..<2).flatMap { y in (0..<3).map { x in source.load(fromByteOffset: y * stride + 4 * x, as: UInt32.self) } }
    }
    func pixel(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 { a << 24 | r << 16 | g << 8 | b }
    #expect(argb[0] == pixel(255, 25, 200, 7))  // 101 / 4 rounds to 25; 28 / 4 = 7
    // Alpha (255 + 102 + 0 + 0) / 4 = 89.25 → 89; red (255 + 102) / 4 → 89; green, blue 255 / 4 → 64.
    #expect(argb[1] == pixel(89, 89, 64, 64))
    #expect(argb[2] == pixel(128, 0, 0, 128))  // (255 + 0) / 2 = 127.5 rounds up
    #expect(argb[3] == pixel(255, 101, 101, 101))  // (100 + 101 + 1) / 2
    #expect(argb[4] == pixel(0, 0, 0, 0))
    #expect(argb[5] == pixel(255, 9, 8, 7))

    // Whole squares all transparent, or all opaque, land as nothing and as the mean colour; four
    // pixels of one opaque colour as that colour.
    var pair = RGBAImage(width: 6, height: 2, filledWith: .init(red: 0, green: 0, blue: 0, alpha: 0))
    for (x, y) in [(4, 0), (5, 0), (4, 1), (5, 1)] { pair[x, y] = .init(red: 10, green: 20, blue: 30) }
    pair[2, 0] = .init(red: 8, green: 0, blue: 255)
    pair[3, 0] = .init(red: 8, green: 1, blue: 255)
    pair[2, 1] = .init(red: 8, green: 1, blue: 255)
    pair[3, 1] = .init(red: 9, green: 0, blue: 254)
    let two = try ImageSurface(size: Size(width: 3, height: 1), scale: 1, background: .white)
    try two.composite(pair, atPixelX: 0, y: 0, reducedBy: 2)
    let shown = try two.rgbaImage()
    #expect(shown[0, 0] == .init(red: 255, green: 255, blue: 255))  // white under nothing
    #expect(shown[1, 0] == .init(red: 8, green: 1, blue: 255))  // 33 / 4 → 8, 2 / 4 → 1 (halves up), 1019 / 4 → 255
    #expect(shown[2, 0] == .init(red: 10, green: 20, blue: 30))
  }
}
