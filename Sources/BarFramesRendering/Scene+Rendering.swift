@_exported import BarFrames
@_exported import BarFramesExport
@_exported import BarFramesImageIO
@_exported import BarFramesRenderer
import Foundation

/// The front door for rendering from Swift: one call for a frame, one for a sequence.
///
/// ```swift
/// import BarFramesRendering
///
/// let scene = try Scene.load(contentsOf: URL(fileURLWithPath: "Examples/bent-line-slider.json"))
/// let png = try scene.png(at: 1.5, scale: 2)          // one frame, PNG bytes
/// try scene.render(to: URL(fileURLWithPath: "frames"))  // every frame, as `barframes render`
/// ```
extension Scene {
  /// The frame at `time` (seconds) as straight-alpha pixels, at `scale` pixels per point (the
  /// scene's own scale by default), on the style's background.
  public func image(at time: Double, scale: Int? = nil) throws -> RGBAImage {
    let renderer = try FrameRenderer(
      size: style.canvas.size, scale: scale ?? self.scale, background: style.canvas.background)
    return try renderer.render(try timeline().presentation(at: time))
  }

  /// The frame at `time` (seconds) as PNG bytes: what `barframes still --at` writes.
  public func png(at time: Double, scale: Int? = nil) throws -> [UInt8] {
    try PNGEncoder(preset: .balanced).encode(try image(at: time, scale: scale))
  }

  /// The frame at `time` (seconds) as an SVG document, the same bytes on every machine.
  public func svg(at time: Double) throws -> [UInt8] {
    try SVGFrameRenderer.svg(try timeline().presentation(at: time), background: style.canvas.background)
  }

  /// Renders the scene into `directory` as `barframes render` does — PNG frames by default,
  /// any formats, times and scale through `options` — and returns what was written. Files are
  /// written under temporary names and renamed when complete.
  @discardableResult
  public func render(to directory: URL, options: ExportOptions = ExportOptions()) throws -> ExportManifest {
    try Exporter(outputDirectory: directory, options: options).export([try timeline()])
  }
}
