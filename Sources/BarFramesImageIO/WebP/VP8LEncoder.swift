#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Encodes a rectangle of an image in WebP's lossless format (VP8L, RFC 9649 §3): a `VP8L`
/// chunk that decodes to exactly those pixels, the colour under transparent pixels included.
///
/// Made for the flat-coloured, antialiased frames BarFrames draws, and for speed:
/// - the pixels are coded either as they are (after the subtract-green transform when it makes
///   red and blue cheaper) or, when there are at most 256 colours, as indices into a colour
///   table (packed 2, 4 or 8 to a pixel for up to 16, 4 or 2 colours); when both are possible,
///   whichever the estimate says is smaller;
/// - LZ77 copies are found by looking first at the pixel to the left and the one above (long
///   runs and repeated rows end the search at once), then along a short hash chain;
/// - the colour cache's size (none, or 2⁴, 2⁶, 2⁸ or 2¹⁰ entries) is the one an estimate
///   from the symbol counts and the cache's hits says is smallest;
/// - one group of five Huffman codes covers the image.
///
/// libwebp's encoder weighs more (a predictor per block, colour transforms, several entropy
/// codes per image, an optimal parse), which pays on photographs; on these frames this one
/// is within a few percent in size and many times faster: libwebp spends 20–60 µs on even a
/// tiny rectangle (measured in issue 16).
///
/// ```swift
/// var encoder = VP8LEncoder()
/// let (chunk, isOpaque) = encoder.encode(image, region: image.bounds)
/// ```
/// Not thread-safe: it keeps scratch buffers between calls; use one per thread.
struct VP8LEncoder {
  /// Candidates looked at along the hash chain for each pixel.
  var chainLength: Int

  /// The rectangle's pixels as ARGB words, alpha in the top byte (VP8L's order).
  private var argb: [UInt32] = []
  private var pixelCount = 0
  /// The pixels as coded (transformed), for each way of coding them.
  private var plain = Coding()
  private var indexed = Coding()
  /// The hash chain of the LZ77 search: the latest position of each hash of two pixels, and
  /// each position's predecessor with the same hash.
  private var head: [Int32] = []
  private var chain: [Int32] = []
  /// Symbol counts for the cache-size estimate.
  private var counts: [UInt32] = []

  init(chainLength: Int = 8) {
    self.chainLength = chainLength
  }

  /// One way of coding the pixels: its transforms, the pixels it codes and their tokens.
  private struct Coding {
    /// The coded image's width (smaller than the rectangle's when indices are packed).
    var width = 0
    var pixels: [UInt32] = []
    var count = 0
    /// Literals (the coded ARGB word) and copies (`copyFlag`, the length in bits 32–44 and
    /// the distance code in the low 32 bits), in pixel order.
    var tokens: [UInt64] = []
    var literalCount = 0
    var subtractGreen = false
    /// The colour table, for indexed coding.
    var palette: [UInt32]?
    var cacheBits = 0
    /// The estimated size in bits.
    var cost = 0.0
  }

  private static var copyFlag: UInt64 { 1 << 63 }
  private static var cacheFlag: UInt64 { 1 << 62 }
  /// The longest copy (length prefix code 23 with all 10 extra bits set).
  private static var maximumCopyLength: Int { 4096 }
  /// The farthest copy: distance prefix code 39 with all 18 extra bits set, less the 120
  /// codes for short two-dimensional distances.
  private static var maximumDistance: Int { (1 << 20) - 120 }
  /// The multiplier of VP8L's colour-cache hash.
  private static var cacheMultiplier: UInt32 { 0x1E35_A7BD }

  /// `region` of `image` as a `VP8L` chunk (header, size, data, padding to an even size), and
  /// whether every pixel of it is opaque.
  mutating func encode(_ image: RGBAImage, region: PixelRect) -> (chunk: [UInt8], isOpaque: Bool) {
    precondition(region.width >= 1 && region.height >= 1 && region.width <= 16384 && region.height <= 16384)
    precondition(image.bounds.contains(region), "\(region) is outside the image")
    let isOpaque = load(image, region: region)

    // The codings' buffers are kept between calls; taken out while in use.
    var plain = Coding()
    var indexed = Coding()
    swap(&plain, &self.plain)
    swap(&indexed, &self.indexed)
    defer {
      swap(&plain, &self.plain)
      swap(&indexed, &self.indexed)
    }
    // With a palette, the indexed coding is estimated too. Above 16 colours the same copies
    // code both ways (colours map to indices one to one), so the plain tokens, literals
    // replaced by indices, serve; up to 16, indices are packed several to a pixel and found
    // copies of their own (such images are simple, so that is quick).
    preparePlain(&plain, width: region.width)
    tokenize(&plain)
    chooseCache(&plain)
    var useIndexed = false
    // A table of n colours costs about as much as n literals; with fewer literals than
    // twice that, indices cannot pay.
    if let palette = self.palette(), plain.literalCount >= 2 * palette.count || palette.count <= 16 {
      index(into: &indexed, palette: palette, width: region.width, height: region.height)
      if palette.count <= 16 {
        tokenize(&indexed)
      } else {
        indexed.tokens.removeAll(keepingCapacity: true)
        indexed.literalCount = plain.literalCount
        var position = 0
        for token in plain.tokens {
          if token & Self.copyFlag != 0 {
            indexed.tokens.append(token)
            position += Int(token >> 32 & 0x1FFF)
          } else {
            indexed.tokens.append(UInt64(indexed.pixels[position]))
            position += 1
          }
        }
      }
      chooseCache(&indexed)
      indexed.cost += Self.literalCost(palette)
      useIndexed = indexed.cost < plain.cost
    }

    var writer = VP8LBitWriter(capacity: 64 + region.area / 2)
    writer.write(0x2F, bitCount: 8)
    writer.write(UInt32(region.width - 1), bitCount: 14)
    writer.write(UInt32(region.height - 1), bitCount: 14)
    writer.write(isOpaque ? 0 : 1, bitCount: 1)
    writer.write(0, bitCount: 3)
    if useIndexed {
      Self.write(indexed, to: &writer)
    } else {
      Self.write(plain, to: &writer)
    }
    let data = writer.finish()
    var chunk: [UInt8] = []
    chunk.reserveCapacity(data.count + 9)
    chunk += Array("VP8L".utf8)
    chunk.appendLittleEndian(UInt32(data.count))
    chunk += data
    if data.count % 2 == 1 { chunk.append(0) }
    return (chunk, isOpaque)
  }

  /// Copies the rectangle into `argb`; returns whether it is opaque.
  private mutating func load(_ image: RGBAImage, region: PixelRect) -> Bool {
    pixelCount = region.area
    if argb.count < pixelCount { argb = [UInt32](repeating: 0, count: pixelCount) }
    var alpha: UInt32 = 0xFF00_0000
    image.pixels.withUnsafeBytes { bytes in
      argb.withUnsafeMutableBufferPointer { argb in
        var out = argb.baseAddress!
        for y in 0..<region.height {
          let row = bytes.baseAddress! + ((region.y + y) * image.width + region.x) * 4
          for x in 0..<region.width {
            // R, G, B, A in memory is A B G R in a little-endian word: swap R and B.
            let word = UInt32(littleEndian: row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
            alpha &= word
            out[x] = word & 0xFF00_FF00 | (word & 0xFF) << 16 | (word >> 16) & 0xFF
          }
          out += region.width
        }
      }
    }
    return alpha & 0xFF00_0000 == 0xFF00_0000
  }

  /// Fills `coding.pixels` with the pixels, after the subtract-green transform if it makes
  /// red and blue cheaper.
  private func preparePlain(_ coding: inout Coding, width: Int) {
    coding.palette = nil
    coding.width = width
    coding.count = pixelCount
    if coding.pixels.count < pixelCount { coding.pixels = [UInt32](repeating: 0, count: pixelCount) }
    coding.subtractGreen = subtractsGreen()
    let subtract = coding.subtractGreen
    let count = pixelCount
    argb.withUnsafeBufferPointer { argb in
      coding.pixels.withUnsafeMutableBufferPointer { pixels in
        if subtract {
          for i in 0..<count { pixels[i] = Self.subtractingGreen(argb[i]) }
        } else {
          for i in 0..<count { pixels[i] = argb[i] }
        }
      }
    }
  }

  // MARK: - Transforms

  /// Whether subtracting green from red and blue makes them cheaper (by the entropy of the
  /// pixels that differ from the one to their left).
  private func subtractsGreen() -> Bool {
    var plain = [UInt32](repeating: 0, count: 512)
    var subtracted = [UInt32](repeating: 0, count: 512)
    var sampled = 0
    let count = pixelCount
    argb.withUnsafeBufferPointer { argb in
      for i in 1..<max(count, 1) where argb[i] != argb[i - 1] {
        let pixel = argb[i]
        let changed = Self.subtractingGreen(pixel)
        plain[Int(pixel >> 16 & 0xFF)] += 1
        plain[256 + Int(pixel & 0xFF)] += 1
        subtracted[Int(changed >> 16 & 0xFF)] += 1
        subtracted[256 + Int(changed & 0xFF)] += 1
        sampled += 1
      }
    }
    guard sampled > 0 else { return false }
    return Self.entropy(subtracted[0..<256]) + Self.entropy(subtracted[256...])
      < Self.entropy(plain[0..<256]) + Self.entropy(plain[256...])
  }

  @inline(__always)
  private static func subtractingGreen(_ pixel: UInt32) -> UInt32 {
    let green = pixel >> 8 & 0xFF
    let red = (pixel >> 16 &- green) & 0xFF
    let blue = (pixel &- green) & 0xFF
    return pixel & 0xFF00_FF00 | red << 16 | blue
  }

  /// The distinct colours of the pixels, sorted, if there are at most 256.
  private func palette() -> [UInt32]? {
    var colors: [UInt32] = []
    var table = ColorTable()
    let count = pixelCount
    let complete = argb.withUnsafeBufferPointer { argb -> Bool in
      var last = ~argb[0]
      for i in 0..<count where argb[i] != last {
        last = argb[i]
        if table.insert(last) {
          colors.append(last)
          if colors.count > 256 { return false }
        }
      }
      return true
    }
    return complete ? colors.sorted() : nil
  }

  /// A set of at most 257 colours, each with a value: open addressing in 1024 slots.
  private struct ColorTable {
    private var colors = [UInt32](repeating: 0, count: 1024)
    private var values = [Int32](repeating: -1, count: 1024)

    @inline(__always)
    private func slot(of color: UInt32) -> Int {
      var slot = Int((color &* VP8LEncoder.cacheMultiplier) >> 22)
      while values[slot] >= 0, colors[slot] != color { slot = (slot + 1) & 1023 }
      return slot
    }

    /// Adds `color` (value 0) if it is new; returns whether it was.
    mutating func insert(_ color: UInt32, value: Int32 = 0) -> Bool {
      let slot = slot(of: color)
      let isNew = values[slot] < 0
      colors[slot] = color
      values[slot] = value
      return isNew
    }

    func value(of color: UInt32) -> UInt32 { UInt32(values[slot(of: color)]) }
  }

  /// Fills `coding.pixels` with the pixels' indices in `palette`, packed 8, 4 or 2 to a pixel
  /// when there are at most 2, 4 or 16 colours, in green (the channel the decoder reads; the
  /// others are constant, so they cost nothing).
  private func index(into coding: inout Coding, palette: [UInt32], width: Int, height: Int) {
    let widthBits = Self.packingBits(colors: palette.count)
    let perPixel = 1 << widthBits
    let bitsPerIndex = UInt32(8 >> widthBits)
    let packedWidth = (width + perPixel - 1) >> widthBits
    coding.palette = palette
    coding.subtractGreen = false
    coding.width = packedWidth
    coding.count = packedWidth * height
    if coding.pixels.count < coding.count { coding.pixels = [UInt32](repeating: 0, count: coding.count) }
    var table = ColorTable()
    for (i, color) in palette.enumerated() { _ = table.insert(color, value: Int32(i)) }
    argb.withUnsafeBufferPointer { argb in
      coding.pixels.withUnsafeMutableBufferPointer { pixels in
        var lastColor = argb[0]
        var lastIndex = table.value(of: lastColor)
        var out = 0
        for y in 0..<height {
          let row = y * width
          var x = 0
          while x < width {
            var packed: UInt32 = 0
            for k in 0..<min(perPixel, width - x) {
              let color = argb[row + x + k]
              if color != lastColor {
                lastColor = color
                lastIndex = table.value(of: color)
              }
              packed |= lastIndex << (UInt32(k) * bitsPerIndex)
            }
            pixels[out] = 0xFF00_0000 | packed << 8
            out += 1
            x += perPixel
          }
        }
      }
    }
  }

  /// log₂ of the indices packed into one pixel for a table of `colors` colours.
  private static func packingBits(colors: Int) -> Int {
    colors <= 2 ? 3 : colors <= 4 ? 2 : colors <= 16 ? 1 : 0
  }

  // MARK: - LZ77

  /// Splits the coded pixels into literals and copies: at each pixel the longest copy from
  /// the pixel to the left, the one above or one of `chainLength` earlier places with the same
  /// next two pixels, taken if it covers at least two pixels, unless the next pixel starts a
  /// copy longer by two or more (then this one is a literal).
  private mutating func tokenize(_ coding: inout Coding) {
    let count = coding.count
    let width = coding.width
    coding.tokens.removeAll(keepingCapacity: true)
    coding.tokens.reserveCapacity(count / 4 + 16)
    let hashBits = min(16, max(8, Int.bitWidth - count.leadingZeroBitCount + 1))
    let hashSize = 1 << hashBits
    if head.count < hashSize { head = [Int32](repeating: -1, count: hashSize) }
    if chain.count < count { chain = [Int32](repeating: -1, count: count) }
    let chainLength = self.chainLength

    coding.pixels.withUnsafeBufferPointer { argb in
      head.withUnsafeMutableBufferPointer { head in
        chain.withUnsafeMutableBufferPointer { chain in
          for i in 0..<hashSize { head[i] = -1 }
          @inline(__always) func hash(_ i: Int) -> Int {
            let key = UInt64(argb[i + 1]) << 32 | UInt64(argb[i])
            return Int(truncatingIfNeeded: (key &* 0xC6A4_A793_5BD1_E995) >> UInt64(64 - hashBits))
          }
          @inline(__always) func insert(_ i: Int) {
            let h = hash(i)
            chain[i] = head[h]
            head[h] = Int32(i)
          }
          @inline(__always) func matchLength(_ i: Int, _ from: Int, _ limit: Int) -> Int {
            var length = 0
            while length < limit, argb[from + length] == argb[i + length] { length += 1 }
            return length
          }
          /// The longest copy for position `i` (length 0 if none).
          func longest(at i: Int) -> (length: Int, distance: Int) {
            let limit = min(count - i, Self.maximumCopyLength)
            var best = 0
            var distance = 0
            if i >= 1 {
              best = matchLength(i, i - 1, limit)
              distance = 1
            }
            if i >= width, width > 1 {
              let length = matchLength(i, i - width, limit)
              if length > best {
                best = length
                distance = width
              }
            }
            guard best < limit, best < 64, i + 1 < count else { return (best, distance) }
            var position = Int(head[hash(i)])
            var looked = 0
            let oldest = i - Self.maximumDistance
            while position >= 0, position >= oldest, looked < chainLength {
              looked += 1
              let d = i - position
              if d != 1, d != width, argb[position + best] == argb[i + best] {
                let length = matchLength(i, position, limit)
                if length > best {
                  best = length
                  distance = d
                  if length == limit { break }
                }
              }
              position = Int(chain[position])
            }
            return (best, distance)
          }

          var i = 0
          var literals = 0
          defer { coding.literalCount = literals }
          while i < count {
            var (length, distance) = longest(at: i)
            guard length >= 2 else {
              literals += 1
              coding.tokens.append(UInt64(argb[i]))
              if i + 1 < count { insert(i) }
              i += 1
              continue
            }
            var inserted = i
            if length < 32, i + 2 < count {
              insert(i)
              inserted = i + 1
              let next = longest(at: i + 1)
              if next.length > length + 1 {
                literals += 1
                coding.tokens.append(UInt64(argb[i]))
                i += 1
                (length, distance) = next
              }
            }
            coding.tokens.append(Self.copyFlag | UInt64(length) << 32 | UInt64(Self.planeCode(distance, width: width)))
            let end = min(i + length, count - 1)
            while inserted < end {
              insert(inserted)
              inserted += 1
            }
            i += length
          }
        }
      }
    }
  }

  /// VP8L's distance code for a copy from `distance` pixels back in an image `width` wide:
  /// 1…120 for the nearest places above and beside (RFC 9649 §4.2.2), else the distance + 120.
  static func planeCode(_ distance: Int, width: Int) -> Int {
    let dy = distance / width
    let dx = distance - dy * width
    if dx <= 8, dy < 8 { return Int(planeToCode[dy * 16 + 8 - dx]) + 1 }
    if dx > width - 8, dy < 7 { return Int(planeToCode[(dy + 1) * 16 + 8 + (width - dx)]) + 1 }
    return distance + 120
  }

  /// The specification's table of the 120 short distance codes, inverted: indexed by
  /// 16 × rows up + 8 − columns left, each code less one (255: none).
  private static let planeToCode: [UInt8] = [
    96, 73, 55, 39, 23, 13, 5, 1, 255, 255, 255, 255, 255, 255, 255, 255,
    101, 78, 58, 42, 26, 16, 8, 2, 0, 3, 9, 17, 27, 43, 59, 79,
    102, 86, 62, 46, 32, 20, 10, 6, 4, 7, 11, 21, 33, 47, 63, 87,
    105, 90, 70, 52, 37, 28, 18, 14, 12, 15, 19, 29, 38, 53, 71, 91,
    110, 99, 82, 66, 48, 35, 30, 24, 22, 25, 31, 36, 49, 67, 83, 100,
    115, 108, 94, 76, 64, 50, 44, 40, 34, 41, 45, 51, 65, 77, 95, 109,
    118, 113, 103, 92, 80, 68, 60, 56, 54, 57, 61, 69, 81, 93, 104, 114,
    119, 116, 111, 106, 97, 88, 84, 74, 72, 75, 85, 89, 98, 107, 112, 117,
  ]

  /// VP8L's prefix coding of a length or distance code `value` ≥ 1: the prefix symbol, the
  /// count of extra bits and their value.
  @inline(__always)
  static func prefix(_ value: Int) -> (symbol: Int, extraBits: Int, extra: Int) {
    let v = value - 1
    if v < 4 { return (v, 0, 0) }
    let highest = Int.bitWidth - v.leadingZeroBitCount - 1
    let second = (v >> (highest - 1)) & 1
    return (2 * highest + second, highest - 1, v & ((1 << (highest - 1)) - 1))
  }

  // MARK: - Colour cache

  /// The cache sizes tried for `literals` literals: none, or 2^bits entries for even bits
  /// from 4 up to about the number of literals (at most 2¹⁰); with fewer than 16 literals, none.
  private static func cacheCandidates(literals: Int) -> [Int] {
    let largest = min(10, Int.bitWidth - literals.leadingZeroBitCount - 1)
    return [0] + Array(stride(from: 4, through: largest, by: 2))
  }

  /// Picks the colour cache that makes the image smallest by an estimate, and sets
  /// `coding.cost` to that estimate. Without a cache, the cost is Shannon's for the symbol
  /// counts; a cache of 2^bits entries turns each hit (a literal whose colour is in it) from
  /// a literal's average cost into an index among the slots hit. The cache is simulated with
  /// each distinct pixel of a copy rather than each pixel: close enough for a choice, and a
  /// run costs one step.
  private mutating func chooseCache(_ coding: inout Coding) {
    let candidates = Self.cacheCandidates(literals: coding.literalCount)
    // Without a cache: green with lengths (280), red, blue, alpha, distance (40); then each
    // candidate's cache, and a mark for each slot hit.
    let cacheTotal = candidates.reduce(0) { $0 + ($1 > 0 ? 1 << $1 : 0) }
    let used = 280 + 3 * 256 + 40 + 2 * cacheTotal
    if counts.count < used { counts = [UInt32](repeating: 0, count: used) }
    var hits = [Int](repeating: 0, count: candidates.count)
    var slotsHit = [Int](repeating: 0, count: candidates.count)
    var extraBits = 0
    var copies = 0
    var costs = (green: 0.0, red: 0.0, blue: 0.0, alpha: 0.0, distance: 0.0)
    counts.withUnsafeMutableBufferPointer { counts in
      coding.pixels.withUnsafeBufferPointer { pixels in
        let base = counts.baseAddress!
        _ = memset(base, 0, used * 4)
        let (green, red, blue, alpha, distance) = (base, base + 280, base + 536, base + 792, base + 1048)
        let caches = base + 1088
        let marks = caches + cacheTotal
        var offsets = [Int](repeating: 0, count: candidates.count)
        for c in candidates.indices.dropFirst() {
          offsets[c] = offsets[c - 1] + (candidates[c - 1] > 0 ? 1 << candidates[c - 1] : 0)
        }
        var position = 0
        for token in coding.tokens {
          if token & Self.copyFlag != 0 {
            let length = Int(token >> 32 & 0x1FFF)
            let lengthPrefix = Self.prefix(length)
            let distancePrefix = Self.prefix(Int(token & 0xFFFF_FFFF))
            green[256 + lengthPrefix.symbol] += 1
            distance[distancePrefix.symbol] += 1
            extraBits += lengthPrefix.extraBits + distancePrefix.extraBits
            copies += 1
            if candidates.count > 1 {
              var last = ~pixels[position]
              for k in position..<(position + length) where pixels[k] != last {
                last = pixels[k]
                let key = last &* Self.cacheMultiplier
                for c in 1..<candidates.count { caches[offsets[c] + Int(key >> UInt32(32 - candidates[c]))] = last }
              }
            }
            position += length
            continue
          }
          let pixel = UInt32(truncatingIfNeeded: token)
          position += 1
          green[Int(pixel >> 8 & 0xFF)] += 1
          red[Int(pixel >> 16 & 0xFF)] += 1
          blue[Int(pixel & 0xFF)] += 1
          alpha[Int(pixel >> 24)] += 1
          let key = pixel &* Self.cacheMultiplier
          for c in 1..<max(candidates.count, 1) {
            let slot = offsets[c] + Int(key >> UInt32(32 - candidates[c]))
            if caches[slot] == pixel {
              hits[c] += 1
              if marks[slot] == 0 {
                marks[slot] = 1
                slotsHit[c] += 1
              }
            } else {
              caches[slot] = pixel
            }
          }
        }
        costs = (
          Self.estimate(UnsafeBufferPointer(start: green, count: 280)),
          Self.estimate(UnsafeBufferPointer(start: red, count: 256)),
          Self.estimate(UnsafeBufferPointer(start: blue, count: 256)),
          Self.estimate(UnsafeBufferPointer(start: alpha, count: 256)),
          Self.estimate(UnsafeBufferPointer(start: distance, count: 40))
        )
      }
    }
    let literals = Double(coding.literalCount)
    let withoutCache = costs.green + costs.red + costs.blue + costs.alpha + costs.distance
    // A literal's average cost: red, blue, alpha and its share of green.
    let perLiteral =
      literals > 0
      ? (costs.red + costs.blue + costs.alpha + costs.green * literals / (literals + Double(copies))) / literals : 0
    var best = (bits: 0, cost: withoutCache)
    for c in candidates.indices.dropFirst() where hits[c] > 0 {
      let hit = Double(hits[c])
      let indexBits = log2((literals + Double(copies)) / hit) + log2(Double(slotsHit[c]))
      let cost = withoutCache - hit * perLiteral + hit * indexBits + 4 * Double(slotsHit[c])
      if cost < best.cost { best = (candidates[c], cost) }
    }
    coding.cacheBits = best.bits
    coding.cost = best.cost + Double(extraBits)
  }

  /// Bits for the symbols counted: Shannon's estimate plus 4 bits a used symbol for the
  /// code's description.
  private static func estimate(_ histogram: UnsafeBufferPointer<UInt32>) -> Double {
    var total: UInt32 = 0
    var sum = 0.0
    var used = 0
    for count in histogram where count > 0 {
      total += count
      sum -= xLog2(count)
      used += 1
    }
    return used <= 1 ? 4 : sum + xLog2(total) + 4 * Double(used)
  }

  /// Bits to store `colors` as a difference-coded table, estimated.
  private static func literalCost(_ colors: [UInt32]) -> Double {
    var histogram = [UInt32](repeating: 0, count: 1024)
    var previous: UInt32 = 0
    for color in colors {
      let delta = subtract(color, previous)
      previous = color
      for k in 0..<4 { histogram[k * 256 + Int(delta >> UInt32(8 * k) & 0xFF)] += 1 }
    }
    return histogram.withUnsafeBufferPointer { histogram in
      (0..<4).reduce(0) { $0 + estimate(UnsafeBufferPointer(rebasing: histogram[($1 * 256)..<(($1 + 1) * 256)])) }
    }
  }

  /// count × log₂ count, from a table for small counts.
  @inline(__always)
  private static func xLog2(_ count: UInt32) -> Double {
    count < 4096 ? xLog2Table[Int(count)] : Double(count) * log2(Double(count))
  }

  private static let xLog2Table: [Double] = (0..<4096).map { $0 == 0 ? 0 : Double($0) * log2(Double($0)) }

  private static func entropy(_ histogram: ArraySlice<UInt32>) -> Double {
    var total: UInt32 = 0
    var sum = 0.0
    for count in histogram where count > 0 {
      total += count
      sum -= xLog2(count)
    }
    return total == 0 ? 0 : sum + xLog2(total)
  }

  /// Per-channel `a − b`, modulo 256.
  @inline(__always)
  private static func subtract(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let alphaGreen = ((a | 0x00FF_00FF) &- (b & 0xFF00_FF00)) & 0xFF00_FF00
    let redBlue = ((a | 0xFF00_FF00) &- (b & 0x00FF_00FF)) & 0x00FF_00FF
    return alphaGreen | redBlue
  }

  // MARK: - Writing

  /// Writes `coding`'s transforms, colour cache and coded pixels.
  private static func write(_ coding: Coding, to writer: inout VP8LBitWriter) {
    if let palette = coding.palette {
      writer.write(1, bitCount: 1)  // a transform follows
      writer.write(3, bitCount: 2)  // colour indexing
      writer.write(UInt32(palette.count - 1), bitCount: 8)
      // The table is a count × 1 image, each colour stored as its difference from the one before.
      var deltas = palette
      for i in stride(from: palette.count - 1, to: 0, by: -1) { deltas[i] = subtract(palette[i], palette[i - 1]) }
      writeLiterals(deltas, to: &writer)
    }
    if coding.subtractGreen {
      writer.write(1, bitCount: 1)
      writer.write(2, bitCount: 2)  // subtract green
    }
    writer.write(0, bitCount: 1)  // no more transforms
    let cacheBits = coding.cacheBits
    if cacheBits > 0 {
      writer.write(1, bitCount: 1)
      writer.write(UInt32(cacheBits), bitCount: 4)
    } else {
      writer.write(0, bitCount: 1)
    }
    writer.write(0, bitCount: 1)  // one group of prefix codes for the whole image

    let cacheSize = cacheBits > 0 ? 1 << cacheBits : 0
    var green = [UInt32](repeating: 0, count: 256 + 24 + cacheSize)
    var red = [UInt32](repeating: 0, count: 256)
    var blue = [UInt32](repeating: 0, count: 256)
    var alpha = [UInt32](repeating: 0, count: 256)
    var distance = [UInt32](repeating: 0, count: 40)
    var cache = [UInt32](repeating: 0, count: max(cacheSize, 1))
    let shift = UInt32(32 - cacheBits)
    // Literals found in the cache become its index (with `cacheFlag`).
    var coded = coding.tokens
    coding.pixels.withUnsafeBufferPointer { pixels in
      cache.withUnsafeMutableBufferPointer { cache in
        var position = 0
        for t in 0..<coded.count {
          let token = coded[t]
          if token & copyFlag != 0 {
            let length = Int(token >> 32 & 0x1FFF)
            green[256 + prefix(length).symbol] += 1
            distance[prefix(Int(token & 0xFFFF_FFFF)).symbol] += 1
            if cacheSize > 0 {
              for k in position..<(position + length) {
                cache[Int((pixels[k] &* cacheMultiplier) >> shift)] = pixels[k]
              }
            }
            position += length
            continue
          }
          let pixel = UInt32(truncatingIfNeeded: token)
          position += 1
          if cacheSize > 0 {
            let key = Int((pixel &* cacheMultiplier) >> shift)
            if cache[key] == pixel {
              green[280 + key] += 1
              coded[t] = cacheFlag | UInt64(key)
              continue
            }
            cache[key] = pixel
          }
          green[Int(pixel >> 8 & 0xFF)] += 1
          red[Int(pixel >> 16 & 0xFF)] += 1
          blue[Int(pixel & 0xFF)] += 1
          alpha[Int(pixel >> 24)] += 1
        }
      }
    }

    let greenCode = VP8LPrefixCode(counts: green)
    let redCode = VP8LPrefixCode(counts: red)
    let blueCode = VP8LPrefixCode(counts: blue)
    let alphaCode = VP8LPrefixCode(counts: alpha)
    let distanceCode = VP8LPrefixCode(counts: distance)
    for code in [greenCode, redCode, blueCode, alphaCode, distanceCode] { code.writeDescription(to: &writer) }
    for token in coded {
      if token & copyFlag != 0 {
        let length = prefix(Int(token >> 32 & 0x1FFF))
        greenCode.write(256 + length.symbol, to: &writer)
        writer.write(UInt32(length.extra), bitCount: length.extraBits)
        let distance = prefix(Int(token & 0xFFFF_FFFF))
        distanceCode.write(distance.symbol, to: &writer)
        writer.write(UInt32(distance.extra), bitCount: distance.extraBits)
      } else if token & cacheFlag != 0 {
        greenCode.write(280 + Int(token & 0xFFFF), to: &writer)
      } else {
        let pixel = UInt32(truncatingIfNeeded: token)
        greenCode.write(Int(pixel >> 8 & 0xFF), to: &writer)
        redCode.write(Int(pixel >> 16 & 0xFF), to: &writer)
        blueCode.write(Int(pixel & 0xFF), to: &writer)
        alphaCode.write(Int(pixel >> 24), to: &writer)
      }
    }
  }

  /// A small image (a transform's data) coded as literals, with no colour cache.
  private static func writeLiterals(_ pixels: [UInt32], to writer: inout VP8LBitWriter) {
    writer.write(0, bitCount: 1)  // no colour cache
    var green = [UInt32](repeating: 0, count: 280)
    var red = [UInt32](repeating: 0, count: 256)
    var blue = [UInt32](repeating: 0, count: 256)
    var alpha = [UInt32](repeating: 0, count: 256)
    for pixel in pixels {
      green[Int(pixel >> 8 & 0xFF)] += 1
      red[Int(pixel >> 16 & 0xFF)] += 1
      blue[Int(pixel & 0xFF)] += 1
      alpha[Int(pixel >> 24)] += 1
    }
    let codes = [green, red, blue, alpha, [UInt32](repeating: 0, count: 40)].map { VP8LPrefixCode(counts: $0) }
    for code in codes { code.writeDescription(to: &writer) }
    for pixel in pixels {
      codes[0].write(Int(pixel >> 8 & 0xFF), to: &writer)
      codes[1].write(Int(pixel >> 16 & 0xFF), to: &writer)
      codes[2].write(Int(pixel & 0xFF), to: &writer)
      codes[3].write(Int(pixel >> 24), to: &writer)
    }
  }
}
