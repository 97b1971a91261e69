/// A bitmap of straight (non-premultiplied) 8-bit RGBA pixels, row-major, top row first.
///
/// This is the currency of the codec layer: the renderer un-premultiplies Cairo's ARGB32
/// surface into an `RGBAImage`, the encoders consume it and the decoders produce it, so a
/// round trip can be checked with `==`.
///
/// ```swift
/// var image = RGBAImage(width: 2, height: 1, filledWith: .init(red: 255, green: 0, blue: 0, alpha: 255))
/// image[1, 0] = .init(red: 0, green: 0, blue: 0, alpha: 0)
/// image.isOpaque  // false
/// ```
public struct RGBAImage: Hashable, Sendable {
  /// One straight-alpha RGBA8 pixel.
  public struct Pixel: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
      self.red = red
      self.green = green
      self.blue = blue
      self.alpha = alpha
    }

    /// `#RRGGBBAA`, as the golden-image reports print colours.
    public var description: String {
      "#"
        + [red, green, blue, alpha].map { byte in
          let hex = String(byte, radix: 16, uppercase: true)
          return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }
  }

  /// Width in pixels; at least 1.
  public let width: Int
  /// Height in pixels; at least 1.
  public let height: Int
  /// `width × height × 4` bytes: R, G, B, A for each pixel, rows top to bottom.
  public var pixels: [UInt8]

  /// Wraps existing pixel bytes.
  ///
  /// - Precondition: `width` and `height` are positive and `pixels.count == width * height * 4`.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0, "An image needs a positive size, not \(width)×\(height)")
    precondition(
      pixels.count == width * height * 4,
      "A \(width)×\(height) RGBA image needs \(width * height * 4) bytes, not \(pixels.count)")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// An image with every pixel set to `pixel` (transparent black by default).
  public init(width: Int, height: Int, filledWith pixel: Pixel = Pixel(red: 0, green: 0, blue: 0, alpha: 0)) {
    precondition(width > 0 && height > 0, "An image needs a positive size, not \(width)×\(height)")
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    if pixel != Pixel(red: 0, green: 0, blue: 0, alpha: 0) {
      bytes.withUnsafeMutableBufferPointer { buffer in
        var i = 0
        while i < buffer.count {
          buffer[i] = pixel.red
          buffer[i + 1] = pixel.green
          buffer[i + 2] = pixel.blue
          buffer[i + 3] = pixel.alpha
          i += 4
        }
      }
    }
    self.init(width: width, height: height, pixels: bytes)
  }

  /// Bytes per row (`width × 4`).
  public var bytesPerRow: Int { width * 4 }

  /// Whether every pixel has alpha 255, so the image can be stored without an alpha channel.
  public var isOpaque: Bool {
    pixels.withUnsafeBytes { raw in
      // Eight bytes (two pixels) at a time, AND-ed together: the loop vectorises, and the
      // flat frames we see are opaque or transparent throughout, so no early exit is needed.
      let words = raw.count / 8
      var all: UInt64 = 0xFFFF_FFFF_FFFF_FFFF
      for i in 0..<words { all &= raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self) }
      var opaque = all & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000
      if raw.count % 8 != 0 { opaque = opaque && raw[raw.count - 1] == 0xFF }
      return opaque
    }
  }

  /// The pixel at column `x`, row `y` (row 0 is the top).
  public subscript(x: Int, y: Int) -> Pixel {
    get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "Pixel (\(x), \(y)) is outside \(width)×\(height)")
      let i = (y * width + x) * 4
      return Pixel(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
    }
    set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "Pixel (\(x), \(y)) is outside \(width)×\(height)")
      let i = (y * width + x) * 4
      pixels[i] = newValue.red
      pixels[i + 1] = newValue.green
      pixels[i + 2] = newValue.blue
      pixels[i + 3] = newValue.alpha
    }
  }
}
