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

  @Test("Two steps' differences unite into one holding both")
  func followedDifferences() {
    let a = FrameDifference(changed: PixelRect(x: 2, y: 1, width: 3, height: 2))
    let b = FrameDifference(changed: PixelRect(x: 10, y: 0, width: 1, height: 1))
    let none = FrameDifference(changed: nil)
    #expect(a.followed(by: b).changed == PixelRect(x: 2, y: 0, width: 9, height: 3))
    #expect(a.followed(by: none) == a && none.followed(by: b) == b)
    #expect(none.followed(by: none).changed == nil)
  }

  @Test("A GIF told where frames changed, even too widely, writes the bytes it finds by itself")
  func gifWithDifferences() throws {
    let frames = (0..<9).map { TestImages.transparentBar(width: 50, height: 12, progress: Double($0 / 2 + 1) / 6) }
    func write(hinted: Bool) throws -> [UInt8] {
      let gif = try GIFWriter(sink: MemoryByteSink(), width: 50, height: 12)
      for (k, image) in frames.enumerated() {
        // Every other frame, told the union of two steps (and a pixel more when nothing changed).
        let difference =
          k == 0 || !hinted
          ? nil
          : FrameDifference(image, from: frames[k - 1]).changed.map {
            FrameDifference(changed: $0.union(PixelRect(x: 0, y: 0, width: 1, height: 1)))
          }
            ?? FrameDifference(changed: nil)
        try gif.append(image, delayCentiseconds: 3, difference: difference)
      }
      try gif.finish()
      return gif.sink.bytes
    }
    #expect(try write(hinted: true) == write(hinted: false))
  }
}
