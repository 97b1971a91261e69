/// Collects bits least significant first, the order in which WebP's lossless format (VP8L)
/// reads them.
///
/// ```swift
/// var writer = VP8LBitWriter()
/// writer.write(0x2F, bitCount: 8)
/// writer.write(1, bitCount: 1)
/// writer.finish()   // [0x2F, 0x01]
/// ```
struct VP8LBitWriter {
  private(set) var bytes: [UInt8] = []
  /// Bits not yet in `bytes`, the oldest in the lowest position.
  private var pending: UInt64 = 0
  private var pendingCount = 0

  init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends the low `bitCount` bits of `value` (0…32 bits; the others must be zero).
  @inline(__always)
  mutating func write(_ value: UInt32, bitCount: Int) {
    assert(
      bitCount <= 32 && (bitCount == 32 || value >> UInt32(bitCount) == 0), "\(value) has more than \(bitCount) bits")
    pending |= UInt64(value) << UInt64(pendingCount)
    pendingCount += bitCount
    if pendingCount >= 32 {
      let word = UInt32(truncatingIfNeeded: pending)
      bytes.append(UInt8(truncatingIfNeeded: word))
      bytes.append(UInt8(truncatingIfNeeded: word >> 8))
      bytes.append(UInt8(truncatingIfNeeded: word >> 16))
      bytes.append(UInt8(truncatingIfNeeded: word >> 24))
      pending >>= 32
      pendingCount -= 32
    }
  }

  /// The bits written, the last byte padded with zero bits.
  mutating func finish() -> [UInt8] {
    while pendingCount > 0 {
      bytes.append(UInt8(truncatingIfNeeded: pending))
      pending >>= 8
      pendingCount -= 8
    }
    pendingCount = 0
    return bytes
  }
}
