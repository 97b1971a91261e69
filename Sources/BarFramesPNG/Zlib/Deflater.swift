import CLibDeflate
import CZlib

/// A reusable zlib compression stream (zlib format, as PNG's IDAT wants).
///
/// `deflateInit2` allocates ~256 KiB of state; one `Deflater` per worker thread keeps that
/// allocation across frames and only calls `deflateReset` between them. Not thread-safe.
///
/// zlib is asked for raw deflate data, and the two-byte header and the Adler-32 trailer are
/// written here, the checksum by ``Adler32`` (32 bytes at a time): Debian's zlib 1.2.13 sums a
/// byte at a time, a visible share of a render's profile. The bytes are exactly those of a
/// zlib-wrapped stream with the same settings (the header carries zlib's level flags).
package final class Deflater {
  private let stream: UnsafeMutablePointer<z_stream>
  /// Output buffer reused across calls; grows to `deflateBound` of the largest input seen.
  private var output: [UInt8] = []
  /// The header zlib itself would write for this level and strategy, and the checksum.
  private var framing: ZlibFraming

  /// - Parameters:
  ///   - level: zlib level 0…9.
  ///   - strategy: `Z_DEFAULT_STRATEGY`, `Z_FILTERED`, `Z_RLE`, …
  ///   - memoryLevel: zlib `memLevel` 1…9.
  package init(level: Int32, strategy: Int32, memoryLevel: Int32 = 8) throws(PNGEncodingError) {
    framing = ZlibFraming(header: Self.zlibHeader(level: level, strategy: strategy))
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    // Negative window bits: raw deflate, no header, no checksum.
    let status = deflateInit2_(
      stream, level, Z_DEFLATED, -MAX_WBITS, memoryLevel, strategy, zlibVersion(),
      Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else {
      stream.deinitialize(count: 1)
      stream.deallocate()
      throw .zlib(operation: "deflateInit2", status: status)
    }
  }

  deinit {
    deflateEnd(stream)
    stream.deinitialize(count: 1)
    stream.deallocate()
  }

  /// The two bytes zlib's `deflate` writes first (RFC 1950: CMF, FLG), as deflate.c computes
  /// them: a 32 KiB window, the level flags from `level` and `strategy`, no dictionary.
  package static func zlibHeader(level: Int32, strategy: Int32) -> [UInt8] {
    let levelFlags: UInt16 =
      if strategy >= Z_HUFFMAN_ONLY || (level >= 0 && level < 2) {
        0
      } else if level < 0 || level == 6 {  // Z_DEFAULT_COMPRESSION is level 6
        2
      } else if level < 6 {
        1
      } else {
        3
      }
    var header = UInt16(Z_DEFLATED + ((MAX_WBITS - 8) << 4)) << 8 | levelFlags << 6
    header += 31 - header % 31
    return [UInt8(header >> 8), UInt8(header & 0xFF)]
  }

  private func reset() throws(PNGEncodingError) {
    let status = deflateReset(stream)
    guard status == Z_OK else { throw .zlib(operation: "deflateReset", status: status) }
    framing.begin()
  }

  /// Starts a stream fed piece by piece with ``compress(_:finish:appendingTo:)``, whose first
  /// call appends the header.
  package func begin() throws(PNGEncodingError) {
    try reset()
  }

  /// Compresses the next piece of the stream begun by ``begin()``, appending what zlib
  /// produces to `compressed`; `finish` ends the stream.
  package func compress(
    _ input: UnsafeRawBufferPointer, finish: Bool, appendingTo compressed: inout [UInt8]
  ) throws(PNGEncodingError) {
    framing.add(input, appendingHeaderTo: &compressed)
    if output.count < 1 << 16 { output = [UInt8](repeating: 0, count: 1 << 16) }
    stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
    stream.pointee.avail_in = uInt(input.count)
    defer { stream.pointee.next_in = nil }
    while true {
      let (status, produced, full) = output.withUnsafeMutableBufferPointer { out in
        stream.pointee.next_out = out.baseAddress
        stream.pointee.avail_out = uInt(out.count)
        let status = deflate(stream, finish ? Z_FINISH : Z_NO_FLUSH)
        stream.pointee.next_out = nil
        return (status, out.count - Int(stream.pointee.avail_out), stream.pointee.avail_out == 0)
      }
      guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
        throw .zlib(operation: "deflate", status: status)
      }
      compressed.append(contentsOf: output[0..<produced])
      if finish ? status == Z_STREAM_END : !full && stream.pointee.avail_in == 0 { break }
    }
    if finish { framing.appendTrailer(to: &compressed) }
  }

  /// Compresses `input` as one complete zlib stream.
  package func compress(_ input: UnsafeRawBufferPointer) throws(PNGEncodingError) -> [UInt8] {
    try reset()
    let bound = Int(deflateBound(stream, uLong(input.count)))
    if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
    var status = Z_OK
    let produced = output.withUnsafeMutableBufferPointer { out -> Int in
      stream.pointee.next_in = UnsafeMutablePointer(
        mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
      stream.pointee.avail_in = uInt(input.count)
      stream.pointee.next_out = out.baseAddress
      stream.pointee.avail_out = uInt(out.count)
      // deflateBound guarantees one Z_FINISH call completes the stream.
      status = deflate(stream, Z_FINISH)
      stream.pointee.next_in = nil
      stream.pointee.next_out = nil
      return out.count - Int(stream.pointee.avail_out)
    }
    guard status == Z_STREAM_END else { throw .zlib(operation: "deflate", status: status) }
    var compressed = [UInt8]()
    compressed.reserveCapacity(produced + 6)
    framing.add(input, appendingHeaderTo: &compressed)
    compressed.append(contentsOf: output[0..<produced])
    framing.appendTrailer(to: &compressed)
    return compressed
  }
}

/// What the zlib format (RFC 1950) puts around raw deflate data: the two-byte header before the
/// first piece, and the Adler-32 of all the input after the last, big-endian.
package struct ZlibFraming {
  package let header: [UInt8]
  private var adler: UInt32 = 1
  private var started = false

  package init(header: [UInt8]) { self.header = header }

  /// Starts a new stream.
  package mutating func begin() {
    adler = 1
    started = false
  }

  /// Counts the next piece of input into the checksum, appending the header first if it is
  /// the stream's first.
  package mutating func add(_ input: UnsafeRawBufferPointer, appendingHeaderTo compressed: inout [UInt8]) {
    if !started {
      compressed.append(contentsOf: header)
      started = true
    }
    adler = Adler32.update(adler, input)
  }

  package func appendTrailer(to compressed: inout [UInt8]) {
    compressed.append(contentsOf: [
      UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF),
    ])
  }
}

/// zlib's Adler-32 checksum (RFC 1950), continued piece by piece: the value zlib's `adler32_z`
/// gives for all the pieces at once. It is libdeflate's `libdeflate_adler32`, vectorised for x86
/// and ARM and chosen at run time. It replaced an AVX2 loop of our own in CBarFramesKernels,
/// which had no ARM path and was no faster (docs/performance.md).
package enum Adler32 {
  /// The checksum of `bytes` appended to data whose checksum is `adler` (1 for none).
  package static func update(_ adler: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return adler }
    return libdeflate_adler32(adler, base, bytes.count)
  }
}
