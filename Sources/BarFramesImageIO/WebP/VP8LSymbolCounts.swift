/// Symbol counts that know which symbols they have counted: `add` also sets the symbol's bit
/// in a bitmap, so reading the counts visits the counted symbols alone (in increasing order,
/// as a pass over every count would), and `removeAll()` zeroes those alone.
///
/// Why: most rectangles of an animation are small (a moving thumb: a few dozen literals),
/// while VP8L's alphabets are large (green alone has 280 symbols and up to 1024 more for the
/// colour cache). Zeroing and scanning whole alphabets would cost more than counting such a
/// rectangle's symbols.
///
/// Zero at rest: each user takes them with `reserve(_:)`, counts, reads, and calls
/// `removeAll()` before the next user. The capacity is fixed (the largest alphabets an encoder
/// counts at once), so that the memory is a constant: reading a `var` of a class in a loop
/// costs Swift an exclusivity check each time.
///
/// ```swift
/// let counts = VP8LSymbolCounts(capacity: 1088)
/// counts.reserve(1088)
/// counts.add(3); counts.add(300); counts.add(3)
/// counts.forEachCounted(from: 256, count: 256) { symbol, count in }  // (44, 1)
/// counts.removeAll()
/// ```
final class VP8LSymbolCounts {
  /// The counts, `capacity` of them; zero where no bit is set.
  let counts: UnsafeMutablePointer<UInt32>
  /// A bit per count, set by `add`: the count may be non-zero.
  private let marks: UnsafeMutablePointer<UInt64>
  let capacity: Int
  /// The bitmap's words that `add` may have set since the last `removeAll()`.
  private var wordCount = 0

  init(capacity: Int) {
    self.capacity = Self.rounded(capacity)
    counts = .allocate(capacity: self.capacity)
    counts.initialize(repeating: 0, count: self.capacity)
    marks = .allocate(capacity: self.capacity / 64)
    marks.initialize(repeating: 0, count: self.capacity / 64)
  }

  deinit {
    counts.deallocate()
    marks.deallocate()
  }

  /// A capacity of whole bitmap words, at least one.
  private static func rounded(_ count: Int) -> Int { max(64, (count + 63) & ~63) }

  /// Readies symbols `0..<count` for counting; all counts are zero (none counted).
  func reserve(_ count: Int) {
    precondition(wordCount == 0, "counts still in use: removeAll() them first")
    precondition(count <= capacity, "\(count) symbols, more than the \(capacity) made for")
    wordCount = (count + 63) / 64
  }

  /// Counts `symbol` once more.
  @inline(__always)
  func add(_ symbol: Int) {
    counts[symbol] &+= 1
    marks[symbol >> 6] |= 1 << UInt64(symbol & 63)
  }

  /// Counts `symbol` once less; it must have been counted.
  @inline(__always)
  func remove(_ symbol: Int) {
    counts[symbol] -= 1
  }

  /// Calls `body` with each non-zero count of symbols `start..<start + count`, in increasing
  /// order, and its symbol less `start`.
  @inline(__always)
  func forEachCounted(from start: Int, count: Int, _ body: (_ index: Int, _ count: UInt32) -> Void) {
    guard count > 0 else { return }
    let end = start + count
    var word = start >> 6
    let lastWord = (end - 1) >> 6
    while word <= lastWord {
      var bits = marks[word]
      if word == start >> 6 { bits &= ~0 << UInt64(start & 63) }
      if word == lastWord, end & 63 != 0 { bits &= ~(~0 << UInt64(end & 63)) }
      while bits != 0 {
        let symbol = word << 6 | bits.trailingZeroBitCount
        bits &= bits - 1
        let n = counts[symbol]
        if n != 0 { body(symbol - start, n) }
      }
      word += 1
    }
  }

  /// Zeroes the counts: the ones counted only.
  func removeAll() {
    for word in 0..<wordCount {
      var bits = marks[word]
      guard bits != 0 else { continue }
      while bits != 0 {
        counts[word << 6 | bits.trailingZeroBitCount] = 0
        bits &= bits - 1
      }
      marks[word] = 0
    }
    wordCount = 0
  }
}
