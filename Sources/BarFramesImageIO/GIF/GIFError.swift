import Foundation

/// Why a GIF could not be written or read.
public enum GIFError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
  /// The writer was created with an impossible size or loop count.
  case invalidConfiguration(String)
  /// A frame's size differs from the animation's.
  case frameSizeMismatch(frame: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
  /// The writer was used after `finish()`.
  case alreadyFinished
  /// The bytes do not start with `GIF87a` or `GIF89a`.
  case notGIF
  /// The data ends early; `context` says where.
  case truncated(context: String)
  /// The structure or LZW data is invalid.
  case invalidData(String)

  public var description: String {
    switch self {
    case .invalidConfiguration(let detail):
      "Cannot create the GIF: \(detail)."
    case .frameSizeMismatch(let frame, let width, let height, let expectedWidth, let expectedHeight):
      "GIF frame \(frame) is \(width)×\(height) but the animation is \(expectedWidth)×\(expectedHeight)."
    case .alreadyFinished:
      "The GIF writer has already finished; create a new writer for another file."
    case .notGIF:
      "The data is not a GIF file: it does not start with GIF87a or GIF89a."
    case .truncated(let context):
      "The GIF data is truncated: it ends inside \(context)."
    case .invalidData(let detail):
      "The GIF data is invalid: \(detail)."
    }
  }

  public var errorDescription: String? { description }
}
