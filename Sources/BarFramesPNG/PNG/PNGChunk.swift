import CZlib

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
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

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

  /// Walks the chunks of a PNG file without copying their data.
  package static func forEachChunk(
    in raw: UnsafeRawBufferPointer,
    _ body: (ChunkType, UnsafeRawBufferPointer, Int) throws(PNGDecodingError) -> Void
  ) throws(PNGDecodingError) {
    guard raw.count >= 8 else {
      if raw.elementsEqual(signature.prefix(raw.count)) { throw .truncated(context: "the signature") }
      throw .notPNG
    }
    guard raw.prefix(8).elementsEqual(signature) else { throw .notPNG }
    var position = 8
    while true {
      guard position + 8 <= raw.count else {
        throw .truncated(
          context: position == raw.count
            ? "the chunk list (no IEND chunk)" : "the chunk header at byte \(position)")
      }
      let length = Int(raw.loadBigEndianUInt32(at: position))
      let type = ChunkType(rawValue: raw.loadBigEndianUInt32(at: position + 4))
      guard length <= 0x7FFF_FFFF else { throw .invalidChunkLength(chunk: type.name, length: length) }
      guard type.isValid else {
        throw .chunkOrder("the bytes at \(position + 4) are not a chunk type (\(type.name.debugDescription))")
      }
      let dataStart = position + 8
      guard dataStart + length + 4 <= raw.count else {
        throw .truncated(context: "the \(type.name) chunk at byte \(position)")
      }
      let stored = raw.loadBigEndianUInt32(at: dataStart + length)
      let computed = CRC32.checksum(raw[(position + 4)..<(dataStart + length)])
      guard stored == computed else { throw .badCRC(chunk: type.name, offset: position) }
      try body(type, UnsafeRawBufferPointer(rebasing: raw[dataStart..<(dataStart + length)]), position)
      position = dataStart + length + 4
      if type == .IEND { return }
    }
  }
}

/// A chunk type as its big-endian 32-bit value, compared without building strings.
package struct ChunkType: RawRepresentable, Hashable {
  package var rawValue: UInt32

  package init(rawValue: UInt32) { self.rawValue = rawValue }

  package init(_ name: StaticString) {
    precondition(name.utf8CodeUnitCount == 4)
    let p = name.utf8Start
    rawValue = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
  }

  package static let IHDR = ChunkType("IHDR")
  package static let PLTE = ChunkType("PLTE")
  package static let tRNS = ChunkType("tRNS")
  package static let IDAT = ChunkType("IDAT")
  package static let IEND = ChunkType("IEND")
  package static let acTL = ChunkType("acTL")
  package static let fcTL = ChunkType("fcTL")
  package static let fdAT = ChunkType("fdAT")

  package var bytes: [UInt8] {
    [UInt8(rawValue >> 24), UInt8((rawValue >> 16) & 0xFF), UInt8((rawValue >> 8) & 0xFF), UInt8(rawValue & 0xFF)]
  }

  /// Four ASCII letters, as the specification requires.
  package var isValid: Bool {
    bytes.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
  }

  /// Ancillary chunks (lower-case first letter) may be skipped by decoders that do not know them.
  package var isCritical: Bool { (rawValue >> 24) & 0x20 == 0 }

  package var name: String {
    String(decoding: bytes.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
  }
}

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

package enum CRC32 {
  package static func checksum(_ bytes: Slice<UnsafeRawBufferPointer>) -> UInt32 {
    checksum(UnsafeRawBufferPointer(rebasing: bytes))
  }

  package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
    return UInt32(crc32_z(0, base.assumingMemoryBound(to: Bytef.self), z_size_t(bytes.count)))
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

extension UnsafeRawBufferPointer {
  package func loadBigEndianUInt32(at offset: Int) -> UInt32 {
    UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8
      | UInt32(self[offset + 3])
  }

  package func loadBigEndianUInt16(at offset: Int) -> UInt16 {
    UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
  }
}
