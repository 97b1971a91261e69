import BarFramesImageIO

/// GIF's variable-length-code LZW (GIF89a appendix F) decoder, the tests' reading of what
/// `LZWEncoder` writes.
public enum LZWDecoder {
  static let maximumCode = 4095

  public enum Failure: Error {
    case invalidCode(Int)
    case tooShort(decoded: Int)
  }

  /// Decodes a code stream into exactly `count` indices.
  public static func decode(_ data: [UInt8], minimumCodeSize: Int, count: Int) throws(Failure) -> [UInt8] {
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

