import Foundation

/// Why an image could not be encoded.
public enum PNGEncodingError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
  /// RGB output was requested for an image with translucent pixels, which would drop their alpha.
  case alphaWouldBeLost
  /// The encoder writes only RGB and RGBA; another colour type was requested.
  case unsupportedColorType(PNGColorType)
  /// zlib reported an error (`status` is zlib's return code).
  case zlib(operation: String, status: Int32)

  public var description: String {
    switch self {
    case .alphaWouldBeLost:
      "Cannot encode the image as RGB: it has pixels with alpha below 255. Encode it as RGBA (or pass no colour type)."
    case .unsupportedColorType(let type):
      "The PNG encoder writes RGB or RGBA only, not \(type)."
    case .zlib(let operation, let status):
      "zlib's \(operation) failed with status \(status)."
    }
  }

  public var errorDescription: String? { description }
}
