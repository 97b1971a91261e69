import BarFramesTestSupport
import Testing

@testable import BarFramesImageIO

/// The encoder (runs in one step, tables kept between calls, generations instead of clearing)
/// against a plain LZW written from GIF89a's appendix F: the same codes, bit for bit.
@Suite struct LZWTests {
  /// Plain LZW: one dictionary lookup per index; a clear code after code 4095 is assigned.
  /// Each code is as wide as the decoder will read it: the decoder adds its entries one code
  /// behind, and widens once its next free code reaches `1 << width`.
  static func reference(_ indices: [UInt8], minimumCodeSize: Int) -> (bytes: [UInt8], clears: Int) {
    let clearCode = 1 << minimumCodeSize
    // A string's code from its prefix's code and its last index.
    var dictionary: [Int: Int] = [:]
    var nextCode = clearCode + 2
    var width = minimumCodeSize + 1
    var bits: [Bool] = []
    var clears = 0
    func write(_ code: Int) {
      for bit in 0..<width { bits.append(code >> bit & 1 == 1) }
    }

    write(clearCode)
    if var current = indices.first.map(Int.init) {
      for index in indices.dropFirst() {
        let key = current << 8 | Int(index)
        if let longer = dictionary[key] {
          current = longer
          continue
        }
        write(current)
        // The decoder will add this entry after reading the next code, so that code and the
        // ones after it are one bit wider if the decoder's next free code is then 1 << width.
        dictionary[key] = nextCode
        if nextCode == 1 << width && width < 12 { width += 1 }
        nextCode += 1
        if nextCode == 4096 {
          write(clearCode)
          clears += 1
          dictionary = [:]
          nextCode = clearCode + 2
          width = minimumCodeSize + 1
        }
        current = Int(index)
      }
      write(current)
      if nextCode == 1 << width && width < 12 { width += 1 }
    }
    write(clearCode + 1)
    var bytes = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
    for (i, bit) in bits.enumerated() where bit { bytes[i / 8] |= 1 << (i % 8) }
    return (bytes, clears)
  }

  /// A deterministic generator (SplitMix64), so failures reproduce.
  struct Random {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  /// Runs of random lengths in `1...longest` of random indices below `alphabet`.
  static func runs(count: Int, alphabet: Int, longest: Int, seed: UInt64) -> [UInt8] {
    var random = Random(state: seed)
    var indices: [UInt8] = []
    while indices.count < count {
      let index = UInt8(random.next(alphabet))
      indices += [UInt8](repeating: index, count: min(count - indices.count, 1 + random.next(longest)))
    }
    return indices
  }

  static func encode(_ indices: [UInt8], minimumCodeSize: Int, with encoder: LZWEncoder) -> [UInt8] {
    var output: [UInt8] = []
    indices.withUnsafeBufferPointer { encoder.encode($0, minimumCodeSize: minimumCodeSize, into: &output) }
    return output
  }

  static let inputs: [(name: String, indices: [UInt8], minimumCodeSize: Int)] = [
    ("empty", [], 2), ("one index", [3], 2), ("two equal", [5, 5], 8), ("two different", [0, 1], 2),
    // Runs that end on and around the 8-byte steps of the run scan, and at the end of the input.
    ("runs of 1…17", (1...17).flatMap { [UInt8](repeating: UInt8($0 % 4), count: $0) }, 2),
    ("one long run", [UInt8](repeating: 255, count: 100_000), 8),
    ("noise, 256 indices", runs(count: 30_000, alphabet: 256, longest: 1, seed: 1), 8),
    ("noise, 4 indices", runs(count: 60_000, alphabet: 4, longest: 1, seed: 2), 2),
    ("short runs", runs(count: 60_000, alphabet: 16, longest: 12, seed: 3), 4),
    ("long runs, 3 indices", runs(count: 200_000, alphabet: 3, longest: 900, seed: 4), 2),
    ("long runs", runs(count: 300_000, alphabet: 64, longest: 300, seed: 4), 6),
    ("mixed runs", runs(count: 120_000, alphabet: 200, longest: 300, seed: 5), 8),
  ]

  @Test("The same codes as plain LZW", arguments: inputs.indices)
  func sameAsPlainLZW(_ n: Int) {
    let (name, indices, minimumCodeSize) = Self.inputs[n]
    let encoder = LZWEncoder()
    let ours = Self.encode(indices, minimumCodeSize: minimumCodeSize, with: encoder)
    #expect(ours == Self.reference(indices, minimumCodeSize: minimumCodeSize).bytes, "\(name)")
    #expect(
      (try? LZWDecoder.decode(ours, minimumCodeSize: minimumCodeSize, count: indices.count)) == indices, "\(name) decodes")
  }

  @Test("The dictionary fills up and restarts with a clear code, also in the middle of runs")
  func clearCodes() {
    let filling: Set = ["noise, 256 indices", "noise, 4 indices", "short runs", "long runs", "mixed runs"]
    for (name, indices, minimumCodeSize) in Self.inputs where filling.contains(name) {
      let reference = Self.reference(indices, minimumCodeSize: minimumCodeSize)
      #expect(reference.clears >= 2, "\(name) fills the dictionary \(reference.clears) times")
      let encoder = LZWEncoder()
      #expect(Self.encode(indices, minimumCodeSize: minimumCodeSize, with: encoder) == reference.bytes, "\(name)")
    }
  }

  @Test("One encoder reused for every input gives what a fresh one gives")
  func reusedEncoder() {
    let reused = LZWEncoder()
    for (name, indices, minimumCodeSize) in Self.inputs + Self.inputs.reversed() {
      let fresh = LZWEncoder()
      #expect(
        Self.encode(indices, minimumCodeSize: minimumCodeSize, with: reused)
          == Self.encode(indices, minimumCodeSize: minimumCodeSize, with: fresh), "\(name)")
    }
  }

  @Test("Past 4 095 dictionaries the generations wrap and old slots are cleared")
  func generationsWrap() {
    let encoder = LZWEncoder()
    // Each call is a dictionary of its own. The first calls and those after the wrap store
    // strings of indices 4…7, the calls between of 0…3 only, so the first calls' slots are
    // still there, under the generations that come round again, when the later ones look.
    for call in 0..<4_400 {
      let base: UInt8 = call < 50 || call >= 4_090 ? 4 : 0
      let indices = Self.runs(count: 24, alphabet: 4, longest: 3, seed: UInt64(call)).map { $0 + base }
      let ours = Self.encode(indices, minimumCodeSize: 3, with: encoder)
      let reference = Self.reference(indices, minimumCodeSize: 3).bytes
      if ours != reference {
        Issue.record("call \(call): \(ours) instead of \(reference)")
        return
      }
    }
  }
}
