import BarFramesImageIO

/// Structured values read from a fuzzer's bytes, front to back; past the end every read is 0, so
/// any bytes make some input and a mutation changes the values it touches, not the layout.
struct FuzzInput {
  private let bytes: [UInt8]
  private(set) var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The bytes not read yet.
  var remaining: ArraySlice<UInt8> { bytes[min(position, bytes.count)...] }

  mutating func byte() -> UInt8 {
    defer { position += 1 }
    return position < bytes.count ? bytes[position] : 0
  }

  /// A value in `range`, from one byte (ranges are small here).
  mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(byte()) % (range.count)
  }

  mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }

  /// An image whose pixels are drawn from a palette of `colors` colours read first (1…256);
  /// each pixel is one byte, an index into it. Few colours make runs and repeats, which the
  /// encoders code differently from noise.
  mutating func palettedImage(width: Int, height: Int, colors: Int) -> RGBAImage {
    let palette = (0..<colors).map { _ in [byte(), byte(), byte(), byte()] }
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for _ in 0..<(width * height) { pixels += palette[Int(byte()) % colors] }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// An image whose pixels are the next bytes as they are (RGBA).
  mutating func rawImage(width: Int, height: Int) -> RGBAImage {
    RGBAImage(width: width, height: height, pixels: (0..<(width * height * 4)).map { _ in byte() })
  }
}

extension RGBAImage {
  /// The first pixel where two images of one size differ, for a failure's message.
  func firstDifference(from other: RGBAImage) -> String {
    for y in 0..<height {
      for x in 0..<width where self[x, y] != other[x, y] {
        return "at (\(x), \(y)) \(self[x, y]) became \(other[x, y])"
      }
    }
    return "no pixel differs"
  }
}
