/// A canonical prefix code (Huffman code) for one alphabet of WebP's lossless format, built
/// from symbol counts, and its description in the bitstream (RFC 9649 §3.7.2.1).
///
/// A code that uses one symbol (or none) takes no bits per symbol, as VP8L decoders read it.
///
/// When many symbols are used, the code for the counts evened out (neighbouring counts that
/// are close made equal, so lengths repeat and the description is short) is made too, and
/// whichever takes fewer bits in all is kept.
///
/// An encoder keeps one code per alphabet and rebuilds it for each image with
/// ``build(counts:symbolCount:limit:)``: the code owns all the memory that building and
/// describing it needs, sized for the largest alphabet it was made for, so rebuilding
/// allocates nothing.
///
/// ```swift
/// let code = VP8LPrefixCode(counts: [5, 0, 1, 1], limit: 15)
/// code.lengths            // [1, 0, 2, 2]
/// code.writeDescription(to: &writer)
/// code.write(0, to: &writer)  // one bit
/// ```
final class VP8LPrefixCode {
  /// The largest alphabet this code can be built for.
  let capacity: Int
  /// The symbols of the alphabet it was last built for.
  private(set) var symbolCount = 0
  /// Each symbol's code length; 0 for a symbol that is not used.
  private let lengthOf: UnsafeMutablePointer<UInt8>
  /// Each symbol's code, bit-reversed so that `VP8LBitWriter` writes its first bit first, in
  /// the low 16 bits, and the bits written for it above: its length, or zero when a single
  /// symbol is used.
  ///
  /// Both are zero but at the symbols in `used`, over the whole capacity: a build zeroes the
  /// last build's symbols only, not the whole alphabet (most codes use a few dozen symbols).
  private let entries: UnsafeMutablePointer<UInt32>
  /// The symbols with a length, in increasing order.
  private let used: UnsafeMutablePointer<Int32>
  private var usedCount = 0
  /// Building: leaves as (weight, symbol) keys, and each node's weight, parent and depth.
  private let keys: UnsafeMutablePointer<UInt64>
  private let weight: UnsafeMutablePointer<UInt64>
  private let parent: UnsafeMutablePointer<Int32>
  private let depth: UnsafeMutablePointer<Int32>
  /// Describing: the run-length coded lengths, their counts and their code (none for the
  /// code-length alphabet itself, whose lengths are written plainly).
  private let tokens: UnsafeMutablePointer<Token>
  private let tokenCounts: UnsafeMutablePointer<UInt32>
  private let lengthCode: VP8LPrefixCode?
  /// Trying the code for counts evened out (see ``evenOut(_:count:)``): those counts, each
  /// symbol's mark (its count is part of a long run already), and the plain code's symbols
  /// and lengths, kept in case it is the smaller.
  private let evened: UnsafeMutablePointer<UInt32>
  private let inRun: UnsafeMutablePointer<Bool>
  private let plainUsed: UnsafeMutablePointer<Int32>
  private let plainLengths: UnsafeMutablePointer<UInt8>

  /// The longest code of an image alphabet, and of the code-length alphabet.
  static var maximumLength: Int { 15 }
  static var maximumCodeLengthLength: Int { 7 }
  /// The code-length alphabet: lengths 0…15 and the three repeat codes.
  static var codeLengthSymbols: Int { 19 }

  /// An empty code for alphabets of up to `capacity` symbols.
  init(capacity: Int) {
    precondition(capacity >= 1 && capacity <= 0xFFFF)
    self.capacity = capacity
    lengthOf = .allocate(capacity: capacity)
    lengthOf.initialize(repeating: 0, count: capacity)
    entries = .allocate(capacity: capacity)
    entries.initialize(repeating: 0, count: capacity)
    used = .allocate(capacity: capacity)
    keys = .allocate(capacity: capacity)
    weight = .allocate(capacity: 2 * capacity)
    parent = .allocate(capacity: 2 * capacity)
    depth = .allocate(capacity: 2 * capacity)
    tokens = .allocate(capacity: capacity)
    tokenCounts = .allocate(capacity: Self.codeLengthSymbols)
    lengthCode = capacity > Self.codeLengthSymbols ? VP8LPrefixCode(capacity: Self.codeLengthSymbols) : nil
    evened = .allocate(capacity: capacity)
    inRun = .allocate(capacity: capacity)
    plainUsed = .allocate(capacity: capacity)
    plainLengths = .allocate(capacity: capacity)
  }

  /// The optimal code for `counts` with no code longer than `limit` bits.
  convenience init(counts: [UInt32], limit: Int = VP8LPrefixCode.maximumLength) {
    self.init(capacity: max(counts.count, 1))
    counts.withUnsafeBufferPointer { build(counts: $0.baseAddress!, symbolCount: counts.count, limit: limit) }
  }

  deinit {
    lengthOf.deallocate()
    entries.deallocate()
    used.deallocate()
    keys.deallocate()
    weight.deallocate()
    parent.deallocate()
    depth.deallocate()
    tokens.deallocate()
    tokenCounts.deallocate()
    evened.deallocate()
    inRun.deallocate()
    plainUsed.deallocate()
    plainLengths.deallocate()
  }

  /// Each symbol's code length; 0 for a symbol that is not used.
  var lengths: [UInt8] { Array(UnsafeBufferPointer(start: lengthOf, count: symbolCount)) }

  /// Writes `symbol`'s code.
  @inline(__always)
  func write(_ symbol: Int, to writer: inout VP8LBitWriter) {
    let entry = entries[symbol]
    writer.write(entry & 0xFFFF, bitCount: Int(entry >> 16))
  }

  /// The bits `symbol`'s code takes.
  func length(of symbol: Int) -> Int { Int(entries[symbol] >> 16) }

  // MARK: - Building

  /// Makes this the optimal code for the first `symbolCount` counts, with no code longer than
  /// `limit` bits.
  func build(counts: UnsafePointer<UInt32>, symbolCount: Int, limit: Int = VP8LPrefixCode.maximumLength) {
    startBuilding(symbolCount: symbolCount)
    var usedCount = 0
    counts.forEachNonZero(count: symbolCount) { symbol, _ in
      used[usedCount] = Int32(symbol)
      usedCount += 1
    }
    finishBuilding(counts: counts, usedCount: usedCount, limit: limit)
  }

  /// Makes this the optimal code for symbols `start..<start + symbolCount` of `symbols` (the
  /// code's symbol 0 is `start`), with no code longer than `limit` bits: the same code as
  /// ``build(counts:symbolCount:limit:)`` makes from those counts, looking at the counted
  /// symbols only.
  func build(
    _ symbols: VP8LSymbolCounts, from start: Int, count symbolCount: Int, limit: Int = VP8LPrefixCode.maximumLength
  ) {
    startBuilding(symbolCount: symbolCount)
    var usedCount = 0
    let used = self.used
    symbols.forEachCounted(from: start, count: symbolCount) { symbol, _ in
      used[usedCount] = Int32(symbol)
      usedCount += 1
    }
    finishBuilding(counts: symbols.counts + start, usedCount: usedCount, limit: limit)
  }

  /// Forgets the last code: zeroes its symbols' lengths and codes.
  private func startBuilding(symbolCount: Int) {
    precondition(symbolCount <= capacity)
    self.symbolCount = symbolCount
    for i in 0..<usedCount {
      let symbol = Int(used[i])
      lengthOf[symbol] = 0
      entries[symbol] = 0
    }
    usedCount = 0
  }

  /// Sets the lengths and codes of the `usedCount` symbols in `used`.
  private func finishBuilding(counts: UnsafePointer<UInt32>, usedCount: Int, limit: Int) {
    self.usedCount = usedCount
    if usedCount == 1 { lengthOf[Int(used[0])] = 1 }
    guard usedCount > 1 else { return }
    setLengths(counts: counts, limit: limit)
    if usedCount >= Self.fewestEvenedSymbols, lengthCode != nil {
      var total = 0
      for i in 0..<usedCount { total += Int(counts[Int(used[i])]) }
      if total < Self.mostEvenedUses * usedCount { tryEvenedCounts(counts, limit: limit) }
    }
    setCanonicalCodes()
  }

  /// The fewest symbols used for which a code for evened-out counts is tried: with fewer, the
  /// description is short anyway.
  static var fewestEvenedSymbols: Int { 16 }
  /// The most uses a symbol, on average, for which a code for evened-out counts is tried: with
  /// more, the symbols coded outweigh the description, and a looser fit would cost more than
  /// a shorter description saves.
  static var mostEvenedUses: Int { 16 }

  /// Replaces the code just made for `counts` with the one for the counts evened out, if that
  /// takes fewer bits, description and coded symbols together. Many symbols used a few times
  /// each (the colours of antialiased edges, each a handful of times) make Huffman lengths
  /// that differ from one symbol to the next, and gaps of unused symbols between them: their
  /// description can cost more than the symbols coded with them. Evened out, neighbouring
  /// symbols get one length, which the description repeats in a few bits, at the price of a
  /// slightly worse fit (and of codes for a few unused symbols).
  private func tryEvenedCounts(_ counts: UnsafePointer<UInt32>, limit: Int) {
    let plainBits = dataBits(counts) + descriptionBits()
    let plainCount = usedCount
    for i in 0..<plainCount {
      plainUsed[i] = used[i]
      plainLengths[i] = lengthOf[Int(used[i])]
    }
    let end = Int(used[plainCount - 1]) + 1
    evened.update(from: counts, count: end)
    Self.evenOut(evened, count: end, marks: inRun)
    for i in 0..<plainCount { lengthOf[Int(used[i])] = 0 }
    var count = 0
    for symbol in 0..<end where evened[symbol] != 0 {
      used[count] = Int32(symbol)
      count += 1
    }
    usedCount = count
    setLengths(counts: evened, limit: limit)
    if dataBits(counts) + descriptionBits() < plainBits { return }
    for i in 0..<usedCount { lengthOf[Int(used[i])] = 0 }
    usedCount = plainCount
    for i in 0..<plainCount {
      used[i] = plainUsed[i]
      lengthOf[Int(used[i])] = plainLengths[i]
    }
  }

  /// The bits that the symbols counted in `counts` take with the current lengths.
  private func dataBits(_ counts: UnsafePointer<UInt32>) -> Int {
    var bits = 0
    for i in 0..<usedCount {
      let symbol = Int(used[i])
      bits += Int(counts[symbol]) * Int(lengthOf[symbol])
    }
    return bits
  }

  /// Evens out the first `count` of `counts` so that their code lengths come in runs: a
  /// stretch of four or more counts that all lie within a few of the stretch's mean becomes
  /// that mean (at least 1, unless all were zero), so its symbols get one length; stretches
  /// already of one count (five zeros, seven of another count) are left as they are, since
  /// the description repeats them already. `marks` is scratch space for `count` flags.
  static func evenOut(_ counts: UnsafeMutablePointer<UInt32>, count: Int, marks: UnsafeMutablePointer<Bool>) {
    marks.update(repeating: false, count: count)
    var start = 0
    while start < count {
      var end = start + 1
      while end < count, counts[end] == counts[start] { end += 1 }
      if end - start >= (counts[start] == 0 ? 5 : 7) { (marks + start).update(repeating: true, count: end - start) }
      start = end
    }
    /// The mean of `count` counts of total `sum`, rounded.
    @inline(__always) func mean(_ sum: UInt64, _ count: Int) -> UInt64 { (sum + UInt64(count / 2)) / UInt64(count) }
    var stride = 0
    var sum: UInt64 = 0
    var target: UInt64 = 0
    for i in 0...count {
      let ends =
        i == count || marks[i] || (i > 0 && marks[i - 1])
        || (UInt64(counts[i]) > target ? UInt64(counts[i]) - target : target - UInt64(counts[i])) >= 4
      if ends {
        if stride >= 4 || (stride >= 3 && sum == 0) {
          let value = sum == 0 ? 0 : max(mean(sum, stride), 1)
          (counts + i - stride).update(repeating: UInt32(truncatingIfNeeded: value), count: stride)
        }
        stride = 0
        sum = 0
        if i + 4 <= count {
          target = mean(UInt64(counts[i]) + UInt64(counts[i + 1]) + UInt64(counts[i + 2]) + UInt64(counts[i + 3]), 4)
        } else {
          target = i < count ? UInt64(counts[i]) : 0
        }
      }
      stride += 1
      if i < count {
        sum += UInt64(counts[i])
        if stride >= 4 { target = mean(sum, stride) }
      }
    }
  }

  /// Huffman code lengths, limited to `limit` bits by flattening the smallest counts
  /// (counts below a floor are raised to it, the floor doubling until the code fits).
  private func setLengths(counts: UnsafePointer<UInt32>, limit: Int) {
    let leafCount = usedCount
    var floor: UInt32 = 1
    while true {
      // Leaves by weight (then symbol, so the code is the same everywhere), merged with the
      // internal nodes, which are made in increasing weight: two queues, no heap.
      for i in 0..<leafCount {
        let symbol = Int(used[i])
        keys[i] = UInt64(max(counts[symbol], floor)) << 16 | UInt64(symbol)
      }
      var sorted = UnsafeMutableBufferPointer(start: keys, count: leafCount)
      sorted.sort()
      for i in 0..<leafCount { weight[i] = keys[i] >> 16 }
      var nextLeaf = 0
      var nextInternal = leafCount
      for node in leafCount..<(2 * leafCount - 1) {
        var sum: UInt64 = 0
        for _ in 0..<2 {
          let child: Int
          if nextLeaf < leafCount && (nextInternal >= node || weight[nextLeaf] <= weight[nextInternal]) {
            child = nextLeaf
            nextLeaf += 1
          } else {
            child = nextInternal
            nextInternal += 1
          }
          sum += weight[child]
          parent[child] = Int32(node)
        }
        weight[node] = sum
      }
      depth[2 * leafCount - 2] = 0
      var deepest: Int32 = 0
      for node in stride(from: 2 * leafCount - 3, through: 0, by: -1) {
        depth[node] = depth[Int(parent[node])] + 1
        if node < leafCount { deepest = max(deepest, depth[node]) }
      }
      if deepest <= limit {
        for i in 0..<leafCount { lengthOf[Int(keys[i] & 0xFFFF)] = UInt8(depth[i]) }
        return
      }
      floor *= 2
    }
  }

  /// Canonical codes for the lengths (shorter codes first, then by symbol), bit-reversed.
  private func setCanonicalCodes() {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (Self.maximumLength + 1)) { scratch in
      let countOfLength = scratch.baseAddress!
      let next = countOfLength + Self.maximumLength + 1
      countOfLength.update(repeating: 0, count: Self.maximumLength + 1)
      for i in 0..<usedCount { countOfLength[Int(lengthOf[Int(used[i])])] += 1 }
      var code = 0
      next[0] = 0
      for length in 1...Self.maximumLength {
        code = (code + countOfLength[length - 1]) << 1
        next[length] = code
      }
      for i in 0..<usedCount {
        let symbol = Int(used[i])
        let length = Int(lengthOf[symbol])
        let value = next[length]
        next[length] += 1
        entries[symbol] = UInt32(Self.reversed(UInt16(value), length: length)) | UInt32(length) << 16
      }
    }
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
    if usedCount == 0 {
      // One symbol, 0, coded in no bits: simple, one symbol, a 1-bit symbol, 0.
      writer.write(0b0001, bitCount: 4)
    } else if usedCount <= 2, used[usedCount - 1] < 256 {
      let first = UInt32(used[0])
      writer.write(1, bitCount: 1)
      writer.write(UInt32(usedCount - 1), bitCount: 1)
      if first <= 1 {
        writer.write(0, bitCount: 1)
        writer.write(first, bitCount: 1)
      } else {
        writer.write(1, bitCount: 1)
        writer.write(first, bitCount: 8)
      }
      if usedCount == 2 { writer.write(UInt32(used[1]), bitCount: 8) }
    } else {
      writeCodeLengths(to: &writer)
    }
  }

  /// The order in which the code-length code's own lengths are written.
  private static let codeLengthOrder: [UInt8] = [
    17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
  ]

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

  /// How the code lengths are described: the tokens, the code-length code's lengths written,
  /// the tokens written (trailing zeros may be left out), and the description's bits.
  private struct LengthsPlan {
    var tokenCount: Int
    var written: Int
    var kept: Int
    var bits: Int
    /// Whether the tokens written are counted (`max_symbol`): when `kept` is less than all.
    var trims: Bool
    /// `max_symbol`'s pairs of bits.
    var pairs: Int
  }

  /// Tokenizes the lengths and builds the code-length code for them.
  private func planCodeLengths() -> LengthsPlan {
    guard let lengthCode else { preconditionFailure("the code-length code is written as plain lengths") }
    let tokenCount = makeTokens()
    tokenCounts.update(repeating: 0, count: Self.codeLengthSymbols)
    for i in 0..<tokenCount { tokenCounts[tokens[i].symbol] += 1 }
    lengthCode.build(counts: tokenCounts, symbolCount: Self.codeLengthSymbols, limit: Self.maximumCodeLengthLength)
    let order = Self.codeLengthOrder
    var written = Self.codeLengthSymbols
    while written > 4, lengthCode.lengthOf[Int(order[written - 1])] == 0 { written -= 1 }

    // Trailing zeros need not be written: a count of tokens ("max_symbol") can end the list,
    // which pays when they would take more than a dozen bits.
    var kept = tokenCount
    var trailingBits = 0
    while kept > 0, tokens[kept - 1].symbol == 0 || tokens[kept - 1].symbol >= 17 {
      let symbol = tokens[kept - 1].symbol
      trailingBits += lengthCode.length(of: symbol) + Self.extraBits(symbol)
      kept -= 1
    }
    let trims = kept > 1 && trailingBits > 12
    // max_symbol = 2 + ReadBits(2 + 2 × ReadBits(3)).
    let value = kept - 2
    let pairs = value <= 0 ? 1 : (Int.bitWidth - value.leadingZeroBitCount - 1) / 2 + 1
    var bits = 1 + 4 + 3 * written + 1 + (trims ? 3 + 2 * pairs : 0)
    for i in 0..<(trims ? kept : tokenCount) {
      let symbol = tokens[i].symbol
      bits += lengthCode.length(of: symbol) + Self.extraBits(symbol)
    }
    return LengthsPlan(
      tokenCount: tokenCount, written: written, kept: trims ? kept : tokenCount, bits: bits, trims: trims, pairs: pairs)
  }

  /// The bits ``writeDescription(to:)`` writes.
  func descriptionBits() -> Int {
    if usedCount == 0 { return 4 }
    if usedCount <= 2, used[usedCount - 1] < 256 {
      return 3 + (used[0] <= 1 ? 1 : 8) + (usedCount == 2 ? 8 : 0)
    }
    return planCodeLengths().bits
  }

  private func writeCodeLengths(to writer: inout VP8LBitWriter) {
    let plan = planCodeLengths()
    guard let lengthCode else { return }
    writer.write(0, bitCount: 1)
    let order = Self.codeLengthOrder
    writer.write(UInt32(plan.written - 4), bitCount: 4)
    for i in 0..<plan.written { writer.write(UInt32(lengthCode.lengthOf[Int(order[i])]), bitCount: 3) }
    writer.write(plan.trims ? 1 : 0, bitCount: 1)
    if plan.trims {
      writer.write(UInt32(plan.pairs - 1), bitCount: 3)
      writer.write(UInt32(plan.kept - 2), bitCount: plan.pairs * 2)
    }
    for i in 0..<plan.kept {
      let token = tokens[i]
      lengthCode.write(token.symbol, to: &writer)
      writer.write(token.extra, bitCount: Self.extraBits(token.symbol))
    }
  }

  /// Fills `tokens` with the lengths run-length coded (the length repeated by 16 starts as
  /// 8); returns how many there are (at most one a symbol). The runs of zeros are the gaps
  /// between the used symbols, so only those are looked at.
  private func makeTokens() -> Int {
    let tokens = self.tokens
    var count = 0
    @inline(__always) func append(_ symbol: Int, _ extra: UInt32) {
      tokens[count] = Token(symbol: symbol, extra: extra)
      count += 1
    }
    @inline(__always) func appendZeros(_ run: Int) {
      var run = run
      while run > 0 {
        if run < 3 {
          for _ in 0..<run { append(0, 0) }
          run = 0
        } else if run < 11 {
          append(17, UInt32(run - 3))
          run = 0
        } else {
          let count = min(run, 138)
          append(18, UInt32(count - 11))
          run -= count
        }
      }
    }
    var previous = 8
    var position = 0
    var j = 0
    while j < usedCount {
      let symbol = Int(used[j])
      appendZeros(symbol - position)
      // The run of used symbols next to each other with this length.
      let value = Int(lengthOf[symbol])
      var end = symbol + 1
      j += 1
      while j < usedCount, Int(used[j]) == end, lengthOf[end] == value {
        end += 1
        j += 1
      }
      position = end
      var run = end - symbol
      if value != previous {
        append(value, 0)
        run -= 1
        previous = value
      }
      while run > 0 {
        if run < 3 {
          for _ in 0..<run { append(value, 0) }
          run = 0
        } else {
          let count = min(run, 6)
          append(16, UInt32(count - 3))
          run -= count
        }
      }
    }
    appendZeros(symbolCount - position)
    return count
  }
}
