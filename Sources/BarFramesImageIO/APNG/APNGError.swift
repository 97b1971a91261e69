import Foundation

/// Why an APNG could not be written or read.
public enum APNGError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
  /// The writer was created with an impossible size or frame count.
  case invalidConfiguration(String)
  /// A frame's size differs from the animation's.
  case frameSizeMismatch(frame: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
  /// A frame's colour type differs from the one chosen for the animation.
  case colorTypeMismatch(frame: Int, colorType: PNGColorType, expected: PNGColorType)
  /// `finish()` was called before any frame was appended.
  case noFrames
  /// The writer was used after `finish()`.
  case alreadyFinished
  /// The file is a PNG but not a valid APNG (no acTL, bad sequence numbers, bad fcTL, …).
  case invalidAnimation(String)
  /// The underlying PNG structure or image data is invalid.
  case png(PNGDecodingError)

  public var description: String {
    switch self {
    case .invalidConfiguration(let detail):
      "Cannot create the APNG: \(detail)."
    case .frameSizeMismatch(let frame, let width, let height, let expectedWidth, let expectedHeight):
      "APNG frame \(frame) is \(width)×\(height) but the animation is \(expectedWidth)×\(expectedHeight); every frame must cover the whole canvas."
    case .colorTypeMismatch(let frame, let colorType, let expected):
      "APNG frame \(frame) is \(colorType) but the animation was created as \(expected); encode every frame with colorType: \(expected == .rgba ? ".rgba" : ".rgb")."
    case .noFrames:
      "The APNG has no frames; append at least one before finish()."
    case .alreadyFinished:
      "The APNG writer has already finished; create a new writer for another file."
    case .invalidAnimation(let detail):
      "The APNG is invalid: \(detail)."
    case .png(let error):
      error.description
    }
  }

  public var errorDescription: String? { description }
}
