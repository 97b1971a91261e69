/// VP8L's predictor transform (RFC 9649 §4.1): the image is cut into square blocks, each
/// block names one of 14 ways of predicting a pixel from its neighbours already decoded (left,
/// top, top-left, top-right), and the encoder stores each pixel's difference from its
/// prediction instead of the pixel. On smooth content (gradients, enlarged icons, shadows) the
/// differences are a few small values where the pixels were thousands of colours.
///
/// The mode of each block is the one whose differences, added to those of the blocks chosen
/// before it, make the least entropy: a block pays for differences the image already uses
/// often less than for new ones. The costs are integers (fixed-point bits), so the choice, and
/// the encoder's bytes, are the same on every machine.
///
/// Keeps its buffers from one rectangle to the next, as ``VP8LEncoder`` does.
///
/// ```swift
/// let predictor = VP8LPredictor()
/// predictor.apply(pixels, width: 200, height: 200, to: residuals)
/// predictor.modes.pointer   // the sub-image: one ARGB word a block, its mode in green
/// ```
final class VP8LPredictor {
  /// log₂ of the block's side, 2…9 (the bitstream's 3 bits + 2).
  private(set) var bits = 0
  /// The blocks across and down.
  private(set) var blocksWide = 0
  private(set) var blocksHigh = 0
  /// The sub-image: for each block, `0xFF000000 | mode << 8`.
  let modes = VP8LScratch<UInt32>()
  /// Counts of the differences chosen so far, per channel (alpha, red, green, blue: 256 each),
  /// and a block's counts while a mode is tried (zero at rest).
  private let chosen = VP8LScratch<UInt32>(capacity: 1024)
  private let trial = VP8LScratch<UInt32>(capacity: 1024)
  /// A block's differences for the mode tried.
  private let blockResiduals = VP8LScratch<UInt32>()

  init() {
    _ = trial.reserve(1024, filledWith: 0)
  }

  /// The number of prediction modes.
  static var modeCount: Int { 14 }

  /// The block size for a `width` × `height` image: 32 × 32 pixels, or 64 × 64 if that
  /// makes more than 2 600 blocks. Smaller blocks fit the image more closely, but their
  /// modes cost more to store than they save on the smooth content the predictor is for.
  static func blockBits(width: Int, height: Int) -> Int {
    ((width + 31) >> 5) * ((height + 31) >> 5) > 2600 ? 6 : 5
  }

  /// Chooses a mode for each block of the `width` × `height` ARGB `pixels`, and writes each
  /// pixel less its prediction to `residuals`. `modeOverride` forces one mode everywhere
  /// (for tests).
  func apply(
    _ pixels: UnsafePointer<UInt32>, width: Int, height: Int, to residuals: UnsafeMutablePointer<UInt32>,
    modeOverride: Int? = nil
  ) {
    bits = Self.blockBits(width: width, height: height)
    let side = 1 << bits
    blocksWide = (width + side - 1) >> bits
    blocksHigh = (height + side - 1) >> bits
    let modes = self.modes.reserve(blocksWide * blocksHigh)
    let chosen = self.chosen.reserve(1024, filledWith: 0)
    let trial = self.trial.reserve(1024)
    let block = blockResiduals.reserve(side * side)
    Self.xLog2Table.withUnsafeBufferPointer { table in
      @inline(__always) func xLog2(_ count: UInt32) -> Int {
        count < 4096 ? table[Int(count)] : Int(count) * Self.log2Fixed(UInt64(count))
      }
      for by in 0..<blocksHigh {
        let top = by << bits
        let bottom = min(top + side, height)
        for bx in 0..<blocksWide {
          let left = bx << bits
          let right = min(left + side, width)
          let blockWidth = right - left
          let count = (bottom - top) * blockWidth
          var best = (mode: 0, cost: Int.max)
          for mode in 0..<Self.modeCount {
            if let modeOverride, mode != modeOverride { continue }
            for y in top..<bottom {
              Self.residuals(
                pixels, row: y, from: left, count: blockWidth, width: width, mode: mode,
                to: block + (y - top) * blockWidth)
            }
            // The entropy of chosen + this block, less what is the same for every mode: the
            // change in Σ c·log₂ c over the symbols this block uses, negated.
            for k in 0..<count {
              let r = block[k]
              trial[Int(r >> 24)] += 1
              trial[256 + Int(r >> 16 & 0xFF)] += 1
              trial[512 + Int(r >> 8 & 0xFF)] += 1
              trial[768 + Int(r & 0xFF)] += 1
            }
            // Each symbol once: its trial count is zeroed when it is taken.
            var gain = 0
            var own = 0
            var small = 0
            @inline(__always) func take(_ symbol: Int) {
              let n = trial[symbol]
              guard n != 0 else { return }
              let before = chosen[symbol]
              gain += xLog2(before + n) - xLog2(before)
              own += xLog2(n)
              small += Int(n) * Self.smallWeights[symbol & 0xFF]
              trial[symbol] = 0
            }
            for k in 0..<count {
              let r = block[k]
              take(Int(r >> 24))
              take(256 + Int(r >> 16 & 0xFF))
              take(512 + Int(r >> 8 & 0xFF))
              take(768 + Int(r & 0xFF))
            }
            var cost = -gain - own - small
            if bx > 0, mode == Int(modes[by * blocksWide + bx - 1] >> 8 & 0xFF) { cost -= Self.neighbourBonus }
            if by > 0, mode == Int(modes[(by - 1) * blocksWide + bx] >> 8 & 0xFF) { cost -= Self.neighbourBonus }
            if cost < best.cost { best = (mode, cost) }
          }
          modes[by * blocksWide + bx] = 0xFF00_0000 | UInt32(best.mode) << 8
          for y in top..<bottom {
            let out = residuals + y * width + left
            Self.residuals(pixels, row: y, from: left, count: blockWidth, width: width, mode: best.mode, to: out)
            for k in 0..<blockWidth {
              let r = out[k]
              chosen[Int(r >> 24)] += 1
              chosen[256 + Int(r >> 16 & 0xFF)] += 1
              chosen[512 + Int(r >> 8 & 0xFF)] += 1
              chosen[768 + Int(r & 0xFF)] += 1
            }
          }
        }
      }
    }
  }

  /// Writes to `out` the `count` pixels of row `y` from column `x` on, each less its
  /// prediction in mode `mode`, from the pixels before it as the decoder has them: the first
  /// pixel is predicted black, the rest of the top row by the pixel to the left, the rest of
  /// the left column by the pixel above, whatever the mode.
  @inline(__always)
  static func residuals(
    _ pixels: UnsafePointer<UInt32>, row y: Int, from x: Int, count: Int, width: Int, mode: Int,
    to out: UnsafeMutablePointer<UInt32>
  ) {
    let p = pixels + y * width + x
    var start = 0
    if y == 0 {
      for k in 0..<count { out[k] = subtract(p[k], x + k == 0 ? 0xFF00_0000 : p[k - 1]) }
      return
    }
    if x == 0 {
      out[0] = subtract(p[0], p[-width])
      start = 1
    }
    // Neighbours at k − 1 (left), k − width (top), k − width − 1 (top-left) and k − width + 1
    // (top-right; of the rightmost pixel, the first of its own row, as RFC 9649 §4.1 says).
    let t = p - width
    switch mode {
    case 0: for k in start..<count { out[k] = subtract(p[k], 0xFF00_0000) }
    case 1: for k in start..<count { out[k] = subtract(p[k], p[k - 1]) }
    case 2: for k in start..<count { out[k] = subtract(p[k], t[k]) }
    case 3: for k in start..<count { out[k] = subtract(p[k], t[k + 1]) }
    case 4: for k in start..<count { out[k] = subtract(p[k], t[k - 1]) }
    case 5: for k in start..<count { out[k] = subtract(p[k], average(average(p[k - 1], t[k + 1]), t[k])) }
    case 6: for k in start..<count { out[k] = subtract(p[k], average(p[k - 1], t[k - 1])) }
    case 7: for k in start..<count { out[k] = subtract(p[k], average(p[k - 1], t[k])) }
    case 8: for k in start..<count { out[k] = subtract(p[k], average(t[k - 1], t[k])) }
    case 9: for k in start..<count { out[k] = subtract(p[k], average(t[k], t[k + 1])) }
    case 10:
      for k in start..<count { out[k] = subtract(p[k], average(average(p[k - 1], t[k - 1]), average(t[k], t[k + 1]))) }
    case 11: for k in start..<count { out[k] = subtract(p[k], select(left: p[k - 1], top: t[k], topLeft: t[k - 1])) }
    case 12: for k in start..<count { out[k] = subtract(p[k], clampedAddSubtractFull(p[k - 1], t[k], t[k - 1])) }
    default:
      for k in start..<count {
        out[k] = subtract(p[k], clampedAddSubtractHalf(average(p[k - 1], t[k]), t[k - 1]))
      }
    }
  }

  /// A bonus, in 1/2¹⁶ bits, for each difference near zero: 0.1 bit for a zero, falling
  /// off as 0.094 × 0.6^(|d| − 1) up to |d| = 15 (libwebp's weights). Small differences keep
  /// the rows alike, for copies and the colour cache.
  private static let smallWeights: [Int] = {
    var weights = [Int](repeating: 0, count: 256)
    weights[0] = 6554
    var weight = 0.094 * 65536
    for d in 1..<16 {
      weights[d] = Int(weight.rounded())
      weights[256 - d] = weights[d]
      weight *= 0.6
    }
    return weights
  }()

  /// A bonus, in 1/2¹⁶ bits, for the mode of the block to the left or above: alike modes
  /// cost less to store.
  private static var neighbourBonus: Int { 15 << 16 }

  /// Per-channel ⌊(a + b) / 2⌋.
  @inline(__always)
  static func average(_ a: UInt32, _ b: UInt32) -> UInt32 { (((a ^ b) & 0xFEFE_FEFE) >> 1) &+ (a & b) }

  /// The channel of `word` at `shift`, as an Int.
  @inline(__always)
  private static func channel(_ word: UInt32, _ shift: UInt32) -> Int { Int(word >> shift & 0xFF) }

  /// Of left and top, the one nearer (Manhattan distance over the channels) to the gradient
  /// estimate left + top − top-left; top on a tie.
  @inline(__always)
  static func select(left: UInt32, top: UInt32, topLeft: UInt32) -> UInt32 {
    // |estimate − left| is |top − top-left|, and |estimate − top| is |left − top-left|.
    @inline(__always) func distance(_ a: UInt32, _ b: UInt32, _ shift: UInt32) -> Int {
      abs(channel(a, shift) - channel(b, shift))
    }
    let toLeft =
      distance(top, topLeft, 24) + distance(top, topLeft, 16) + distance(top, topLeft, 8)
      + distance(top, topLeft, 0)
    let toTop =
      distance(left, topLeft, 24) + distance(left, topLeft, 16) + distance(left, topLeft, 8)
      + distance(left, topLeft, 0)
    return toLeft < toTop ? left : top
  }

  /// A channel clamped to 0…255, in place.
  @inline(__always)
  private static func clamped(_ value: Int, _ shift: UInt32) -> UInt32 { UInt32(min(max(value, 0), 255)) << shift }

  /// Per channel, a + b − c clamped to 0…255.
  @inline(__always)
  static func clampedAddSubtractFull(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
    @inline(__always) func one(_ shift: UInt32) -> UInt32 {
      clamped(channel(a, shift) + channel(b, shift) - channel(c, shift), shift)
    }
    return one(24) | one(16) | one(8) | one(0)
  }

  /// Per channel, a + (a − b) / 2 (the division truncating toward zero, as in C) clamped to
  /// 0…255.
  @inline(__always)
  static func clampedAddSubtractHalf(_ a: UInt32, _ b: UInt32) -> UInt32 {
    @inline(__always) func one(_ shift: UInt32) -> UInt32 {
      clamped(channel(a, shift) + (channel(a, shift) - channel(b, shift)) / 2, shift)
    }
    return one(24) | one(16) | one(8) | one(0)
  }

  /// Per-channel `a − b`, modulo 256.
  @inline(__always)
  static func subtract(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let alphaGreen = ((a | 0x00FF_00FF) &- (b & 0xFF00_FF00)) & 0xFF00_FF00
    let redBlue = ((a | 0xFF00_FF00) &- (b & 0x00FF_00FF)) & 0x00FF_00FF
    return alphaGreen | redBlue
  }

  // MARK: - Integer entropy

  /// Fractional bits of the fixed-point costs.
  static var fractionBits: Int { 16 }

  /// count × log₂ count in 1/2¹⁶ bits, for counts up to 4 095.
  private static let xLog2Table: [Int] = (0..<4096).map { $0 * log2Fixed(UInt64(max($0, 1))) }

  /// log₂ `count` in 1/2¹⁶ bits, as ``log2Fixed(_:)`` gives it, from a table for small counts.
  @inline(__always)
  static func log2(_ count: UInt32) -> Int {
    count < 4096 ? log2Table[Int(count)] : log2Fixed(UInt64(count))
  }

  private static let log2Table: [Int] = (0..<4096).map { log2Fixed(UInt64(max($0, 1))) }

  /// log₂ x in 1/2¹⁶ bits, rounded down, with integers only (so the same on every CPU): the
  /// integer part is the highest bit set; each fraction bit is whether the square of the
  /// mantissa (in [1, 2)) reaches 2.
  static func log2Fixed(_ x: UInt64) -> Int {
    precondition(x > 0)
    let highest = 63 - x.leadingZeroBitCount
    // The mantissa in [2³¹, 2³²): 1.0 is 2³¹.
    var mantissa = highest <= 31 ? x << UInt64(31 - highest) : x >> UInt64(highest - 31)
    var result = highest << fractionBits
    for bit in stride(from: fractionBits - 1, through: 0, by: -1) {
      mantissa = (mantissa &* mantissa) >> 31
      if mantissa >= 1 << 32 {
        mantissa >>= 1
        result |= 1 << bit
      }
    }
    return result
  }
}
