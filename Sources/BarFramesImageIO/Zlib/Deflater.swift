import CZlib

/// A reusable zlib compression stream (zlib format, as PNG's IDAT wants).
///
/// `deflateInit2` allocates ~256 KiB of state; one `Deflater` per worker thread keeps that
/// allocation across frames and only calls `deflateReset` between them. Not thread-safe.
final class Deflater {
  private let stream: UnsafeMutablePointer<z_stream>
  /// Output buffer reused across calls; grows to `deflateBound` of the largest input seen.
  private var output: [UInt8] = []
  private let tuning: Tuning?

  /// zlib's match-search parameters (`deflateTune`), in place of those of the level.
  struct Tuning: Hashable {
    var goodLength: Int32
    var maximumLazy: Int32
    var niceLength: Int32
    var maximumChain: Int32
  }

  /// - Parameters:
  ///   - level: zlib level 0…9.
  ///   - strategy: `Z_DEFAULT_STRATEGY`, `Z_FILTERED`, `Z_RLE`, …
  ///   - memoryLevel: zlib `memLevel` 1…9.
  ///   - tuning: Match-search parameters replacing the level's, applied to every stream.
  init(level: Int32, strategy: Int32, memoryLevel: Int32 = 8, tuning: Tuning? = nil) throws(PNGEncodingError) {
    self.tuning = tuning
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    let status = deflateInit2_(
      stream, level, Z_DEFLATED, MAX_WBITS, memoryLevel, strategy, zlibVersion(),
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

  /// Starts a stream fed piece by piece with ``compress(_:finish:appendingTo:)``.
  func begin() throws(PNGEncodingError) {
    var status = deflateReset(stream)
    guard status == Z_OK else { throw .zlib(operation: "deflateReset", status: status) }
    if let tuning {
      status = deflateTune(stream, tuning.goodLength, tuning.maximumLazy, tuning.niceLength, tuning.maximumChain)
      guard status == Z_OK else { throw .zlib(operation: "deflateTune", status: status) }
    }
  }

  /// Compresses the next piece of the stream begun by ``begin()``, appending what zlib
  /// produces to `compressed`; `finish` ends the stream.
  func compress(
    _ input: UnsafeRawBufferPointer, finish: Bool, appendingTo compressed: inout [UInt8]
  ) throws(PNGEncodingError) {
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
      if finish ? status == Z_STREAM_END : !full && stream.pointee.avail_in == 0 { return }
    }
  }

  /// Compresses `input` as one complete zlib stream.
  func compress(_ input: UnsafeRawBufferPointer) throws(PNGEncodingError) -> [UInt8] {
    var status = deflateReset(stream)
    guard status == Z_OK else { throw .zlib(operation: "deflateReset", status: status) }
    // deflateReset restores the level's parameters: tune again for every stream.
    if let tuning {
      status = deflateTune(stream, tuning.goodLength, tuning.maximumLazy, tuning.niceLength, tuning.maximumChain)
      guard status == Z_OK else { throw .zlib(operation: "deflateTune", status: status) }
    }
    let bound = Int(deflateBound(stream, uLong(input.count)))
    if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
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
    return Array(output[0..<produced])
  }
}
