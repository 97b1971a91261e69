/// A destination for drawing commands, with Core Graphics conventions: coordinates in points,
/// y growing downward, colours with straight alpha, a default line width of 1.
///
/// The core draws every design through this protocol and knows nothing about how pixels are
/// made: `BarFramesRenderer` implements it with Cairo (pixels) and with its own SVG writer
/// (`SVGContext`, no Cairo), and ``RecordingContext`` logs the commands as text for
/// backend-independent tests.
public protocol DrawingContext: AnyObject {
  /// Pushes the graphics state (transform, clip), as `CGContextSaveGState`.
  func saveState()
  /// Pops the graphics state pushed by the matching ``saveState()``.
  func restoreState()
  /// Prepends a transform to the current transformation matrix (`CGContextConcatCTM`).
  func concatenate(_ transform: Transform2D)
  /// Intersects the clip with the inside of `path`.
  func clip(to path: Path, rule: FillRule)
  /// Fills the inside of `path`.
  func fill(_ path: Path, color: Color, rule: FillRule)
  /// Strokes `path` with `style`.
  func stroke(_ path: Path, color: Color, style: StrokeStyle)
  /// Starts a group whose drawing is composited with `opacity` when ``endTransparencyLayer()``
  /// is called (a layer's `opacity` applies to the layer as a whole, not to each shape).
  func beginTransparencyLayer(opacity: Double)
  /// Composites the group started by ``beginTransparencyLayer(opacity:)``.
  func endTransparencyLayer()
  /// Starts a crossfade: the parts drawn until ``endCrossfade()`` (each between
  /// ``beginCrossfadePart(weight:)`` and ``endCrossfadePart()``) are summed, each scaled by its
  /// weight, premultiplied, in a group of their own that is then composited over what is below.
  /// With weights summing to 1 that is `(1 − w)·old + w·new`, pixel by pixel: Core Animation's
  /// transition of a layer's `contents` from one drawing to the next. Nothing is drawn outside
  /// `bounds` (in the current coordinates), which covers every part's ink: a raster context
  /// makes its groups that small.
  func beginCrossfade(within bounds: Rect)
  /// Starts one part of the crossfade begun by ``beginCrossfade(within:)``, scaled by `weight`.
  func beginCrossfadePart(weight: Double)
  /// Adds the part begun by ``beginCrossfadePart(weight:)`` into its crossfade.
  func endCrossfadePart()
  /// Composites the crossfade begun by ``beginCrossfade(within:)`` over what is below it.
  func endCrossfade()
  /// Fills one line of text already laid out as glyph outlines (see ``TextRun``). Contexts
  /// never lay text out themselves, so pixels, SVG and the draw log show the same geometry.
  func fillText(_ run: TextRun, color: Color)
  /// Draws an image into `rect`.
  func drawImage(_ image: EmbeddedImage, in rect: Rect, contentMode: EmbeddedImage.ContentMode)
  /// Marks the start of the commands that draw the layer `name` (a structuring hint: the SVG
  /// writer makes it a `<g id="name">`; pixels ignore it). Calls nest with ``endLayer()``.
  func beginLayer(named name: String)
  /// Ends the layer begun by the matching ``beginLayer(named:)``.
  func endLayer()
}

extension DrawingContext {
  public func beginLayer(named name: String) {}
  public func endLayer() {}

  // A context that cannot add groups (the default): the parts are composited over each
  // other, which is exact where only one part draws and too transparent where both do.
  public func beginCrossfade(within bounds: Rect) { beginTransparencyLayer(opacity: 1) }
  public func beginCrossfadePart(weight: Double) { beginTransparencyLayer(opacity: weight) }
  public func endCrossfadePart() { endTransparencyLayer() }
  public func endCrossfade() { endTransparencyLayer() }

  public func fill(_ path: Path, color: Color) { fill(path, color: color, rule: .nonZero) }
  public func clip(to path: Path) { clip(to: path, rule: .nonZero) }

  /// Runs `body` between ``saveState()`` and ``restoreState()``.
  public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
    saveState()
    defer { restoreState() }
    return try body()
  }
}
