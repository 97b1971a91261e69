import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Encodings of small rectangles, found again by their pixels.
///
/// An animation often shows the same pixels again — a thumb at the same sub-pixel phase, a
/// control that pulses, a loop — and then the encoding costs a hash and a comparison instead
/// of a compression. One memory serves every thread preparing one animation's frames: the
/// same pixels always encode the same way, so which thread encoded them first changes nothing
/// in the file. One memory for all threads, not one per thread: a thumb's sub-pixel phase comes
/// back many frames later, as often on another thread as on its own, so a thread's memory of
/// its own last few rectangles would miss most of them.
///
/// Rectangles of at most ``largestArea`` pixels are kept, their pixels and encodings within
/// ``byteBudget`` bytes; the oldest make room. Thread-safe.
///
/// ```swift
/// let lookup = memory.lookUp(region, of: image)
/// if let stream = lookup.encoding { return stream }
/// let stream = compress(image.cropped(to: region))
/// memory.remember(stream, bytes: stream.count, for: lookup, region: region, of: image)
/// ```
public final class RectangleMemory<Encoding: Sendable>: Sendable {
  /// Rectangles of at most this many pixels are kept (64 × 64): a small encoding's fixed
  /// costs are what a memory saves, and larger rectangles seldom come back whole.
  public static var largestArea: Int { 4096 }

  /// The bytes of pixels and encodings kept at most (2 MiB: 128 rectangles of the largest
  /// size, about 1500 of a 16 × 16 thumb's).
  public let byteBudget: Int

  /// A rectangle as looked up: its encoding if it was found, else what ``remember(_:bytes:for:region:of:)``
  /// needs to keep it (nothing, for a rectangle too large to keep).
  public struct Lookup: Sendable {
    fileprivate let key: Key?
    /// The encoding of the same pixels, if kept.
    public let encoding: Encoding?
  }

  fileprivate struct Key: Hashable, Sendable {
    var width: Int
    var height: Int
    var hash: Int
  }

  private struct Entry {
    /// The rectangle's RGBA rows, packed.
    var pixels: [UInt8]
    var encoding: Encoding
    var bytes: Int
  }

  private struct State: ~Copyable {
    var entries: [Key: Entry] = [:]
    /// Keys in the order they were remembered, from `first` on (those before are gone).
    var order: [Key] = []
    var first = 0
    var bytes = 0
    /// Rectangles found again, so far.
    var found = 0
  }

  private let state = Mutex(State())

  public init(byteBudget: Int = 2 << 20) {
    self.byteBudget = byteBudget
  }

  /// Rectangles found again so far.
  public var found: Int { state.withLock { $0.found } }

  /// Rectangles kept now.
  public var count: Int { state.withLock { $0.entries.count } }

  /// Looks up the pixels of `region` of `image`.
  public func lookUp(_ region: PixelRect, of image: RGBAImage) -> Lookup {
    guard region.area <= Self.largestArea, region.area > 0 else { return Lookup(key: nil, encoding: nil) }
    let key = Key(width: region.width, height: region.height, hash: Self.hash(region, of: image))
    let encoding = state.withLock { state -> Encoding? in
      guard let entry = state.entries[key], Self.equal(entry.pixels, region, of: image) else { return nil }
      state.found += 1
      return entry.encoding
    }
    return Lookup(key: key, encoding: encoding)
  }

  /// Keeps `encoding` (about `bytes` bytes) as that of the pixels looked up as `lookup`, the
  /// oldest rectangles making room; nothing for a rectangle too large to keep or one found.
  public func remember(_ encoding: Encoding, bytes: Int, for lookup: Lookup, region: PixelRect, of image: RGBAImage) {
    guard let key = lookup.key, lookup.encoding == nil else { return }
    let pixels = Self.packed(region, of: image)
    let entry = Entry(pixels: pixels, encoding: encoding, bytes: pixels.count + bytes + 64)
    guard entry.bytes <= byteBudget else { return }
    state.withLock { state in
      // Another thread may have kept the same pixels meanwhile (or others with the same
      // hash: the newer wins).
      if let old = state.entries.updateValue(entry, forKey: key) {
        state.bytes -= old.bytes
      } else {
        state.order.append(key)
      }
      state.bytes += entry.bytes
      while state.bytes > byteBudget, state.first < state.order.count {
        let oldest = state.order[state.first]
        state.first += 1
        if let gone = state.entries.removeValue(forKey: oldest) { state.bytes -= gone.bytes }
      }
      if state.first > 1024, state.first * 2 > state.order.count {
        state.order.removeFirst(state.first)
        state.first = 0
      }
    }
  }

  /// A hash of the rectangle's rows, 8 bytes at a time. Not `Hasher`: SipHash, fed row by
  /// row, costs a noticeable share of encoding a small rectangle. The dictionary still hashes
  /// the key with `Hasher`, and a lookup compares the pixels, so a collision costs a
  /// comparison, never a wrong encoding.
  private static func hash(_ region: PixelRect, of image: RGBAImage) -> Int {
    image.pixels.withUnsafeBytes { bytes in
      var hash: UInt64 = 0
      @inline(__always) func mix(_ word: UInt64) {
        hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 29
      }
      let rowBytes = region.width * 4
      for row in region.y..<(region.y + region.height) {
        let start = bytes.baseAddress! + (row * image.width + region.x) * 4
        var offset = 0
        while offset + 8 <= rowBytes {
          mix(start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
          offset += 8
        }
        // An odd width leaves one pixel.
        if offset < rowBytes { mix(UInt64(start.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
      }
      return Int(truncatingIfNeeded: hash)
    }
  }

  private static func equal(_ pixels: [UInt8], _ region: PixelRect, of image: RGBAImage) -> Bool {
    let rowBytes = region.width * 4
    return pixels.withUnsafeBytes { kept in
      image.pixels.withUnsafeBytes { bytes in
        for row in 0..<region.height {
          let start = ((region.y + row) * image.width + region.x) * 4
          if memcmp(kept.baseAddress! + row * rowBytes, bytes.baseAddress! + start, rowBytes) != 0 { return false }
        }
        return true
      }
    }
  }

  private static func packed(_ region: PixelRect, of image: RGBAImage) -> [UInt8] {
    if region == image.bounds { return image.pixels }
    let rowBytes = region.width * 4
    var rows: [UInt8] = []
    rows.reserveCapacity(region.area * 4)
    for row in region.y..<(region.y + region.height) {
      let start = (row * image.width + region.x) * 4
      rows.append(contentsOf: image.pixels[start..<(start + rowBytes)])
    }
    return rows
  }
}
