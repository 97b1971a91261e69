import BarFramesTestSupport
import CZlib
import Testing

@testable import BarFramesImageIO

/// The deflater asks zlib for raw deflate data and writes the zlib header and the Adler-32
/// trailer itself (its own checksum is vectorised, zlib 1.2.13's is not): every stream must be
/// byte for byte what zlib writes when it wraps the stream itself, and every checksum zlib's.
@Suite struct DeflaterTests {
  /// Bytes from a fixed generator; `runs` makes them compressible like filtered frame rows.
  static func bytes(_ count: Int, seed: UInt64 = 7, runs: Bool = false) -> [UInt8] {
    var state = seed
    var out = [UInt8](repeating: 0, count: count)
    var value: UInt8 = 0
    for i in 0..<count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      if !runs || state >> 60 == 0 { value = UInt8(truncatingIfNeeded: state >> 33) }
      out[i] = value
    }
    return out
  }

  /// zlib's own checksum of `bytes`.
  static func zlibAdler(_ bytes: [UInt8], from adler: UInt32 = 1) -> UInt32 {
    bytes.withUnsafeBufferPointer { UInt32(adler32_z(uLong(adler), $0.baseAddress, z_size_t($0.count))) }
  }

  /// zlib's own stream of `input`: deflateInit2 with a zlib wrapper, one Z_FINISH.
  static func zlibStream(
    _ input: [UInt8], level: Int32, strategy: Int32, memoryLevel: Int32 = 8
  ) throws -> [UInt8] {
    var stream = z_stream()
    try #require(
      deflateInit2_(
        &stream, level, Z_DEFLATED, MAX_WBITS, memoryLevel, strategy, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        == Z_OK)
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
    var input = input
    let produced = input.withUnsafeMutableBufferPointer { inBuffer in
      output.withUnsafeMutableBufferPointer { outBuffer in
        stream.next_in = inBuffer.baseAddress
        stream.avail_in = uInt(inBuffer.count)
        stream.next_out = outBuffer.baseAddress
        stream.avail_out = uInt(outBuffer.count)
        let status = deflate(&stream, Z_FINISH)
        return status == Z_STREAM_END ? outBuffer.count - Int(stream.avail_out) : -1
      }
    }
    try #require(produced >= 0)
    return Array(output[0..<produced])
  }

  /// Lengths around the vector width (32) and zlib's overflow bound (5552 bytes between
  /// reductions), and a long run of 0xFF, the largest sums.
  @Test(arguments: [0, 1, 31, 32, 33, 63, 64, 5535, 5536, 5552, 5553, 11_104, 100_003])
  func adler32MatchesZlib(length: Int) {
    for input in [Self.bytes(length), [UInt8](repeating: 0xFF, count: length)] {
      let ours = input.withUnsafeBytes { Adler32.update(1, $0) }
      #expect(ours == Self.zlibAdler(input))
    }
  }

  /// Continuing a checksum across pieces (as streams fed band by band do), from a start whose
  /// two halves are near the modulus.
  @Test func adler32ContinuesAcrossPieces() {
    let input = Self.bytes(70_001)
    let start: UInt32 = 65_520 << 16 | 65_519
    var adler = start
    var offset = 0
    for size in [1, 33, 4096, 31, 5553, 20_000] + [Int](repeating: 10_000, count: 4) {
      let end = min(input.count, offset + size)
      adler = input[offset..<end].withUnsafeBytes { Adler32.update(adler, $0) }
      offset = end
    }
    adler = input[offset...].withUnsafeBytes { Adler32.update(adler, $0) }
    #expect(adler == Self.zlibAdler(input, from: start))
  }

  /// The header zlib writes for every level and strategy.
  @Test func headerMatchesZlibs() throws {
    for strategy in [Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE, Z_FIXED] {
      for level in [Z_DEFAULT_COMPRESSION] + Array(Int32(0)...9) {
        let zlib = try Self.zlibStream([1, 2, 3], level: level, strategy: strategy)
        #expect(
          Deflater.zlibHeader(level: level, strategy: strategy) == Array(zlib.prefix(2)),
          "level \(level), strategy \(strategy)")
      }
    }
  }

  /// Whole streams with the settings the encoders use: PNG's fast run-length level 1 (and
  /// with memLevel 9), level 6, and level 9.
  @Test func streamsMatchZlibsByteForByte() throws {
    let settings: [(level: Int32, strategy: Int32, memoryLevel: Int32)] = [
      (1, Z_RLE, 8), (1, Z_RLE, 9), (6, Z_DEFAULT_STRATEGY, 8), (9, Z_DEFAULT_STRATEGY, 9),
    ]
    for setting in settings {
      let deflater = try Deflater(level: setting.level, strategy: setting.strategy, memoryLevel: setting.memoryLevel)
      // Twice each, so a reset that forgot the checksum would show.
      for input in [Self.bytes(200_000, runs: true), Self.bytes(3), [], Self.bytes(200_000, seed: 9, runs: true)] {
        let expected = try Self.zlibStream(
          input, level: setting.level, strategy: setting.strategy, memoryLevel: setting.memoryLevel)
        #expect(try input.withUnsafeBytes { try deflater.compress($0) } == expected, "\(setting)")
        // The same fed in pieces, as the contact sheet's bands are.
        try deflater.begin()
        var pieces: [UInt8] = []
        var offset = 0
        repeat {
          let end = min(input.count, offset + 70_000)
          try input[offset..<end].withUnsafeBytes {
            try deflater.compress($0, finish: end == input.count, appendingTo: &pieces)
          }
          offset = end
        } while offset < input.count
        #expect(pieces == expected, "\(setting), in pieces")
      }
    }
  }

  /// libdeflate writes its own zlib wrapper: every stream must be one zlib inflates back to the
  /// input, with a valid header and zlib's checksum, and a compressor used again must give the
  /// same stream as a fresh one.
  @Test(arguments: [Int32(1), 6, 12])
  func libdeflateStreamsInflateToTheirInput(level: Int32) throws {
    let compressor = try LibDeflateCompressor(level: level)
    let inputs = [Self.bytes(200_000, runs: true), Self.bytes(3), [], Self.bytes(70_000, seed: 9), [0x42]]
    var first: [[UInt8]] = []
    for input in inputs {
      let stream = try input.withUnsafeBytes { try compressor.compress($0) }
      first.append(stream)
      let header = try #require(stream.count >= 6 ? UInt16(stream[0]) << 8 | UInt16(stream[1]) : nil)
      #expect(stream[0] == 0x78 && header % 31 == 0, "RFC 1950: deflate, 32 KiB window, FCHECK")
      let adler = Self.zlibAdler(input)
      #expect(Array(stream.suffix(4)) == [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) })
      let inflated = try stream.withUnsafeBytes { try Inflater.inflate($0, expectedSize: input.count) }
      #expect(inflated == input, "\(input.count) bytes at level \(level)")
    }
    let fresh = try LibDeflateCompressor(level: level)
    for (input, stream) in zip(inputs.reversed(), first.reversed()) {
      #expect(try input.withUnsafeBytes { try compressor.compress($0) } == stream)
      #expect(try input.withUnsafeBytes { try fresh.compress($0) } == stream)
    }
  }
}
