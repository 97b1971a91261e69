/// The PNG colour types (IHDR byte 9), named as in the PNG specification.
public enum PNGColorType: UInt8, Sendable, CaseIterable, CustomStringConvertible {
  case grayscale = 0
  case rgb = 2
  case indexed = 3
  case grayscaleAlpha = 4
  case rgba = 6

  /// Samples per pixel (an indexed pixel is one sample, the palette index).
  public var channels: Int {
    switch self {
    case .grayscale, .indexed: 1
    case .grayscaleAlpha: 2
    case .rgb: 3
    case .rgba: 4
    }
  }

  /// Whether the bit depth is one this colour type allows (PNG spec table 11.1).
  public func allows(bitDepth: Int) -> Bool {
    switch self {
    case .grayscale: [1, 2, 4, 8, 16].contains(bitDepth)
    case .indexed: [1, 2, 4, 8].contains(bitDepth)
    case .rgb, .grayscaleAlpha, .rgba: bitDepth == 8 || bitDepth == 16
    }
  }

  public var description: String {
    switch self {
    case .grayscale: "grayscale (0)"
    case .rgb: "RGB (2)"
    case .indexed: "indexed (3)"
    case .grayscaleAlpha: "grayscale+alpha (4)"
    case .rgba: "RGBA (6)"
    }
  }
}
