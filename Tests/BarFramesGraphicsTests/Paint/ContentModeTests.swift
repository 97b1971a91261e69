import BarFramesGraphics
import Testing

/// A 20 × 10 px image drawn into a 40 × 40 pt square at (100, 0), by UIKit's content modes.
@Suite struct ContentModeTests {
  let image = Size(width: 20, height: 10)
  let box = Rect(x: 100, y: 0, width: 40, height: 40)

  @Test func fillStretchesEachAxis() {
    #expect(EmbeddedImage.ContentMode.fill.placement(ofImageSize: image, in: box) == box)
  }

  @Test func aspectFitScalesByTheSmallerFactorAndCentres() {
    // min(40/20, 40/10) = 2: 40 × 20, centred vertically.
    #expect(
      EmbeddedImage.ContentMode.aspectFit.placement(ofImageSize: image, in: box)
        == Rect(x: 100, y: 10, width: 40, height: 20))
  }

  @Test func aspectFillScalesByTheLargerFactorAndCentres() {
    // max(2, 4) = 4: 80 × 40, overflowing 20 pt on each side (the caller clips).
    #expect(
      EmbeddedImage.ContentMode.aspectFill.placement(ofImageSize: image, in: box)
        == Rect(x: 80, y: 0, width: 80, height: 40))
  }
}
