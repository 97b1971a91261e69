import BarFrames
import BarFramesExport
import BarFramesGraphics
import BarFramesImageIO
import BarFramesRenderer
import BarFramesTestSupport
import Foundation
import Testing

/// Rendered frames of the customizable-bar examples, checked pixel by pixel at scale 2 (one
/// point is two pixels) on the black demo screen. The track is white at α 0x1A/255 over black,
/// so its pixels are (26, 26, 26).
@Suite struct CustomizableBarPixelTests {
  func frame(_ example: String, at time: Double) throws -> RGBAImage {
    let url = TestRendering.packageRoot.appendingPathComponent("Examples/\(example).json")
    let scene = try Scene.load(contentsOf: url, displayName: "Examples/\(example).json")
    let timeline = try scene.timeline()
    let renderer = try FrameRenderer(
      size: scene.style.canvas.size, scale: scene.scale, background: scene.style.canvas.background)
    return try renderer.render(timeline.presentation(at: time))
  }

  static let white = RGBAImage.Pixel(red: 255, green: 255, blue: 255)
  static let track = RGBAImage.Pixel(red: 26, green: 26, blue: 26)
  static let black = RGBAImage.Pixel(red: 0, green: 0, blue: 0)

  @Test func pausedFillEndsAtThePresentedValue() throws {
    // Paused at 2.01: the fill is B = 49.4 − 6.175·(1 − ease(0.04)) = 43.244 pt wide, so its
    // right edge is at 86.49 px. The fill and track span y 9.25…10.75 pt = rows 18.5…21.5:
    // rows 19 and 20 are fully covered. Column 85 (42.5…43 pt) is inside the fill even at its
    // 0.5 pt corner (the arc reaches 42.744 + √(0.25 − 0.0625) = 43.18 pt at row 19's top);
    // column 86 is cut by the edge; column 87 (43.5…44 pt) is track only.
    let image = try frame("player-pause-layertime", at: 2.5)
    #expect(image.width == 494 && image.height == 40)
    for row in [19, 20] {
      #expect(image[84, row] == Self.white)
      #expect(image[85, row] == Self.white)
      #expect(image[87, row] == Self.track)
      #expect(image[200, row] == Self.track)
      let edge = image[86, row]
      #expect(edge.red > Self.track.red && edge.red < 255, "row \(row): \(edge)")
    }
    // Above the bar: the black screen (the dot is hidden in this scene).
    #expect(image[85, 10] == Self.black)
    // The same frame while sliding on with no pause fix reaches C = 49.4 pt = 98.8 px.
    let sliding = try frame("player-pause-none", at: 2.5)
    #expect(sliding[97, 19] == Self.white)
    #expect(sliding[100, 19] == Self.track)
  }

  @Test func demoFrameShowsTheLargeBarAndTheDot() throws {
    // At 5 s: fill 107.445 pt, large bar 3 pt high on y = 8.5…11.5 (rows 17…22), pill
    // corners 1.5 pt; the dot a 7.5 pt circle centred on (107.445, 10) = (214.89, 20) px.
    let image = try frame("demo-timeline", at: 5)
    #expect(image[200, 17] == Self.white)  // fill, 100…100.5 pt: before its rounded end (105.9 pt)
    #expect(image[200, 22] == Self.white)
    #expect(image[200, 16] == Self.black)  // above the large bar
    #expect(image[200, 23] == Self.black)  // below it
    // Right of the dot the track: the circle ends at 107.445 + 3.75 = 111.195 pt, so column 223
    // (111.5…112 pt) is track in every row of the bar.
    for row in 17...22 { #expect(image[223, row] == Self.track, "row \(row)") }
    #expect(image[300, 20] == Self.track)
    // The dot: column 214, row 13 (107…107.5, 6.5…7 pt) lies 3.25 pt above the centre — inside;
    // row 11 (5.5…6 pt) lies 4+ pt above — outside.
    #expect(image[214, 13] == Self.white)
    #expect(image[214, 11] == Self.black)
  }
}
