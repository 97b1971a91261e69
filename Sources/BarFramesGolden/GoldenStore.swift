import BarFrames
import BarFramesPNG
import BarFramesRenderer
import Foundation

/// Where goldens live and how they are named: `<directory>/<scene>/<scene>_t<seconds>.png`
/// for images and `….txt` for draw logs, seconds with three decimals
/// (`bent-line-slider_t0.500.png`).
///
/// The assertions' default directory is ``besideTestFile(_:)``: `__Goldens__` next to the test
/// file, as swift-snapshot-testing keeps `__Snapshots__`, so goldens do not depend on the
/// working directory `swift test` runs in.
public struct GoldenStore: Sendable {
  /// The folder holding one sub-folder per scene.
  public var directory: URL

  public init(directory: URL) {
    self.directory = directory
  }

  /// The name of the folder of goldens beside a test file.
  public static let defaultFolderName = "__Goldens__"

  /// `__Goldens__` in the folder of `testFilePath` (a test's `#filePath`).
  public static func besideTestFile(_ testFilePath: String) -> URL {
    URL(fileURLWithPath: testFilePath).deletingLastPathComponent()
      .appendingPathComponent(defaultFolderName, isDirectory: true)
  }

  /// A frame's name without extension, `<scene>_t<seconds>`: the golden's base name and the
  /// name of its artefacts folder.
  public static func frameName(scene: String, time: Double) -> String {
    "\(scene)_t\(formatTime(time))"
  }

  /// The golden file name of a scene at a time.
  public static func fileName(scene: String, time: Double) -> String {
    frameName(scene: scene, time: time) + ".png"
  }

  /// `0.500`, `2.010`: milliseconds, always three decimals.
  public static func formatTime(_ time: Double) -> String {
    let millis = Int((time * 1000).rounded())
    let text = String(millis % 1000)
    return "\(millis / 1000)." + String(repeating: "0", count: 3 - text.count) + text
  }

  /// Parses a golden file name back into its time, or nil when the name is not one.
  public static func time(fromFileName name: String, scene: String) -> Double? {
    let prefix = "\(scene)_t"
    guard name.hasPrefix(prefix), name.hasSuffix(".png") else { return nil }
    return Double(name.dropFirst(prefix.count).dropLast(4))
  }

  /// The golden file of a scene at a time.
  public func url(scene: String, time: Double) -> URL {
    directory.appendingPathComponent(scene).appendingPathComponent(GoldenStore.fileName(scene: scene, time: time))
  }

  /// The draw-log golden of a scene at a time: `<directory>/<scene>/<scene>_t<seconds>.txt`.
  public func drawLogURL(scene: String, time: Double) -> URL {
    directory.appendingPathComponent(scene).appendingPathComponent(
      GoldenStore.frameName(scene: scene, time: time) + ".txt")
  }
}

/// Renders a scene's frames for golden comparison: a fresh renderer per call, PNG bytes from
/// the `small` preset (goldens are committed, so smaller wins over faster).
public struct GoldenRenderer: Sendable {
  /// Pixels per point of golden images.
  public var scale: Int

  public init(scale: Int = 1) {
    self.scale = scale
  }

  /// The decoded pixels of `timeline` at `time`.
  public func image(of timeline: any SceneTimeline, at time: Double) throws(GoldenError) -> RGBAImage {
    do {
      let canvas = timeline.scene.style.canvas
      let renderer = try FrameRenderer(size: canvas.size, scale: scale, background: canvas.background)
      return try renderer.render(timeline.presentation(at: time))
    } catch {
      throw .rendering("\(error)")
    }
  }

  /// PNG bytes of an image, losslessly and compactly compressed.
  public static func png(_ image: RGBAImage) throws(GoldenError) -> [UInt8] {
    do {
      return try PNGEncoder(preset: .small).encode(image)
    } catch {
      throw .rendering("\(error)")
    }
  }
}
