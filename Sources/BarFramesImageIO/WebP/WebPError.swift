import Foundation

/// Why an animated WebP could not be written.
public enum WebPError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
  /// The writer was created with an impossible size, quality or frame rate.
  case invalidConfiguration(String)
  /// A frame's size differs from the animation's.
  case frameSizeMismatch(frame: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
  /// `finish()` was called before any frame was appended.
  case noFrames
  /// The writer was used after `finish()`.
  case alreadyFinished
  /// libwebp refused: its own message (e.g. "OUT_OF_MEMORY").
  case encoderFailed(String)
  /// The file would outgrow RIFF's 32-bit size field (4 GiB); nothing past the limit was written.
  case tooLarge(bytes: Int, limit: Int)

  public var description: String {
    switch self {
    case .invalidConfiguration(let detail):
      "Cannot create the WebP: \(detail)."
    case .frameSizeMismatch(let frame, let width, let height, let expectedWidth, let expectedHeight):
      "WebP frame \(frame) is \(width)×\(height) but the animation is \(expectedWidth)×\(expectedHeight); every frame must cover the whole canvas."
    case .noFrames:
      "The WebP has no frames; append at least one before finish()."
    case .alreadyFinished:
      "The WebP writer has already finished; create a new writer for another file."
    case .encoderFailed(let detail):
      "libwebp could not encode the animation: \(detail)."
    case .tooLarge(let bytes, let limit):
      "The WebP would be \(bytes) bytes, past RIFF's limit of \(limit) bytes (4 GiB); render fewer or smaller frames."
    }
  }

  public var errorDescription: String? { description }
}
