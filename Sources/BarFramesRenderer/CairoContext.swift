import BarFramesGraphics
import CCairo

/// A ``DrawingContext`` that draws with Cairo onto an image surface (SVG has its own writer,
/// `SVGContext`, which does not go through Cairo).
///
/// It applies Core Graphics conventions on top of Cairo: line widths are always set explicitly
/// (Core Graphics defaults to 1, Cairo to 2), colours are straight RGBA, y grows downward.
/// Cairo objects are not thread-safe: create one context per worker.
public final class CairoContext: DrawingContext {
  let cr: OpaquePointer
  private var imageCache: [EmbeddedImage: OpaquePointer] = [:]

  /// Takes ownership of a Cairo context reference.
  init(owning cr: OpaquePointer) {
    self.cr = cr
  }

  deinit {
    for surface in imageCache.values { cairo_surface_destroy(surface) }
    cairo_destroy(cr)
  }

  /// The first embedded image that could not be decoded: drawing has no way to throw, and a
  /// frame without its icon must fail rather than look right.
  private var imageFailure: RendererError?

  /// Throws if any earlier drawing command failed (Cairo errors are sticky), or an embedded
  /// image could not be decoded.
  public func checkStatus() throws(RendererError) {
    if let imageFailure { throw imageFailure }
    try RendererError.check(cairo_status(cr), "draw")
  }

  // MARK: State

  public func saveState() { cairo_save(cr) }
  public func restoreState() { cairo_restore(cr) }

  public func concatenate(_ t: Transform2D) {
    var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    // A singular matrix would put the context in an error state; nothing would be visible anyway.
    guard t.determinant != 0, t.determinant.isFinite else {
      matrix = cairo_matrix_t(xx: 1e-9, yx: 0, xy: 0, yy: 1e-9, x0: t.tx, y0: t.ty)
      cairo_transform(cr, &matrix)
      return
    }
    cairo_transform(cr, &matrix)
  }

  // MARK: Paths

  private func setPath(_ path: Path) {
    cairo_new_path(cr)
    var current = Point.zero
    var start = Point.zero
    for element in path.elements {
      switch element {
      case .move(let p):
        cairo_move_to(cr, p.x, p.y)
        current = p
        start = p
      case .line(let p):
        cairo_line_to(cr, p.x, p.y)
        current = p
      case .quadCurve(let p, let c):
        // Cairo has no quadratic curves: raise the degree exactly.
        let c1 = current + (c - current) * (2.0 / 3)
        let c2 = p + (c - p) * (2.0 / 3)
        cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        current = p
      case .curve(let p, let c1, let c2):
        cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        current = p
      case .closeSubpath:
        cairo_close_path(cr)
        current = start
      }
    }
  }

  private func setColor(_ c: Color) {
    cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
  }

  private func setRule(_ rule: FillRule) {
    cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
  }

  public func clip(to path: Path, rule: FillRule) {
    setPath(path)
    setRule(rule)
    cairo_clip(cr)
  }

  public func fill(_ path: Path, color: Color, rule: FillRule) {
    guard color.alpha > 0, !path.isEmpty else { return }
    setPath(path)
    setRule(rule)
    setColor(color)
    cairo_fill(cr)
  }

  public func stroke(_ path: Path, color: Color, style: StrokeStyle) {
    guard color.alpha > 0, style.lineWidth > 0, !path.isEmpty else { return }
    setPath(path)
    setColor(color)
    cairo_set_line_width(cr, style.lineWidth)
    let cap: cairo_line_cap_t =
      switch style.lineCap {
      case .butt: CAIRO_LINE_CAP_BUTT
      case .round: CAIRO_LINE_CAP_ROUND
      case .square: CAIRO_LINE_CAP_SQUARE
      }
    let join: cairo_line_join_t =
      switch style.lineJoin {
      case .miter: CAIRO_LINE_JOIN_MITER
      case .round: CAIRO_LINE_JOIN_ROUND
      case .bevel: CAIRO_LINE_JOIN_BEVEL
      }
    cairo_set_line_cap(cr, cap)
    cairo_set_line_join(cr, join)
    cairo_set_miter_limit(cr, style.miterLimit)
    cairo_stroke(cr)
  }

  // MARK: Groups

  private var groupOpacities: [Double] = []

  public func beginTransparencyLayer(opacity: Double) {
    groupOpacities.append(opacity)
    cairo_push_group(cr)
  }

  public func endTransparencyLayer() {
    let opacity = groupOpacities.popLast() ?? 1
    cairo_pop_group_to_source(cr)
    cairo_paint_with_alpha(cr, min(max(opacity, 0), 1))
  }

  // A crossfade is a group of groups: each part is painted into it with ADD at its weight, so
  // the parts sum (premultiplied) as Core Animation blends old and new contents. Clipped to
  // the parts' ink first, so that every group is that size and not the surface's (a full
  // 640 × 640 px group a part made a bent-line frame's crossfade most of its cost).
  public func beginCrossfade(within bounds: Rect) {
    cairo_save(cr)
    cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
    cairo_clip(cr)
    beginTransparencyLayer(opacity: 1)
  }
  public func beginCrossfadePart(weight: Double) { beginTransparencyLayer(opacity: weight) }

  public func endCrossfadePart() {
    let weight = groupOpacities.popLast() ?? 1
    cairo_pop_group_to_source(cr)
    cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
    cairo_paint_with_alpha(cr, min(max(weight, 0), 1))
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
  }

  public func endCrossfade() {
    endTransparencyLayer()
    cairo_restore(cr)
  }

  // MARK: Text

  /// Fills the run's glyph outlines: Cairo never positions or rasterises glyphs itself, so
  /// text looks the same whatever Cairo version places glyphs at (see `TextRun`).
  public func fillText(_ run: TextRun, color: Color) {
    fill(run.outline, color: color, rule: .nonZero)
  }

  // MARK: Images

  public func drawImage(_ image: EmbeddedImage, in rect: Rect, contentMode: EmbeddedImage.ContentMode) {
    let surface: OpaquePointer
    do {
      surface = try imageSurface(for: image)
    } catch {
      imageFailure = imageFailure ?? error
      return
    }
    let iw = Double(cairo_image_surface_get_width(surface))
    let ih = Double(cairo_image_surface_get_height(surface))
    guard iw > 0, ih > 0, rect.width > 0, rect.height > 0 else { return }
    let placed = contentMode.placement(ofImageSize: Size(width: iw, height: ih), in: rect)
    cairo_save(cr)
    cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    cairo_clip(cr)
    cairo_translate(cr, placed.minX, placed.minY)
    cairo_scale(cr, placed.width / iw, placed.height / ih)
    cairo_set_source_surface(cr, surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    cairo_paint(cr)
    cairo_restore(cr)
  }

  private func imageSurface(for image: EmbeddedImage) throws(RendererError) -> OpaquePointer {
    if let cached = imageCache[image] { return cached }
    let surface = try CairoContext.decodePNG(image)
    imageCache[image] = surface
    return surface
  }

  /// Decodes an embedded PNG into a new Cairo image surface (caller destroys it).
  static func decodePNG(_ image: EmbeddedImage) throws(RendererError) -> OpaquePointer {
    final class Reader {
      let bytes: [UInt8]
      var offset = 0
      init(_ bytes: [UInt8]) { self.bytes = bytes }
    }
    let reader = Reader(image.pngData)
    let surface = withExtendedLifetime(reader) {
      cairo_image_surface_create_from_png_stream(
        { closure, data, length in
          let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
          let n = Int(length)
          guard reader.offset + n <= reader.bytes.count, let data else { return CAIRO_STATUS_READ_ERROR }
          reader.bytes.withUnsafeBufferPointer { buffer in
            data.update(from: buffer.baseAddress! + reader.offset, count: n)
          }
          reader.offset += n
          return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(reader).toOpaque())
    }
    guard let surface else { throw .imageUnreadable(name: image.name, status: "no surface") }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw .imageUnreadable(name: image.name, status: String(cString: cairo_status_to_string(status)))
    }
    return surface
  }

  /// Checks that an embedded image decodes, and returns its size in pixels.
  @discardableResult
  public static func validate(_ image: EmbeddedImage) throws(RendererError) -> (width: Int, height: Int) {
    let surface = try decodePNG(image)
    defer { cairo_surface_destroy(surface) }
    return (Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface)))
  }
}
