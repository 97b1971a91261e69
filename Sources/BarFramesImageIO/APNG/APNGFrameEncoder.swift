/// Prepares APNG frames on any thread — the drawing threads, as each frame is drawn — so that
/// ``APNGWriter/append(_:delay:)`` only chooses among ready candidates and writes.
///
/// For a frame after the first it compresses the rectangle that changed from the previous
/// frame as it stands (`APNG_DISPOSE_OP_NONE` for the previous frame), drawn with
/// `APNG_BLEND_OP_SOURCE` and, where that is exact, with `_OVER`: the candidates that win on
/// nearly every frame. These depend on the two frames alone, so any thread can prepare any
/// frame and the file is the same. The writer, which alone knows the previous frame's
/// rectangle, adds the BACKGROUND and PREVIOUS candidates where their rectangles are smaller.
/// The first frame, and a later one that changed everywhere, keep the PNG file's stream as it
/// is when it is given; without one the first frame is compressed whole.
///
/// ```swift
/// let rectangles = APNGRectangleMemory()                                  // one per APNG
/// let encoder = try APNGFrameEncoder(colorType: .rgba, preset: .small, rectangles: rectangles)
/// let frame = try encoder.encode(image, after: previous, difference: FrameDifference(image, from: previous))
/// try writer.append(frame)                                                 // in frame order
/// ```
/// Not thread-safe: one encoder per thread.
public final class APNGFrameEncoder {
  public let colorType: PNGColorType
  public let preset: PNGCompressionPreset
  private let compressor: APNGRegionCompressor

  /// - Parameter rectangles: Small rectangles already compressed, shared with the other
  ///   encoders and the writer of the same APNG (a memory of its own by default).
  /// - Throws: ``APNGError/invalidConfiguration(_:)`` for a colour type other than RGB or
  ///   RGBA, or zlib's error.
  public init(
    colorType: PNGColorType, preset: PNGCompressionPreset = .fast,
    rectangles: APNGRectangleMemory = APNGRectangleMemory()
  ) throws {
    guard colorType == .rgb || colorType == .rgba else {
      throw APNGError.invalidConfiguration("frames must be RGB or RGBA, not \(colorType)")
    }
    self.colorType = colorType
    self.preset = preset
    compressor = try APNGRegionCompressor(preset: preset, rectangles: rectangles)
  }

  /// Prepares `image`, which follows `previous` (nil for the first frame).
  ///
  /// - Parameters:
  ///   - difference: `image` against `previous`, if already known (it is computed otherwise).
  ///   - encoded: `image` compressed by ``PNGEncoder/encodeImageData(_:colorType:)`` with this
  ///     colour type, if the caller has it.
  /// - Throws: The compressor's error (``PNGEncodingError/alphaWouldBeLost`` for a translucent
  ///   frame of an RGB animation).
  public func encode(
    _ image: RGBAImage, after previous: RGBAImage?, difference: FrameDifference? = nil, encoded: EncodedFrame? = nil
  ) throws -> APNGPreparedFrame {
    let reusable = encoded.flatMap {
      $0.width == image.width && $0.height == image.height && $0.colorType == colorType ? $0.zdata : nil
    }
    guard let previous else {
      // The PNG file's stream as it is when there is one: compressing the whole frame again
      // at the preset's level, with filters chosen by trial, costs far more time than the few
      // bytes it saves.
      if colorType == .rgb, reusable != nil, !image.isOpaque { throw PNGEncodingError.alphaWouldBeLost }
      let data = try reusable ?? compressor.compress(image, colorType: colorType, whole: true)
      return APNGPreparedFrame(image: image, colorType: colorType, changed: image.bounds, source: data, over: nil)
    }
    let changed = (difference ?? FrameDifference(image, from: previous)).changed
    // Nothing changed: one pixel rewritten with itself, in case the delay cannot be merged.
    let region = changed ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
    let whole = region == image.bounds
    let pixels = whole ? image : image.cropped(to: region)
    // Compressing an RGB rectangle checks that it is opaque (outside it the frame is the
    // previous one, checked before), so a frame is checked whole only when it is stored whole.
    if whole, reusable != nil, colorType == .rgb, !image.isOpaque { throw PNGEncodingError.alphaWouldBeLost }
    let source = try (whole ? reusable : nil) ?? compressor.compress(pixels, colorType: colorType)
    var over: [UInt8]?
    if colorType == .rgba, changed != nil,
      let blended = APNGPreparedFrame.overPixels(pixels, previous.cropped(to: region))
    {
      over = try compressor.compress(
        RGBAImage(width: region.width, height: region.height, pixels: blended), colorType: colorType)
    }
    return APNGPreparedFrame(image: image, colorType: colorType, changed: changed, source: source, over: over)
  }
}

/// A frame prepared by ``APNGFrameEncoder``, for ``APNGWriter/append(_:delay:)``.
public struct APNGPreparedFrame: Sendable {
  /// The whole frame as it must be shown.
  public var image: RGBAImage
  /// The colour type it was prepared for; an RGB frame was checked to be opaque.
  public var colorType: PNGColorType
  /// The rectangle that changed from the previous frame (the whole canvas for the first);
  /// nil if nothing did.
  public var changed: PixelRect?
  /// The changed rectangle (one pixel if nothing changed) compressed, to be drawn with SOURCE.
  var source: [UInt8]
  /// The same drawn with OVER (unchanged pixels transparent), where that is exact.
  var over: [UInt8]?

  /// `source` with pixels equal to `canvas` made fully transparent, if every other pixel is
  /// opaque (so OVER copies it exactly) and at least one pixel is left alone; else nil.
  static func overPixels(_ source: RGBAImage, _ canvas: RGBAImage) -> [UInt8]? {
    var pixels = source.pixels
    var unchanged = 0
    let valid = pixels.withUnsafeMutableBytes { out in
      canvas.pixels.withUnsafeBytes { under in
        let o = out.bindMemory(to: UInt32.self)
        let u = under.bindMemory(to: UInt32.self)
        for i in 0..<o.count {
          if o[i] == u[i] {
            o[i] = 0
            unchanged += 1
          } else if o[i].littleEndian >> 24 != 0xFF {
            return false
          }
        }
        return true
      }
    }
    return valid && unchanged > 0 ? pixels : nil
  }
}
