import BarFramesGraphics
import CCairo

/// A vector surface that produces an SVG document in **px** units (1 pt of the design = 1 px),
/// not Cairo's default pt.
public final class SVGSurface {
  private final class Sink {
    var bytes: [UInt8] = []
  }

  private let sink = Sink()
  private let surface: OpaquePointer
  private var finished = false
  /// The context that draws on this surface, in points.
  public let context: CairoContext

  /// - Parameters:
  ///   - size: The document size; must be positive and finite.
  ///   - background: Painted first; nil leaves the document transparent.
  public init(size: Size, background: Color? = nil) throws(RendererError) {
    guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite,
      size.width <= Double(ImageSurface.maximumPixelDimension),
      size.height <= Double(ImageSurface.maximumPixelDimension)
    else { throw .invalidSurfaceSize(width: size.width, height: size.height, scale: 1) }
    let created = cairo_svg_surface_create_for_stream(
      { closure, data, length in
        let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
        if let data, length > 0 {
          sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        }
        return CAIRO_STATUS_SUCCESS
      }, Unmanaged.passUnretained(sink).toOpaque(), size.width, size.height)
    guard let created else { throw .cairo(operation: "create an SVG surface", status: "out of memory") }
    surface = created
    try RendererError.check(cairo_surface_status(created), "create an SVG surface")
    cairo_svg_surface_set_document_unit(created, CAIRO_SVG_UNIT_PX)
    context = CairoContext(owning: cairo_create(created))
    if let background, background.alpha > 0 {
      context.fill(Path(rect: Rect(origin: .zero, size: size)), color: background)
    }
  }

  deinit {
    cairo_surface_destroy(surface)
  }

  /// Finishes the document and returns its bytes (UTF-8 XML). Call once.
  public func finish() throws(RendererError) -> [UInt8] {
    precondition(!finished, "SVGSurface.finish() called twice")
    finished = true
    try context.checkStatus()
    cairo_surface_finish(surface)
    try RendererError.check(cairo_surface_status(surface), "finish the SVG document")
    return sink.bytes
  }
}
