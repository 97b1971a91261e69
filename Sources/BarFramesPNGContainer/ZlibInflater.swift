import CZlib

/// Inflates a zlib stream whose decompressed size is known in advance (PNG image data).
///
/// zlib keeps the address of its `z_stream` between calls, so the stream lives in memory
/// allocated once for the whole inflation, never in a Swift variable passed with `&` call by
/// call (which may hand zlib a different temporary address each time).
package enum ZlibInflater {
  package enum Failure: Error, Hashable, Sendable {
    /// The stream ended after `produced` of `expected` bytes.
    case short(produced: Int, expected: Int)
    /// The input ran out, before the end of the stream, after `produced` of `expected` bytes.
    case cut(produced: Int, expected: Int)
    /// The stream decompresses to more than the expected size.
    case long(expected: Int)
    /// zlib rejected the data after `produced` bytes; `message` is zlib's own explanation when it gave one.
    case corrupt(message: String, produced: Int)
  }

  /// The most bytes deflate produces from one byte of input (258 bytes for every 2 bits, at best).
  package static let maximumRatio = 1032

  /// Inflates `input` into exactly `expectedSize` bytes.
  ///
  /// Trailing bytes after the end of the zlib stream are tolerated (some encoders pad IDAT),
  /// but a stream that decompresses to more or fewer bytes than expected is an error.
  package static func inflate(_ input: UnsafeRawBufferPointer, expectedSize: Int) throws(Failure) -> [UInt8] {
    // Deflate expands at most about 1032:1, so a header promising more than that of the data's
    // size is short whatever it holds: 64 bytes claiming 11 585 × 11 585 pixels must not
    // allocate half a gigabyte to find out.
    let possible = input.count * maximumRatio + 1024
    if expectedSize > possible {
      do throws(Failure) {
        _ = try inflate(input, into: possible)
      } catch .short(let produced, _), .cut(let produced, _) {
        throw .short(produced: produced, expected: expectedSize)
      }
      throw .short(produced: possible, expected: expectedSize)
    }
    return try inflate(input, into: expectedSize)
  }

  private static func inflate(_ input: UnsafeRawBufferPointer, into expectedSize: Int) throws(Failure) -> [UInt8] {
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { stream.deallocate() }
    guard inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw .corrupt(message: "zlib could not start", produced: 0)
    }
    defer { inflateEnd(stream) }
    // One byte of room more than expected, so that a stream holding more is told apart.
    var output = [UInt8](repeating: 0, count: expectedSize + 1)
    let (status, produced) = output.withUnsafeMutableBufferPointer { out in
      stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
      stream.pointee.avail_in = uInt(input.count)
      stream.pointee.next_out = out.baseAddress
      stream.pointee.avail_out = uInt(out.count)
      // With Z_FINISH, one call: zlib returns Z_STREAM_END, or Z_BUF_ERROR when the input or
      // the room ran out first, or an error.
      let status = CZlib.inflate(stream, Z_FINISH)
      return (status, out.count - Int(stream.pointee.avail_out))
    }
    if produced > expectedSize { throw .long(expected: expectedSize) }
    switch status {
    case Z_STREAM_END:
      guard produced == expectedSize else { throw .short(produced: produced, expected: expectedSize) }
      output.removeLast()
      return output
    case Z_BUF_ERROR:
      throw .cut(produced: produced, expected: expectedSize)
    default:
      let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib status \(status)"
      throw .corrupt(message: message, produced: produced)
    }
  }
}
