/// The five PNG scanline filters (PNG spec §9).
package enum PNGRowFilter: UInt8, CaseIterable {
  case none = 0
  case sub = 1
  case up = 2
  case average = 3
  case paeth = 4

  /// How the encoder picks a filter for each row.
  package enum Choice {
    /// Up for a row identical to the one above (it becomes all zeros), Sub otherwise (runs of
    /// one colour become zeros). One `memcmp` and one filter pass per row: the cheap choice that
    /// suits flat-colour frames, where almost every row is either a repeat or a few runs.
    case upIfRepeatedElseSub
    /// For each row, the candidate whose output has the smallest sum of absolute values
    /// (bytes read as signed), the heuristic the PNG specification recommends.
    case adaptive([PNGRowFilter])
  }

  /// Writes `count` filtered bytes of `row` (previous row `previous`, `bpp` bytes per pixel) to `output`.
  @inline(__always)
  package func apply(
    row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bpp: Int,
    into output: UnsafeMutablePointer<UInt8>
  ) {
    switch self {
    case .none:
      output.update(from: row, count: count)
    case .sub:
      for i in 0..<min(bpp, count) { output[i] = row[i] }
      subtract(row + bpp, row, count: count - min(bpp, count), into: output + bpp)
    case .up:
      subtract(row, previous, count: count, into: output)
    case .average:
      for i in 0..<min(bpp, count) { output[i] = row[i] &- previous[i] >> 1 }
      var i = bpp
      while i < count {
        output[i] = row[i] &- UInt8((UInt16(row[i - bpp]) + UInt16(previous[i])) >> 1)
        i += 1
      }
    case .paeth:
      for i in 0..<min(bpp, count) { output[i] = row[i] &- previous[i] }
      var i = bpp
      while i < count {
        output[i] = row[i] &- paethPredictor(row[i - bpp], previous[i], previous[i - bpp])
        i += 1
      }
    }
  }
}

/// `output[i] = a[i] &- b[i]` for `count` bytes, sixteen at a time.
@inline(__always)
package func subtract(
  _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>
) {
  guard count > 0 else { return }
  let ra = UnsafeRawPointer(a)
  let rb = UnsafeRawPointer(b)
  let ro = UnsafeMutableRawPointer(output)
  var i = 0
  while i + 16 <= count {
    let x = ra.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
    let y = rb.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
    ro.storeBytes(of: x &- y, toByteOffset: i, as: SIMD16<UInt8>.self)
    i += 16
  }
  while i < count {
    output[i] = a[i] &- b[i]
    i += 1
  }
}

@inline(__always)
package func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
  let p = Int(a) + Int(b) - Int(c)
  let pa = abs(p - Int(a))
  let pb = abs(p - Int(b))
  let pc = abs(p - Int(c))
  if pa <= pb && pa <= pc { return a }
  if pb <= pc { return b }
  return c
}

/// Sum of the bytes read as signed magnitudes, the adaptive filter's cost.
@inline(__always)
package func filterCost(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
  var sum = 0
  for i in 0..<count {
    let v = Int(Int8(bitPattern: bytes[i]))
    sum += v < 0 ? -v : v
  }
  return sum
}
