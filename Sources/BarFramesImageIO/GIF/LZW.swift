/// GIF's variable-length-code LZW (GIF89a appendix F), which is not DEFLATE's LZ77.
enum LZW {
  static let maximumCode = 4095

  /// Compresses palette indices into a code stream (LSB-first bits, not yet split into sub-blocks).
  ///
  /// Uses an open-addressing table of (prefix code, next index) pairs; when code 4095 has been
  /// assigned a clear code restarts the dictionary, as most encoders do.
  static func encode(_ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into output: inout [UInt8]) {
    let clearCode = 1 << minimumCodeSize
    let endCode = clearCode + 1
    var codeSize = minimumCodeSize + 1
    var nextCode = clearCode + 2
    // Codes are rarely more bytes than indices; growing the array step by step costs more.
    output.reserveCapacity(output.count + indices.count / 2 + 16)
    var bitBuffer: UInt64 = 0
    var bitCount = 0

    @inline(__always) func emit(_ code: Int) {
      bitBuffer |= UInt64(code) << UInt64(bitCount)
      bitCount += codeSize
      while bitCount >= 8 {
        output.append(UInt8(truncatingIfNeeded: bitBuffer))
        bitBuffer >>= 8
        bitCount -= 8
      }
    }

    // Key = prefix << 8 | index (20 bits) + 1, 0 = empty; twice as many slots as codes can be
    // assigned (at most one per index, and 4 096 before a clear) keep the load under ½. A
    // small rectangle gets a small table: clearing 8 192 slots would cost more than its codes.
    let tableSize = max(64, (2 * min(indices.count, maximumCode + 1)).nextPowerOfTwo)
    var keys = [Int32](repeating: 0, count: tableSize)
    var codes = [UInt16](repeating: 0, count: tableSize)

    emit(clearCode)
    guard let first = indices.first else {
      emit(endCode)
      if bitCount > 0 { output.append(UInt8(truncatingIfNeeded: bitBuffer)) }
      return
    }
    keys.withUnsafeMutableBufferPointer { keys in
      codes.withUnsafeMutableBufferPointer { codes in
        var prefix = Int(first)
        for i in 1..<indices.count {
          let index = Int(indices[i])
          let key = Int32((prefix << 8 | index) + 1)
          var slot = (prefix << 4 ^ index &* 0x9E5) & (tableSize - 1)
          var found = false
          while keys[slot] != 0 {
            if keys[slot] == key {
              prefix = Int(codes[slot])
              found = true
              break
            }
            slot = (slot + 1) & (tableSize - 1)
          }
          if found { continue }
          emit(prefix)
          keys[slot] = key
          codes[slot] = UInt16(nextCode)
          nextCode += 1
          // The decoder, one entry behind, widens its codes when its next free slot reaches
          // 2^codeSize, which is when our just-assigned code equals it.
          if nextCode - 1 == 1 << codeSize && codeSize < 12 { codeSize += 1 }
          if nextCode > maximumCode {
            emit(clearCode)
            for s in 0..<tableSize { keys[s] = 0 }
            codeSize = minimumCodeSize + 1
            nextCode = clearCode + 2
          }
          prefix = index
        }
        emit(prefix)
      }
    }
    // The decoder adds an entry after reading that last code; if that fills 2^codeSize it
    // reads the end code one bit wider.
    if nextCode == 1 << codeSize && codeSize < 12 { codeSize += 1 }
    emit(endCode)
    if bitCount > 0 { output.append(UInt8(truncatingIfNeeded: bitBuffer)) }
  }

  enum Failure: Error {
    case invalidCode(Int)
    case tooShort(decoded: Int)
  }

  /// Decodes a code stream into exactly `count` indices.
  static func decode(_ data: [UInt8], minimumCodeSize: Int, count: Int) throws(Failure) -> [UInt8] {
    let clearCode = 1 << minimumCodeSize
    let endCode = clearCode + 1
    var codeSize = minimumCodeSize + 1
    var nextCode = clearCode + 2
    var prefixes = [Int](repeating: 0, count: 4096)
    var suffixes = [UInt8](repeating: 0, count: 4096)
    var lengths = [Int](repeating: 0, count: 4096)
    for i in 0..<clearCode {
      suffixes[i] = UInt8(truncatingIfNeeded: i)
      lengths[i] = 1
    }
    var output = [UInt8](repeating: 0, count: count)
    var written = 0
    var previous = -1
    var bitBuffer = 0
    var bitCount = 0
    var position = 0

    while written < count {
      while bitCount < codeSize && position < data.count {
        bitBuffer |= Int(data[position]) << bitCount
        bitCount += 8
        position += 1
      }
      guard bitCount >= codeSize else { throw .tooShort(decoded: written) }
      let code = bitBuffer & ((1 << codeSize) - 1)
      bitBuffer >>= codeSize
      bitCount -= codeSize

      if code == clearCode {
        codeSize = minimumCodeSize + 1
        nextCode = clearCode + 2
        previous = -1
        continue
      }
      if code == endCode { throw .tooShort(decoded: written) }
      var entry = code
      var firstOfEntry: UInt8
      if code < nextCode && (code < clearCode || code > endCode) {
        // Known code.
      } else if code == nextCode && previous >= 0 {
        entry = previous  // KwKwK: the previous string plus its own first index.
      } else {
        throw .invalidCode(code)
      }
      // Write the entry's string backwards into place.
      let length = lengths[entry]
      let extra = code == entry ? 0 : 1
      let end = min(count, written + length + extra)
      var cursor = entry
      var at = written + length - 1
      while true {
        if at < end { output[at] = suffixes[cursor] }
        if lengths[cursor] == 1 { break }
        cursor = prefixes[cursor]
        at -= 1
      }
      firstOfEntry = suffixes[cursor]
      if extra == 1 && written + length < count { output[written + length] = firstOfEntry }
      written = end

      if previous >= 0 && nextCode <= maximumCode {
        prefixes[nextCode] = previous
        suffixes[nextCode] = firstOfEntry
        lengths[nextCode] = lengths[previous] + 1
        nextCode += 1
        if nextCode == 1 << codeSize && codeSize < 12 { codeSize += 1 }
      }
      previous = code
    }
    return output
  }
}

extension Int {
  /// The smallest power of two at least `self` (1 for 0 and below).
  var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
