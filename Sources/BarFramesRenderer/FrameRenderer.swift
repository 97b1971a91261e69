import BarFrames
import BarFramesGraphics
import BarFramesPNG
import BarFramesText

/// Turns presentations into pixels on one reusable surface.
///
/// Not thread-safe: Cairo objects are not `Sendable`, so each render worker creates its own
/// renderer. The surface is cleared byte for byte before every frame, so a reused renderer
/// gives exactly the pixels of a fresh one.
public final class FrameRenderer {
  private let surface: ImageSurface

  /// - Parameters:
  ///   - size: The canvas in points.
  ///   - scale: Pixels per point.
  ///   - background: nil renders a transparent frame.
  /// - Throws: `FontError` (with the `apt-get` hint) when the pinned font is missing, before
  ///   anything is drawn.
  public init(size: Size, scale: Int, background: Color?) throws {
    try PinnedFont.check()
    surface = try ImageSurface(size: size, scale: scale, background: background)
  }

  /// The frame's width and height in pixels.
  public var pixelSize: (width: Int, height: Int) { (surface.pixelWidth, surface.pixelHeight) }

  /// Draws `presentation` on the cleared surface and returns straight-alpha pixels.
  public func render(_ presentation: Presentation) throws -> RGBAImage {
    try draw(presentation)
    return try surface.rgbaImage()
  }

  /// Draws `presentation` on the cleared surface, leaving it for the caller to read.
  public func draw(_ presentation: Presentation) throws {
    try draw(presentation, through: surface.context)
  }

  /// Clears the surface, draws `presentation` through `context` (which ends at the surface's)
  /// and flushes.
  private func draw(_ presentation: Presentation, through context: some DrawingContext) throws {
    surface.clear()
    presentation.draw(in: context)
    try surface.flush()
  }

  /// Draws `presentation` like ``render(_:)``, and returns with its pixels the rectangle outside
  /// which every pixel is the cleared surface's (the background, or transparent black): nil if
  /// nothing was drawn. It is conservative (``InkBoundsContext``, grown by a pixel on every side
  /// for antialiasing), so two frames differ only inside the union of their rectangles.
  public func renderMeasuringInk(_ presentation: Presentation) throws -> (image: RGBAImage, ink: PixelRect?) {
    let ink = InkBoundsContext(
      drawingInto: surface.context,
      deviceTransform: Transform2D(scaleX: Double(surface.scale), y: Double(surface.scale)))
    try draw(presentation, through: ink)
    let rect: PixelRect?
    if ink.isUnbounded {
      rect = PixelRect(x: 0, y: 0, width: surface.pixelWidth, height: surface.pixelHeight)
    } else {
      rect = ink.bounds.flatMap { Self.pixels(covering: $0, width: surface.pixelWidth, height: surface.pixelHeight) }
    }
    return (try surface.rgbaImage(), rect)
  }

  /// The whole pixels that `box` (device space) touches, and one more on every side, within a
  /// `width` × `height` image; nil if none.
  static func pixels(covering box: Rect, width: Int, height: Int) -> PixelRect? {
    // Clamped as doubles first: a box far outside the image must not overflow Int.
    func clamp(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, 0), Double(limit))) }
    let left = clamp(box.minX.rounded(.down) - 1, width)
    let top = clamp(box.minY.rounded(.down) - 1, height)
    let right = clamp(box.maxX.rounded(.up) + 1, width)
    let bottom = clamp(box.maxY.rounded(.up) + 1, height)
    guard left < right, top < bottom else { return nil }
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The surface last drawn, for callers that read Cairo's pixels directly.
  public var imageSurface: ImageSurface { surface }
}

/// Renders presentations as SVG documents in px units, with BarFrames' own writer
/// (`SVGContext`): one `<g id>` per layer, text as outlined paths, and the same bytes for the
/// same frame on every machine, whatever Cairo version is installed.
public enum SVGFrameRenderer {
  /// One SVG document of `presentation`, the same bytes whenever and wherever it is drawn.
  /// - Throws: `FontError` (with the `apt-get` hint) when the pinned font is missing, since
  ///   text is written as its glyph outlines.
  public static func svg(_ presentation: Presentation, background: Color?) throws -> [UInt8] {
    try PinnedFont.check()
    let svg = try SVGContext(size: presentation.canvasSize, background: background)
    presentation.draw(in: svg)
    return svg.document
  }
}
