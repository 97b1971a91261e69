import BarFramesGraphics

extension EmbeddedImage {
  /// The width and height in pixels from the PNG's IHDR chunk (bytes 16–23, big-endian), or
  /// nil when the data does not start with a PNG signature and an IHDR chunk.
  ///
  /// The SVG writer needs the size to place the image exactly as ``CairoContext`` does, and
  /// reads it from the header rather than decoding the image.
  var pngPixelSize: (width: Int, height: Int)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let bytes = pngData
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
      return nil
    }
    func uint32(at offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    let width = uint32(at: 16)
    let height = uint32(at: 20)
    guard width > 0, height > 0 else { return nil }
    return (width, height)
  }
}
