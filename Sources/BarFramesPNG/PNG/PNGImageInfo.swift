import BarFramesPNGContainer

/// The header fields of a PNG, read from its first 33 bytes without decompressing anything.
///
/// Manifests use it to report a file's size and format cheaply:
/// ```swift
/// let info = try PNGImageInfo(bytes: fileBytes)   // only the first 33 bytes are needed
/// print(info.width, info.height, info.colorType)
/// ```
/// Neither the IHDR CRC nor anything after IHDR is checked; use ``PNGDecoder`` to validate.
public struct PNGImageInfo: Hashable, Sendable {
  public var width: Int
  public var height: Int
  /// Bits per sample: 1, 2, 4, 8 or 16.
  public var bitDepth: Int
  public var colorType: PNGColorType
  /// Whether the image is Adam7-interlaced.
  public var isInterlaced: Bool

  public init(width: Int, height: Int, bitDepth: Int, colorType: PNGColorType, isInterlaced: Bool) {
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.colorType = colorType
    self.isInterlaced = isInterlaced
  }

  /// The number of leading bytes ``init(bytes:)`` reads: signature, IHDR length, type and data.
  public static let headerByteCount = 8 + 8 + 13

  /// Reads the header from the start of a PNG file.
  /// - Throws: ``PNGDecodingError`` if the bytes are not a PNG or the header is invalid.
  public init(bytes: some Collection<UInt8>) throws(PNGDecodingError) {
    let prefix = Array(bytes.prefix(Self.headerByteCount))
    guard prefix.count >= 8 else {
      throw prefix.elementsEqual(PNGChunk.signature.prefix(prefix.count))
        ? .truncated(context: "the signature") : .notPNG
    }
    guard prefix.prefix(8).elementsEqual(PNGChunk.signature) else { throw .notPNG }
    guard prefix.count == Self.headerByteCount else { throw .truncated(context: "the IHDR chunk") }
    func word(_ offset: Int) -> UInt32 {
      UInt32(prefix[offset]) << 24 | UInt32(prefix[offset + 1]) << 16 | UInt32(prefix[offset + 2]) << 8
        | UInt32(prefix[offset + 3])
    }
    guard ChunkType(rawValue: word(12)) == .IHDR else { throw .chunkOrder("the first chunk is not IHDR") }
    guard word(8) == 13 else { throw .invalidChunkLength(chunk: "IHDR", length: Int(word(8))) }
    let headerResult = prefix.withUnsafeBytes { raw in
      Result { () throws(PNGDecodingError) in try PNGHeader(UnsafeRawBufferPointer(rebasing: raw[16..<29])) }
    }
    let header = try headerResult.get()
    width = header.width
    height = header.height
    bitDepth = header.bitDepth
    colorType = header.colorType
    isInterlaced = header.isInterlaced
  }
}

/// IHDR, validated.
package struct PNGHeader {
  package var width: Int
  package var height: Int
  package var bitDepth: Int
  package var colorType: PNGColorType
  package var isInterlaced: Bool

  package init(_ data: UnsafeRawBufferPointer) throws(PNGDecodingError) {
    guard data.count == 13 else { throw .invalidChunkLength(chunk: "IHDR", length: data.count) }
    width = Int(data.loadBigEndianUInt32(at: 0))
    height = Int(data.loadBigEndianUInt32(at: 4))
    bitDepth = Int(data[8])
    guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
      throw .invalidHeader("the size \(width)×\(height) is not allowed (each side must be 1…2³¹−1)")
    }
    guard let colorType = PNGColorType(rawValue: data[9]) else {
      throw .invalidHeader("colour type \(data[9]) does not exist (valid: 0, 2, 3, 4, 6)")
    }
    self.colorType = colorType
    guard colorType.allows(bitDepth: bitDepth) else {
      throw .invalidHeader("bit depth \(bitDepth) is not allowed for colour type \(colorType)")
    }
    guard data[10] == 0 else { throw .invalidHeader("compression method \(data[10]) is unknown (only 0 exists)") }
    guard data[11] == 0 else { throw .invalidHeader("filter method \(data[11]) is unknown (only 0 exists)") }
    guard data[12] <= 1 else { throw .invalidHeader("interlace method \(data[12]) is unknown (0 or 1)") }
    isInterlaced = data[12] == 1
  }
}
