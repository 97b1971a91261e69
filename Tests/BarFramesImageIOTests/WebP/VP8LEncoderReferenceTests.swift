import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFramesImageIO

/// The encoder skips along runs of one colour (matching, hashing and simulating the colour
/// cache once a run); here its tokens and its cache choice are checked against the same
/// search done pixel by pixel, so those shortcuts cost nothing in size.
@Suite("Lossless WebP encoder (VP8L) against a pixel-by-pixel search")
struct VP8LEncoderReferenceTests {
  /// The encoder's LZ77 search, one pixel at a time: at each pixel the longest copy from the
  /// pixel to the left, the one above or one of `chainLength` earlier places with the same next
  /// two pixels (every position hashed), taken if it covers at least two pixels, unless the next
  /// pixel starts a copy longer by two or more. With `literalBits` (each channel value's cost
  /// in 1/2¹⁶ bits: alpha, red, green, blue), a copy is also taken only if it costs less than
  /// its literals. Returns the tokens and the literal count.
  static func tokens(
    _ argb: [UInt32], width: Int, chainLength: Int = 8, literalBits: [Int]? = nil
  ) -> ([UInt64], Int) {
    let count = argb.count
    let hashBits = min(16, max(8, Int.bitWidth - count.leadingZeroBitCount + 1))
    var head = [Int](repeating: -1, count: 1 << hashBits)
    var chain = [Int](repeating: -1, count: count)
    func hash(_ i: Int) -> Int {
      let key = UInt64(argb[i + 1]) << 32 | UInt64(argb[i])
      return Int((key &* 0xC6A4_A793_5BD1_E995) >> UInt64(64 - hashBits))
    }
    func insert(_ i: Int) {
      chain[i] = head[hash(i)]
      head[hash(i)] = i
    }
    func matchLength(_ i: Int, _ from: Int, _ limit: Int) -> Int {
      var length = 0
      while length < limit, argb[from + length] == argb[i + length] { length += 1 }
      return length
    }
    func longest(at i: Int) -> (length: Int, distance: Int) {
      let limit = min(count - i, 4096)
      var (best, distance) = i >= 1 ? (matchLength(i, i - 1, limit), 1) : (0, 0)
      if i >= width, width > 1, matchLength(i, i - width, limit) > best {
        (best, distance) = (matchLength(i, i - width, limit), width)
      }
      guard best < limit, best < 64, i + 1 < count else { return (best, distance) }
      var position = head[hash(i)]
      var looked = 0
      while position >= 0, position >= i - ((1 << 20) - 120), looked < chainLength {
        looked += 1
        let d = i - position
        if d != 1, d != width, matchLength(i, position, limit) > best {
          (best, distance) = (matchLength(i, position, limit), d)
          if best == limit { break }
        }
        position = chain[position]
      }
      return (best, distance)
    }

    var tokens: [UInt64] = []
    var literals = 0
    var i = 0
    while i < count {
      var (length, distance) = longest(at: i)
      if length < 2 {
        tokens.append(UInt64(argb[i]))
        literals += 1
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
          tokens.append(UInt64(argb[i]))
          literals += 1
          i += 1
          (length, distance) = next
        }
      }
      let code = VP8LEncoder.planeCode(distance, width: width)
      if let literalBits {
        let copy =
          (VP8LEncoder.copySymbolBits + VP8LEncoder.prefix(length).extraBits + VP8LEncoder.prefix(code).extraBits)
          << 16
        let instead = argb[i..<(i + length)].reduce(0) { sum, pixel in
          sum + literalBits[Int(pixel >> 24)] + literalBits[256 + Int(pixel >> 16 & 0xFF)]
            + literalBits[512 + Int(pixel >> 8 & 0xFF)] + literalBits[768 + Int(pixel & 0xFF)]
        }
        if instead <= copy {
          tokens.append(UInt64(argb[i]))
          literals += 1
          if inserted == i, i + 1 < count { insert(i) }
          i += 1
          continue
        }
      }
      tokens.append(1 << 63 | UInt64(length) << 32 | UInt64(code))
      while inserted < min(i + length, count - 1) {
        insert(inserted)
        inserted += 1
      }
      i += length
    }
    return (tokens, literals)
  }

  /// Each channel value's cost in 1/2¹⁶ bits among `pixels` (alpha, red, green, blue: 256
  /// each): log₂ of the pixels over the value's count, or of the pixels alone if it is not
  /// there.
  static func literalBits(_ pixels: [UInt32]) -> [Int] {
    var counts = [UInt64](repeating: 0, count: 1024)
    for pixel in pixels {
      for (k, shift) in [24, 16, 8, 0].enumerated() { counts[256 * k + Int(pixel >> UInt32(shift) & 0xFF)] += 1 }
    }
    let whole = VP8LPredictor.log2Fixed(UInt64(pixels.count))
    return counts.map { $0 == 0 ? whole : whole - VP8LPredictor.log2Fixed($0) }
  }

  /// The encoder's colour-cache choice with the cache simulated at every pixel of a copy that
  /// differs from the one before: returns the cache bits and the estimated cost in bits.
  static func cacheChoice(tokens: [UInt64], pixels: [UInt32], literals: Int) -> (bits: Int, cost: Double) {
    let largest = min(10, Int.bitWidth - literals.leadingZeroBitCount - 1)
    let candidates = [0] + Array(stride(from: 4, through: largest, by: 2))
    var green = [UInt32](repeating: 0, count: 280)
    var red = [UInt32](repeating: 0, count: 256)
    var blue = red
    var alpha = red
    var distance = [UInt32](repeating: 0, count: 40)
    var caches = candidates.map { [UInt32](repeating: 0, count: $0 > 0 ? 1 << $0 : 1) }
    var marks = caches.map { [Bool](repeating: false, count: $0.count) }
    var hits = [Int](repeating: 0, count: candidates.count)
    var slotsHit = hits
    var extraBits = 0
    var copies = 0
    var position = 0
    func slot(_ pixel: UInt32, _ c: Int) -> Int { Int((pixel &* 0x1E35_A7BD) >> UInt32(32 - candidates[c])) }
    for token in tokens {
      if token & 1 << 63 != 0 {
        let length = Int(token >> 32 & 0x1FFF)
        let (lengthPrefix, distancePrefix) = (VP8LEncoder.prefix(length), VP8LEncoder.prefix(Int(token & 0xFFFF_FFFF)))
        green[256 + lengthPrefix.symbol] += 1
        distance[distancePrefix.symbol] += 1
        extraBits += lengthPrefix.extraBits + distancePrefix.extraBits
        copies += 1
        for k in position..<(position + length) where k == position || pixels[k] != pixels[k - 1] {
          for c in candidates.indices.dropFirst() { caches[c][slot(pixels[k], c)] = pixels[k] }
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
      for c in candidates.indices.dropFirst() {
        if caches[c][slot(pixel, c)] == pixel {
          hits[c] += 1
          if !marks[c][slot(pixel, c)] {
            marks[c][slot(pixel, c)] = true
            slotsHit[c] += 1
          }
        } else {
          caches[c][slot(pixel, c)] = pixel
        }
      }
    }
    func estimate(_ counts: [UInt32]) -> Double {
      let used = counts.filter { $0 > 0 }
      guard used.count > 1 else { return 4 }
      let total = Double(used.reduce(0, +))
      return used.reduce(0) { $0 - Double($1) * log2(Double($1)) } + total * log2(total) + 4 * Double(used.count)
    }
    let costs = (estimate(green), estimate(red), estimate(blue), estimate(alpha), estimate(distance))
    let withoutCache = costs.0 + costs.1 + costs.2 + costs.3 + costs.4
    let count = Double(literals)
    let perLiteral = count > 0 ? (costs.1 + costs.2 + costs.3 + costs.0 * count / (count + Double(copies))) / count : 0
    var best = (bits: 0, cost: withoutCache)
    for c in candidates.indices.dropFirst() where hits[c] > 0 {
      let hit = Double(hits[c])
      let indexBits = log2((count + Double(copies)) / hit) + log2(Double(slotsHit[c]))
      let cost = withoutCache - hit * perLiteral + hit * indexBits + 4 * Double(slotsHit[c])
      if cost < best.cost { best = (candidates[c], cost) }
    }
    return (best.bits, best.cost + Double(extraBits))
  }

  /// Bars, runs inside repeated rows, noise, colour tables of every packing, smooth pictures.
  static var images: [RGBAImage] {
    // More than VP8LEncoder.largestChainlessArea pixels, so that the hash chain is searched.
    var shifted = RGBAImage(width: 301, height: 60)
    for y in 0..<60 {
      for x in 0..<301 {
        // Runs 1–23 pixels long whose colours repeat two and three rows down, shifted.
        let run = (x + 7 * (y % 3) + (y / 3) * 5) / (1 + (x * 7 + y) % 23)
        shifted[x, y] = .init(
          red: UInt8(truncatingIfNeeded: run * 37), green: UInt8(truncatingIfNeeded: run * 11 + y % 2),
          blue: UInt8(truncatingIfNeeded: run), alpha: run % 5 == 0 ? 128 : 255)
      }
    }
    return [
      TestImages.flatBar(width: 750, height: 40), TestImages.transparentBar(width: 750, height: 40),
      TestImages.flatBar(width: 5000, height: 3), shifted,
      TestImages.noise(width: 64, height: 20, opaque: false, seed: 4),
      VP8LEncoderTests.random(width: 37, height: 11, colors: 2, seed: 1),
      VP8LEncoderTests.random(width: 37, height: 11, colors: 4, seed: 2),
      VP8LEncoderTests.random(width: 37, height: 11, colors: 16, seed: 3),
      VP8LEncoderTests.random(width: 99, height: 40, colors: 200, seed: 4),
      // Smooth: coded with the predictor, in a small rectangle and in one with a hash chain.
      TestImages.enlargedIcon(icon: 3, scale: 40, seed: 6),
      TestImages.translucentGradient(width: 200, height: 100),
    ]
  }

  @Test("The tokens and the colour cache chosen are those of the pixel-by-pixel search, for each way of coding")
  func samePixelByPixel() throws {
    // Remembering no rectangle: each image is encoded.
    let encoder = VP8LEncoder(rectangles: nil)
    var triedIndexed = 0
    var triedPredicted = 0
    for (n, image) in Self.images.enumerated() {
      _ = encoder.encode(image, region: image.bounds)
      let (plain, indexed, predicted) = encoder.lastCodings()
      let codings = [(plain, "plain"), indexed.map { ($0, "indexed") }, predicted.map { ($0, "predicted") }]
      for (coding, kind) in codings.compactMap({ $0 }) {
        let isPlain = kind == "plain"
        let chainLength = encoder.chainLength(forArea: image.width * image.height)
        let (tokens, literals) = Self.tokens(
          coding.pixels, width: coding.width, chainLength: chainLength,
          literalBits: kind == "predicted" ? Self.literalBits(coding.pixels) : nil)
        #expect(coding.tokens == tokens, "image \(n)")
        #expect(coding.literalCount == literals, "image \(n)")
        let choice = Self.cacheChoice(tokens: tokens, pixels: coding.pixels, literals: literals)
        #expect(coding.cacheBits == choice.bits, "image \(n)")
        // The others' costs also count their colour table or predictor modes.
        if isPlain { #expect(abs(coding.cost - choice.cost) < 1e-9 * choice.cost, "image \(n)") }
      }
      if indexed != nil { triedIndexed += 1 }
      if predicted != nil { triedPredicted += 1 }
    }
    // The colour tables of 2, 4, 16 and 200 colours are estimated (the bars' may be too); the
    // predictor on the noise and the smooth images at least.
    #expect(triedIndexed >= 4)
    #expect(triedPredicted >= 3)
  }

  @Test("Small rectangles copy only from the pixel to the left and the one above; large ones search the chain too")
  func chainOnlyInLargeRectangles() throws {
    let encoder = VP8LEncoder(rectangles: nil)
    var small = 0
    var farCopiesInLarge = 0
    for image in Self.images {
      _ = encoder.encode(image, region: image.bounds)
      let coding = encoder.lastCodings().plain
      let near = [1, coding.width].map { UInt64(VP8LEncoder.planeCode($0, width: coding.width)) }
      let far = coding.tokens.filter { $0 & 1 << 63 != 0 && !near.contains($0 & 0xFFFF_FFFF) }.count
      if image.width * image.height <= VP8LEncoder.largestChainlessArea {
        small += 1
        #expect(far == 0, "\(image.width) × \(image.height)")
      } else {
        farCopiesInLarge += far
      }
    }
    #expect(small >= 5)
    // The shifted rows repeat two and three rows down: the chain finds those copies.
    #expect(farCopiesInLarge > 0)
  }
}
