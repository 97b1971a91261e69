import CBarFramesKernels
import CZlib
import Testing

@testable import BarFramesImageIO

/// The run-length deflater writes its own DEFLATE data: every stream must inflate, with zlib's
/// own decoder and checksum, to exactly its input, however the input was cut into pieces, and
/// be about as small as zlib's `Z_RLE` stream of the same bytes.
@Suite struct RunLengthDeflaterTests {
  /// zlib's `uncompress`: the whole stream checked (header, data, Adler-32), or nil.
  static func inflate(_ stream: [UInt8], expectedCount: Int) -> [UInt8]? {
    var output = [UInt8](repeating: 0, count: expectedCount + 16)
    var length = uLongf(output.count)
    let status = output.withUnsafeMutableBufferPointer { out in
      stream.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
    }
    guard status == Z_OK else { return nil }
    return Array(output[0..<Int(length)])
  }

  static func compressed(_ input: [UInt8], pieces: [Int] = []) throws -> [UInt8] {
    let deflater = try RunLengthDeflater()
    try deflater.begin()
    var out: [UInt8] = []
    var start = 0
    for size in pieces where start + size < input.count {
      try input[start..<(start + size)].withUnsafeBytes { try deflater.compress($0, finish: false, appendingTo: &out) }
      start += size
    }
    try input[start...].withUnsafeBytes { try deflater.compress($0, finish: true, appendingTo: &out) }
    return out
  }

  /// Runs of one byte of the given lengths, each byte differing from the one before.
  static func runs(_ lengths: [Int]) -> [UInt8] {
    var bytes: [UInt8] = []
    for (k, length) in lengths.enumerated() {
      bytes += [UInt8](repeating: UInt8(truncatingIfNeeded: 37 * k + 200), count: length)
    }
    return bytes
  }

  static let inputs: [(String, [UInt8])] = [
    ("empty", []),
    ("one byte", [7]),
    // Too short for a code of its own: the fixed code, with 9-bit literals (144…255).
    ("a few high bytes", [200, 201, 150, 255, 144, 144, 144, 144, 143, 0]),
    // Copies are 3…258 long: runs at and around the edges, and ones that split into several.
    ("runs around the copy lengths", runs([1, 2, 3, 4, 5, 257, 258, 259, 260, 261, 262, 516, 517, 518, 519, 1000])),
    ("a megabyte of zeros", [UInt8](repeating: 0, count: 1 << 20)),
    // Literals of 144…255 have 9-bit fixed codes, and 286, 287 take part in the fixed code.
    ("every byte value, no runs", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }),
    // Well over 16 384 symbols: several blocks, a run across their boundaries.
    ("noise and runs over many blocks", DeflaterTests.bytes(200_000, seed: 3, runs: true)),
    ("noise over many blocks", DeflaterTests.bytes(100_000, seed: 9)),
    // A block holds 16 384 symbols: the next one, a byte seen nowhere else, opens the second
    // block, whose code must have it.
    ("a byte found only at the start of a block", (0..<16_384).map { UInt8($0 % 2) } + [77] + (0..<5000).map { UInt8($0 % 2) }),
  ]

  @Test("Every stream inflates with zlib to exactly its input", arguments: inputs.indices)
  func roundTrip(case index: Int) throws {
    let (name, input) = Self.inputs[index]
    let stream = try Self.compressed(input)
    #expect(Self.inflate(stream, expectedCount: input.count) == input, "\(name)")
    #expect(Array(stream.prefix(2)) == Deflater.zlibHeader(level: 1, strategy: Z_RLE))
  }

  @Test("A short input is written with the fixed code, a long one with its own")
  func blockTypes() throws {
    // The first block's type: bits 1–2 of the byte after the zlib header (1 fixed, 2 own).
    func blockType(_ input: [UInt8]) throws -> UInt8 { (try Self.compressed(input)[2] >> 1) & 3 }
    #expect(try blockType(Self.inputs[2].1) == 1)
    #expect(try blockType(DeflaterTests.bytes(50_000, seed: 3, runs: true)) == 2)
  }

  @Test("Pieces of any sizes give the bytes of the whole input at once", arguments: inputs.indices)
  func piecesDoNotChangeTheStream(case index: Int) throws {
    let input = Self.inputs[index].1
    let whole = try Self.compressed(input)
    // Cuts inside runs, at their ends, single bytes and empty pieces.
    for pieces in [[1], [0, 1, 0, 2, 3], [257, 1, 258], [4096, 8191], Array(repeating: 13, count: 200)] {
      let cut = try Self.compressed(input, pieces: pieces)
      #expect(cut == whole, "pieces \(pieces.prefix(5))")
    }
  }

  @Test("The stream is about the size of zlib's run-length stream of the same bytes")
  func sizeMatchesZlib() throws {
    let input = DeflaterTests.bytes(300_000, seed: 5, runs: true)
    let ours = try Self.compressed(input)
    let zlibs = try DeflaterTests.zlibStream(input, level: 1, strategy: Z_RLE)
    #expect(Double(ours.count) <= Double(zlibs.count) * 1.01, "\(ours.count) bytes against zlib's \(zlibs.count)")
    #expect(Double(ours.count) >= Double(zlibs.count) * 0.9, "\(ours.count) bytes against zlib's \(zlibs.count)")
  }

  @Test("Data without runs grows by at most an eighth")
  func incompressibleDataIsBounded() throws {
    let input = DeflaterTests.bytes(70_000, seed: 21)
    let stream = try Self.compressed(input)
    #expect(stream.count <= input.count + input.count / 8 + 64)
    #expect(Self.inflate(stream, expectedCount: input.count) == input)
  }

  /// Kraft's sum of the lengths, in units of 2^-limit (a full code sums to 2^limit).
  static func kraft(_ lengths: [UInt8], limit: Int) -> Int {
    lengths.filter { $0 > 0 }.reduce(0) { $0 + 1 << (limit - Int($1)) }
  }

  @Test(
    "Code lengths stay within the limit and make a full code, however skewed the counts",
    arguments: [(286, 15), (19, 7), (30, 15)])
  func lengthLimitedCodes(symbols: Int, limit: Int) {
    // Fibonacci counts make a Huffman tree as deep as there are symbols.
    var counts = [UInt32](repeating: 0, count: symbols)
    var (a, b): (UInt32, UInt32) = (1, 1)
    for i in 0..<min(symbols, 30) {
      counts[i] = a
      (a, b) = (b, a &+ b)
    }
    var lengths = [UInt8](repeating: 0, count: symbols)
    barframes_huffman_lengths(counts, Int32(symbols), Int32(limit), &lengths)
    let used = lengths.filter { $0 > 0 }
    #expect(used.count == counts.filter { $0 > 0 }.count)
    #expect(used.allSatisfy { Int($0) <= limit })
    #expect(Self.kraft(lengths, limit: limit) == 1 << limit)
    // The rarer symbol never gets the shorter code.
    for i in 0..<(symbols - 1) where counts[i] > 0 && counts[i + 1] > counts[i] {
      #expect(lengths[i] >= lengths[i + 1])
    }
  }

  @Test func oneUsedSymbolGetsOneBit() {
    var counts = [UInt32](repeating: 0, count: 19)
    counts[4] = 9
    var lengths = [UInt8](repeating: 9, count: 19)
    barframes_huffman_lengths(counts, 19, 7, &lengths)
    #expect(lengths == (0..<19).map { $0 == 4 ? 1 : 0 })
  }
}
