import BarFramesImageIO
import CCairo

extension ImageSurface {
  /// Composites `image` (straight alpha) over the surface with its top-left corner at pixel
  /// (`x`, `y`), one image pixel per surface pixel whatever the surface's scale — for contact
  /// sheets, which lay already-rendered frames out without resampling them.
  ///
  /// - Throws: ``RendererError`` if Cairo cannot allocate the source surface.
  public func composite(_ image: RGBAImage, atPixelX x: Int, y: Int) throws(RendererError) {
    guard image.width > 0, image.height > 0 else { return }
    let source = try compositeSource(width: image.width, height: image.height)
    cairo_surface_flush(source)
    let stride = Int(cairo_image_surface_get_stride(source))
    guard let data = cairo_image_surface_get_data(source) else {
      throw .cairo(operation: "write the image surface", status: "no pixel data")
    }
    image.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<image.height {
        let target = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
        var i = row * image.width * 4
        for column in 0..<image.width {
          // Cairo wants premultiplied, native-endian ARGB; round as Cairo does (x·a/255).
          // Opaque and fully transparent pixels, nearly all of a frame, need no arithmetic.
          let a = UInt32(pixels[i + 3])
          if a == 255 {
            target[column] = 0xFF00_0000 | UInt32(pixels[i]) << 16 | UInt32(pixels[i + 1]) << 8 | UInt32(pixels[i + 2])
          } else if a == 0 {
            target[column] = 0
          } else {
            let r = (UInt32(pixels[i]) * a + 127) / 255
            let g = (UInt32(pixels[i + 1]) * a + 127) / 255
            let b = (UInt32(pixels[i + 2]) * a + 127) / 255
            target[column] = a << 24 | r << 16 | g << 8 | b
          }
          i += 4
        }
      }
    }
    cairo_surface_mark_dirty(source)
    let cr = context.cr
    cairo_save(cr)
    cairo_identity_matrix(cr)
    cairo_set_source_surface(cr, source, Double(x), Double(y))
    cairo_paint(cr)
    cairo_restore(cr)
    try context.checkStatus()
  }

  /// The kept source surface if it is `width` × `height`, else a new one (kept instead).
  private func compositeSource(width: Int, height: Int) throws(RendererError) -> OpaquePointer {
    if let kept = compositeSource, Int(cairo_image_surface_get_width(kept)) == width,
      Int(cairo_image_surface_get_height(kept)) == height
    {
      return kept
    }
    guard let source = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
      throw .cairo(operation: "create a \(width)×\(height) image surface", status: "out of memory")
    }
    do {
      try RendererError.check(cairo_surface_status(source), "create a \(width)×\(height) image surface")
    } catch {
      cairo_surface_destroy(source)
      throw error
    }
    if let kept = compositeSource { cairo_surface_destroy(kept) }
    compositeSource = source
    return source
  }
}
