import BarFrames
import BarFramesGolden
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// The default comparison on real frames: every example at every key time, rendered here (not
/// read from the committed goldens), against copies with a small visible regression made on
/// purpose. Each must fail, whatever the scene.
@Suite struct ExampleRegressionTests {
  static func frames() throws -> [(name: String, image: RGBAImage)] {
    let folder = TestRendering.packageRoot.appendingPathComponent("Examples")
    let renderer = GoldenRenderer()
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
      .flatMap {
        let scene = try Scene.load(contentsOf: folder.appendingPathComponent($0))
        let timeline = try scene.timeline()
        return try scene.keyTimes.map {
          (GoldenStore.frameName(scene: scene.name, time: $0), try renderer.image(of: timeline, at: $0))
        }
      }
  }

  /// The first pixel, in reading order, that differs from the top-left one (the background).
  static func firstDrawnPixel(_ image: RGBAImage) -> (x: Int, y: Int)? {
    for y in 0..<image.height { for x in 0..<image.width where image[x, y] != image[0, 0] { return (x, y) } }
    return nil
  }

  @Test func theDefaultFailsEveryExampleFrameMovedByOnePixelOrRecolouredBySixLevels() throws {
    let frames = try Self.frames()
    #expect(frames.count > 50)
    var drawn = 0
    for (name, frame) in frames {
      guard let (cx, cy) = Self.firstDrawnPixel(frame) else { continue }  // an empty frame has nothing to move
      drawn += 1
      // Everything one pixel to the right, the background filling the freed column.
      var moved = frame
      let (rowBytes, background) = (frame.width * 4, frame.pixels[0..<4])
      for row in stride(from: 0, to: frame.pixels.count, by: rowBytes) {
        moved.pixels[row + 4..<row + rowBytes] = frame.pixels[row..<row + rowBytes - 4]
        moved.pixels[row..<row + 4] = background
      }
      let shift = try ImageComparison.compare(reference: frame, actual: moved, tolerance: .default)
      #expect(!shift.isMatch, "\(name): a 1 px shift passed the default")
      // A 2 × 2 area at the first drawn pixel, each colour channel 6 levels away.
      var recoloured = frame
      for (x, y) in [(cx, cy), (cx + 1, cy), (cx, cy + 1), (cx + 1, cy + 1)] where x < frame.width && y < frame.height {
        let p = frame[x, y]
        func off(_ c: UInt8) -> UInt8 { c > 249 ? c - 6 : c + 6 }
        recoloured[x, y] = .init(red: off(p.red), green: off(p.green), blue: off(p.blue), alpha: p.alpha)
      }
      let colour = try ImageComparison.compare(reference: frame, actual: recoloured, tolerance: .default)
      #expect(!colour.isMatch && colour.maxChannelDifference == 6, "\(name): a 6-level change passed the default")
      #expect(try ImageComparison.compare(reference: frame, actual: frame, tolerance: .default).isMatch)
    }
    #expect(drawn > 50)
  }
}
