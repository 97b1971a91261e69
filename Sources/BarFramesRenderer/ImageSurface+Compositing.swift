import BarFramesPNG
import CCairo

extension ImageSurface {
  /// Composites `image` (straight alpha) over the surface with its top-left corner at pixel
  /// (`x`, `y`), one image pixel per surface pixel whatever the surface's scale — for contact
  /// sheets, which lay already-rendered frames out without resampling them — or, with
  /// `reduction` n > 1, one surface pixel per n × n square of the image (the last squares of a
  /// row or column cut short by the image's edge), the average of its premultiplied pixels.
  ///
  /// - Throws: ``RendererError`` if Cairo cannot allocate the source surface.
  public func composite(_ image: RGBAImage, atPixelX x: Int, y: Int, reducedBy reduction: Int = 1) throws(RendererError)
  {
    precondition(reduction >= 1, "A reduction is a whole factor of at least 1, not \(reduction)")
    guard image.width > 0, image.height > 0 else { return }
    let width = (image.width + reduction - 1) / reduction
    let height = (image.height + reduction - 1) / reduction
    let source = try compositeSource(width: width, height: height)
    cairo_surface_flush(source)
    let stride = Int(cairo_image_surface_get_stride(source))
    guard let data = cairo_image_surface_get_data(source) else {
      throw .cairo(operation: "write the image surface", status: "no pixel data")
    }
    if reduction == 1 {
      Self.premultiply(image, into: data, stride: stride)
    } else {
      Self.premultiply(image, reducedBy: reduction, into: data, stride: stride)
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

  /// Writes `image` as Cairo's premultiplied, native-endian ARGB rows.
  private static func premultiply(_ image: RGBAImage, into data: UnsafeMutablePointer<UInt8>, stride: Int) {
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
  }

  /// Writes `image` reduced by `n` as premultiplied ARGB rows: each pixel the rounded mean of
  /// the premultiplied pixels (rounded as Cairo does) of its n × n square, or of the part of it
  /// inside the image. A square of opaque pixels takes the plain mean of their colours.
  private static func premultiply(
    _ image: RGBAImage, reducedBy n: Int, into data: UnsafeMutablePointer<UInt8>, stride: Int
  ) {
    let (width, height) = (image.width, image.height)
    image.pixels.withUnsafeBytes { bytes in
      // Little-endian RGBA bytes: R in the low byte, A in the high one.
      let pixels = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
      for row in 0..<((height + n - 1) / n) {
        let target = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
        let top = row * n
        let rows = min(n, height - top)
        var column = 0
        if n == 2, rows == 2 {
          // Whole 2 × 2 squares: nearly every square is opaque (or empty) in a frame.
          // Each square's two upper and two lower pixels, read as one word each.
          let upper = UnsafeRawPointer(pixels + top * width)
          let lower = upper + 4 * width
          let squares = width / 2
          while column < squares {
            let above = upper.loadUnaligned(fromByteOffset: column &* 8, as: UInt64.self)
            let below = lower.loadUnaligned(fromByteOffset: column &* 8, as: UInt64.self)
            let a = UInt32(truncatingIfNeeded: above)
            if above == below, above >> 32 == UInt64(a), a >> 24 == 0xFF {
              // Four of one opaque colour, most squares of a flat frame: their mean is that
              // colour, reordered, without the arithmetic of a mean.
              target[column] = a & 0xFF00_FF00 | (a & 0xFF) << 16 | (a >> 16 & 0xFF)
              column &+= 1
              continue
            }
            let b = UInt32(truncatingIfNeeded: above >> 32)
            let (c, d) = (UInt32(truncatingIfNeeded: below), UInt32(truncatingIfNeeded: below >> 32))
            if (a & b & c & d) >> 24 == 0xFF {
              // Two channels per word, ten bits each are room for four bytes and the rounding.
              let mask: UInt32 = 0xFF_00FF
              var redBlue: UInt32 = (a & mask) + (b & mask)
              redBlue += (c & mask) + (d & mask) + 0x2_0002
              var green: UInt32 = (a >> 8 & 0xFF) + (b >> 8 & 0xFF)
              green += (c >> 8 & 0xFF) + (d >> 8 & 0xFF) + 2
              let red: UInt32 = redBlue >> 2 & 0xFF
              let blue: UInt32 = redBlue >> 18 & 0xFF
              target[column] = 0xFF00_0000 | red << 16 | (green >> 2) << 8 | blue
            } else if (a | b | c | d) >> 24 == 0 {
              target[column] = 0
            } else {
              target[column] = mean(pixels, width: width, x: 2 * column, y: top, columns: 2, rows: 2)
            }
            column += 1
          }
        }
        while column * n < width {
          let left = column * n
          target[column] = mean(pixels, width: width, x: left, y: top, columns: min(n, width - left), rows: rows)
          column += 1
        }
      }
    }
  }

  /// The premultiplied ARGB mean of a `columns` × `rows` rectangle of straight RGBA pixels.
  @inline(__always)
  private static func mean(
    _ pixels: UnsafePointer<UInt32>, width: Int, x: Int, y: Int, columns: Int, rows: Int
  ) -> UInt32 {
    var (r, g, b, a) = (UInt32(0), UInt32(0), UInt32(0), UInt32(0))
    for row in y..<(y + rows) {
      for p in UnsafeBufferPointer(start: pixels + row * width + x, count: columns) {
        let alpha = p >> 24
        a += alpha
        if alpha == 255 {
          r += p & 0xFF
          g += p >> 8 & 0xFF
          b += p >> 16 & 0xFF
        } else if alpha != 0 {
          r += ((p & 0xFF) * alpha + 127) / 255
          g += ((p >> 8 & 0xFF) * alpha + 127) / 255
          b += ((p >> 16 & 0xFF) * alpha + 127) / 255
        }
      }
    }
    let count = UInt32(columns * rows)
    let half = count / 2
    let (alpha, red, green, blue) = ((a + half) / count, (r + half) / count, (g + half) / count, (b + half) / count)
    return alpha << 24 | red << 16 | green << 8 | blue
  }

  /// The kept source surface if it is `width` × `height`, else a new one (kept instead).
  private func compositeSource(width: Int, height: Int) throws(RendererError) -> OpaquePointer {
    if let kept = compositeSource, Int(cairo_image_surface_get_width(kept)) == width,
      Int(cairo_image_surface_get_height(kept)) == height
    {
      return kept
    }
    let source = try Self.makeARGB32Surface(width: width, height: height)
    if let kept = compositeSource { cairo_surface_destroy(kept) }
    compositeSource = source
    return source
  }
}
