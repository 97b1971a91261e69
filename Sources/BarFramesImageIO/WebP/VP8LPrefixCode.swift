/// A canonical prefix code (Huffman code) for one alphabet of WebP's lossless format, built
/// from symbol counts, and its description in the bitstream (RFC 9649 §3.7.2.1).
///
/// A code that uses one symbol (or none) takes no bits per symbol, as VP8L decoders read it.
///
/// ```swift
/// let code = VP8LPrefixCode(counts: [5, 0, 1, 1], limit: 15)
/// code.lengths            // [1, 0, 2, 2]
/// code.writeDescription(to: &writer)
/// code.write(0, to: &writer)  // one bit
/// ```
struct VP8LPrefixCode {
  /// Each symbol's code length; 0 for a symbol that is not used.
  private(set) var lengths: [UInt8]
  /// Each symbol's code, bit-reversed so that `VP8LBitWriter` writes its first bit first.
  private var codes: [UInt16]
  /// Bits written per symbol: `lengths`, or all zero when a single symbol is used.
  private var writtenLengths: [UInt8]

  /// The longest code of an image alphabet, and of the code-length alphabet.
  static var maximumLength: Int { 15 }
  static var maximumCodeLengthLength: Int { 7 }

  /// The optimal code for `counts` with no code longer than `limit` bits.
  init(counts: [UInt32], limit: Int = VP8LPrefixCode.maximumLength) {
    var used: [Int] = []
    for symbol in counts.indices where counts[symbol] != 0 { used.append(symbol) }
    lengths = Self.codeLengths(counts: counts, used: used, limit: limit)
    codes = Self.canonicalCodes(lengths: lengths, used: used)
    writtenLengths = used.count > 1 ? lengths : [UInt8](repeating: 0, count: lengths.count)
  }

  /// Writes `symbol`'s code.
  @inline(__always)
  func write(_ symbol: Int, to writer: inout VP8LBitWriter) {
    writer.write(UInt32(codes[symbol]), bitCount: Int(writtenLengths[symbol]))
  }

  /// The bits `symbol`'s code takes.
  func length(of symbol: Int) -> Int { Int(writtenLengths[symbol]) }

  // MARK: - Building

  /// Huffman code lengths, limited to `limit` bits by flattening the smallest counts
  /// (counts below a floor are raised to it, the floor doubling until the code fits).
  static func codeLengths(counts: [UInt32], used: [Int], limit: Int) -> [UInt8] {
    var lengths = [UInt8](repeating: 0, count: counts.count)
    if used.count == 1 { lengths[used[0]] = 1 }
    guard used.count > 1 else { return lengths }
    let leafCount = used.count
    var order = [Int](repeating: 0, count: leafCount)
    var keys = [UInt64](repeating: 0, count: leafCount)
    var weight = [UInt64](repeating: 0, count: 2 * leafCount - 1)
    var parent = [Int](repeating: 0, count: 2 * leafCount - 1)
    var depth = [Int](repeating: 0, count: 2 * leafCount - 1)
    var floor: UInt32 = 1
    while true {
      // Leaves by weight (then symbol, so the code is the same everywhere), merged with the
      // internal nodes, which are made in increasing weight: two queues, no heap.
      for (i, symbol) in used.enumerated() { keys[i] = UInt64(max(counts[symbol], floor)) << 16 | UInt64(symbol) }
      keys.sort()
      for i in 0..<leafCount {
        order[i] = Int(keys[i] & 0xFFFF)
        weight[i] = keys[i] >> 16
      }
      var nextLeaf = 0
      var nextInternal = leafCount
      for node in leafCount..<(2 * leafCount - 1) {
        var children = (0, 0)
        for k in 0..<2 {
          let takeLeaf = nextLeaf < leafCount && (nextInternal >= node || weight[nextLeaf] <= weight[nextInternal])
          let child: Int
          if takeLeaf {
            child = nextLeaf
            nextLeaf += 1
          } else {
            child = nextInternal
            nextInternal += 1
          }
          if k == 0 { children.0 = child } else { children.1 = child }
        }
        weight[node] = weight[children.0] + weight[children.1]
        parent[children.0] = node
        parent[children.1] = node
      }
      depth[2 * leafCount - 2] = 0
      var deepest = 0
      for node in stride(from: 2 * leafCount - 3, through: 0, by: -1) {
        depth[node] = depth[parent[node]] + 1
        if node < leafCount { deepest = max(deepest, depth[node]) }
      }
      if deepest <= limit {
        for (i, symbol) in order.enumerated() { lengths[symbol] = UInt8(depth[i]) }
        return lengths
      }
      floor *= 2
    }
  }

  /// Canonical codes for `lengths` (shorter codes first, then by symbol), bit-reversed;
  /// `used` lists the symbols with a length, in increasing order.
  static func canonicalCodes(lengths: [UInt8], used: [Int]) -> [UInt16] {
    var countOfLength = [Int](repeating: 0, count: maximumLength + 1)
    for symbol in used { countOfLength[Int(lengths[symbol])] += 1 }
    var next = [Int](repeating: 0, count: maximumLength + 1)
    var code = 0
    for length in 1...maximumLength {
      code = (code + countOfLength[length - 1]) << 1
      next[length] = code
    }
    var codes = [UInt16](repeating: 0, count: lengths.count)
    for symbol in used {
      let length = Int(lengths[symbol])
      let value = next[length]
      next[length] += 1
      codes[symbol] = reversed(UInt16(value), length: length)
    }
    return codes
  }

  /// The low `length` bits of `value`, in reverse order.
  @inline(__always)
  static func reversed(_ value: UInt16, length: Int) -> UInt16 {
    let full = UInt16(reversedBytes[Int(value & 0xFF)]) << 8 | UInt16(reversedBytes[Int(value >> 8)])
    return full >> UInt16(16 - length)
  }

  private static let reversedBytes: [UInt8] = (0..<256).map { byte in
    var reversed: UInt8 = 0
    for bit in 0..<8 where byte & (1 << bit) != 0 { reversed |= 1 << (7 - bit) }
    return reversed
  }

  // MARK: - Description

  /// Writes the code's description: a "simple" code of one or two symbols below 256, or the
  /// code lengths, run-length coded under a code-length code.
  func writeDescription(to writer: inout VP8LBitWriter) {
    var symbols: [Int] = []
    for symbol in lengths.indices where lengths[symbol] > 0 {
      symbols.append(symbol)
      if symbols.count > 2 { break }
    }
    if symbols.isEmpty {
      // One symbol, 0, coded in no bits: simple, one symbol, a 1-bit symbol, 0.
      writer.write(0b0001, bitCount: 4)
    } else if symbols.count <= 2, symbols.allSatisfy({ $0 < 256 }) {
      writer.write(1, bitCount: 1)
      writer.write(UInt32(symbols.count - 1), bitCount: 1)
      if symbols[0] <= 1 {
        writer.write(0, bitCount: 1)
        writer.write(UInt32(symbols[0]), bitCount: 1)
      } else {
        writer.write(1, bitCount: 1)
        writer.write(UInt32(symbols[0]), bitCount: 8)
      }
      if symbols.count == 2 { writer.write(UInt32(symbols[1]), bitCount: 8) }
    } else {
      writeCodeLengths(to: &writer)
    }
  }

  /// The order in which the code-length code's own lengths are written.
  private static let codeLengthOrder = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

  /// One code-length symbol: a length 0…15, or 16 (repeat the previous non-zero length 3–6
  /// times), 17 (3–10 zeros) or 18 (11–138 zeros), with its extra bits.
  private struct Token {
    var packed: UInt16
    init(symbol: Int, extra: UInt32) { packed = UInt16(symbol) | UInt16(extra) << 5 }
    var symbol: Int { Int(packed & 0x1F) }
    var extra: UInt32 { UInt32(packed >> 5) }
  }

  @inline(__always)
  private static func extraBits(_ symbol: Int) -> Int {
    switch symbol {
    case 16: 2
    case 17: 3
    case 18: 7
    default: 0
    }
  }

  private func writeCodeLengths(to writer: inout VP8LBitWriter) {
    let tokens = Self.tokens(lengths)
    var counts = [UInt32](repeating: 0, count: 19)
    for token in tokens { counts[token.symbol] += 1 }
    let lengthCode = VP8LPrefixCode(counts: counts, limit: Self.maximumCodeLengthLength)

    writer.write(0, bitCount: 1)
    var written = 19
    while written > 4, lengthCode.lengths[Self.codeLengthOrder[written - 1]] == 0 { written -= 1 }
    writer.write(UInt32(written - 4), bitCount: 4)
    for i in 0..<written { writer.write(UInt32(lengthCode.lengths[Self.codeLengthOrder[i]]), bitCount: 3) }

    // Trailing zeros need not be written: a count of tokens ("max_symbol") can end the list,
    // which pays when they would take more than a dozen bits.
    var kept = tokens.count
    var trailingBits = 0
    while kept > 0, tokens[kept - 1].symbol == 0 || tokens[kept - 1].symbol >= 17 {
      let symbol = tokens[kept - 1].symbol
      trailingBits += lengthCode.length(of: symbol) + Self.extraBits(symbol)
      kept -= 1
    }
    let trims = kept > 1 && trailingBits > 12
    writer.write(trims ? 1 : 0, bitCount: 1)
    if trims {
      // max_symbol = 2 + ReadBits(2 + 2 × ReadBits(3)).
      let value = kept - 2
      let pairs = value == 0 ? 1 : (Int.bitWidth - value.leadingZeroBitCount - 1) / 2 + 1
      writer.write(UInt32(pairs - 1), bitCount: 3)
      writer.write(UInt32(value), bitCount: pairs * 2)
    }
    for token in tokens[0..<(trims ? kept : tokens.count)] {
      lengthCode.write(token.symbol, to: &writer)
      writer.write(token.extra, bitCount: Self.extraBits(token.symbol))
    }
  }

  /// `lengths` run-length coded; the length repeated by 16 starts as 8.
  private static func tokens(_ lengths: [UInt8]) -> [Token] {
    var tokens: [Token] = []
    tokens.reserveCapacity(64)
    var previous = 8
    var i = 0
    while i < lengths.count {
      let value = Int(lengths[i])
      var end = i + 1
      while end < lengths.count, lengths[end] == lengths[i] { end += 1 }
      var run = end - i
      i = end
      if value == 0 {
        while run > 0 {
          if run < 3 {
            for _ in 0..<run { tokens.append(Token(symbol: 0, extra: 0)) }
            run = 0
          } else if run < 11 {
            tokens.append(Token(symbol: 17, extra: UInt32(run - 3)))
            run = 0
          } else {
            let count = min(run, 138)
            tokens.append(Token(symbol: 18, extra: UInt32(count - 11)))
            run -= count
          }
        }
        continue
      }
      if value != previous {
        tokens.append(Token(symbol: value, extra: 0))
        run -= 1
        previous = value
      }
      while run > 0 {
        if run < 3 {
          for _ in 0..<run { tokens.append(Token(symbol: value, extra: 0)) }
          run = 0
        } else {
          let count = min(run, 6)
          tokens.append(Token(symbol: 16, extra: UInt32(count - 3)))
          run -= count
        }
      }
    }
    return tokens
  }
}
