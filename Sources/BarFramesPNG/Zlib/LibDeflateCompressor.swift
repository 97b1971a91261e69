import CLibDeflate
import CZlib

/// Compresses a whole buffer into one zlib stream (RFC 1950), as an IDAT or fdAT holds.
package protocol ZlibCompressor: AnyObject {
  func compress(_ input: UnsafeRawBufferPointer) throws(PNGEncodingError) -> [UInt8]
}

/// A zlib stream fed piece by piece: ``begin()``, then ``compress(_:finish:appendingTo:)`` until
/// `finish`.
package protocol StreamingZlibCompressor: ZlibCompressor {
  func begin() throws(PNGEncodingError)
  func compress(_ input: UnsafeRawBufferPointer, finish: Bool, appendingTo compressed: inout [UInt8])
    throws(PNGEncodingError)
}

extension Deflater: StreamingZlibCompressor {}
extension RunLengthDeflater: StreamingZlibCompressor {}

/// libdeflate's whole-buffer compressor, for the APNG's rectangles: its level 6 makes streams of
/// about the size of zlib's tuned lazy matching in less time (docs/performance.md). It cannot
/// compress a stream piece by piece, so the contact sheet, which streams, keeps zlib. Holds its
/// match finder's state between calls: one per thread, not thread-safe.
package final class LibDeflateCompressor: ZlibCompressor {
  private let compressor: OpaquePointer
  /// Output buffer reused across calls; grows to the bound of the largest input seen.
  private var output: [UInt8] = []

  /// - Parameter level: libdeflate's level, 1…12 (12 smallest and slowest; 6 its default).
  package init(level: Int32) throws(PNGEncodingError) {
    precondition((1...12).contains(level), "libdeflate's levels are 1…12, not \(level)")
    guard let compressor = libdeflate_alloc_compressor(level) else {
      throw .zlib(operation: "libdeflate_alloc_compressor", status: Z_MEM_ERROR)
    }
    self.compressor = compressor
  }

  deinit { libdeflate_free_compressor(compressor) }

  package func compress(_ input: UnsafeRawBufferPointer) throws(PNGEncodingError) -> [UInt8] {
    let bound = libdeflate_zlib_compress_bound(compressor, input.count)
    if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
    let produced = output.withUnsafeMutableBytes { out in
      libdeflate_zlib_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
    }
    // The bound guarantees room; 0 would mean it did not fit.
    guard produced > 0 else { throw .zlib(operation: "libdeflate_zlib_compress", status: Z_BUF_ERROR) }
    return Array(output[0..<produced])
  }
}
