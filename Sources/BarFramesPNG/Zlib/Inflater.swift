import CZlib

/// Decompresses a zlib stream whose decompressed size is known in advance (PNG image data).
package enum Inflater {
  package enum Failure: Error, Equatable {
    /// The stream ended (or the input ran out) after `produced` of `expected` bytes.
    case short(produced: Int, expected: Int)
    /// The stream decompresses to more than the expected size.
    case long(expected: Int)
    /// zlib rejected the data; `message` is zlib's own explanation when it gave one.
    case corrupt(message: String)
  }

  /// Inflates `input` into exactly `expectedSize` bytes.
  ///
  /// Trailing bytes after the end of the zlib stream are tolerated (some encoders pad IDAT),
  /// but a stream that decompresses to more or fewer bytes than expected is an error.
  package static func inflate(_ input: UnsafeRawBufferPointer, expectedSize: Int) throws(Failure) -> [UInt8] {
    // Deflate expands at most about 1032:1, so a header promising more than that of the data's
    // size is short whatever it holds: 64 bytes claiming 11 585 × 11 585 pixels must not
    // allocate half a gigabyte to find out (issue 15).
    let possible = input.count * maximumRatio + 1024
    if expectedSize > possible {
      let produced = try inflate(input, expectedSize: possible, acceptShort: true).count
      throw .short(produced: produced, expected: expectedSize)
    }
    return try inflate(input, expectedSize: expectedSize, acceptShort: false)
  }

  /// The most bytes deflate produces from one byte of input (258 bytes for every 2 bits, at best).
  package static let maximumRatio = 1032

  private static func inflate(
    _ input: UnsafeRawBufferPointer, expectedSize: Int, acceptShort: Bool
  ) throws(Failure) -> [UInt8] {
    var stream = z_stream()
    var output = [UInt8](repeating: 0, count: expectedSize)
    var failure: Failure?
    withUnsafeMutablePointer(to: &stream) { stream in
      guard inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
        failure = .corrupt(message: "inflateInit failed")
        return
      }
      defer { inflateEnd(stream) }
      output.withUnsafeMutableBufferPointer { out in
        stream.pointee.next_in = UnsafeMutablePointer(
          mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = out.baseAddress
        stream.pointee.avail_out = uInt(out.count)
        while true {
          let status = CZlib.inflate(stream, Z_NO_FLUSH)
          let produced = out.count - Int(stream.pointee.avail_out)
          switch status {
          case Z_STREAM_END:
            if produced != out.count { failure = .short(produced: produced, expected: out.count) }
            return
          case Z_OK:
            continue
          case Z_BUF_ERROR:
            // No progress possible: either the output is full (too much data) or the input ran out.
            if stream.pointee.avail_out == 0 && out.count > 0 {
              var probe: UInt8 = 0
              let more = withUnsafeMutablePointer(to: &probe) { probe -> Int32 in
                stream.pointee.next_out = probe
                stream.pointee.avail_out = 1
                return CZlib.inflate(stream, Z_NO_FLUSH)
              }
              if more == Z_STREAM_END && stream.pointee.avail_out == 1 { return }
              failure = .long(expected: out.count)
            } else {
              failure = .short(produced: produced, expected: out.count)
            }
            return
          default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib status \(status)"
            failure = .corrupt(message: message)
            return
          }
        }
      }
    }
    if let failure {
      if acceptShort, case .short(let produced, _) = failure { return Array(output[..<produced]) }
      throw failure
    }
    return output
  }
}
