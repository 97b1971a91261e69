import ArgumentParser
import BarFrames
import BarFramesImageIO
import BarFramesRenderer
import BarFramesText
import Foundation

extension BarFramesCommand {
  /// Renders the card of drawing primitives to PNG and SVG.
  struct TestCard: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "test-card",
      abstract:
        "Render a card of the drawing primitives (rounded rects, caps, text, a circle, a Bézier) to PNG and SVG.")

    @Option(name: .shortAndLong, help: "The output directory.")
    var output: String = "frames"

    @Option(
      name: .customLong("scale"),
      help: ArgumentHelp("Pixels per point for the PNG (1, 2 or 3). (default: 2)", valueName: "1|2|3"),
      transform: PixelScale.init(validating:))
    var pixelScale = PixelScale(2)

    func run() throws {
      try PinnedFont.check()
      let scale = pixelScale.value
      let directory = URL(fileURLWithPath: output, isDirectory: true)
      try OutputFiles.createDirectory(directory)
      let image = try ImageSurface(size: BarFrames.TestCard.size, scale: scale)
      BarFrames.TestCard.draw(in: image.context)
      let pngURL = directory.appendingPathComponent(scale > 1 ? "test-card@\(scale)x.png" : "test-card.png")
      try OutputFiles.write(try PNGEncoder(preset: .balanced).encode(try image.rgbaImage()), to: pngURL)
      let svg = try SVGContext(size: BarFrames.TestCard.size)
      BarFrames.TestCard.draw(in: svg)
      let svgBytes = svg.document
      let svgURL = directory.appendingPathComponent("test-card.svg")
      try OutputFiles.write(svgBytes, to: svgURL)
      print(pngURL.path)
      print(svgURL.path)
    }
  }
}
