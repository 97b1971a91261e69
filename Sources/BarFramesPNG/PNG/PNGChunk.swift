import BarFramesPNGContainer

/// One PNG chunk: its four-letter type and its data (length and CRC are implied).
///
/// ``parse(_:)`` splits a PNG or APNG file into chunks, checking the signature, every length
/// and every CRC; tests use it to inspect acTL/fcTL/fdAT sequence numbers.
public struct PNGChunk: Hashable, Sendable {
  /// The chunk type, e.g. `"IHDR"`, `"IDAT"`, `"fcTL"`.
  public var type: String
  /// The chunk data, without length, type or CRC.
  public var data: [UInt8]
  /// Byte offset of the chunk's length field in the file it was parsed from.
  public var offset: Int

  public init(type: String, data: [UInt8], offset: Int = 0) {
    self.type = type
    self.data = data
    self.offset = offset
  }

  /// The 8-byte PNG signature.
  public static let signature: [UInt8] = PNGChunkWalker.signature

  /// Splits a PNG/APNG file into its chunks, up to and including IEND.
  ///
  /// Bytes after IEND are ignored, as libpng does.
  /// - Throws: ``PNGDecodingError`` for a bad signature, an impossible length, a CRC mismatch,
  ///   or data that ends before IEND.
  public static func parse(_ bytes: [UInt8]) throws(PNGDecodingError) -> [PNGChunk] {
    var chunks: [PNGChunk] = []
    var failure: PNGDecodingError?
    bytes.withUnsafeBytes { raw in
      do throws(PNGDecodingError) {
        try forEachChunk(in: raw) { type, data, offset in
          chunks.append(PNGChunk(type: type.name, data: Array(data), offset: offset))
        }
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    return chunks
  }

  /// Walks the chunks of a PNG file without copying their data (``PNGChunkWalker``, shared
  /// with the load-time icon check), in this module's errors.
  package static func forEachChunk(
    in raw: UnsafeRawBufferPointer,
    _ body: (ChunkType, UnsafeRawBufferPointer, Int) throws(PNGDecodingError) -> Void
  ) throws(PNGDecodingError) {
    try PNGChunkWalker.walk(raw, failure: decodingError, body)
  }

  private static func decodingError(_ failure: PNGChunkWalker.Failure) -> PNGDecodingError {
    switch failure {
    case .notPNG: .notPNG
    case .truncatedSignature: .truncated(context: "the signature")
    case .noIEND: .truncated(context: "the chunk list (no IEND chunk)")
    case .truncatedChunkHeader(let offset): .truncated(context: "the chunk header at byte \(offset)")
    case .invalidType(let name, let offset):
      .chunkOrder("the bytes at \(offset + 4) are not a chunk type (\(name.debugDescription))")
    case .tooLong(let name, _, let length, _): .invalidChunkLength(chunk: name, length: length)
    case .truncatedChunk(let name, let offset, _, _): .truncated(context: "the \(name) chunk at byte \(offset)")
    case .badCRC(let name, let offset): .badCRC(chunk: name, offset: offset)
    }
  }
}

/// The chunk types this module names (``PNGChunkType``, shared with the icon check).
package typealias ChunkType = PNGChunkType

/// Appends length + type + data + CRC chunks to a byte array.
package enum PNGChunkWriter {
  package static func append(_ type: ChunkType, _ data: UnsafeRawBufferPointer, to output: inout [UInt8]) {
    output.appendBigEndian(UInt32(data.count))
    let typeStart = output.count
    output.appendBigEndian(type.rawValue)
    output.append(contentsOf: data)
    let crc = output.withUnsafeBytes { CRC32.checksum($0[typeStart...]) }
    output.appendBigEndian(crc)
  }

  package static func append(_ type: ChunkType, _ data: [UInt8], to output: inout [UInt8]) {
    data.withUnsafeBytes { append(type, $0, to: &output) }
  }

  /// A chunk whose data is `prefix` followed by `body`, without concatenating them first
  /// (fdAT = sequence number + a frame's zlib data).
  package static func append(
    _ type: ChunkType, prefix: [UInt8], body: UnsafeRawBufferPointer, to output: inout [UInt8]
  ) {
    output.appendBigEndian(UInt32(prefix.count + body.count))
    let typeStart = output.count
    output.appendBigEndian(type.rawValue)
    output.append(contentsOf: prefix)
    output.append(contentsOf: body)
    let crc = output.withUnsafeBytes { CRC32.checksum($0[typeStart...]) }
    output.appendBigEndian(crc)
  }

  /// The 13 bytes of IHDR data for an 8-bit, non-interlaced image.
  package static func headerData(width: Int, height: Int, colorType: PNGColorType) -> [UInt8] {
    var data: [UInt8] = []
    data.appendBigEndian(UInt32(width))
    data.appendBigEndian(UInt32(height))
    data += [8, colorType.rawValue, 0, 0, 0]
    return data
  }
}

extension [UInt8] {
  package mutating func appendBigEndian(_ value: UInt32) {
    append(UInt8(value >> 24))
    append(UInt8((value >> 16) & 0xFF))
    append(UInt8((value >> 8) & 0xFF))
    append(UInt8(value & 0xFF))
  }

  package mutating func appendBigEndian(_ value: UInt16) {
    append(UInt8(value >> 8))
    append(UInt8(value & 0xFF))
  }

  package mutating func appendLittleEndian(_ value: UInt16) {
    append(UInt8(value & 0xFF))
    append(UInt8(value >> 8))
  }

  package mutating func appendLittleEndian(_ value: UInt32) {
    appendLittleEndian(UInt16(value & 0xFFFF))
    appendLittleEndian(UInt16(value >> 16))
  }
}
