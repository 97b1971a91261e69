import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SHA-256 (FIPS 180-4) of a byte buffer or a file, for the manifest's per-frame checksums.
///
/// Foundation on Linux has no CryptoKit and the package takes no dependency for forty lines; it
/// is `package`, not `public`, so it cannot clash with swift-crypto's `SHA256` in a user's code.
package enum SHA256 {
  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  /// The digest as 64 lowercase hex digits.
  package static func hex(_ bytes: [UInt8]) -> String { hex(digest: digest(bytes)) }

  /// The 32-byte digest.
  package static func digest(_ bytes: [UInt8]) -> [UInt8] {
    var hasher = Hasher()
    bytes.withUnsafeBytes { hasher.update($0) }
    return hasher.finalize()
  }

  /// The digest of the regular file at `path` as 64 lowercase hex digits, read in chunks so
  /// that an animation of any length costs a fixed buffer; nil when it cannot be read or is
  /// not a regular file (a link, or a FIFO swapped in, which O_NONBLOCK keeps from blocking).
  package static func hex(ofFileAt path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return hex(ofDescriptor: descriptor)
  }

  /// The digest of everything in the open file `descriptor`, read from offset 0 (`pread`, so
  /// its position is left alone); nil when it cannot be read.
  package static func hex(ofDescriptor descriptor: Int32) -> String? {
    var hasher = Hasher()
    var buffer = [UInt8](repeating: 0, count: 1 << 18)
    var offset: off_t = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { break }
      buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
      offset += off_t(count)
    }
    return Self.hex(digest: hasher.finalize())
  }

  private static func hex(digest: [UInt8]) -> String {
    let table = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(64)
    for byte in digest {
      out.append(table[Int(byte >> 4)])
      out.append(table[Int(byte & 15)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// SHA-256 fed in pieces: the message need not be in memory at once.
  package struct Hasher {
    private var h: [UInt32] = [
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// The bytes of an incomplete 64-byte block.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    package init() { pending.reserveCapacity(64) }

    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
      length &+= UInt64(bytes.count)
      var start = 0
      if !pending.isEmpty {
        let taken = min(64 - pending.count, bytes.count)
        pending.append(contentsOf: bytes[0..<taken])
        start = taken
        guard pending.count == 64 else { return }
        let block = pending
        block.withUnsafeBytes { compress($0, from: 0) }
        pending.removeAll(keepingCapacity: true)
      }
      while bytes.count - start >= 64 {
        compress(bytes, from: start)
        start += 64
      }
      pending.append(contentsOf: bytes[start...])
    }

    /// The 32-byte digest of everything fed.
    package mutating func finalize() -> [UInt8] {
      let bitLength = length &* 8
      var tail: [UInt8] = [0x80]
      while (pending.count + tail.count) % 64 != 56 { tail.append(0) }
      for shift in stride(from: 56, through: 0, by: -8) {
        tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
      }
      let saved = length
      tail.withUnsafeBytes { update($0) }
      length = saved
      var out: [UInt8] = []
      out.reserveCapacity(32)
      for word in h { for shift in [24, 16, 8, 0] { out.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) } }
      return out
    }

    private mutating func compress(_ m: UnsafeRawBufferPointer, from chunk: Int) {
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
        for i in 0..<16 {
          let j = chunk + i * 4
          w[i] = UInt32(m[j]) << 24 | UInt32(m[j + 1]) << 16 | UInt32(m[j + 2]) << 8 | UInt32(m[j + 3])
        }
        for i in 16..<64 {
          let s0 = SHA256.rotr(w[i - 15], 7) ^ SHA256.rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
          let s1 = SHA256.rotr(w[i - 2], 17) ^ SHA256.rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
          w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
        for i in 0..<64 {
          let s1 = SHA256.rotr(e, 6) ^ SHA256.rotr(e, 11) ^ SHA256.rotr(e, 25)
          let ch = (e & f) ^ (~e & g)
          let t1 = hh &+ s1 &+ ch &+ SHA256.k[i] &+ w[i]
          let s0 = SHA256.rotr(a, 2) ^ SHA256.rotr(a, 13) ^ SHA256.rotr(a, 22)
          let maj = (a & b) ^ (a & c) ^ (b & c)
          let t2 = s0 &+ maj
          (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        h[0] = h[0] &+ a
        h[1] = h[1] &+ b
        h[2] = h[2] &+ c
        h[3] = h[3] &+ d
        h[4] = h[4] &+ e
        h[5] = h[5] &+ f
        h[6] = h[6] &+ g
        h[7] = h[7] &+ hh
      }
    }
  }

  @inline(__always) fileprivate static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
}
