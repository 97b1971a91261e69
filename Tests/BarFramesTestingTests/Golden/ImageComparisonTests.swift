import BarFramesGolden
import BarFramesImageIO
import Testing

/// The comparator on synthetic images, at the edges of each tolerance.
@Suite struct ImageComparisonTests {
  /// A 10 × 10 opaque grey image (100 pixels).
  let base = RGBAImage(width: 10, height: 10, filledWith: .init(red: 100, green: 100, blue: 100, alpha: 255))

  func with(_ changes: [(Int, Int, RGBAImage.Pixel)]) -> RGBAImage {
    var image = base
    for (x, y, pixel) in changes { image[x, y] = pixel }
    return image
  }

  @Test func identicalImagesMatchExactly() {
    #expect(ImageComparison.compare(reference: base, actual: base, tolerance: .exact) == .match(differingPixels: 0))
  }

  @Test func onePixelOffByExactlyTheToleranceMatchesAndByOneMoreDoesNot() {
    let tolerance = GoldenTolerance(perChannel: 3, maxDifferingPixelRatio: 0)
    let atTolerance = with([(4, 5, .init(red: 103, green: 100, blue: 100, alpha: 255))])
    let beyond = with([(4, 5, .init(red: 104, green: 100, blue: 100, alpha: 255))])
    #expect(ImageComparison.compare(reference: base, actual: atTolerance, tolerance: tolerance) == .match(differingPixels: 0))
    #expect(
      ImageComparison.compare(reference: base, actual: beyond, tolerance: tolerance)
        == .mismatch(differingPixels: 1, totalPixels: 100, maxChannelDifference: 4, firstDifference: (4, 5)))
  }

  @Test func ratioCountsPixelsAtTheThresholdAndOneAbove() {
    // 2 % of 100 pixels = 2 pixels may differ; the third fails.
    let tolerance = GoldenTolerance(perChannel: 0, maxDifferingPixelRatio: 0.02)
    let red = RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    let two = with([(0, 0, red), (1, 0, red)])
    let three = with([(0, 0, red), (1, 0, red), (2, 0, red)])
    #expect(ImageComparison.compare(reference: base, actual: two, tolerance: tolerance) == .match(differingPixels: 2))
    #expect(!ImageComparison.compare(reference: base, actual: three, tolerance: tolerance).isMatch)
    // Pixels, not bytes or channels: a pixel with all four channels off counts once.
    let allChannels = with([(0, 0, .init(red: 0, green: 0, blue: 0, alpha: 0)), (1, 0, red)])
    #expect(ImageComparison.compare(reference: base, actual: allChannels, tolerance: tolerance) == .match(differingPixels: 2))
  }

  @Test func sizeMismatchIsItsOwnResult() {
    let wider = RGBAImage(width: 11, height: 10, filledWith: .init(red: 100, green: 100, blue: 100, alpha: 255))
    guard case .sizeMismatch(let r, let a) = ImageComparison.compare(reference: base, actual: wider, tolerance: .default) else {
      Issue.record("expected a size mismatch")
      return
    }
    #expect(r == (10, 10) && a == (11, 10))
  }

  @Test func alphaOnlyDifferencesCount() {
    let faded = with([(3, 3, .init(red: 100, green: 100, blue: 100, alpha: 200))])
    #expect(!ImageComparison.compare(reference: base, actual: faded, tolerance: .exact).isMatch)
  }

  @Test func fullyTransparentPixelsAreEqualWhateverTheirColourBytes() {
    let clearA = RGBAImage(width: 2, height: 1, filledWith: .init(red: 0, green: 0, blue: 0, alpha: 0))
    let clearB = RGBAImage(width: 2, height: 1, filledWith: .init(red: 255, green: 9, blue: 3, alpha: 0))
    #expect(ImageComparison.compare(reference: clearA, actual: clearB, tolerance: .exact).isMatch)
  }

  @Test func diffImageMarksDifferingPixelsInMagenta() {
    let actual = with([(2, 7, .init(red: 0, green: 0, blue: 0, alpha: 255))])
    let diff = ImageComparison.diffImage(reference: base, actual: actual, tolerance: .exact)
    #expect(diff[2, 7] == .init(red: 255, green: 0, blue: 255, alpha: 255))
    #expect(diff[0, 0] != .init(red: 255, green: 0, blue: 255, alpha: 255))
    #expect(diff[0, 0].alpha == 255)
  }
}
