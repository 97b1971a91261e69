import BarFramesImageIO
import CWebP

/// libwebp's own lossless encoder, the yardstick for the size of ours: `WebPEncode` with the
/// settings `cwebp -lossless -exact` uses by default (quality 75, method 4).
public enum LibWebPLossless {
  public enum Failure: Error, CustomStringConvertible {
    case failed(String)
    public var description: String {
      switch self {
      case .failed(let why): "libwebp could not encode the image: \(why)"
      }
    }
  }

  /// The payload of the `VP8L` chunk libwebp makes of `image` (the bitstream, without the
  /// chunk's header and padding).
  public static func bitstream(of image: RGBAImage, method: Int = 4, quality: Float = 75) throws -> [UInt8] {
    var config = WebPConfig()
    guard WebPConfigInit(&config) != 0 else { throw Failure.failed("version mismatch") }
    config.lossless = 1
    config.exact = 1
    config.method = Int32(method)
    config.quality = quality
    var picture = WebPPicture()
    guard WebPPictureInit(&picture) != 0 else { throw Failure.failed("version mismatch") }
    defer { WebPPictureFree(&picture) }
    picture.width = Int32(image.width)
    picture.height = Int32(image.height)
    picture.use_argb = 1
    let imported = image.pixels.withUnsafeBufferPointer {
      WebPPictureImportRGBA(&picture, $0.baseAddress!, Int32(image.width * 4))
    }
    guard imported != 0 else { throw Failure.failed("import") }
    var memory = WebPMemoryWriter()
    WebPMemoryWriterInit(&memory)
    defer { WebPMemoryWriterClear(&memory) }
    picture.writer = WebPMemoryWrite
    let encoded = withUnsafeMutablePointer(to: &memory) { pointer in
      picture.custom_ptr = UnsafeMutableRawPointer(pointer)
      return WebPEncode(&config, &picture)
    }
    guard encoded != 0 else { throw Failure.failed("error \(picture.error_code.rawValue)") }
    let file = Array(UnsafeBufferPointer(start: memory.mem, count: memory.size))
    return try vp8lPayload(of: file)
  }

  /// The payload of the first `VP8L` chunk of a WebP file.
  public static func vp8lPayload(of file: [UInt8]) throws -> [UInt8] {
    var offset = 12
    while offset + 8 <= file.count {
      let size =
        Int(file[offset + 4]) | Int(file[offset + 5]) << 8 | Int(file[offset + 6]) << 16
        | Int(file[offset + 7]) << 24
      if Array(file[offset..<(offset + 4)]) == Array("VP8L".utf8) {
        guard offset + 8 + size <= file.count else { break }
        return Array(file[(offset + 8)..<(offset + 8 + size)])
      }
      offset += 8 + size + size % 2
    }
    throw Failure.failed("no VP8L chunk in the file")
  }
}
