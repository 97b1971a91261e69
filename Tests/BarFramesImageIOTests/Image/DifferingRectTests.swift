import Testing

@testable import BarFramesImageIO

/// `differingRect(from:replacing:with:scan:)`, which the APNG and GIF writers call for every
/// candidate canvas, against the rule written out pixel by pixel.
@Suite struct DifferingRectTests {
  /// The bounding box of the pixels in `scan` where `image` differs from `canvas` with
  /// `replaced` taken from `replacement` (transparent black if nil).
  static func reference(
    _ image: RGBAImage, _ canvas: RGBAImage, replaced: PixelRect?, replacement: RGBAImage?, scan: PixelRect
  ) -> PixelRect? {
    var box: (left: Int, top: Int, right: Int, bottom: Int)?
    for y in scan.y..<(scan.y + scan.height) {
      for x in scan.x..<(scan.x + scan.width) {
        let isReplaced = replaced.map { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height } ?? false
        let under =
          isReplaced ? (replacement?[x, y] ?? RGBAImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0)) : canvas[x, y]
        guard image[x, y] != under else { continue }
        box = (min(box?.left ?? x, x), min(box?.top ?? y, y), max(box?.right ?? x, x), y)
      }
    }
    return box.map { PixelRect(x: $0.left, y: $0.top, width: $0.right - $0.left + 1, height: $0.bottom - $0.top + 1) }
  }

  @Test func matchesThePixelRule() {
    var state: UInt64 = 3
    func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(n))
    }
    let (width, height) = (23, 11)
    let pixel = { (v: Int) in RGBAImage.Pixel(red: UInt8(v), green: 7, blue: 9, alpha: v % 3 == 0 ? 0 : 255) }
    for trial in 0..<400 {
      var canvas = RGBAImage(width: width, height: height)
      for y in 0..<height { for x in 0..<width where next(3) > 0 { canvas[x, y] = pixel(1 + next(4)) } }
      var replacement = canvas
      var image = canvas
      // A few changed pixels, some inside the replaced rectangle, some equal to what it holds.
      for _ in 0..<next(6) { image[next(width), next(height)] = pixel(next(5)) }
      for _ in 0..<next(6) { replacement[next(width), next(height)] = pixel(next(5)) }
      func rect() -> PixelRect {
        let x = next(width)
        let y = next(height)
        return PixelRect(x: x, y: y, width: 1 + next(width - x), height: 1 + next(height - y))
      }
      let scan = trial % 5 == 0 ? image.bounds : rect()
      let replaced: PixelRect? = trial % 4 == 0 ? nil : rect()  // may stick out of `scan`
      let with: RGBAImage? = trial % 2 == 0 ? nil : replacement
      let found = image.differingRect(from: canvas, replacing: replaced, with: with, scan: scan)
      let expected = Self.reference(image, canvas, replaced: replaced, replacement: with, scan: scan)
      #expect(found == expected, "trial \(trial): scan \(scan), replaced \(String(describing: replaced))")
      if found != expected { return }
    }
  }
}
