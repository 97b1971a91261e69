import BarFramesImageIO
import CZlib

/// Bytes through our run-length deflater (``RunLengthDeflater``, `rle_deflate.c`), fed whole and
/// in pieces: zlib's `uncompress2` gives back the input from both streams, using the whole
/// stream (checksum included), and the two streams are the same bytes, as the deflater promises
/// whatever the cuts. At most an eighth larger than the input, plus the framing.
///
/// Input: a mode byte — bit 0: the data are (byte, run length) pairs, expanded, so runs reach
/// thousands of bytes; bits 1–3: how many cuts; bit 4: the data are repeated, each copy's
/// bytes offset by its number, past 32 KiB, so the encoder's blocks of 16 384 symbols fill —,
/// one byte for each cut's place, then the data.
package enum DeflateRoundTripFuzzing {
  static func check(_ bytes: [UInt8]) throws(FuzzFailure) -> FuzzOutcome {
    guard !bytes.isEmpty else { return .refused("no mode byte") }
    var input = FuzzInput(bytes)
    let mode = input.byte()
    let cutCount = Int(mode >> 1) & 7
    let cutPlaces = (0..<cutCount).map { _ in input.byte() }
    var data: [UInt8] = []
    if mode & 1 == 1 {
      var pairs = Array(input.remaining)
      if pairs.count % 2 == 1 { pairs.append(0) }
      // Up to 64 KiB, so that an input runs in milliseconds even with the sanitizers.
      for pair in stride(from: 0, to: pairs.count, by: 2) where data.count < 1 << 16 {
        // Run lengths 1…4096 around the copy-length limits (258, 3 + 255) and past them.
        let run = 1 + Int(pairs[pair + 1]) * 16 + Int(pairs[pair + 1] & 15)
        data += repeatElement(pairs[pair], count: run)
      }
    } else {
      data = Array(input.remaining)
    }
    if mode & 0x10 != 0 && !data.isEmpty {
      let copy = data
      var offset: UInt8 = 0
      while data.count < 1 << 15 {
        offset &+= 1
        data += copy.map { $0 &+ offset }
      }
    }
    let cuts = cutPlaces.map { Int($0) * data.count / 255 }.sorted()

    let whole: [UInt8]
    var pieced: [UInt8] = []
    do {
      let deflater = try RunLengthDeflater()
      whole = try data.withUnsafeBytes { raw in try deflater.compress(raw) }
      // The same deflater again: `begin()` must forget the first stream.
      try deflater.begin()
      try data.withUnsafeBytes { raw in
        var start = 0
        // Empty pieces too: a cut may repeat, or fall at either end.
        for (index, end) in (cuts + [data.count]).enumerated() {
          try deflater.compress(
            UnsafeRawBufferPointer(rebasing: raw[start..<end]), finish: index == cuts.count, appendingTo: &pieced)
          start = end
        }
      }
    } catch {
      throw FuzzFailure("the deflater compresses any bytes", "\(error)")
    }
    try checkInflates(whole, to: data, "the stream of the whole input")
    guard pieced == whole else {
      throw FuzzFailure(
        "the stream does not depend on the cuts",
        "cut at \(cuts): \(pieced.count) bytes, whole: \(whole.count) bytes")
    }
    // 2 header bytes, 4 of checksum, and at most 9 bits a literal (an eighth more) plus a
    // block's header and end, rounded up.
    let bound = 6 + data.count + data.count / 8 + 64 * (data.count / 16_384 + 1)
    guard whole.count <= bound else {
      throw FuzzFailure("the stream grows by at most an eighth", "\(data.count) bytes became \(whole.count)")
    }
    return .accepted
  }

  /// zlib's one-call inflate: `stream` must be one whole zlib stream giving exactly `data`.
  package static func checkInflates(_ stream: [UInt8], to data: [UInt8], _ what: String) throws(FuzzFailure) {
    // One byte of room more than expected, so that a stream that says more is caught.
    var output = [UInt8](repeating: 0, count: data.count + 1)
    var outputCount = uLongf(output.count)
    var consumed = uLong(stream.count)
    let status = uncompress2(&output, &outputCount, stream, &consumed)
    guard status == Z_OK else {
      throw FuzzFailure("zlib inflates \(what)", "status \(status) for \(data.count) bytes of input")
    }
    guard consumed == stream.count else {
      throw FuzzFailure(
        "zlib inflates \(what) to its end", "\(stream.count - Int(consumed)) bytes left after the stream")
    }
    guard Int(outputCount) == data.count, output[..<data.count].elementsEqual(data) else {
      let first =
        zip(output, data).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(Int(outputCount), data.count)
      throw FuzzFailure(
        "zlib gives back the input from \(what)", "\(outputCount) bytes for \(data.count), first difference at \(first)"
      )
    }
  }
}
