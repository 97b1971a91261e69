/// Collects bits least significant first, the order in which WebP's lossless format (VP8L)
/// reads them, into a buffer kept between frames (so a frame's bits cost no allocation).
///
/// The first `offset` bytes are left for the caller (a chunk header, filled in afterwards).
///
/// ```swift
/// var writer = VP8LBitWriter(storage: VP8LScratch())
/// writer.write(0x2F, bitCount: 8)
/// writer.write(1, bitCount: 1)
/// Array(writer.finish())   // [0x2F, 0x01]
/// ```
struct VP8LBitWriter {
  private let storage: VP8LScratch<UInt8>
  private var bytes: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// Bytes written, the reserved ones included.
  private var count: Int
  /// Bits not yet in `bytes`, the oldest in the lowest position.
  private var pending: UInt64 = 0
  private var pendingCount = 0

  /// - Parameters:
  ///   - storage: Where the bytes go; grown as needed.
  ///   - offset: Bytes left at the start, for the caller.
  ///   - capacity: The bytes expected, reserved at once.
  init(storage: VP8LScratch<UInt8>, offset: Int = 0, capacity: Int = 64) {
    self.storage = storage
    bytes = storage.reserve(max(offset + 4, capacity))
    self.capacity = storage.capacity
    count = offset
  }

  /// Appends the low `bitCount` bits of `value` (0…32 bits; the others must be zero).
  @inline(__always)
  mutating func write(_ value: UInt32, bitCount: Int) {
    assert(
      bitCount <= 32 && (bitCount == 32 || value >> UInt32(bitCount) == 0), "\(value) has more than \(bitCount) bits")
    pending |= UInt64(value) << UInt64(pendingCount)
    pendingCount += bitCount
    if pendingCount >= 32 {
      if count + 4 > capacity { grow() }
      UnsafeMutableRawPointer(bytes + count).storeBytes(
        of: UInt32(truncatingIfNeeded: pending).littleEndian, as: UInt32.self)
      count += 4
      pending >>= 32
      pendingCount -= 32
    }
  }

  private mutating func grow() {
    storage.grow(2 * capacity, keeping: count)
    bytes = storage.pointer
    capacity = storage.capacity
  }

  /// All the bytes (the reserved ones first), the last padded with zero bits. Valid until the
  /// storage is used again.
  mutating func finish() -> UnsafeMutableBufferPointer<UInt8> {
    while pendingCount > 0 {
      if count + 1 > capacity { grow() }
      bytes[count] = UInt8(truncatingIfNeeded: pending)
      count += 1
      pending >>= 8
      pendingCount -= 8
    }
    pendingCount = 0
    pending = 0
    return UnsafeMutableBufferPointer(start: bytes, count: count)
  }
}
