import CBarFramesKernels
import CZlib

/// A zlib stream (RFC 1950) whose deflate data codes only runs: a byte equal to the one before
/// it continues a copy at distance 1, anything else is a literal — the parse of zlib's `Z_RLE`
/// strategy: the `fast` PNG preset's compressor, for frames and contact sheets.
///
/// PNG rows of flat colour filter to long runs of one byte (zeros where a row repeats the one
/// above, or a colour the pixel before it), and zlib 1.2.13 looks at such a run a byte at a
/// time. This encoder (`rle_deflate.c` in CBarFramesKernels) measures a run eight bytes at a
/// time and gathers symbols into blocks of 16 384, each written with its own Huffman codes or
/// the fixed ones, whichever is smaller: a fraction of zlib's time for streams of about zlib's
/// size (docs/performance.md). A run still open at the end of one piece goes on
/// in the next, so the stream does not depend on how the data was cut into pieces. It never
/// writes stored blocks: data without runs grows by at most an eighth.
///
/// Not thread-safe: one per thread.
package final class RunLengthDeflater {
  private let encoder: OpaquePointer
  /// zlib's own header for level 1 with `Z_RLE` (the levels' flags say "fastest").
  private var framing = ZlibFraming(header: Deflater.zlibHeader(level: 1, strategy: Z_RLE))

  package init() throws(PNGEncodingError) {
    guard let encoder = barframes_rle_deflate_create() else {
      throw .zlib(operation: "barframes_rle_deflate_create", status: Z_MEM_ERROR)
    }
    self.encoder = encoder
  }

  deinit { barframes_rle_deflate_destroy(encoder) }

  /// Starts a stream fed piece by piece with ``compress(_:finish:appendingTo:)``, whose first
  /// call appends the header.
  package func begin() throws(PNGEncodingError) {
    barframes_rle_deflate_reset(encoder)
    framing.begin()
  }

  /// Compresses the next piece of the stream begun by ``begin()``, appending what is ready to
  /// `compressed`; `finish` ends the stream (and appends the checksum).
  package func compress(
    _ input: UnsafeRawBufferPointer, finish: Bool, appendingTo compressed: inout [UInt8]
  ) throws(PNGEncodingError) {
    framing.add(input, appendingHeaderTo: &compressed)
    let status = barframes_rle_deflate_compress(
      encoder, input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count, finish)
    guard status == 1 else { throw .zlib(operation: "barframes_rle_deflate_compress", status: Z_MEM_ERROR) }
    var count = 0
    if let output = barframes_rle_deflate_output(encoder, &count), count > 0 {
      compressed.append(contentsOf: UnsafeBufferPointer(start: output, count: count))
    }
    barframes_rle_deflate_take_output(encoder)
    if finish { framing.appendTrailer(to: &compressed) }
  }

  /// Compresses `input` as one complete zlib stream.
  package func compress(_ input: UnsafeRawBufferPointer) throws(PNGEncodingError) -> [UInt8] {
    try begin()
    var compressed: [UInt8] = []
    try compress(input, finish: true, appendingTo: &compressed)
    return compressed
  }
}
