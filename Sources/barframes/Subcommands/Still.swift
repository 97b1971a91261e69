import ArgumentParser
import BarFrames
import BarFramesExport
import BarFramesImageIO
import Foundation

extension BarFramesCommand {
  /// Renders one frame of a scene to PNG or SVG.
  struct Still: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Render one frame of a scene to a PNG or SVG file (the format comes from the extension).")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "The time in seconds.")
    var at: Double

    @Option(name: .shortAndLong, help: "The output file: FILE.png or FILE.svg.")
    var output: String

    @Option(help: "Pixels per point for PNG output (1, 2 or 3); the scene's scale by default.")
    var scale: Int?

    func validate() throws {
      let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
      guard ext == "png" || ext == "svg" else {
        throw ValidationError("'--output' must end in .png or .svg, got '\(output)'")
      }
      if let scale, !(1...3).contains(scale) { throw ValidationError("'--scale' must be 1, 2 or 3; got \(scale)") }
    }

    func run() throws {
      try SceneLoading.checkTime(at, flag: "--at")
      let timeline = try SceneLoading.timeline(scene)
      let canvas = timeline.scene.style.canvas
      let presentation = timeline.presentation(at: at)
      let url = URL(fileURLWithPath: output)
      try OutputFiles.createDirectory(url.deletingLastPathComponent())
      let bytes: [UInt8]
      if url.pathExtension.lowercased() == "svg" {
        bytes = try SVGFrameRenderer.svg(presentation, background: canvas.background)
      } else {
        let renderer = try FrameRenderer(size: canvas.size, scale: scale ?? timeline.scene.scale, background: canvas.background)
        bytes = try PNGEncoder(preset: .balanced).encode(try renderer.render(presentation))
      }
      try OutputFiles.write(bytes, to: url)
    }
  }
}
