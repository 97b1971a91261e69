import Foundation

/// Why PNG (or APNG) bytes could not be decoded. Every malformed input ends here, never in a trap.
public enum PNGDecodingError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
  /// The first 8 bytes are not the PNG signature.
  case notPNG
  /// The data ends early; `context` says where (e.g. "the IDAT chunk at byte 41").
  case truncated(context: String)
  /// A chunk's stored CRC does not match its contents.
  case badCRC(chunk: String, offset: Int)
  /// A chunk's length field is impossible (over 2³¹−1 bytes, or wrong for its type).
  case invalidChunkLength(chunk: String, length: Int)
  /// Chunks are missing or in an order the specification forbids.
  case chunkOrder(String)
  /// A critical chunk (upper-case first letter) this decoder does not know, so it cannot
  /// safely ignore it.
  case unknownCriticalChunk(String)
  /// IHDR holds a value the specification does not allow.
  case invalidHeader(String)
  /// The image uses Adam7 interlacing, which this decoder does not implement.
  case interlaced
  /// An indexed image has no PLTE, or PLTE/tRNS are malformed.
  case invalidPalette(String)
  /// The decompressed image data is shorter than the header promises.
  case imageDataTooShort(bytes: Int, expected: Int)
  /// The decompressed image data is longer than the header promises.
  case imageDataTooLong(expected: Int)
  /// zlib rejected the compressed image data.
  case corruptImageData(String)
  /// A scanline starts with a filter type other than 0…4.
  case invalidFilterType(UInt8, row: Int)
  /// An indexed pixel refers past the end of the palette.
  case paletteIndexOutOfRange(index: Int, paletteSize: Int)
  /// The image is too large to decode into memory safely.
  case imageTooLarge(width: Int, height: Int)

  public var description: String {
    switch self {
    case .notPNG:
      "The data is not a PNG file: it does not start with the 8-byte PNG signature (89 50 4E 47 0D 0A 1A 0A)."
    case .truncated(let context):
      "The PNG data is truncated: it ends inside \(context)."
    case .badCRC(let chunk, let offset):
      "The PNG data is corrupt: the CRC of the \(chunk) chunk at byte \(offset) does not match its contents."
    case .invalidChunkLength(let chunk, let length):
      "The PNG data is corrupt: the \(chunk) chunk claims a length of \(length) bytes, which is not valid."
    case .chunkOrder(let detail):
      "The PNG chunks are out of order: \(detail)."
    case .unknownCriticalChunk(let type):
      "The PNG data contains a critical chunk \"\(type)\" that this decoder does not understand."
    case .invalidHeader(let detail):
      "The PNG header (IHDR) is invalid: \(detail)."
    case .interlaced:
      "The PNG image is Adam7-interlaced, which is not supported; re-save it without interlacing."
    case .invalidPalette(let detail):
      "The PNG palette is invalid: \(detail)."
    case .imageDataTooShort(let bytes, let expected):
      "The PNG image data is too short: it decompresses to \(bytes) bytes but the header needs \(expected)."
    case .imageDataTooLong(let expected):
      "The PNG image data is too long: it decompresses to more than the \(expected) bytes the header needs."
    case .corruptImageData(let message):
      "The PNG image data is corrupt: zlib says \"\(message)\"."
    case .invalidFilterType(let type, let row):
      "The PNG image data is corrupt: row \(row) uses filter type \(type); only 0…4 exist."
    case .paletteIndexOutOfRange(let index, let paletteSize):
      "The PNG image uses palette index \(index) but its palette has only \(paletteSize) entries."
    case .imageTooLarge(let width, let height):
      "The PNG image is \(width)×\(height) pixels, larger than the \(PNGDecoder.maximumPixelCount)-pixel limit."
    }
  }

  public var errorDescription: String? { description }
}
