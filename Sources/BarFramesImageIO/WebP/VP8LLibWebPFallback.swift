import CWebP

/// libwebp's lossless encoder with the settings of `cwebp -lossless -exact` (quality 75,
/// method 4, the colour under transparent pixels kept), for the rectangles where
/// ``VP8LEncoder`` expects libwebp to beat its own chunk (``VP8LEncoder/expectsLibWebPToWin``).
/// With fixed settings and no threads of its own, libwebp is deterministic: the same pixels
/// give the same bytes on any thread.
///
/// ```swift
/// let fallback = VP8LLibWebPFallback()
/// let bitstream = fallback.bitstream(of: image, region: region)  // nil if libwebp failed
/// ```
/// Not thread-safe: one per ``VP8LEncoder``.
final class VP8LLibWebPFallback {
  private var config = WebPConfig()
  private let isUsable: Bool

  init() {
    var usable = WebPConfigInit(&config) != 0
    config.lossless = 1
    config.exact = 1
    config.quality = 75
    config.method = 4
    usable = usable && WebPValidateConfig(&config) != 0
    isUsable = usable
  }

  /// The bitstream of `region` of `image` (the `VP8L` chunk's payload: no chunk header, no
  /// padding), or nil if libwebp could not encode it (out of memory, or a library whose
  /// version does not match its headers): the caller keeps its own chunk then.
  func bitstream(of image: RGBAImage, region: PixelRect) -> [UInt8]? {
    guard isUsable else { return nil }
    return try? LibWebPStill.encode(image, region: region, config: &config, Self.vp8lPayload)
  }

  /// The payload of the first `VP8L` chunk of a RIFF WebP file, nil if there is none.
  static func vp8lPayload(of file: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var offset = 12
    while offset + 8 <= file.count {
      let size =
        Int(file[offset + 4]) | Int(file[offset + 5]) << 8 | Int(file[offset + 6]) << 16 | Int(file[offset + 7]) << 24
      guard offset + 8 + size <= file.count else { return nil }
      if file[offset] == 0x56, file[offset + 1] == 0x50, file[offset + 2] == 0x38, file[offset + 3] == 0x4C {
        return Array(file[(offset + 8)..<(offset + 8 + size)])
      }
      offset += 8 + size + size % 2
    }
    return nil
  }
}
