import BarFramesImageIO
import CWebP

/// Rectangles of any pixels through our lossless encoder (``VP8LEncoder``), wrapped as a still
/// WebP and decoded by libwebp's `WebPDecodeRGBA`: the pixels come back exactly, the fully
/// transparent ones included (the animation encoder keeps them, `exact` in libwebp's words).
///
/// Input: width and height (1…64 each), a mode byte (raw RGBA pixels, or indices into a palette
/// of 1…128 colours, which the encoder's colour table and cache treat differently), the pixels,
/// then the rectangle (its corner and size within the image; 0 bytes: the whole image).
package enum WebPRoundTripFuzzing {
  static func check(_ bytes: [UInt8]) throws(FuzzFailure) -> FuzzOutcome {
    guard bytes.count >= 5 else { return .refused("fewer than 5 bytes: no image") }
    var input = FuzzInput(bytes)
    let width = input.int(in: 1...64)
    let height = input.int(in: 1...64)
    let mode = input.byte()
    let image =
      mode & 1 == 0
      ? input.rawImage(width: width, height: height)
      : input.palettedImage(width: width, height: height, colors: Int(mode >> 1) + 1)
    // Any rectangle inside the image: the encoder reads its rows at the image's stride.
    let x = input.int(in: 0...(width - 1))
    let y = input.int(in: 0...(height - 1))
    let region = PixelRect(
      x: x, y: y, width: width - x - input.int(in: 0...(width - x - 1)),
      height: height - y - input.int(in: 0...(height - y - 1)))
    let encoder = VP8LEncoder(rectangles: nil)
    let (chunk, isOpaque) = encoder.encode(image, region: region)
    try verify(chunk, isOpaque: isOpaque, expected: image.cropped(to: region))
    return .accepted
  }

  /// A `VP8L` chunk (header included) must decode in libwebp to exactly `expected`, and be
  /// opaque as the encoder said.
  package static func verify(_ chunk: [UInt8], isOpaque: Bool, expected: RGBAImage) throws(FuzzFailure) {
    guard isOpaque == expected.isOpaque else {
      throw FuzzFailure("the encoder tells whether the rectangle is opaque", "it said \(isOpaque)")
    }
    var file = Array("RIFF".utf8)
    file.appendLittleEndian32(UInt32(4 + chunk.count))
    file += Array("WEBP".utf8) + chunk
    var width: Int32 = 0
    var height: Int32 = 0
    guard let pixels = WebPDecodeRGBA(file, file.count, &width, &height) else {
      throw FuzzFailure("libwebp decodes our VP8L", "WebPDecodeRGBA refused \(expected.width) × \(expected.height)")
    }
    defer { WebPFree(pixels) }
    guard Int(width) == expected.width, Int(height) == expected.height else {
      throw FuzzFailure(
        "libwebp decodes our VP8L at its size", "\(width) × \(height) for \(expected.width) × \(expected.height)")
    }
    let decoded = RGBAImage(
      width: expected.width, height: expected.height,
      pixels: Array(UnsafeBufferPointer(start: pixels, count: expected.width * expected.height * 4)))
    guard decoded == expected else {
      throw FuzzFailure(
        "libwebp gives back the pixels exactly",
        "\(expected.width) × \(expected.height): \(expected.firstDifference(from: decoded))")
    }
  }
}

extension [UInt8] {
  mutating func appendLittleEndian32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
  }
}
