import BarFramesPNG
import CWebP

/// libwebp's still-image encoder (`WebPEncode`) on a rectangle of an image, writing to memory:
/// what the lossy frames (``WebPWriter``) and the lossless rectangles handed to libwebp
/// (``VP8LLibWebPFallback``) share.
enum LibWebPStill {
  /// Why libwebp made no file.
  enum Failure: Error {
    /// `WebPPictureInit` failed: the library's version does not match its headers.
    case versionMismatch
    /// The pixels could not be imported (out of memory).
    case importFailed
    case encodingFailed(WebPEncodingError)
  }

  /// Encodes `region` of `image` with `config` and calls `body` with the RIFF file libwebp
  /// wrote, valid only during the call.
  static func encode<Result>(
    _ image: RGBAImage, region: PixelRect, config: inout WebPConfig,
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) throws -> Result {
    var picture = WebPPicture()
    guard WebPPictureInit(&picture) != 0 else { throw Failure.versionMismatch }
    defer { WebPPictureFree(&picture) }
    picture.width = Int32(region.width)
    picture.height = Int32(region.height)
    picture.use_argb = 1
    let imported = image.pixels.withUnsafeBufferPointer { pixels in
      let origin = pixels.baseAddress! + (region.y * image.width + region.x) * 4
      return WebPPictureImportRGBA(&picture, origin, Int32(image.bytesPerRow))
    }
    guard imported != 0 else { throw Failure.importFailed }
    var memory = WebPMemoryWriter()
    WebPMemoryWriterInit(&memory)
    defer { WebPMemoryWriterClear(&memory) }
    picture.writer = WebPMemoryWrite
    let encoded = withUnsafeMutablePointer(to: &memory) { pointer in
      picture.custom_ptr = UnsafeMutableRawPointer(pointer)
      return WebPEncode(&config, &picture)
    }
    guard encoded != 0 else { throw Failure.encodingFailed(picture.error_code) }
    return try body(UnsafeBufferPointer(start: memory.mem, count: memory.size))
  }
}
