import CZlib

/// The chunks of a PNG file, walked in order without copying their data: the signature, then
/// each chunk's length, type (four ASCII letters), data and CRC, up to and including `IEND`.
/// Bytes after `IEND` are ignored, as libpng does.
///
/// The load-time icon check (`PNGCheck`, in the core) and the PNG and APNG readers (in the
/// image formats) both walk files with it; each says in its own words what a ``Failure`` means.
///
/// ```swift
/// try bytes.withUnsafeBytes { raw in
///   try PNGChunkWalker.walk(raw, failure: { MyError.png($0) }) { type, data, offset in … }
/// }
/// ```
package enum PNGChunkWalker {
  /// What stops a walk before `IEND`; offsets are the chunk's first byte (its length field).
  package enum Failure: Error, Hashable, Sendable {
    /// The file does not start with the PNG signature.
    case notPNG
    /// The file is a prefix of the signature.
    case truncatedSignature
    /// The file ends where a chunk should start: there is no `IEND`.
    case noIEND(offset: Int)
    /// The file ends inside a chunk's length or type.
    case truncatedChunkHeader(offset: Int)
    /// The four bytes of a chunk's type are not ASCII letters (`name` shows them, others as "?").
    case invalidType(name: String, offset: Int)
    /// The chunk's length is past `maximum`.
    case tooLong(name: String, offset: Int, length: Int, maximum: Int)
    /// The file ends inside the chunk's data or CRC: it needs `length` + 12 bytes, `remaining` are left.
    case truncatedChunk(name: String, offset: Int, length: Int, remaining: Int)
    /// The CRC stored after the chunk is not that of its type and data.
    case badCRC(name: String, offset: Int)
  }

  /// The eight bytes every PNG file starts with.
  package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The longest chunk the PNG format allows (2³¹ − 1 bytes).
  package static let formatMaximumLength = 0x7FFF_FFFF

  /// Calls `body` with each chunk's type, data and offset, in file order, `IEND` last.
  /// - Parameters:
  ///   - maximumLength: The longest chunk accepted.
  ///   - failure: The caller's error for a walk that stops.
  /// - Throws: `failure`'s error, or what `body` throws.
  package static func walk<E: Error>(
    _ raw: UnsafeRawBufferPointer,
    maximumLength: Int = formatMaximumLength,
    failure: (Failure) -> E,
    _ body: (PNGChunkType, UnsafeRawBufferPointer, Int) throws(E) -> Void
  ) throws(E) {
    guard raw.count >= 8 else {
      throw failure(raw.elementsEqual(signature.prefix(raw.count)) ? .truncatedSignature : .notPNG)
    }
    guard raw.prefix(8).elementsEqual(signature) else { throw failure(.notPNG) }
    var position = 8
    while true {
      guard position + 8 <= raw.count else {
        throw failure(position == raw.count ? .noIEND(offset: position) : .truncatedChunkHeader(offset: position))
      }
      let length = Int(raw.loadBigEndianUInt32(at: position))
      let type = PNGChunkType(rawValue: raw.loadBigEndianUInt32(at: position + 4))
      guard type.isValid else { throw failure(.invalidType(name: type.name, offset: position)) }
      guard length <= maximumLength else {
        throw failure(.tooLong(name: type.name, offset: position, length: length, maximum: maximumLength))
      }
      let dataStart = position + 8
      guard length + 4 <= raw.count - dataStart else {
        throw failure(
          .truncatedChunk(name: type.name, offset: position, length: length, remaining: raw.count - position))
      }
      let stored = raw.loadBigEndianUInt32(at: dataStart + length)
      guard stored == CRC32.checksum(raw[(position + 4)..<(dataStart + length)]) else {
        throw failure(.badCRC(name: type.name, offset: position))
      }
      try body(type, UnsafeRawBufferPointer(rebasing: raw[dataStart..<(dataStart + length)]), position)
      position = dataStart + length + 4
      if type == .IEND { return }
    }
  }
}

/// A chunk type as its big-endian 32-bit value, compared without building strings.
package struct PNGChunkType: RawRepresentable, Hashable, Sendable {
  package var rawValue: UInt32

  package init(rawValue: UInt32) { self.rawValue = rawValue }

  package init(_ name: StaticString) {
    precondition(name.utf8CodeUnitCount == 4)
    let p = name.utf8Start
    rawValue = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
  }

  package static let IHDR = PNGChunkType("IHDR")
  package static let PLTE = PNGChunkType("PLTE")
  package static let tRNS = PNGChunkType("tRNS")
  package static let IDAT = PNGChunkType("IDAT")
  package static let IEND = PNGChunkType("IEND")
  package static let acTL = PNGChunkType("acTL")
  package static let fcTL = PNGChunkType("fcTL")
  package static let fdAT = PNGChunkType("fdAT")

  package var bytes: [UInt8] {
    [UInt8(rawValue >> 24), UInt8((rawValue >> 16) & 0xFF), UInt8((rawValue >> 8) & 0xFF), UInt8(rawValue & 0xFF)]
  }

  /// Four ASCII letters, as the specification requires.
  package var isValid: Bool {
    bytes.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
  }

  /// Ancillary chunks (lower-case first letter) may be skipped by decoders that do not know them.
  package var isCritical: Bool { (rawValue >> 24) & 0x20 == 0 }

  /// The four letters; bytes that are not printable ASCII as "?".
  package var name: String {
    String(decoding: bytes.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
  }
}

/// The CRC-32 of PNG chunks (zlib's `crc32_z`).
package enum CRC32 {
  package static func checksum(_ bytes: Slice<UnsafeRawBufferPointer>) -> UInt32 {
    checksum(UnsafeRawBufferPointer(rebasing: bytes))
  }

  package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
    return UInt32(crc32_z(0, base.assumingMemoryBound(to: Bytef.self), z_size_t(bytes.count)))
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
