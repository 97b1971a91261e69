/// GIF's variable-length-code LZW (GIF89a appendix F), which is not DEFLATE's LZ77: the limits
/// the encoder (``LZWEncoder``) and any decoder share.
enum LZW {
  /// The largest code: 12 bits.
  static let maximumCode = 4095
}

/// GIF's LZW compression with tables kept from one call to the next, so a writer does not
/// allocate and clear them for every frame.
///
/// The dictionary is the usual one: a code for every string seen, found from its prefix's code
/// and its last index; when code 4095 has been assigned a clear code restarts it, as most
/// encoders do. Two things make it cheap:
/// - **Generations instead of clearing.** The open-addressing table's slots hold
///   `generation << 20 | prefix << 8 | index`; each new dictionary (each call, each clear code)
///   takes the next generation, so older slots read as empty and nothing is cleared until the
///   12-bit generation wraps.
/// - **Runs in one step.** Most of an animation frame's rectangle is runs of one index (the
///   transparent index where nothing changed, flat colours), along which the plain loop follows
///   one dependent lookup per pixel. While the current string is one index `b` repeated `k`
///   times, the encoder counts the run of `b` ahead (eight bytes at a time) and jumps to the
///   string of the whole run, or to the longest string of `b`s the dictionary holds if the run
///   is longer. Those strings are `b`, `bb`, … up to some length, kept in a table of their own
///   (and only there: strings of one index are only ever extended this way). The codes are the
///   ones the plain loop emits, bit for bit.
///
/// A class: it owns its tables as raw memory (the run table's 2 MB are allocated but only the
/// pages written are ever touched). Not thread-safe; a writer uses one for all its frames.
final class LZWEncoder {
  private static var slotCount: Int { 8192 }
  /// Generations are the top 12 bits of a 32-bit slot.
  private static var lastGeneration: UInt32 { 0xFFF }
  private static var runTableSize: Int { 256 << 12 }

  /// `generation << 20 | prefix << 8 | index` of each slot; a slot of another generation is empty.
  /// 4 094 codes (a clear code follows the 4 095th) in 8 192 slots keep the load under ½.
  private let keys = UnsafeMutablePointer<UInt32>.allocate(capacity: slotCount)
  /// The code of each slot's string (read only once the slot's key is written).
  private let codes = UnsafeMutablePointer<UInt16>.allocate(capacity: slotCount)
  private var generation: UInt32 = 0
  /// `runCodes[b << 12 | k]`: the code of index `b` repeated `k` times, for 2 ≤ k ≤ `runLengths[b]`
  /// (read only once written).
  private let runCodes = UnsafeMutablePointer<UInt16>.allocate(capacity: runTableSize)
  /// The longest run of each index the dictionary holds (1: the index alone).
  private let runLengths = UnsafeMutablePointer<UInt16>.allocate(capacity: 256)
  /// Where codes are packed before they are appended to the caller's array.
  private var packed = UnsafeMutableRawPointer.allocate(byteCount: 0, alignment: 8)
  private var packedCapacity = 0

  init() {
    keys.initialize(repeating: 0, count: Self.slotCount)
    runLengths.initialize(repeating: 1, count: 256)
  }

  deinit {
    keys.deallocate()
    codes.deallocate()
    runCodes.deallocate()
    runLengths.deallocate()
    packed.deallocate()
  }

  /// Compresses palette indices (each below `1 << minimumCodeSize`) into a code stream
  /// (LSB-first bits, not yet split into sub-blocks), appended to `output`.
  func encode(_ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into output: inout [UInt8]) {
    precondition((2...8).contains(minimumCodeSize), "GIF's LZW minimum code size is 2…8, not \(minimumCodeSize)")
    let count = indices.count
    // At most one code per index, a clear code every 3 838 codes, the first clear and the end
    // code, 12 bits each; 8 bytes more for the 32-bit stores.
    let capacity = (count + count / 2048 + 4) * 3 / 2 + 8
    if packedCapacity < capacity {
      packed.deallocate()
      packed = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
      packedCapacity = capacity
    }
    let written = Self.compress(
      indices, minimumCodeSize: minimumCodeSize, out: packed, keys: keys, codes: codes, runCodes: runCodes,
      runLengths: runLengths, generation: &generation)
    output.append(contentsOf: UnsafeRawBufferPointer(start: packed, count: written))
  }

  /// The loop over raw pointers (no exclusivity checks); returns the bytes written to `out`.
  private static func compress(
    _ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, out: UnsafeMutableRawPointer,
    keys: UnsafeMutablePointer<UInt32>, codes: UnsafeMutablePointer<UInt16>, runCodes: UnsafeMutablePointer<UInt16>,
    runLengths: UnsafeMutablePointer<UInt16>, generation: inout UInt32
  ) -> Int {
    let clearCode = 1 << minimumCodeSize
    let endCode = clearCode + 1
    var codeSize = minimumCodeSize + 1
    var nextCode = clearCode + 2
    var written = 0
    var bitBuffer: UInt64 = 0
    var bitCount = 0
    let mask = slotCount - 1

    @inline(__always) func emit(_ code: Int) {
      bitBuffer |= UInt64(code) << UInt64(bitCount)
      bitCount += codeSize
      if bitCount >= 32 {
        (out + written).storeBytes(of: UInt32(truncatingIfNeeded: bitBuffer).littleEndian, as: UInt32.self)
        written += 4
        bitBuffer >>= 32
        bitCount -= 32
      }
    }
    @inline(__always) func newDictionary() {
      if generation == lastGeneration {
        keys.update(repeating: 0, count: slotCount)
        generation = 0
      }
      generation += 1
      runLengths.update(repeating: 1, count: 256)
    }
    /// Counts the indices equal to `b` from `i`, up to `limit` of them.
    @inline(__always) func run(of b: UInt8, from i: Int, limit: Int) -> Int {
      let pattern = UInt64(b) &* 0x0101_0101_0101_0101
      let base = UnsafeRawPointer(indices.baseAddress!) + i
      var r = 0
      while r + 8 <= limit {
        let differing = base.loadUnaligned(fromByteOffset: r, as: UInt64.self).littleEndian ^ pattern
        if differing != 0 { return r + differing.trailingZeroBitCount / 8 }
        r += 8
      }
      while r < limit && indices[i + r] == b { r += 1 }
      return r
    }
    /// Assigns `nextCode`; after code 4095, a clear code and a new dictionary.
    @inline(__always) func assigned() {
      nextCode += 1
      // The decoder, one entry behind, widens its codes when its next free slot reaches
      // 2^codeSize, which is when our just-assigned code equals it.
      if nextCode - 1 == 1 << codeSize && codeSize < 12 { codeSize += 1 }
      if nextCode > LZW.maximumCode {
        emit(clearCode)
        newDictionary()
        codeSize = minimumCodeSize + 1
        nextCode = clearCode + 2
      }
    }

    newDictionary()
    emit(clearCode)
    if let first = indices.first {
      // The current string: its code, and whether it is `runByte` repeated `runLength` times.
      var prefix = Int(first)
      var runByte = first
      var runLength = 1
      var isRun = true
      var i = 1
      while i < indices.count {
        let index = indices[i]
        if isRun && index == runByte {
          let longest = Int(runLengths[Int(index)])
          let ahead = run(of: index, from: i, limit: min(indices.count - i, longest - runLength + 1))
          if runLength + ahead <= longest {
            runLength += ahead
            i += ahead
            prefix = Int(runCodes[Int(index) << 12 | runLength])
            continue
          }
          // The longest run known, then one more `index`: a new code for the longer run.
          i += longest - runLength
          emit(longest == 1 ? Int(index) : Int(runCodes[Int(index) << 12 | longest]))
          runCodes[Int(index) << 12 | (longest + 1)] = UInt16(nextCode)
          runLengths[Int(index)] = UInt16(longest + 1)
          assigned()
        } else {
          let key = generation << 20 | UInt32(prefix << 8 | Int(index))
          var slot = (prefix << 4 ^ Int(index) &* 0x9E5) & mask
          while true {
            let stored = keys[slot]
            if stored == key || stored >> 20 != generation { break }
            slot = (slot + 1) & mask
          }
          if keys[slot] == key {
            prefix = Int(codes[slot])
            isRun = false
            i += 1
            continue
          }
          emit(prefix)
          keys[slot] = key
          codes[slot] = UInt16(nextCode)
          assigned()
        }
        prefix = Int(index)
        runByte = index
        runLength = 1
        isRun = true
        i += 1
      }
      emit(prefix)
      // The decoder adds an entry after reading that last code; if that fills 2^codeSize it
      // reads the end code one bit wider.
      if nextCode == 1 << codeSize && codeSize < 12 { codeSize += 1 }
    }
    emit(endCode)
    while bitCount > 0 {
      out.storeBytes(of: UInt8(truncatingIfNeeded: bitBuffer), toByteOffset: written, as: UInt8.self)
      written += 1
      bitBuffer >>= 8
      bitCount -= 8
    }
    return written
  }
}
