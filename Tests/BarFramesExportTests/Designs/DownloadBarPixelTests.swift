import BarFrames
import BarFramesExport
import BarFramesGraphics
import BarFramesImageIO
import BarFramesRenderer
import BarFramesTestSupport
import Foundation
import Testing

/// Rendered frames of the download-bar examples, checked pixel by pixel at the places
/// designs.md §2.2 puts the tag, the line's end and the stream. The examples draw a 200 × 80 bar
/// at (20, 40) on a 240 × 160 canvas at scale 2, on RGB(142, 206, 237).
@Suite struct DownloadBarPixelTests {
  static let background = RGBAImage.Pixel(red: 142, green: 206, blue: 237)
  static let white = RGBAImage.Pixel(red: 255, green: 255, blue: 255)
  static let gray = RGBAImage.Pixel(red: 128, green: 128, blue: 128)

  func frame(_ example: String, at time: Double) throws -> RGBAImage {
    let url = TestRendering.packageRoot.appendingPathComponent("Examples/\(example).json")
    let scene = try Scene.load(contentsOf: url)
    let renderer = try FrameRenderer(
      size: scene.style.canvas.size, scale: scene.scale, background: scene.style.canvas.background)
    return try renderer.render(try scene.timeline().presentation(at: time))
  }

  /// The pixel covering canvas point (x, y) at scale 2.
  func pixel(_ image: RGBAImage, _ x: Double, _ y: Double) -> RGBAImage.Pixel {
    image[Int(x * 2), Int(y * 2)]
  }

  func near(_ p: RGBAImage.Pixel, _ q: RGBAImage.Pixel, _ tolerance: Int = 3) -> Bool {
    abs(Int(p.red) - Int(q.red)) <= tolerance && abs(Int(p.green) - Int(q.green)) <= tolerance
      && abs(Int(p.blue) - Int(q.blue)) <= tolerance && p.alpha == 255
  }

  /// How many pixels in the canvas rectangle satisfy `test`.
  func count(_ image: RGBAImage, in rect: Rect, where test: (RGBAImage.Pixel) -> Bool) -> Int {
    var n = 0
    for y in Int(rect.minY * 2)..<Int(rect.maxY * 2) {
      for x in Int(rect.minX * 2)..<Int(rect.maxX * 2) where test(image[x, y]) { n += 1 }
    }
    return n
  }

  /// At 7.95 of download-success, p = 0.63: the tag's centre is at (W·p, H/2 − 7.5) = (126, 32.5)
  /// → canvas (146, 72.5). The tag (rectangle × (1.5, 0.9)) spans x 146 ± 15, y 72.5 − 40 +
  /// [22, 40] = [54.5, 72.5]; the pointer's tip is at y = 72.5 + 6 = 78.5 on the track's top
  /// edge (78). The white line, a standalone shape layer whose path the display link sets
  /// every 60 Hz refresh (each set an implicit 0.25 s animation from the presented path), trails
  /// the tag: the recursion x ← x + (T − x)·0.0502 over the refreshes from 1.7 s
  /// (DownloadBarSuccessTests) puts its end at x = 139.55 (a round cap to 141.55) over the gray
  /// track (y 78…82, x 20…220).
  @Test func theTagAndTheLineEndWhileDownloading() throws {
    let image = try frame("download-success", at: 7.95)
    #expect(near(pixel(image, 132.5, 57), Self.white), "inside the tag, left of the text")
    #expect(near(pixel(image, 159.5, 71), Self.white), "inside the tag, right of the text")
    #expect(near(pixel(image, 146.2, 76), Self.white), "the pointer above the track")
    #expect(near(pixel(image, 146.2, 50), Self.background), "above the tag")
    #expect(near(pixel(image, 126, 64), Self.background), "left of the tag")
    #expect(near(pixel(image, 100, 80.2), Self.white), "the line")
    #expect(near(pixel(image, 137.5, 80.2), Self.white), "the line just before its end")
    #expect(near(pixel(image, 143.5, 80.2), Self.gray), "the track past the line's end, under the tag's pointer")
    #expect(near(pixel(image, 219, 80.2), Self.gray), "the track's right end")
    #expect(near(pixel(image, 100, 84), Self.background), "below the 4 pt track")
    // The label's black text sits in the tag.
    let black = count(image, in: Rect(x: 134, y: 56, width: 24, height: 14)) {
      $0.red < 60 && $0.green < 60 && $0.blue < 60
    }
    #expect(black > 20)
  }

  /// The original state: the gray square x ∈ [(W − H)/2, (W + H)/2] = [60, 140] of the bar →
  /// canvas [80, 160] × [40, 120], with the white arrow: shaft x ∈ [3H/8, 5H/8] = [30, 50] of the
  /// indicator → canvas [110, 130], y [20, 40] → [60, 80]; head from y 80 to the tip at (120, 100).
  @Test func theOriginalArrow() throws {
    let image = try frame("download-success", at: 0.2)
    #expect(near(pixel(image, 85, 45), Self.gray))
    #expect(near(pixel(image, 120, 70), Self.white))
    #expect(near(pixel(image, 120, 95), Self.white))
    #expect(near(pixel(image, 100, 70), Self.gray))
    #expect(near(pixel(image, 70, 80), Self.background))
  }

  /// At the end of download-success the tag sits at x = W → canvas 220 and reads "done" in green.
  @Test func doneInGreenAtTheEnd() throws {
    let image = try frame("download-success", at: 12.1)
    #expect(near(pixel(image, 206.5, 57), Self.white))
    #expect(near(pixel(image, 215, 80.2), Self.white), "the line is full")
    let green = count(image, in: Rect(x: 206, y: 56, width: 28, height: 14)) {
      $0.green > 150 && $0.red < 100 && $0.blue < 100
    }
    #expect(green > 10)
  }

  /// download-failed at 8.31: the pour is complete — a 1 pt stream at x = 144…145 from y = 105
  /// down past the canvas — and the drained line is gone (the track shows under the tag's
  /// former line). At 8.5 the fall is (8.5 − 8.31)/0.7 = 0.27143 in: opacity 0.72857, so the
  /// stream's pixel is 0.72857·white + 0.27143·background = (224.3, 241.7, 250.1).
  @Test func theStreamPoursAndFades() throws {
    let poured = try frame("download-failed", at: 8.31)
    #expect(near(pixel(poured, 144.5, 130), Self.white))
    #expect(near(pixel(poured, 148, 130), Self.background))
    #expect(near(pixel(poured, 100, 80.2), Self.gray), "the line has drained")
    let falling = try frame("download-failed", at: 8.5)
    #expect(near(pixel(falling, 144.5, 152), RGBAImage.Pixel(red: 224, green: 242, blue: 250), 3))
  }

  /// "failed" in red on the tilted tag at 9.65.
  @Test func failedInRed() throws {
    let image = try frame("download-failed", at: 9.65)
    let red = count(image, in: Rect(x: 126, y: 50, width: 40, height: 26)) {
      $0.red > 200 && $0.green < 80 && $0.blue < 80
    }
    #expect(red > 10)
  }
}
