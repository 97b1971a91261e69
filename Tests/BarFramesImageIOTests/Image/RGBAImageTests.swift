import BarFramesImageIO
import Testing

@Suite struct RGBAImageTests {
  @Test("isOpaque sees one translucent pixel wherever it is, odd sizes included", arguments: [1, 2, 3, 5, 8, 9])
  func opacity(width: Int) {
    let opaque = RGBAImage(width: width, height: 3, filledWith: .init(red: 9, green: 8, blue: 7, alpha: 255))
    #expect(opaque.isOpaque)
    for y in 0..<3 {
      for x in 0..<width {
        var image = opaque
        image[x, y] = .init(red: 9, green: 8, blue: 7, alpha: 254)
        #expect(!image.isOpaque, "\(x), \(y) of \(width)×3")
      }
    }
  }

  @Test("A frame's difference is the smallest rectangle holding every changed pixel, nil when none")
  func difference() {
    let base = RGBAImage(width: 40, height: 6, filledWith: .init(red: 1, green: 2, blue: 3, alpha: 255))
    #expect(FrameDifference(base, from: base).changed == nil)
    var changed = base
    changed[37, 1] = .init(red: 0, green: 0, blue: 0, alpha: 0)
    changed[3, 4] = .init(red: 1, green: 2, blue: 4, alpha: 255)
    #expect(FrameDifference(changed, from: base).changed == PixelRect(x: 3, y: 1, width: 35, height: 4))
    var edge = base
    edge[0, 5] = .init(red: 9, green: 2, blue: 3, alpha: 255)
    edge[39, 0] = .init(red: 1, green: 2, blue: 3, alpha: 0)
    #expect(FrameDifference(edge, from: base).changed == base.bounds)
  }
}
