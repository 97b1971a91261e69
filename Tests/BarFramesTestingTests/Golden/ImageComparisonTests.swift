import BarFramesGolden
import BarFramesImageIO
import Testing

/// The comparator on small synthetic images whose differences are known by construction, at the
/// edges of each tolerance. Every expected number below is counted from the pictures, not read
/// from the code's output.
@Suite struct ImageComparisonTests {
  /// A 10 × 10 opaque grey image (100 pixels).
  let base = RGBAImage(width: 10, height: 10, filledWith: grey(100))

  static func grey(_ level: UInt8) -> RGBAImage.Pixel { .init(red: level, green: level, blue: level, alpha: 255) }

  func with(_ changes: [(Int, Int, RGBAImage.Pixel)]) -> RGBAImage {
    var image = base
    for (x, y, pixel) in changes { image[x, y] = pixel }
    return image
  }

  /// `base` with a black square `size` px wide whose top-left corner is at (x, y).
  func square(x: Int, y: Int, size: Int = 3) -> RGBAImage {
    var image = base
    for dy in 0..<size { for dx in 0..<size { image[x + dx, y + dy] = Self.grey(0) } }
    return image
  }

  func compare(
    _ reference: RGBAImage, _ actual: RGBAImage, _ tolerance: GoldenTolerance = .default
  ) throws -> ImageComparison {
    try ImageComparison.compare(reference: reference, actual: actual, tolerance: tolerance)
  }

  // MARK: The default: ±1 per channel, no pixel beyond

  @Test func theDefaultIsOnePerChannelAndNoPixelBeyond() {
    #expect(GoldenTolerance.default == GoldenTolerance(perChannel: 1, maxDifferingPixels: 0))
    #expect(GoldenTolerance.default.description == "±1 per channel, no pixel beyond")
    #expect(GoldenCheck().tolerance == .default)
  }

  @Test func defaultPassesOnePixelOffByOneAndFailsOnePixelOffByTwo() throws {
    let offByOne = with([(4, 5, .init(red: 101, green: 100, blue: 100, alpha: 255))])
    let offByTwo = with([(4, 5, .init(red: 100, green: 98, blue: 100, alpha: 255))])
    let near = try compare(base, offByOne)
    #expect(near.isMatch)
    #expect(near.differingPixels == 0 && near.maxChannelDifference == 1)
    let beyond = try compare(base, offByTwo)
    #expect(!beyond.isMatch)
    #expect(beyond.differingPixels == 1 && beyond.maxChannelDifference == 2)
    #expect(beyond.firstDifference == .init(x: 4, y: 5))
    #expect(
      beyond.summary
        == "1 of 100 pixels (1 %) differs by more than 1 per channel (largest difference 2, first at x 4, y 5); "
        + "tolerance: ±1 per channel, no pixel beyond")
  }

  @Test func defaultFailsAShapeMovedByOnePixel() throws {
    // A 3 × 3 square moved from x 3…5 to x 4…6: column 3 turns grey and column 6 black, 3 px each.
    let comparison = try compare(square(x: 3, y: 3), square(x: 4, y: 3))
    #expect(!comparison.isMatch)
    #expect(comparison.differingPixels == 6)
    #expect(comparison.maxChannelDifference == 100)
    #expect(comparison.firstDifference == .init(x: 3, y: 3))
  }

  @Test func defaultFailsAColourSixLevelsOffOnASmallArea() throws {
    // A 2 × 2 area, 100 → 106: four pixels, six levels each.
    let recoloured = with([
      (7, 1, Self.grey(106)), (8, 1, Self.grey(106)), (7, 2, Self.grey(106)), (8, 2, Self.grey(106)),
    ])
    let comparison = try compare(base, recoloured)
    #expect(!comparison.isMatch)
    #expect(comparison.differingPixels == 4 && comparison.maxChannelDifference == 6)
    #expect(try compare(base, recoloured, GoldenTolerance(perChannel: 5)).differingPixels == 4)
    #expect(try compare(base, recoloured, GoldenTolerance(perChannel: 6)).isMatch)
  }

  /// A larger image, compared in runs of pixels (skipped when their bytes are equal): a
  /// difference at the first and last pixel of a run, at the image's last pixel (a run cut short:
  /// 97 × 53 = 5141 pixels is not a multiple of 64), and one pixel in each of the other channels
  /// all count, each once; the largest difference and the first position are the pictures'.
  @Test func differencesAtTheEdgesOfARunAndAtTheLastPixelAllCount() throws {
    let reference = RGBAImage(width: 97, height: 53, filledWith: Self.grey(100))
    var actual = reference
    // Pixel indices 63, 64 (either side of the first run's end), 128, 2000 and 5140 (the last).
    let changes: [(index: Int, pixel: RGBAImage.Pixel)] = [
      (63, .init(red: 103, green: 100, blue: 100, alpha: 255)),
      (64, .init(red: 100, green: 96, blue: 100, alpha: 255)),
      (128, .init(red: 100, green: 100, blue: 107, alpha: 255)),
      (2000, .init(red: 100, green: 100, blue: 100, alpha: 250)),
      (5140, .init(red: 91, green: 100, blue: 100, alpha: 255)),
    ]
    for change in changes { actual[change.index % 97, change.index / 97] = change.pixel }
    let comparison = try compare(reference, actual)
    #expect(comparison.differingPixels == 5)
    #expect(comparison.maxChannelDifference == 9)
    #expect(comparison.firstDifference == .init(x: 63, y: 0))
    // Only the last pixel is off by more than 7.
    let loose = try compare(reference, actual, GoldenTolerance(perChannel: 7))
    #expect(loose.differingPixels == 1 && loose.firstDifference == .init(x: 96, y: 52))
    #expect(try compare(reference, reference).differingPixels == 0)
    #expect(try compare(reference, reference).maxChannelDifference == 0)
  }

  @Test func alphaOnlyDifferencesCount() throws {
    let faded = with([(3, 3, .init(red: 100, green: 100, blue: 100, alpha: 200))])
    #expect(try compare(base, faded).differingPixels == 1)
  }

  @Test func fullyTransparentPixelsAreEqualWhateverTheirColourBytes() throws {
    let clearA = RGBAImage(width: 2, height: 1, filledWith: .init(red: 0, green: 0, blue: 0, alpha: 0))
    let clearB = RGBAImage(width: 2, height: 1, filledWith: .init(red: 255, green: 9, blue: 3, alpha: 0))
    #expect(try compare(clearA, clearB, .exact).isMatch)
  }

  @Test func sizeMismatchNeverMatchesAndSaysBothSizes() throws {
    let wider = RGBAImage(width: 11, height: 10, filledWith: Self.grey(100))
    let comparison = try compare(base, wider, GoldenTolerance(perChannel: 254, maxDifferingPixelRatio: 0.99))
    #expect(!comparison.isMatch && !comparison.sizesMatch)
    #expect(
      comparison.referenceSize == .init(width: 10, height: 10) && comparison.actualSize == .init(width: 11, height: 10))
    #expect(
      comparison.summary
        == "the sizes differ: the golden is 10×10 px, the frame is 11×10 px; tolerance: ±254 per channel, at most 99 % of pixels beyond"
    )
  }

  // MARK: Looser by explicit choice

  @Test func perChannelAllowsExactlyItsValue() throws {
    let tolerance = GoldenTolerance(perChannel: 3)
    #expect(try compare(base, with([(4, 5, Self.grey(103))]), tolerance).isMatch)
    #expect(try !compare(base, with([(4, 5, Self.grey(104))]), tolerance).isMatch)
  }

  @Test func pixelCountAllowsThatManyAndNotOneMore() throws {
    let red = RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    let two = with([(0, 0, red), (1, 0, red)])
    let three = with([(0, 0, red), (1, 0, red), (2, 0, red)])
    let tolerance = GoldenTolerance(maxDifferingPixels: 2)
    #expect(tolerance.description == "±1 per channel, at most 2 pixels beyond")
    #expect(try compare(base, two, tolerance).isMatch)
    #expect(try !compare(base, three, tolerance).isMatch)
  }

  @Test func ratioCountsPixelsNotBytesRoundedDown() throws {
    // 2 % of 100 pixels = 2 pixels may differ; the third fails.
    let tolerance = GoldenTolerance(perChannel: 0, maxDifferingPixelRatio: 0.02)
    #expect(tolerance.description == "±0 per channel, at most 2 % of pixels beyond")
    let red = RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    #expect(try compare(base, with([(0, 0, red), (1, 0, red)]), tolerance).isMatch)
    #expect(try !compare(base, with([(0, 0, red), (1, 0, red), (2, 0, red)]), tolerance).isMatch)
    // A pixel with all four channels off counts once.
    #expect(
      try compare(base, with([(0, 0, .init(red: 0, green: 0, blue: 0, alpha: 0)), (1, 0, red)]), tolerance)
        .differingPixels == 2)
    // 29 % of 100 is 29 pixels, although 0.29 × 100 is 28.999999999999996 in binary.
    #expect(GoldenTolerance(maxDifferingPixelRatio: 0.29).allowedDifferingPixels(of: 100) == 29)
    // 0.1 % of 999 pixels is 0.999: no pixel.
    #expect(GoldenTolerance(maxDifferingPixelRatio: 0.001).allowedDifferingPixels(of: 999) == 0)
  }

  // MARK: Anti-aliasing aware

  /// 5 × 5: columns 0–1 black, column 2 an edge of `edge` grey, columns 3–4 white — a vertical
  /// edge anti-aliased over one column.
  func edge(_ level: UInt8) -> RGBAImage {
    var image = RGBAImage(width: 5, height: 5, filledWith: Self.grey(255))
    for y in 0..<5 {
      image[0, y] = Self.grey(0)
      image[1, y] = Self.grey(0)
      image[2, y] = Self.grey(level)
    }
    return image
  }

  @Test func antialiasingAwareModeForgivesAnEdgeColumnThatChangedShade() throws {
    // The edge column moves from 128 to 120: 5 pixels, 8 levels each. Each has a darker side
    // (black, with more than two black neighbours in both images), a brighter one, and only its
    // two column neighbours share its shade.
    let strict = try compare(edge(128), edge(120))
    #expect(!strict.isMatch && strict.differingPixels == 5)
    let aware = try compare(edge(128), edge(120), .ignoringAntialiasedEdges)
    #expect(aware.isMatch)
    #expect(aware.differingPixels == 0 && aware.antialiasedPixels == 5)
    #expect(
      aware.summary
        == "0 of 25 pixels differ by more than 1 per channel; 5 more on anti-aliased edges were ignored; "
        + "tolerance: ±1 per channel, no pixel beyond, anti-aliased edges ignored")
  }

  @Test func antialiasingAwareModeStillFailsAMovedShapeAndARecolouredArea() throws {
    // Every pixel of a moved solid square has three or more identical neighbours on one side.
    let moved = try compare(square(x: 3, y: 3), square(x: 4, y: 3), .ignoringAntialiasedEdges)
    #expect(!moved.isMatch && moved.differingPixels == 6 && moved.antialiasedPixels == 0)
    let recoloured = with([
      (7, 1, Self.grey(106)), (8, 1, Self.grey(106)), (7, 2, Self.grey(106)), (8, 2, Self.grey(106)),
    ])
    let aware = try compare(base, recoloured, .ignoringAntialiasedEdges)
    #expect(!aware.isMatch && aware.differingPixels == 4)
  }

  @Test func antialiasingAwareModeNeedsTheEdgeInBothImages() throws {
    // The edge column turned black: in the actual image it is part of the dark area, no edge.
    let comparison = try compare(edge(128), edge(0), .ignoringAntialiasedEdges)
    #expect(!comparison.isMatch && comparison.differingPixels == 5 && comparison.antialiasedPixels == 0)
  }

  // MARK: Refused tolerances

  @Test(arguments: [
    (
      GoldenTolerance(perChannel: 255), GoldenTolerance.Refusal.Parameter.perChannel,
      "must be 0…254 (255 would pass any image); got 255"
    ),
    (GoldenTolerance(perChannel: -1), .perChannel, "must be 0…254 (255 would pass any image); got -1"),
    (
      GoldenTolerance(maxDifferingPixelRatio: 1), .maxDifferingPixelRatio,
      "must be at least 0 and below 1 (1 would pass any image); got 1.0"
    ),
    (
      GoldenTolerance(maxDifferingPixelRatio: 2.5), .maxDifferingPixelRatio,
      "must be at least 0 and below 1 (1 would pass any image); got 2.5"
    ),
    (
      GoldenTolerance(maxDifferingPixelRatio: -0.1), .maxDifferingPixelRatio,
      "must be at least 0 and below 1 (1 would pass any image); got -0.1"
    ),
    (
      GoldenTolerance(maxDifferingPixelRatio: .nan), .maxDifferingPixelRatio,
      "must be at least 0 and below 1 (1 would pass any image); got nan"
    ),
    (
      GoldenTolerance(maxDifferingPixelRatio: .infinity), .maxDifferingPixelRatio,
      "must be at least 0 and below 1 (1 would pass any image); got inf"
    ),
    (GoldenTolerance(maxDifferingPixels: -1), .maxDifferingPixels, "must be 0 or more; got -1"),
  ])
  func toleranceThatWouldPassAnyImageIsRefused(
    tolerance: GoldenTolerance, parameter: GoldenTolerance.Refusal.Parameter, reason: String
  ) {
    let refusal = GoldenTolerance.Refusal(parameter: parameter, reason: reason)
    #expect(tolerance.refusal == refusal)
    #expect(throws: GoldenError.refusedTolerance(refusal)) { try compare(base, base, tolerance) }
    #expect(throws: GoldenError.refusedTolerance(refusal)) { try tolerance.validate() }
  }

  @Test func pixelCountCoveringTheWholeImageIsRefusedWhenCompared() throws {
    // 100 of a 10 × 10 image's 100 pixels would let any image through; 99 would not.
    let all = GoldenTolerance(maxDifferingPixels: 100)
    #expect(all.refusal == nil)  // unknown until the image's size is known
    let refusal = GoldenTolerance.Refusal(
      parameter: .maxDifferingPixels,
      reason: "must be fewer than the image's 100 pixels (100 would pass any image); got 100")
    #expect(all.refusal(forPixelCount: 100) == refusal)
    #expect(throws: GoldenError.refusedTolerance(refusal)) { try compare(base, base, all) }
    #expect(try compare(base, base, GoldenTolerance(maxDifferingPixels: 99)).isMatch)
    #expect(
      "\(GoldenError.refusedTolerance(refusal))"
        == "refused tolerance: maxDifferingPixels must be fewer than the image's 100 pixels (100 would pass any image); got 100"
    )
  }

  @Test func descriptionsSayEveryLimit() {
    #expect(GoldenTolerance.exact.description == "±0 per channel, no pixel beyond")
    #expect(
      GoldenTolerance(perChannel: 2, maxDifferingPixelRatio: 0.001).description
        == "±2 per channel, at most 0.1 % of pixels beyond")
    #expect(GoldenTolerance(maxDifferingPixels: 1).description == "±1 per channel, at most 1 pixel beyond")
    #expect(
      GoldenTolerance(perChannel: 1, maxDifferingPixels: 4, ignoringAntialiasedEdges: true).description
        == "±1 per channel, at most 4 pixels beyond, anti-aliased edges ignored")
  }

  // MARK: The diff picture

  @Test func diffImageMarksDifferingPixelsInMagentaAndForgivenOnesInYellow() {
    let actual = with([(2, 7, Self.grey(0))])
    let diff = ImageComparison.diffImage(reference: base, actual: actual, tolerance: .default)
    let magenta = RGBAImage.Pixel(red: 255, green: 0, blue: 255, alpha: 255)
    #expect(diff[2, 7] == magenta)
    #expect(diff[0, 0] != magenta && diff[0, 0].alpha == 255)
    let edges = ImageComparison.diffImage(reference: edge(128), actual: edge(120), tolerance: .ignoringAntialiasedEdges)
    #expect(edges[2, 2] == .init(red: 255, green: 200, blue: 0, alpha: 255))
    #expect(ImageComparison.diffImage(reference: edge(128), actual: edge(120), tolerance: .default)[2, 2] == magenta)
  }
}
