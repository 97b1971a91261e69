import ArgumentParser
import BarFrames
import BarFramesExport
import BarFramesGraphics
import Foundation

extension BarFramesCommand {
  /// Renders one frame of a scene to PNG or SVG.
  struct Still: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Render one frame of a scene to a PNG or SVG file (the format comes from the extension).",
      discussion: """
        A time beyond the scene's duration is an error; --clamp draws the last moment instead, \
        with a warning.

        Examples:
          barframes still Examples/bent-line-slider.json --at 1.0 -o slider.png
          barframes still Examples/seek-bar.json --at 5 -o seek.svg
          barframes still Examples/seek-bar.json --at 99 --clamp -o end.png --scale 1
        """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(
      help: ArgumentHelp("The time in seconds, from 0 to the scene's duration.", valueName: "T"),
      transform: Seconds.init(validating:))
    var at: Seconds

    @Option(name: .shortAndLong, help: "The output file: FILE.png or FILE.svg.")
    var output: String

    @Option(
      help: ArgumentHelp(
        "Pixels per point for PNG output (1, 2 or 3); the scene's scale by default.", valueName: "1|2|3"),
      transform: PixelScale.init(validating:))
    var scale: PixelScale?

    @Flag(help: "Draw the last moment when --at is beyond the scene's duration (with a warning) instead of failing.")
    var clamp = false

    func validate() throws {
      guard StillImage.isImagePath(output) else {
        throw ValidationError("'--output' must end in .png or .svg, got '\(output)'")
      }
    }

    func run() throws {
      let (result, sources) = SceneSources.reading { try SceneLoading.timeline(scene) }
      let timeline = try result.get()
      try StillImage.refuseInput(output, inputs: [sources])
      let time = try StillImage.checkedTime(at.value, flag: "--at", scene: timeline.scene, clamp: clamp)
      try StillImage.write(
        timeline, at: time, to: output, scale: scale?.value ?? timeline.scene.scale,
        background: timeline.scene.style.canvas.background)
    }
  }
}
