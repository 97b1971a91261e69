/// Memory that `VP8LEncoder` keeps from one frame to the next, so that encoding a frame
/// allocates nothing once the buffers have grown to the largest frame seen: it grows when asked
/// for more than it has, never shrinks, and is freed with its owner.
///
/// The memory is not initialised, and growing does not keep its contents: each user writes
/// what it reads, in the same frame.
///
/// ```swift
/// let counts = VP8LScratch<UInt32>()
/// let pointer = counts.reserve(280)   // at least 280 elements, contents undefined
/// pointer.update(repeating: 0, count: 280)
/// ```
final class VP8LScratch<Element: BitwiseCopyable> {
  private(set) var pointer: UnsafeMutablePointer<Element>
  private(set) var capacity: Int

  init(capacity: Int = 0) {
    self.capacity = capacity
    pointer = .allocate(capacity: max(capacity, 1))
  }

  deinit { pointer.deallocate() }

  /// The memory, at least `count` elements long.
  @inline(__always)
  func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
    if count > capacity { grow(count) }
    return pointer
  }

  /// The memory, at least `count` elements long, each of the first `count` set to `value`.
  @inline(__always)
  func reserve(_ count: Int, filledWith value: Element) -> UnsafeMutablePointer<Element> {
    let pointer = reserve(count)
    pointer.update(repeating: value, count: count)
    return pointer
  }

  /// The memory, at least `count` elements long, keeping its first `kept` elements.
  func grow(_ count: Int, keeping kept: Int = 0) {
    guard count > capacity else { return }
    // Half as much again, so a buffer filled bit by bit grows a few times only.
    let newCapacity = max(count, capacity + capacity / 2)
    let newPointer = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newPointer.update(from: pointer, count: min(kept, capacity))
    pointer.deallocate()
    pointer = newPointer
    capacity = newCapacity
  }
}

extension UnsafePointer<UInt32> {
  /// Calls `body` with each of the first `count` counts that is not zero, and its index, in
  /// increasing order. Symbol counts are mostly zero, so zeros are skipped eight at a time.
  @inline(__always)
  func forEachNonZero(count: Int, _ body: (_ index: Int, _ count: UInt32) -> Void) {
    let raw = UnsafeRawPointer(self)
    var i = 0
    while i + 8 <= count {
      let words =
        raw.loadUnaligned(fromByteOffset: 4 * i, as: UInt64.self)
        | raw.loadUnaligned(fromByteOffset: 4 * i + 8, as: UInt64.self)
        | raw.loadUnaligned(fromByteOffset: 4 * i + 16, as: UInt64.self)
        | raw.loadUnaligned(fromByteOffset: 4 * i + 24, as: UInt64.self)
      if words != 0 {
        for k in i..<(i + 8) where self[k] != 0 { body(k, self[k]) }
      }
      i += 8
    }
    for k in i..<count where self[k] != 0 { body(k, self[k]) }
  }
}
