import BarFrames
import BarFramesExport
import BarFramesGraphics
import BarFramesImageIO
import BarFramesRenderer
import Foundation

/// One frame written to one file, PNG or SVG by the extension — `still`, and `render -o x.png`
/// with a single-frame selection.
enum StillImage {
  /// Whether `path` names an image file rather than a folder.
  static func isImagePath(_ path: String) -> Bool {
    ["png", "svg"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
  }

  /// The time to draw: `time` itself within the scene, else an error (exit 64) naming the
  /// valid range — or, with `clamp`, the nearest end with a warning on standard error.
  static func checkedTime(_ time: Double, flag: String, scene: Scene, clamp: Bool) throws -> Double {
    try SceneLoading.checkTime(time, flag: flag)
    guard time > scene.duration + 1e-9 else { return time }
    let duration = scene.duration.formatted(decimals: 6)
    guard clamp else {
      throw CommandFailure(
        message:
          "'\(flag)' \(time.formatted(decimals: 6)) is beyond the end of \(scene.file) (\(duration) s); give a time in 0…\(duration), or --clamp to draw the last moment",
        status: .usage)
    }
    Diagnostics.printError(
      "barframes: warning: '\(flag)' \(time.formatted(decimals: 6)) is beyond the end of \(scene.file); drawing \(duration) s instead"
    )
    return scene.duration
  }

  /// Refuses (exit 73) an output file that is one of the files the scenes were read from —
  /// the scene, its style, an icon, a probe — by device and inode, after links: drawing over
  /// the icon a frame is drawn from would destroy it.
  static func refuseInput(_ output: String, inputs: [SceneSources]) throws {
    guard let target = FileIdentity(followingLinksAt: output) else { return }
    for path in inputs.flatMap(\.paths) where FileIdentity(followingLinksAt: path) == target {
      throw CommandFailure(
        message: ExportError.inputAsOutput(path: InputText.escapedPath(output)).description, status: .outputRefused)
    }
  }

  /// Draws `timeline` at `time` and writes it to `output` (temporary name, then renamed).
  static func write(
    _ timeline: any SceneTimeline, at time: Double, to output: String, scale: Int, background: Color?
  ) throws {
    let canvas = timeline.scene.style.canvas
    let presentation = timeline.presentation(at: time)
    let url = URL(fileURLWithPath: output)
    if url.pathExtension.lowercased() != "svg" {
      let pixels = Int(
        (canvas.size.width * Double(scale)).rounded(.up) * (canvas.size.height * Double(scale)).rounded(.up))
      guard pixels <= InputLimits.framePixels else {
        throw CommandFailure(
          message:
            "\(timeline.scene.file): at @\(scale)x a frame is \(pixels) pixels; the limit is \(InputLimits.framePixels) (4096 × 4096): use a smaller --scale",
          status: .usage)
      }
    }
    try OutputFiles.createDirectory(url.deletingLastPathComponent())
    let bytes: [UInt8]
    if url.pathExtension.lowercased() == "svg" {
      bytes = try SVGFrameRenderer.svg(presentation, background: background)
    } else {
      let renderer = try FrameRenderer(size: canvas.size, scale: scale, background: background)
      bytes = try PNGEncoder(preset: .balanced).encode(try renderer.render(presentation))
    }
    try OutputFiles.write(bytes, to: url)
  }
}
