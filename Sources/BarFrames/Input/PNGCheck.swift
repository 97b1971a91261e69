import BarFramesPNGContainer

/// A whole-file check of a PNG image that keeps no pixel: the signature, the header, every
/// chunk and its CRC, the chunk order, and the image data inflated to exactly the size the
/// header promises with a valid filter at the start of every row.
///
/// The core never decodes images (a renderer does, through libpng inside Cairo), yet an icon
/// that cannot be decoded must be refused when its style is read — naming the file and the key
/// — rather than dropped from every frame. Everything libpng treats as an error is checked
/// here; where libpng only warns (a bad CRC on an ancillary chunk, more image data than the
/// image needs) this check is stricter, so an image it accepts is one libpng decodes. The
/// fuzz target `fuzz-icon` checks that agreement.
///
/// ```swift
/// let header = try PNGCheck.check(bytes, maximumSide: 4096, maximumDecodedBytes: 4 << 20)
/// header.width  // 30
/// ```
public enum PNGCheck {
  /// What the header of a checked PNG says.
  public struct Header: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var bitDepth: Int
    /// 0 grey, 2 RGB, 3 indexed, 4 grey and alpha, 6 RGBA.
    public var colorType: Int
    public var isInterlaced: Bool
  }

  /// Why a file is refused.
  public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file does not start with a PNG signature and an `IHDR` chunk.
    case notPNG
    /// The header gives a width or height of 0.
    case emptyImage
    /// The header's size is past the limits the caller gave (checked before anything else is read).
    case tooLarge(width: Int, height: Int)
    /// Anything else, in words: where in the file and what is wrong.
    case corrupt(String)

    public var description: String {
      switch self {
      case .notPNG: "not a PNG image"
      case .emptyImage: "a PNG image of zero width or height"
      case .tooLarge(let width, let height): "\(width) × \(height) px, past the limit"
      case .corrupt(let reason): "not a readable PNG image: \(reason)"
      }
    }
  }

  /// The eight bytes every PNG file starts with.
  public static let signature: [UInt8] = PNGChunkWalker.signature

  /// The longest chunk read: libpng's default limit for a chunk's data (`PNG_USER_CHUNK_MALLOC_MAX`).
  static let maximumChunkLength = 8_000_000

  /// Checks a whole PNG file.
  /// - Parameters:
  ///   - bytes: The file.
  ///   - maximumSide: The widest and tallest image accepted, in pixels.
  ///   - maximumDecodedBytes: The most bytes the image may take as 8-bit RGBA.
  /// - Returns: The header, once the whole file has been checked.
  /// - Throws: ``Problem``; the size limits are checked from the header before anything else,
  ///   so 64 bytes claiming 30000 × 30000 pixels are never inflated.
  public static func check(_ bytes: [UInt8], maximumSide: Int, maximumDecodedBytes: Int) throws(Problem) -> Header {
    // The signature and an IHDR chunk's length and type: anything else is not a PNG at all.
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
      throw .notPNG
    }
    let width = Int(bigEndian32(bytes, at: 16))
    let height = Int(bigEndian32(bytes, at: 20))
    guard width > 0, height > 0 else { throw .emptyImage }
    guard width <= maximumSide, height <= maximumSide, width * height * 4 <= maximumDecodedBytes else {
      throw .tooLarge(width: width, height: height)
    }
    guard bigEndian32(bytes, at: 8) == 13 else { throw .corrupt("the IHDR chunk is not 13 bytes long") }
    guard bytes.count >= 33 else { throw .corrupt("the file ends inside the IHDR chunk") }
    let header = Header(
      width: width, height: height, bitDepth: Int(bytes[24]), colorType: Int(bytes[25]), isInterlaced: bytes[28] == 1)
    try checkHeaderFields(header, compression: bytes[26], filter: bytes[27], interlace: bytes[28])

    var imageData: [UInt8] = []
    var sawPalette = false
    var sawImageData = false
    var imageDataEnded = false
    var failure: Problem?
    bytes.withUnsafeBytes { raw in
      do throws(Problem) {
        try PNGChunkWalker.walk(raw, maximumLength: maximumChunkLength, failure: problem) {
          type, data, offset throws(Problem) in
          let name = type.name
          if sawImageData && type != .IDAT { imageDataEnded = true }
          switch type {
          case .IHDR:
            guard offset == 8 else { throw .corrupt("a second IHDR chunk at byte \(offset)") }
          case .PLTE:
            guard !sawImageData else { throw .corrupt("the PLTE chunk at byte \(offset) comes after the image data") }
            guard !sawPalette else { throw .corrupt("a second PLTE chunk at byte \(offset)") }
            guard data.count % 3 == 0, (3...768).contains(data.count) else {
              throw .corrupt("the PLTE chunk has \(data.count) bytes; it needs 3 per entry, 1 to 256 entries")
            }
            sawPalette = true
          case .IDAT:
            guard !imageDataEnded else {
              throw .corrupt("the IDAT chunks are not consecutive (another at byte \(offset))")
            }
            guard header.colorType != 3 || sawPalette else {
              throw .corrupt("an indexed image has no PLTE chunk before its image data")
            }
            sawImageData = true
            imageData.append(contentsOf: data)
          case .IEND:
            guard sawImageData else { throw .corrupt("the IEND chunk comes before any image data") }
          default:
            // An unknown chunk whose name starts with a capital letter is critical: it cannot be skipped.
            guard !type.isCritical else { throw .corrupt("unknown critical chunk \(name) at byte \(offset)") }
          }
        }
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    try checkImageData(imageData, header: header)
    return header
  }

  /// A walk's failure in this check's words.
  private static func problem(_ failure: PNGChunkWalker.Failure) -> Problem {
    switch failure {
    case .notPNG, .truncatedSignature: .notPNG
    case .noIEND: .corrupt("the file ends before its IEND chunk")
    case .truncatedChunkHeader(let offset): .corrupt("the file ends inside a chunk at byte \(offset)")
    case .invalidType(_, let offset): .corrupt("the chunk at byte \(offset) has no valid type (four letters)")
    case .tooLong(let name, let offset, let length, let maximum):
      .corrupt("the \(name) chunk at byte \(offset) claims \(length) bytes; at most \(maximum)")
    case .truncatedChunk(let name, let offset, let length, let remaining):
      .corrupt("the \(name) chunk at byte \(offset) is cut short: it needs \(length + 12) bytes, \(remaining) remain")
    case .badCRC(let name, let offset): .corrupt("the \(name) chunk at byte \(offset) has a wrong CRC")
    }
  }

  private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// The bit depths each colour type allows, and the methods PNG defines (all 0, interlace 0 or 1).
  private static func checkHeaderFields(
    _ header: Header, compression: UInt8, filter: UInt8, interlace: UInt8
  ) throws(Problem) {
    let depths: [Int]
    switch header.colorType {
    case 0: depths = [1, 2, 4, 8, 16]
    case 3: depths = [1, 2, 4, 8]
    case 2, 4, 6: depths = [8, 16]
    default: throw .corrupt("colour type \(header.colorType) does not exist")
    }
    guard depths.contains(header.bitDepth) else {
      throw .corrupt("bit depth \(header.bitDepth) is not allowed with colour type \(header.colorType)")
    }
    guard compression == 0, filter == 0, interlace <= 1 else {
      throw .corrupt("the IHDR chunk names an unknown compression, filter or interlace method")
    }
  }

  /// The Adam7 passes' sizes (or the whole image's), in pixels; empty passes are left out.
  static func passes(of header: Header) -> [(width: Int, height: Int)] {
    guard header.isInterlaced else { return [(header.width, header.height)] }
    let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    return passes.compactMap { x0, y0, dx, dy in
      let w = header.width > x0 ? (header.width - x0 + dx - 1) / dx : 0
      let h = header.height > y0 ? (header.height - y0 + dy - 1) / dy : 0
      return w > 0 && h > 0 ? (w, h) : nil
    }
  }

  /// Inflates the concatenated IDAT data into exactly the bytes the header's rows take, and
  /// checks every row's filter type (0–4).
  private static func checkImageData(_ data: [UInt8], header: Header) throws(Problem) {
    let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][header.colorType]!
    let rows = passes(of: header).map { pass in
      (count: pass.height, bytes: 1 + (pass.width * channels * header.bitDepth + 7) / 8)
    }
    let expected = rows.reduce(0) { $0 + $1.count * $1.bytes }
    let inflated = data.withUnsafeBytes { raw in
      Result { () throws(ZlibInflater.Failure) in try ZlibInflater.inflate(raw, expectedSize: expected) }
    }
    let output: [UInt8]
    switch inflated {
    case .success(let bytes):
      output = bytes
    case .failure(let failure):
      switch failure {
      case .long:
        throw .corrupt("the image data holds more than the \(expected) bytes the image needs")
      case .short(let produced, _):
        throw .corrupt("the image data holds \(produced) of the \(expected) bytes the image needs")
      case .cut(let produced, _):
        throw .corrupt("the image data ends after \(produced) of the \(expected) bytes the image needs")
      case .corrupt(let reason, let produced):
        throw .corrupt("the image data is not valid zlib data (\(reason)) after \(produced) bytes")
      }
    }
    var offset = 0
    for pass in rows {
      for row in 0..<pass.count {
        guard output[offset] <= 4 else {
          throw .corrupt("row \(row) has filter type \(output[offset]); PNG defines 0 to 4")
        }
        offset += pass.bytes
      }
    }
  }
}
