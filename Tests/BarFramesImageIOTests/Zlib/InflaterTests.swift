import BarFramesTestSupport
import Testing

@testable import BarFramesImageIO

/// The decoder sizes its buffer from the PNG header; deflate expands at most about 1032:1, so
/// a header promising far more than its data can hold is short without allocating it (issue 15:
/// memory must not grow faster than the input — 64 bytes claiming 11 585 × 11 585 px made the
/// golden reader allocate 512 MiB).
@Suite struct InflaterTests {
  static let rows = PNGFixture.rgbaRows(width: 3, height: 2)

  @Test func aStreamOfTheExpectedSizeInflates() throws {
    let bytes = try PNGFixture.zlib(Self.rows).withUnsafeBytes {
      try Inflater.inflate($0, expectedSize: Self.rows.count)
    }
    #expect(bytes == Self.rows)
  }

  /// A terabyte could never be allocated: without the bound this traps.
  @Test func anImpossibleSizeIsShortWithoutAllocatingIt() {
    #expect(throws: Inflater.Failure.short(produced: Self.rows.count, expected: 1 << 40)) {
      try PNGFixture.zlib(Self.rows).withUnsafeBytes { try Inflater.inflate($0, expectedSize: 1 << 40) }
    }
  }

  /// The failures PNGCheck words differently: a stream that ends early, one cut short, one
  /// holding more; bytes after a whole stream are padding.
  @Test func eachWayOfMissingTheSizeIsTold() throws {
    let stream = PNGFixture.zlib(Self.rows)
    let count = Self.rows.count
    #expect(throws: Inflater.Failure.short(produced: count, expected: count + 1)) {
      try stream.withUnsafeBytes { try Inflater.inflate($0, expectedSize: count + 1) }
    }
    #expect(throws: Inflater.Failure.long(expected: count - 1)) {
      try stream.withUnsafeBytes { try Inflater.inflate($0, expectedSize: count - 1) }
    }
    // Stored blocks: the stream minus its checksum and last 3 bytes holds all but 3 bytes.
    #expect(throws: Inflater.Failure.cut(produced: count - 3, expected: count)) {
      try Array(stream.dropLast(7)).withUnsafeBytes { try Inflater.inflate($0, expectedSize: count) }
    }
    #expect(throws: Inflater.Failure.corrupt(message: "incorrect header check", produced: 0)) {
      try ([0x78, 0x02] + stream.dropFirst(2)).withUnsafeBytes { try Inflater.inflate($0, expectedSize: count) }
    }
    let padded = try (stream + [0, 0, 0]).withUnsafeBytes { try Inflater.inflate($0, expectedSize: count) }
    #expect(padded == Self.rows)
  }

  @Test func aHeaderClaimingTooManyPixelsIsTooShort() {
    // 11 585 × 11 585 RGBA, just under the decoder's pixel limit, over 6 bytes of rows.
    let png = PNGFixture.file([
      PNGFixture.header(width: 11585, height: 11585), PNGFixture.chunk("IDAT", PNGFixture.zlib([0, 1, 2, 3, 4, 5])),
      PNGFixture.chunk("IEND", []),
    ])
    #expect(throws: PNGDecodingError.imageDataTooShort(bytes: 6, expected: 11585 * (1 + 11585 * 4))) {
      try PNGDecoder.decode(png)
    }
  }
}
