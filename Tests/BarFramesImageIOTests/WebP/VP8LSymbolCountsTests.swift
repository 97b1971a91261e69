import Testing

@testable import BarFramesImageIO

/// Symbol counts that visit and clear only the symbols counted must read exactly like a plain
/// array of counts scanned from end to end, and leave nothing behind for the next user.
@Suite("VP8L symbol counts: only the counted symbols, in order, cleared after use")
struct VP8LSymbolCountsTests {
  /// A fixed pseudo-random sequence.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
  }

  /// Non-zero counts of `plain[start..<start + count]`, as (index from `start`, count).
  static func nonZero(_ plain: [UInt32], from start: Int, count: Int) -> [[Int]] {
    (0..<count).compactMap { plain[start + $0] == 0 ? nil : [$0, Int(plain[start + $0])] }
  }

  static func visited(_ counts: VP8LSymbolCounts, from start: Int, count: Int) -> [[Int]] {
    var seen: [[Int]] = []
    counts.forEachCounted(from: start, count: count) { seen.append([$0, Int($1)]) }
    return seen
  }

  @Test("Each range, aligned to the bitmap's 64-symbol words or not, reads as the plain counts do")
  func rangesReadAsPlainCounts() {
    let counts = VP8LSymbolCounts(capacity: 2112)
    var random = Generator(state: 7)
    // Ranges as the encoder uses them (green with a cache of 16, then red, blue, alpha,
    // distance) and ones that start and end inside a word or on its last symbol.
    let ranges = [(0, 296), (296, 256), (552, 256), (808, 256), (1064, 40), (63, 2), (64, 64), (5, 1), (2047, 65)]
    for round in 0..<3 {
      counts.reserve(2112)
      var plain = [UInt32](repeating: 0, count: 2112)
      // Sparse counts, clustered like an image's symbols, some removed again down to zero.
      for _ in 0..<(40 + 100 * round) {
        let symbol = random.next(4) == 0 ? random.next(2112) : 60 + random.next(10)
        counts.add(symbol)
        plain[symbol] += 1
      }
      for symbol in [60, 61, 62] where plain[symbol] > 0 {
        while plain[symbol] > 0 {
          counts.remove(symbol)
          plain[symbol] -= 1
        }
      }
      for (start, count) in ranges {
        #expect(
          Self.visited(counts, from: start, count: count) == Self.nonZero(plain, from: start, count: count),
          "round \(round), symbols \(start)..<\(start + count)")
      }
      counts.removeAll()
      // Nothing is left for the next user, anywhere.
      #expect((0..<2112).allSatisfy { counts.counts[$0] == 0 }, "round \(round)")
      counts.reserve(2112)
      #expect(Self.visited(counts, from: 0, count: 2112).isEmpty)
      counts.removeAll()
    }
  }

  @Test("A prefix code built from symbol counts at an offset is the code built from the same counts in an array")
  func prefixCodeFromSymbolCounts() {
    let counts = VP8LSymbolCounts(capacity: 2112)
    let code = VP8LPrefixCode(capacity: 1304)
    var random = Generator(state: 11)
    // Alphabets of the encoder's sizes, one after the other on the same code (each build
    // forgets the last one's symbols), with 0, 1, 2 and many symbols used.
    for (round, (start, size, used)) in [
      (0, 1304, 300), (296, 256, 2), (1064, 40, 0), (552, 256, 1), (0, 280, 40), (808, 256, 90), (0, 1304, 5),
    ].enumerated() {
      counts.reserve(2112)
      var plain = [UInt32](repeating: 0, count: size)
      for _ in 0..<used {
        let symbol = random.next(size)
        let times = 1 + random.next(random.next(2) == 0 ? 3 : 200)
        for _ in 0..<times { counts.add(start + symbol) }
        plain[symbol] += UInt32(times)
      }
      code.build(counts, from: start, count: size)
      counts.removeAll()
      let reference = VP8LPrefixCode(counts: plain)
      #expect(code.lengths == reference.lengths, "round \(round)")
      func description(_ code: VP8LPrefixCode) -> [UInt8] {
        var writer = VP8LBitWriter(storage: VP8LScratch())
        code.writeDescription(to: &writer)
        for symbol in plain.indices where plain[symbol] > 0 { code.write(symbol, to: &writer) }
        return Array(writer.finish())
      }
      #expect(description(code) == description(reference), "round \(round)")
    }
  }
}
