import Foundation

/// Why an APNG could not be written or read.
public enum APNGError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
  /// The writer was created with an impossible size or frame count.
  case invalidConfiguration(String)
  /// A frame's size differs from the animation's.
  case frameSizeMismatch(frame: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
  /// A frame's colour type differs from the one chosen for the animation.
  case colorTypeMismatch(frame: Int, colorType: PNGColorType, expected: PNGColorType)
  /// More frames were appended than announced in acTL.
  case tooManyFrames(expected: Int)
  /// `finish()` was called before all announced frames were appended.
  case missingFrames(written: Int, expected: Int)
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
    case .tooManyFrames(let expected):
      "The APNG was announced with \(expected) frames; another frame cannot be appended."
    case .missingFrames(let written, let expected):
      "The APNG was announced with \(expected) frames but only \(written) were appended before finish()."
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
