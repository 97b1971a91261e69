import BarFramesGraphics
import BarFramesPNG
import CBarFramesKernels
import CCairo
import Foundation

/// An ARGB32 raster surface sized in points and rendered at a scale factor.
///
/// The scale is applied once, to the context's base transform, so everything drawn is in
/// points: a 247 × 20 pt bar at @2x is a 494 × 40 px image. Not thread-safe: create one surface
/// per worker (Cairo objects are not `Sendable`).
public final class ImageSurface {
  /// The largest width or height, in pixels, a surface may have.
  public static let maximumPixelDimension = 16_384

  let surface: OpaquePointer
  /// The context that draws on this surface, in points.
  public let context: CairoContext
  /// The surface size in points.
  public let size: Size
  /// Pixels per point.
  public let scale: Int
  /// The width in pixels.
  public let pixelWidth: Int
  /// The height in pixels.
  public let pixelHeight: Int
  /// What ``clear()`` paints: nil means fully transparent.
  public let background: Color?
  /// The surface ``composite(_:atPixelX:y:)`` fills with an image to paint it, kept for the
  /// next image of the same size: a new one for every frame of a contact sheet would allocate
  /// and fault in a frame-sized buffer each time.
  var compositeSource: OpaquePointer?

  /// Creates a cleared surface.
  /// - Parameters:
  ///   - size: In points; each pixel dimension is `ceil(points × scale)`.
  ///   - scale: 1, 2 or 3 (any positive integer is accepted).
  ///   - background: Painted first; nil leaves the surface transparent.
  public init(size: Size, scale: Int = 1, background: Color? = nil) throws(RendererError) {
    let w = (size.width * Double(scale)).rounded(.up)
    let h = (size.height * Double(scale)).rounded(.up)
    guard scale > 0, w.isFinite, h.isFinite, w >= 1, h >= 1,
      w <= Double(ImageSurface.maximumPixelDimension), h <= Double(ImageSurface.maximumPixelDimension)
    else {
      throw .invalidSurfaceSize(width: size.width, height: size.height, scale: scale)
    }
    pixelWidth = Int(w)
    pixelHeight = Int(h)
    self.size = size
    self.scale = scale
    self.background = background
    let s = try Self.makeARGB32Surface(width: pixelWidth, height: pixelHeight)
    surface = s
    context = CairoContext(owning: cairo_create(s))
    try RendererError.check(cairo_status(context.cr), "create a drawing context")
    clear()
  }

  deinit {
    if let compositeSource { cairo_surface_destroy(compositeSource) }
    cairo_surface_destroy(surface)
  }

  /// Resets the surface for the next frame: every byte zeroed, then the background painted,
  /// the clip removed and the transform set to the scale. A reused surface then gives exactly
  /// the pixels of a fresh one.
  public func clear() {
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    if let data = cairo_image_surface_get_data(surface) {
      memset(data, 0, stride * pixelHeight)
    }
    cairo_surface_mark_dirty(surface)
    let cr = context.cr
    cairo_reset_clip(cr)
    cairo_identity_matrix(cr)
    if let background, background.alpha > 0 {
      cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
      cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
      cairo_paint(cr)
      cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }
    cairo_scale(cr, Double(scale), Double(scale))
  }

  /// Finishes pending drawing and throws if any command failed.
  public func flush() throws(RendererError) {
    try context.checkStatus()
    cairo_surface_flush(surface)
    try RendererError.check(cairo_surface_status(surface), "flush the image surface")
  }

  /// Calls `body` with Cairo's premultiplied, native-endian ARGB32 rows and the row stride.
  public func withPremultipliedARGB<R>(_ body: (UnsafeRawBufferPointer, _ stride: Int) throws -> R) throws -> R {
    try flush()
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else {
      throw RendererError.cairo(operation: "read the image surface", status: "no pixel data")
    }
    return try body(UnsafeRawBufferPointer(start: data, count: stride * pixelHeight), stride)
  }

  /// The pixels as straight (non-premultiplied) RGBA8, row-major, top row first.
  public func straightRGBA() throws -> [UInt8] {
    let width = pixelWidth
    let height = pixelHeight
    return try withPremultipliedARGB { source, stride in
      [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
        PixelConversion.unpremultiplyARGB32(source, stride: stride, width: width, height: height, into: out)
        count = width * height * 4
      }
    }
  }

  /// Writes the surface with `cairo_surface_write_to_png` (the slow, reference path).
  public func writePNGWithCairo(to path: String) throws(RendererError) {
    try flush()
    try RendererError.check(cairo_surface_write_to_png(surface, path), "write \(path)")
  }
}

/// Pixel-format conversions between Cairo's layout and straight RGBA.
public enum PixelConversion {
  /// `unpremultiplied[a << 8 | c]` = `min(255, (c·255 + a/2) / a)`: the straight value of a
  /// premultiplied channel `c` at alpha `a`, precomputed so the per-pixel work is a load.
  static let unpremultiplied: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256 * 256)
    for a in 1..<256 {
      for c in 0..<256 { table[a << 8 | c] = UInt8(min(255, (c * 255 + a / 2) / a)) }
    }
    return table
  }()

  /// Converts premultiplied native-endian ARGB32 rows to straight RGBA8.
  ///
  /// Each colour channel is divided by alpha with rounding, the inverse of Cairo's
  /// premultiplication, so straight colours drawn by the renderer come back unchanged
  /// where alpha allows. Four pixels at a time where all are transparent or all opaque
  /// (`barframes_unpremultiply_argb32`).
  public static func unpremultiplyARGB32(
    _ source: UnsafeRawBufferPointer, stride: Int, width: Int, height: Int,
    into out: UnsafeMutableBufferPointer<UInt8>
  ) {
    precondition(out.count >= width * height * 4 && source.count >= (height - 1) * stride + width * 4)
    unpremultiplied.withUnsafeBufferPointer { table in
      for y in 0..<height {
        let row = source.baseAddress!.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
        barframes_unpremultiply_argb32(row, width, table.baseAddress!, out.baseAddress! + y * width * 4)
      }
    }
  }
}

extension PixelConversion {
  /// Packs premultiplied native-endian ARGB32 rows as R, G, B bytes (`width × 3` per row, no
  /// padding) into `out`, if every pixel is opaque — premultiplied and straight colours are
  /// then the same, so this is ``unpremultiplyARGB32(_:stride:width:height:into:)`` without its
  /// alpha channel. Returns false, leaving `out` unspecified, if any pixel is not opaque.
  public static func packOpaqueARGB32(
    _ source: UnsafeRawBufferPointer, stride: Int, width: Int, height: Int, into out: UnsafeMutableRawBufferPointer
  ) -> Bool {
    precondition(out.count >= width * height * 3 && source.count >= (height - 1) * stride + width * 4)
    var opaque = true
    for y in 0..<height {
      let row = source.baseAddress!.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
      let target = out.baseAddress!.advanced(by: y * width * 3).assumingMemoryBound(to: UInt8.self)
      opaque = barframes_pack_opaque_argb32(row, width, target) && opaque
    }
    return opaque
  }
}

extension ImageSurface {
  /// The pixels as a straight-alpha ``RGBAImage``.
  public func rgbaImage() throws -> RGBAImage {
    RGBAImage(width: pixelWidth, height: pixelHeight, pixels: try straightRGBA())
  }
}

extension ImageSurface {
  /// A new Cairo ARGB32 image surface, or the error Cairo gives for it (destroyed then).
  static func makeARGB32Surface(width: Int, height: Int) throws(RendererError) -> OpaquePointer {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
      throw .cairo(operation: "create a \(width)×\(height) image surface", status: "out of memory")
    }
    do {
      try RendererError.check(cairo_surface_status(surface), "create a \(width)×\(height) image surface")
    } catch {
      cairo_surface_destroy(surface)
      throw error
    }
    return surface
  }
}
