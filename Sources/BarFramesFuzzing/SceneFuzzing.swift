import BarFrames
import BarFramesRenderer
import Foundation

/// Scenes and their styles: any bytes read as a scene in `Examples/` (so the committed
/// examples' `../Styles/…` references resolve) either give an ``InputError`` naming the scene
/// or a style file it references, or a scene that replays and draws without error — a few of
/// its key times, in pixels (at @1x, at most 256 × 256 px of it, to stay cheap) and as SVG.
enum SceneFuzzing {
  static let directory = FuzzTarget.packageRoot.appendingPathComponent("Examples", isDirectory: true)
  static let file = directory.appendingPathComponent("fuzz-scene.json").path
  /// The largest part of the canvas drawn in pixels, in points at @1x.
  static let drawnSide = 256.0
  /// The most key times drawn.
  static let drawnTimes = 4

  static func check(_ bytes: [UInt8]) throws(FuzzFailure) -> FuzzOutcome {
    let timeline: any SceneTimeline
    do {
      let json = try JSONInput.parse(Data(bytes), file: file)
      let scene = try Scene(json: json, file: file, directory: directory.path, name: "fuzz-scene")
      timeline = try scene.timeline()
    } catch {
      // A referenced style file's own errors name that file, which exists: it was read.
      let accepted =
        error.file == file || (error.file.hasPrefix("/") && FileManager.default.fileExists(atPath: error.file))
      try FuzzProperties.checkMessage(error.description, file: error.file, accepted: accepted)
      return .refused(error.description)
    }
    try draw(timeline)
    return .accepted
  }

  static func draw(_ timeline: any SceneTimeline) throws(FuzzFailure) {
    let scene = timeline.scene
    let canvas = scene.style.canvas
    let times = Array(([0, scene.duration] + scene.keyTimes).prefix(drawnTimes))
    do {
      let part = Size(min(canvas.size.width, drawnSide), min(canvas.size.height, drawnSide))
      let renderer = try FrameRenderer(size: part, scale: 1, background: canvas.background)
      for time in times {
        let presentation = timeline.presentation(at: time)
        try renderer.draw(presentation)
        _ = try SVGFrameRenderer.svg(presentation, background: canvas.background)
      }
    } catch {
      throw FuzzFailure("an accepted scene draws", "\(error)")
    }
  }
}
