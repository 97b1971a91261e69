/// PNG files built byte by byte, valid or broken in one chosen way, for the icon checks.
///
/// The image data is a zlib stream of stored (uncompressed) blocks, so a test controls every
/// byte the decoder sees: filter types, row lengths, where the stream ends.
public enum PNGFixture {
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// A chunk: length, type, data, CRC-32 of type and data.
  public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
  }

  /// An IHDR chunk.
  public static func header(
    width: Int, height: Int, bitDepth: UInt8 = 8, colorType: UInt8 = 6, interlace: UInt8 = 0
  ) -> [UInt8] {
    chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [bitDepth, colorType, 0, 0, interlace])
  }

  /// `width` × `height` 8-bit RGBA rows, each starting with filter type 0 (none) unless
  /// `filters` says otherwise.
  public static func rgbaRows(width: Int, height: Int, filters: [UInt8]? = nil) -> [UInt8] {
    var rows: [UInt8] = []
    for y in 0..<height {
      rows.append(filters?[y] ?? 0)
      for x in 0..<width * 4 { rows.append(UInt8(truncatingIfNeeded: x * 37 + y * 11)) }
    }
    return rows
  }

  /// `raw` as a zlib stream of stored blocks.
  public static func zlib(_ raw: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let count = min(65535, raw.count - offset)
      let final: UInt8 = offset + count == raw.count ? 1 : 0
      out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      out += raw[offset..<offset + count]
      offset += count
    } while offset < raw.count
    return out + bigEndian(adler32(raw))
  }

  /// Signature, chunks, in order.
  public static func file(_ chunks: [[UInt8]]) -> [UInt8] { signature + chunks.flatMap { $0 } }

  /// A valid `width` × `height` RGBA image, in chunks: IHDR, IDAT, IEND.
  public static func rgbaChunks(width: Int, height: Int) -> [[UInt8]] {
    [
      header(width: width, height: height), chunk("IDAT", zlib(rgbaRows(width: width, height: height))),
      chunk("IEND", []),
    ]
  }

  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  public static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }

  public static func bigEndian(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }
}

extension PNGFixture {
  /// One way of breaking a 3 × 2 RGBA PNG whose header is sane.
  public struct Broken: Sendable, CustomStringConvertible {
    public var name: String
    public var bytes: [UInt8]
    /// What the load-time check says, after "not a readable PNG image: ".
    public var reason: String
    /// Whether libpng (through Cairo) refuses it too; where it only warns, BarFrames is stricter.
    public var libpngRefuses: Bool
    public var description: String { name }
  }

  /// Signature, header and IDAT look right in each; something after them does not.
  public static let broken: [Broken] = {
    let (width, height) = (3, 2)
    let rows = rgbaRows(width: width, height: height)  // 2 × (1 + 12) = 26 bytes
    let ihdr = header(width: width, height: height)
    let iend = chunk("IEND", [])
    let valid = file(rgbaChunks(width: width, height: height))
    var wrongCRC = chunk("IDAT", zlib(rows))
    wrongCRC[wrongCRC.count - 1] ^= 0xFF
    var badTextCRC = chunk("tEXt", Array("Comment\u{0}hello".utf8))
    badTextCRC[badTextCRC.count - 1] ^= 0xFF
    return [
      Broken(
        name: "truncated image data", bytes: Array(valid[0..<(33 + 8 + 20)]),
        reason: "the IDAT chunk at byte 33 is cut short: it needs 49 bytes, 28 remain", libpngRefuses: true),
      Broken(
        name: "garbage image data", bytes: file([ihdr, chunk("IDAT", [UInt8](repeating: 0xAB, count: 37)), iend]),
        reason: "the image data is not valid zlib data (incorrect header check) after 0 bytes", libpngRefuses: true),
      Broken(
        name: "image data with a wrong CRC", bytes: file([ihdr, wrongCRC, iend]),
        reason: "the IDAT chunk at byte 33 has a wrong CRC", libpngRefuses: true),
      Broken(
        name: "a stream of one row for two", bytes: file([ihdr, chunk("IDAT", zlib(Array(rows[0..<13]))), iend]),
        reason: "the image data holds 13 of the 26 bytes the image needs", libpngRefuses: true),
      Broken(
        name: "a stream cut short", bytes: file([ihdr, chunk("IDAT", Array(zlib(rows)[0..<20])), iend]),
        reason: "the image data ends after 13 of the 26 bytes the image needs", libpngRefuses: true),
      Broken(
        name: "a row with filter type 5",
        bytes: file([ihdr, chunk("IDAT", zlib(rgbaRows(width: width, height: height, filters: [0, 5]))), iend]),
        reason: "row 1 has filter type 5; PNG defines 0 to 4", libpngRefuses: true),
      Broken(
        name: "no IEND", bytes: file([ihdr, chunk("IDAT", zlib(rows))]),
        reason: "the file ends before its IEND chunk", libpngRefuses: true),
      Broken(
        name: "an indexed image without a palette",
        bytes: file([
          header(width: width, height: height, colorType: 3), chunk("IDAT", zlib([0, 0, 0, 0, 0, 0, 0, 0])), iend,
        ]),
        reason: "an indexed image has no PLTE chunk before its image data", libpngRefuses: true),
      Broken(
        name: "an unknown critical chunk",
        bytes: file([ihdr, chunk("ABCD", [1, 2, 3]), chunk("IDAT", zlib(rows)), iend]),
        reason: "unknown critical chunk ABCD at byte 33", libpngRefuses: true),
      Broken(
        name: "RGB at 4 bits",
        bytes: file([header(width: width, height: height, bitDepth: 4, colorType: 2), chunk("IDAT", zlib(rows)), iend]),
        reason: "bit depth 4 is not allowed with colour type 2", libpngRefuses: true),
      Broken(
        name: "more image data than the image", bytes: file([ihdr, chunk("IDAT", zlib(rows + rows)), iend]),
        reason: "the image data holds more than the 26 bytes the image needs", libpngRefuses: false),
      Broken(
        name: "a text chunk with a wrong CRC", bytes: file([ihdr, badTextCRC, chunk("IDAT", zlib(rows)), iend]),
        reason: "the tEXt chunk at byte 33 has a wrong CRC", libpngRefuses: false),
    ]
  }()
}

extension PNGFixture {
  /// The big-endian 32-bit number at `offset`.
  public static func bigEndianValue(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }
}
