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
///   whichever the estimate says is smaller (the table's cost included: antialiased edges
///   between a few colours make tables of close colours, cheap even where the rectangle has
///   few literals), and when the two estimates are close, both are written and the smaller
///   kept; the table is in numeric order, or nearest colour first where that is cheaper;
/// - where there are more than 256 colours and the best of those still costs more than
///   ``predictorThreshold`` bits a pixel (smooth content:
///   gradients, icons drawn larger than their pixels), the pixels are also estimated as their
///   differences from a prediction (``VP8LPredictor``, after subtract green when the plain
///   coding has it): with the modes it chooses block by block, and with each of
///   ``uniformPredictorModes`` everywhere; the smallest is coded if it beats the others. Its
///   copies are weighed against the literals they replace, and its tiles may get groups of
///   prefix codes of their own;
/// - LZ77 copies are found by looking first at the pixel to the left and the one above (long
///   runs and repeated rows end the search at once), then, in a rectangle of more than
///   ``largestChainlessArea`` pixels, along a short hash chain;
/// - the colour cache's size (none, or 2⁴, 2⁶, 2⁸ or 2¹⁰ entries) is the one an estimate
///   from the symbol counts and the cache's hits says is smallest;
/// - otherwise one group of five Huffman codes covers the image; a code for many symbols
///   used a few times each (the colours of antialiased edges) is made for the counts evened
///   out too, and kept if its shorter description pays for its looser fit
///   (``VP8LPrefixCode``);
/// - the transforms' small images (the colour table, the predictor's modes, the tiles' groups)
///   are coded with copies of earlier stretches where that is smaller, exactly reckoned: a
///   table of antialiased ramps repeats one step from colour to colour;
/// - a small rectangle with the same pixels as one encoded before, by this encoder or another
///   sharing its ``RectangleMemory`` (animations repeat themselves), gets that one's chunk
///   again, without encoding;
/// - where libwebp's lossless encoder may win (``expectsLibWebPToWin(dataCount:)``: every
///   rectangle ours codes in ``libWebPLargeBytes`` or more, and smaller ones of 17 to 256
///   colours where an estimate says so), libwebp encodes the rectangle too, at
///   `cwebp -lossless -exact`'s defaults (``VP8LLibWebPFallback``), and the smaller bitstream
///   is the chunk's.
///
/// libwebp's encoder weighs more (colour transforms, several entropy codes per image, an
/// optimal parse), which pays on pictures (gradients, enlarged icons, photographs), and on
/// long, shallow antialiased strokes (whose edges its predictor and cross-colour transforms
/// reduce to a few repeating differences, and whose copies its optimal parse finds): those
/// are the rectangles handed to it. This one is
/// made for the frames BarFrames draws, above all the small rectangles of an animation, where
/// libwebp's fixed cost per image dominates. The aim is that no chunk is more than 1.1 times
/// the size of libwebp's at those defaults. How the two compare in size and time, and the
/// script that measures it (`scripts/webp-vs-libwebp.py`): docs/performance.md.
///
/// Animation frames are mostly small rectangles, where a fixed cost per frame would dominate,
/// so the encoder keeps every buffer it needs (pixels, tokens, hash chain, histograms, colour
/// table, prefix codes, output) from one frame to the next: once they have grown to the largest
/// rectangle seen, a frame allocates only the chunk it returns. What a frame leaves in them
/// never reaches the next one: each step writes what it reads, and the symbol counts, which a
/// small rectangle uses a few dozen of, are zeroed after use where they were counted (rather
/// than whole before). So a chunk depends on the rectangle's pixels alone, whichever encoder
/// made it and whatever it made before (libwebp, with fixed settings and no threads of its own,
/// is as deterministic).
///
/// Large rectangles are mostly long runs of one colour, so the work is done once a run where
/// the result is the same as pixel by pixel: loading, matching the pixel to the left, chaining
/// positions for the LZ77 search, and keeping the colour cache.
///
/// ```swift
/// let encoder = VP8LEncoder()
/// let (chunk, isOpaque) = encoder.encode(image, region: image.bounds)
/// ```
/// Not thread-safe: it keeps scratch buffers between calls; use one per thread.
package final class VP8LEncoder {
  /// Candidates looked at along the hash chain for each pixel, in a rectangle of more than
  /// ``largestChainlessArea`` pixels.
  var chainLength: Int

  /// The largest rectangle (in pixels) whose copies come from the pixel to the left and the
  /// one above alone, with no hash chain: 128 × 128.
  ///
  /// In small rectangles the chain's copies cost more than they save. A copy from elsewhere
  /// takes a length and a distance code with extra bits where the left and above copies take
  /// the two commonest distance codes, and the pixels it covers are often cheap literals from
  /// the colour cache, so without the chain small rectangles encode both smaller and faster.
  /// In large ones the chain pays: long copies from far away are what their rows share. The
  /// examples' figures on either side of this limit: docs/performance.md.
  static var largestChainlessArea: Int { 16_384 }

  /// Candidates looked at along the hash chain in a rectangle of `area` pixels: none up to
  /// ``largestChainlessArea``, else ``chainLength``.
  func chainLength(forArea area: Int) -> Int { area > Self.largestChainlessArea ? chainLength : 0 }

  /// The rectangle's pixels.
  private var pixelCount = 0
  /// The pixels as coded (transformed), for each way of coding them.
  private let plain = Coding()
  private let indexed = Coding()
  private let predicted = Coding()
  /// Chooses the predicted coding's modes and makes its differences.
  private let predictor = VP8LPredictor()
  /// Each channel value's cost as a literal of the predicted coding, in 1/2¹⁶ bits (alpha,
  /// red, green, blue: 256 each).
  private let literalBits = VP8LScratch<UInt32>(capacity: 1024)
  /// Whether the last rectangle was estimated as indices too, and with the predictor.
  private var triedIndexed = false
  private var triedPredicted = false
  /// The rectangle's distinct colours if there are at most 256 (sorted once they are used as
  /// a colour table), else nil.
  private var colorCount: Int?
  private let colors = VP8LScratch<UInt32>(capacity: 256)
  /// The colour of each run of `plain` as its place among `colors` in the order they were
  /// found; each such place's rank among the sorted colours (sorted as keys: colour, place);
  /// the pixels' indices before packing.
  private let runPlaces = VP8LScratch<UInt8>()
  private let colorRank = VP8LScratch<UInt8>(capacity: 256)
  private let colorKeys = VP8LScratch<UInt64>(capacity: 256)
  private let unpackedIndices = VP8LScratch<UInt8>()
  /// A set of colours, each with its place in `colors`: open addressing in 1024 slots (the
  /// place is -1 in an empty slot).
  private let tableColors = VP8LScratch<UInt32>(capacity: tableSize)
  private let tablePlaces = VP8LScratch<Int32>(capacity: tableSize)
  /// Red and blue counts, as they are and after subtract green (256 each).
  private let channelCounts = VP8LSymbolCounts(capacity: 1024)
  /// The hash chain of the LZ77 search: the latest position of each hash of two pixels, and
  /// each position's predecessor with the same hash.
  private let head = VP8LScratch<Int32>()
  private let chain = VP8LScratch<Int32>()
  /// Symbol counts, for the cache-size estimate and for the codes (green with the largest
  /// cache, red, blue, alpha, distance).
  private let counts = VP8LSymbolCounts(capacity: 280 + (1 << maximumCacheBits) + 3 * 256 + 40)
  /// The cache-size estimate's caches, one for each size tried, and a mark for each slot hit.
  private let trialCaches = VP8LScratch<UInt32>()
  /// Each cache size's offset, shift, hits and slots hit in the estimate.
  private let candidates = VP8LScratch<Int>(capacity: 4 * maximumCandidates)
  /// The colour cache while writing, and the colour table's differences.
  private let cache = VP8LScratch<UInt32>()
  private let paletteDeltas = VP8LScratch<UInt32>(capacity: 256)
  /// The chunk being written, and the one it is compared with (see `encode`).
  private let output = VP8LScratch<UInt8>()
  private let otherOutput = VP8LScratch<UInt8>()
  /// The five prefix codes: green with lengths and cache indices, red, blue, alpha, distance.
  private let greenCode = VP8LPrefixCode(capacity: 256 + 24 + (1 << maximumCacheBits))
  private let redCode = VP8LPrefixCode(capacity: 256)
  private let blueCode = VP8LPrefixCode(capacity: 256)
  private let alphaCode = VP8LPrefixCode(capacity: 256)
  private let distanceCode = VP8LPrefixCode(capacity: 40)

  /// Small rectangles encoded before, by this encoder or another sharing the memory:
  /// animations often show the same pixels again (a control that pulses, a pattern that
  /// loops), and then the chunk costs a hash and a comparison. nil: none are kept.
  let rectangles: WebPRectangleMemory?
  /// Rectangles found in the memory by this encoder, so far.
  private(set) var recalled = 0

  /// For tests: when set, every rectangle is coded with the predictor, in this mode (0…13)
  /// in every block (and libwebp is never asked).
  var forcedPredictorMode: Int?

  /// Whether libwebp also encodes the rectangles where ``expectsLibWebPToWin(dataCount:)``
  /// (true by default; tests turn it off to see this encoder's own chunks).
  var usesLibWebP = true
  /// libwebp's lossless encoder, for those rectangles.
  private let libWebP = VP8LLibWebPFallback()
  /// Rectangles encoded by libwebp too, and those where its bitstream was kept, so far.
  private(set) var libWebPTried = 0
  private(set) var libWebPKept = 0

  /// - Parameters:
  ///   - chainLength: Candidates looked at along the hash chain for each pixel.
  ///   - rectangles: Small rectangles already encoded, shared with the other encoders of the
  ///     same animation (a memory of its own by default; nil keeps none).
  package init(chainLength: Int = 8, rectangles: WebPRectangleMemory? = WebPRectangleMemory()) {
    self.chainLength = chainLength
    self.rectangles = rectangles
  }

  /// One way of coding the pixels: its transforms, the pixels it codes and their tokens.
  private final class Coding {
    /// The coded image's width (smaller than the rectangle's when indices are packed).
    var width = 0
    let pixels = VP8LScratch<UInt32>()
    var count = 0
    /// Where each run of one colour starts (the pixels that differ from the one before, the
    /// first included), in order, then `count`: the steps that skip along runs read these.
    let runStarts = VP8LScratch<Int32>()
    /// Literals (the coded ARGB word) and copies (`copyFlag`, the length in bits 32–44 and
    /// the distance code in the low 32 bits), in pixel order; `cacheFlag` and a cache index
    /// replace a literal found in the colour cache while writing.
    let tokens = VP8LScratch<UInt64>()
    var tokenCount = 0
    var literalCount = 0
    var subtractGreen = false
    /// Whether the pixels are the differences from ``VP8LEncoder/predictor``'s predictions.
    var isPredicted = false
    /// Colours in the colour table (the encoder's `colors`); 0 without one.
    var paletteCount = 0
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
  private static var tableSize: Int { 1024 }
  /// The largest colour cache tried, and how many sizes are tried at most (none included).
  private static var maximumCacheBits: Int { 10 }
  private static var maximumCandidates: Int { 5 }

  /// `region` of `image` as a `VP8L` chunk (header, size, data, padding to an even size), and
  /// whether every pixel of it is opaque.
  package func encode(_ image: RGBAImage, region: PixelRect) -> (chunk: [UInt8], isOpaque: Bool) {
    precondition(region.width >= 1 && region.height >= 1 && region.width <= 16384 && region.height <= 16384)
    precondition(image.bounds.contains(region), "\(region) is outside the image")
    let lookup = rectangles?.lookUp(region, of: image)
    if let kept = lookup?.encoding, kept.chainLength == chainLength {
      recalled += 1
      return (kept.chunk, kept.isOpaque)
    }
    let isOpaque = load(image, region: region)

    // With a palette, the indexed coding is estimated too. Above 16 colours the same copies
    // code both ways (colours map to indices one to one), so the plain tokens, literals
    // replaced by indices, serve; up to 16, indices are packed several to a pixel and found
    // copies of their own (such images are simple, so that is quick).
    preparePlain(width: region.width)
    tokenize(plain)
    chooseCache(plain)
    var useIndexed = false
    triedIndexed = false
    // Tried whatever the count of literals: an index costs one symbol where a colour costs
    // four, and a table of colours close to one another (antialiased edges between a few
    // colours) costs far less than its colours as literals would, so even a few hundred
    // literals can pay for it. The estimates include the table's cost, and decide.
    if let colorCount {
      sortColors(colorCount)
      if colorCount > Self.fewestReorderedColors { orderByNearest(colorCount) }
      index(colorCount: colorCount, width: region.width, height: region.height)
      if colorCount <= 16 {
        tokenize(indexed)
      } else {
        let source = plain.tokens.pointer
        let tokens = indexed.tokens.reserve(plain.tokenCount)
        let pixels = indexed.pixels.pointer
        var position = 0
        for t in 0..<plain.tokenCount {
          let token = source[t]
          if token & Self.copyFlag != 0 {
            tokens[t] = token
            position += Int(token >> 32 & 0x1FFF)
          } else {
            tokens[t] = UInt64(pixels[position])
            position += 1
          }
        }
        indexed.tokenCount = plain.tokenCount
        indexed.literalCount = plain.literalCount
      }
      chooseCache(indexed)
      indexed.cost += literalCost(colorCount)
      triedIndexed = true
      useIndexed = indexed.cost < plain.cost
    }
    var chosen = useIndexed ? indexed : plain
    triedPredicted = false
    if shouldTryPredictor(cost: chosen.cost) || forcedPredictorMode != nil {
      // The modes chosen block by block, then one mode everywhere, for each of those that
      // often make rows of differences repeat (copies from the row above cost little, which
      // the blocks' entropy cannot see): the smallest estimate wins.
      let candidates: [Int?] = forcedPredictorMode.map { [$0] } ?? [nil] + Self.uniformPredictorModes
      var best: (mode: Int?, cost: Double) = (nil, .infinity)
      for mode in candidates {
        predict(width: region.width, height: region.height, mode: mode)
        if predicted.cost < best.cost { best = (mode, predicted.cost) }
      }
      if best.mode != candidates.last { predict(width: region.width, height: region.height, mode: best.mode) }
      triedPredicted = true
      if predicted.cost < chosen.cost || forcedPredictorMode != nil { chosen = predicted }
    }

    var bytes = write(chosen, region: region, isOpaque: isOpaque, to: output)
    if chosen === predicted, forcedPredictorMode == nil {
      // The predicted coding's estimate can be wrong by a few percent either way (it does not
      // see the groups of codes, nor the cache's exact hits): when it wins, the other coding
      // is written too, and the smaller kept, so that the predictor never makes a chunk larger.
      let groups = lastGroupCount
      let other = write(useIndexed ? indexed : plain, region: region, isOpaque: isOpaque, to: otherOutput)
      if other.count < bytes.count { bytes = other } else { lastGroupCount = groups }
    } else if triedIndexed, max(plain.cost, indexed.cost) < Self.closeEstimates * min(plain.cost, indexed.cost) {
      // The estimates reckon a code's description at a few bits a symbol, which is far off
      // for the many colours of antialiased edges: when the two are close, both are written
      // and the smaller kept.
      let other = write(useIndexed ? plain : indexed, region: region, isOpaque: isOpaque, to: otherOutput)
      if other.count < bytes.count { bytes = other }
    }
    if expectsLibWebPToWin(dataCount: bytes.count - 8) {
      // Where ours is expected to lose, libwebp's bitstream replaces ours if it is smaller.
      libWebPTried += 1
      if let theirs = libWebP.bitstream(of: image, region: region), theirs.count < bytes.count - 8 {
        libWebPKept += 1
        bytes = theirs.withUnsafeBufferPointer { theirs in
          let storage = otherOutput.reserve(8 + theirs.count)
          (storage + 8).update(from: theirs.baseAddress!, count: theirs.count)
          return UnsafeMutableBufferPointer(start: storage, count: 8 + theirs.count)
        }
      }
    }
    let dataCount = bytes.count - 8
    let raw = UnsafeMutableRawPointer(bytes.baseAddress!)
    raw.storeBytes(of: UInt32(0x4C38_5056).littleEndian, as: UInt32.self)  // "VP8L"
    raw.storeBytes(of: UInt32(dataCount).littleEndian, toByteOffset: 4, as: UInt32.self)
    let chunkCount = bytes.count + dataCount % 2
    let chunk = [UInt8](unsafeUninitializedCapacity: chunkCount) { chunk, initialized in
      chunk.baseAddress!.update(from: bytes.baseAddress!, count: bytes.count)
      if chunkCount > bytes.count { chunk[bytes.count] = 0 }
      initialized = chunkCount
    }
    if let lookup {
      rectangles?.remember(
        VP8LChunk(chainLength: chainLength, chunk: chunk, isOpaque: isOpaque), bytes: chunk.count, for: lookup,
        region: region, of: image)
    }
    return (chunk, isOpaque)
  }

  // MARK: - libwebp where it is expected to win

  /// Whether libwebp's lossless encoder (at `cwebp -lossless -exact`'s defaults) may make a
  /// bitstream more than a tenth smaller than ours, of `dataCount` bytes, for the last
  /// rectangle loaded, so that it is run too (and its bitstream kept if smaller):
  /// - wherever ours made at least ``libWebPLargeBytes``: pictures inside a frame (a gradient
  ///   or an enlarged icon in a flat bar, few-colour blocks drawn smooth, translucent fills),
  ///   where libwebp's predictor chosen tile by tile, its colour transforms and its several
  ///   entropy codes can win by far, and a few such rectangles are worth libwebp's time;
  /// - below that, only rectangles of 17 to 256 colours (a colour table, but no packed
  ///   indices: what the bent lines' antialiased strokes make), of two kinds:
  ///   - those ours codes in at most ``libWebPRunBitsPerPixel`` bits a pixel: long runs and
  ///     copies, as on the long, shallow antialiased strokes whose edges libwebp's predictor
  ///     reduces to a few repeating differences, and whose copies its optimal parse finds;
  ///   - small ones (at most ``libWebPSmallArea`` pixels) that ours codes in at least
  ///     ``libWebPSmallBitsPerPixel`` bits a pixel, where the prefix codes' descriptions are
  ///     most of the chunk and a few bytes decide.
  ///
  /// Elsewhere (the small rectangles that are most of an animation's: a bar that grows, a
  /// thumb that moves) ours is within a few percent of libwebp or smaller, in a fraction of
  /// its time, and libwebp is not run.
  func expectsLibWebPToWin(dataCount: Int) -> Bool {
    guard usesLibWebP, forcedPredictorMode == nil else { return false }
    if dataCount >= Self.libWebPLargeBytes { return true }
    guard let colorCount, colorCount > 16 else { return false }
    let bits = Double(8 * dataCount)
    let area = Double(pixelCount)
    return bits <= Self.libWebPRunBitsPerPixel * area
      || (pixelCount <= Self.libWebPSmallArea && bits >= Self.libWebPSmallBitsPerPixel * area)
  }

  /// The size of our bitstream, in bytes, from which libwebp encodes every rectangle too.
  static var libWebPLargeBytes: Int { 200 }
  /// Bits a pixel at or below which a rectangle of 17 to 256 colours is also encoded by
  /// libwebp.
  static var libWebPRunBitsPerPixel: Double { 0.75 }
  /// The largest rectangle, in pixels, and the fewest bits a pixel, for which a small
  /// rectangle of 17 to 256 colours is also encoded by libwebp.
  static var libWebPSmallArea: Int { 1024 }
  static var libWebPSmallBitsPerPixel: Double { 3.5 }

  /// The chunk of `coding` in `storage`: its header (filled in with the size), the image's
  /// header and the coded image. Valid until `storage` is used again.
  private func write(
    _ coding: Coding, region: PixelRect, isOpaque: Bool, to storage: VP8LScratch<UInt8>
  ) -> UnsafeMutableBufferPointer<UInt8> {
    // The chunk's header (8 bytes) is filled in when its size is known.
    var writer = VP8LBitWriter(storage: storage, offset: 8, capacity: 72 + region.area / 2)
    writer.write(0x2F, bitCount: 8)
    writer.write(UInt32(region.width - 1), bitCount: 14)
    writer.write(UInt32(region.height - 1), bitCount: 14)
    writer.write(isOpaque ? 0 : 1, bitCount: 1)
    writer.write(0, bitCount: 3)
    write(coding, to: &writer)
    return writer.finish()
  }

  /// Copies the rectangle into `plain.pixels` as ARGB words, and notes where its runs of one
  /// colour start; notes its distinct colours in `colors` while there are at most 256, and each
  /// run's place among them in `runPlaces`; counts red and blue, as they are and after subtract
  /// green, over the pixels that differ from the one before, in `channelCounts`. Returns
  /// whether the rectangle is opaque.
  private func load(_ image: RGBAImage, region: PixelRect) -> Bool {
    let count = region.area
    pixelCount = count
    let pixels = plain.pixels.reserve(count)
    let runStarts = plain.runStarts.reserve(count + 1)
    let runPlaces = self.runPlaces.reserve(count)
    let channels = channelCounts
    channels.reserve(1024)
    let tableColors = self.tableColors.reserve(Self.tableSize)
    let tablePlaces = self.tablePlaces.reserve(Self.tableSize, filledWith: -1)
    let colors = self.colors.reserve(256)
    var colorCount = 0
    var isPalette = true
    var alpha: UInt32 = 0xFF00_0000
    var changes = 0
    image.pixels.withUnsafeBytes { bytes in
      // `last` starts with a green unlike the first pixel's, so that the first pixel is noted.
      let firstGreen = UInt32(bytes[(region.y * image.width + region.x) * 4 + 1])
      var last = ~firstGreen << 8
      var place: UInt8 = 0
      var out = pixels
      // `last` as it is in memory (red and blue swapped back), twice: a run goes on while two
      // pixels at a time are this.
      var lastPair = UInt64(Self.swappingRedAndBlue(last)) &* 0x1_0000_0001
      let width = region.width
      for y in 0..<region.height {
        let row = bytes.baseAddress! + ((region.y + y) * image.width + region.x) * 4
        let rowStart = y * width
        var x = 0
        while x < width {
          if x + 8 <= width, row.loadUnaligned(fromByteOffset: x * 4, as: UInt64.self) == lastPair,
            row.loadUnaligned(fromByteOffset: x * 4 + 8, as: UInt64.self) == lastPair,
            row.loadUnaligned(fromByteOffset: x * 4 + 16, as: UInt64.self) == lastPair,
            row.loadUnaligned(fromByteOffset: x * 4 + 24, as: UInt64.self) == lastPair
          {
            // Eight more of the run.
            (out + x).update(repeating: last, count: 8)
            x += 8
            continue
          }
          // R, G, B, A in memory is A B G R in a little-endian word: swap R and B.
          let word = UInt32(littleEndian: row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
          alpha &= word
          let pixel = Self.swappingRedAndBlue(word)
          out[x] = pixel
          x += 1
          if pixel != last {
            last = pixel
            lastPair = UInt64(word.littleEndian) &* 0x1_0000_0001
            runStarts[changes] = Int32(truncatingIfNeeded: rowStart + x - 1)
            let subtracted = Self.subtractingGreen(pixel)
            channels.add(Int(pixel >> 16 & 0xFF))
            channels.add(256 + Int(pixel & 0xFF))
            channels.add(512 + Int(subtracted >> 16 & 0xFF))
            channels.add(768 + Int(subtracted & 0xFF))
            if isPalette {
              var slot = Int((pixel &* Self.cacheMultiplier) >> 22)
              while tablePlaces[slot] >= 0, tableColors[slot] != pixel { slot = (slot + 1) & (Self.tableSize - 1) }
              if tablePlaces[slot] >= 0 {
                place = UInt8(truncatingIfNeeded: tablePlaces[slot])
              } else if colorCount < 256 {
                tableColors[slot] = pixel
                tablePlaces[slot] = Int32(colorCount)
                colors[colorCount] = pixel
                place = UInt8(truncatingIfNeeded: colorCount)
                colorCount += 1
              } else {
                isPalette = false
              }
            }
            runPlaces[changes] = place
            changes += 1
          }
        }
        out += width
      }
    }
    runStarts[changes] = Int32(count)
    // The first pixel follows none: it is not a change.
    let first = pixels[0]
    let subtracted = Self.subtractingGreen(first)
    channels.remove(Int(first >> 16 & 0xFF))
    channels.remove(256 + Int(first & 0xFF))
    channels.remove(512 + Int(subtracted >> 16 & 0xFF))
    channels.remove(768 + Int(subtracted & 0xFF))
    plain.subtractGreen =
      changes > 1
      && Self.entropy(channels, from: 512) + Self.entropy(channels, from: 768) < Self.entropy(channels, from: 0)
        + Self.entropy(channels, from: 256)
    channels.removeAll()
    self.colorCount = isPalette ? colorCount : nil
    return alpha & 0xFF00_0000 == 0xFF00_0000
  }

  /// Makes `plain` the pixels as they are, after the subtract-green transform if `load` found
  /// it makes red and blue cheaper.
  private func preparePlain(width: Int) {
    plain.paletteCount = 0
    plain.isPredicted = false
    plain.width = width
    plain.count = pixelCount
    guard plain.subtractGreen else { return }
    let pixels = plain.pixels.pointer
    for i in 0..<pixelCount { pixels[i] = Self.subtractingGreen(pixels[i]) }
  }

  // MARK: - Transforms

  /// Whether to try the predictor on a rectangle whose best coding so far is estimated at
  /// `cost` bits: only where there are more than 256 colours and pixels cost more than a few
  /// bits each, as on smooth content. The flat bars BarFrames draws have few colours and cost
  /// far less (runs and copies), and the small rectangles of an animation, whose prefix codes
  /// make each pixel dear, have at most 256 pixels: there the predictor would only spend time.
  private func shouldTryPredictor(cost: Double) -> Bool {
    colorCount == nil && cost > Self.predictorThreshold * Double(pixelCount)
  }

  /// How much larger one estimate may be than the other for both codings, as they are and as
  /// indices, to be written and the smaller kept.
  static var closeEstimates: Double { 1.25 }

  /// Bits per pixel above which the predictor is tried.
  static var predictorThreshold: Double { 2 }

  /// The modes tried alone, in every block: left, top, top-right, and left + top − top-left.
  static var uniformPredictorModes: [Int?] { [1, 2, 3, 12] }

  /// Makes `predicted` the differences of `plain`'s pixels (after subtract green if it has it)
  /// from the predictor's predictions (`mode` in every block, or the modes the predictor
  /// chooses block by block if nil), notes their runs, tokenizes them, chooses their cache,
  /// and sets their cost.
  private func predict(width: Int, height: Int, mode: Int?) {
    predicted.width = width
    predicted.count = pixelCount
    predicted.paletteCount = 0
    predicted.subtractGreen = plain.subtractGreen
    predicted.isPredicted = true
    let residuals = predicted.pixels.reserve(pixelCount)
    predictor.apply(
      plain.pixels.pointer, width: width, height: height, to: residuals, modeOverride: mode)
    let runStarts = predicted.runStarts.reserve(pixelCount + 1)
    var runs = 0
    for i in 0..<pixelCount where i == 0 || residuals[i] != residuals[i - 1] {
      runStarts[runs] = Int32(truncatingIfNeeded: i)
      runs += 1
    }
    runStarts[runs] = Int32(truncatingIfNeeded: pixelCount)
    // Each channel value's cost as a literal, from the differences' counts.
    let counts = literalBits.reserve(1024, filledWith: 0)
    for i in 0..<pixelCount {
      let r = residuals[i]
      counts[Int(r >> 24)] += 1
      counts[256 + Int(r >> 16 & 0xFF)] += 1
      counts[512 + Int(r >> 8 & 0xFF)] += 1
      counts[768 + Int(r & 0xFF)] += 1
    }
    let whole = VP8LPredictor.log2Fixed(UInt64(pixelCount))
    for s in 0..<1024 {
      let n = counts[s]
      counts[s] = UInt32(n == 0 ? whole : whole - VP8LPredictor.log2(n))
    }
    tokenize(predicted)
    chooseCache(predicted)
    predicted.cost += predictorModesCost()
  }

  /// Bits to store the predictor's modes (a sub-image of literals, the mode in green),
  /// estimated.
  private func predictorModesCost() -> Double {
    let counts = self.counts
    counts.reserve(256)
    let modes = predictor.modes.pointer
    for i in 0..<predictor.blocksWide * predictor.blocksHigh { counts.add(Int(modes[i] >> 8 & 0xFF)) }
    let cost = Self.estimate(counts, from: 0, count: 256)
    counts.removeAll()
    return cost
  }

  @inline(__always)
  private static func swappingRedAndBlue(_ word: UInt32) -> UInt32 {
    word & 0xFF00_FF00 | (word & 0xFF) << 16 | (word >> 16) & 0xFF
  }

  @inline(__always)
  private static func subtractingGreen(_ pixel: UInt32) -> UInt32 {
    let green = pixel >> 8 & 0xFF
    let red = (pixel >> 16 &- green) & 0xFF
    let blue = (pixel &- green) & 0xFF
    return pixel & 0xFF00_FF00 | red << 16 | blue
  }

  /// Calls `body` with `start` and then with each run start before `end`: the pixels of
  /// `start..<end` that differ from the one before. `run` indexes `runStarts`; the calls must
  /// go forward through the pixels, and `run` is left at the first run start after `start`.
  @inline(__always)
  private static func forEachRun(
    from start: Int, to end: Int, runStarts: UnsafePointer<Int32>, run: inout Int, _ body: (Int) -> Void
  ) {
    while runStarts[run] <= start { run += 1 }
    body(start)
    while runStarts[run] < end {
      body(Int(runStarts[run]))
      run += 1
    }
  }

  /// Sorts the first `count` of `colors` and ranks each place in the order found.
  private func sortColors(_ count: Int) {
    let colors = self.colors.pointer
    let keys = colorKeys.reserve(count)
    for place in 0..<count { keys[place] = UInt64(colors[place]) << 8 | UInt64(place) }
    var sorted = UnsafeMutableBufferPointer(start: keys, count: count)
    sorted.sort()
    let rank = colorRank.reserve(256)
    for i in 0..<count {
      colors[i] = UInt32(truncatingIfNeeded: keys[i] >> 8)
      rank[Int(keys[i] & 0xFF)] = UInt8(i)
    }
  }

  /// The most colours kept in numeric order without trying the nearest-neighbour order.
  static var fewestReorderedColors: Int { 16 }

  /// Reorders the first `count` of `colors` (sorted) so that each is the nearest, of those
  /// left, to the one before (by the sum of its channels' differences, alpha weighing less),
  /// and keeps that order if the table's estimated cost is lower. The table is stored as
  /// each colour's difference from the one before, and numeric order can jump back and forth
  /// between the ramps of different edges (a red step, then a blue one); nearest first follows
  /// one ramp, so the differences are small and repeat. The order of the indices themselves
  /// costs nothing: above 16 colours each index is a symbol of its own, and below, packing
  /// maps the indices one to one either way.
  private func orderByNearest(_ count: Int) {
    let colors = self.colors.pointer
    let sortedCost = literalCost(count)
    let original = reorderScratch.reserve(2 * count)
    original.update(from: colors, count: count)
    // `colors` is reordered in place; `position` follows where each original rank went.
    let position = original + count
    for i in 0..<count { position[i] = UInt32(i) }
    @inline(__always) func distance(_ a: UInt32, _ b: UInt32) -> UInt32 {
      let d = Self.subtract(a, b)
      @inline(__always) func channel(_ v: UInt32) -> UInt32 { v <= 128 ? v : 256 - v }
      return 9 * (channel(d & 0xFF) + channel(d >> 8 & 0xFF) + channel(d >> 16 & 0xFF)) + channel(d >> 24)
    }
    var previous: UInt32 = 0
    for i in 0..<count {
      var best = i
      var bestDistance = UInt32.max
      for k in i..<count {
        let d = distance(colors[k], previous)
        if d < bestDistance {
          bestDistance = d
          best = k
        }
      }
      (colors[i], colors[best]) = (colors[best], colors[i])
      (position[i], position[best]) = (position[best], position[i])
      previous = colors[i]
    }
    guard literalCost(count) < sortedCost else {
      colors.update(from: original, count: count)
      return
    }
    // `position[i]` is the sorted rank now at i: each place's rank becomes its new index.
    let newIndex = colorKeys.reserve(count)
    for i in 0..<count { newIndex[Int(position[i])] = UInt64(i) }
    let rank = colorRank.pointer
    for place in 0..<count { rank[place] = UInt8(truncatingIfNeeded: newIndex[Int(rank[place])]) }
  }
  private let reorderScratch = VP8LScratch<UInt32>(capacity: 512)

  /// Makes `indexed` the pixels' indices in the sorted `colors`, packed 8, 4 or 2 to a pixel
  /// when there are at most 2, 4 or 16 colours, in green (the channel the decoder reads; the
  /// others are constant, so they cost nothing).
  private func index(colorCount: Int, width: Int, height: Int) {
    let widthBits = Self.packingBits(colors: colorCount)
    let perPixel = 1 << widthBits
    let bitsPerIndex = UInt32(8 >> widthBits)
    let packedWidth = (width + perPixel - 1) >> widthBits
    indexed.paletteCount = colorCount
    indexed.subtractGreen = false
    indexed.isPredicted = false
    indexed.width = packedWidth
    indexed.count = packedWidth * height
    let pixels = indexed.pixels.reserve(indexed.count)
    let runStarts = indexed.runStarts.reserve(indexed.count + 1)
    let rank = colorRank.pointer
    let places = runPlaces.pointer
    let plainStarts = plain.runStarts.pointer
    if perPixel == 1 {
      // Colours and indices correspond one to one: the runs are the same, each filled with
      // its colour's index.
      var run = 0
      while plainStarts[run] < pixelCount {
        let start = Int(plainStarts[run])
        let index = UInt32(rank[Int(places[run])])
        (pixels + start).update(repeating: 0xFF00_0000 | index << 8, count: Int(plainStarts[run + 1]) - start)
        runStarts[run] = plainStarts[run]
        run += 1
      }
      runStarts[run] = plainStarts[run]
      return
    }
    // Each pixel's index, run by run, then packed.
    let indices = unpackedIndices.reserve(pixelCount)
    var run = 0
    while plainStarts[run] < pixelCount {
      let start = Int(plainStarts[run])
      (indices + start).update(repeating: rank[Int(places[run])], count: Int(plainStarts[run + 1]) - start)
      run += 1
    }
    var out = 0
    var runs = 0
    for y in 0..<height {
      let row = indices + y * width
      var x = 0
      while x < width {
        var packed: UInt32 = 0
        for k in 0..<min(perPixel, width - x) {
          packed |= UInt32(row[x + k]) << (UInt32(k) * bitsPerIndex)
        }
        pixels[out] = 0xFF00_0000 | packed << 8
        if out == 0 || pixels[out] != pixels[out - 1] {
          runStarts[runs] = Int32(out)
          runs += 1
        }
        out += 1
        x += perPixel
      }
    }
    runStarts[runs] = Int32(out)
  }

  /// log₂ of the indices packed into one pixel for a table of `colors` colours.
  private static func packingBits(colors: Int) -> Int {
    colors <= 2 ? 3 : colors <= 4 ? 2 : colors <= 16 ? 1 : 0
  }

  /// One way of coding the last rectangle encoded, for tests that check the encoder's
  /// shortcuts against a pixel-by-pixel search.
  struct CodingSummary {
    /// The coded pixels (transformed) and the coded image's width.
    var pixels: [UInt32]
    var width: Int
    /// Literals (the pixel) and copies (bit 63, the length in bits 32–44, the distance code
    /// below), as `tokenize` made them (before the colour cache replaced any literal).
    var tokens: [UInt64]
    var literalCount: Int
    var cacheBits: Int
    var cost: Double
  }

  /// The plain coding of the last rectangle encoded (one found among those remembered is not),
  /// and the indexed and predicted ones if they were tried.
  func lastCodings() -> (plain: CodingSummary, indexed: CodingSummary?, predicted: CodingSummary?) {
    func summary(_ coding: Coding) -> CodingSummary {
      let pixels = Array(UnsafeBufferPointer(start: coding.pixels.pointer, count: coding.count))
      var tokens = Array(UnsafeBufferPointer(start: coding.tokens.pointer, count: coding.tokenCount))
      // Writing turned the literals found in the cache into cache indices: put the pixels back.
      var position = 0
      for t in tokens.indices {
        if tokens[t] & Self.copyFlag != 0 {
          position += Int(tokens[t] >> 32 & 0x1FFF)
          continue
        }
        tokens[t] = UInt64(pixels[position])
        position += 1
      }
      return CodingSummary(
        pixels: pixels, width: coding.width, tokens: tokens, literalCount: coding.literalCount,
        cacheBits: coding.cacheBits, cost: coding.cost)
    }
    return (summary(plain), triedIndexed ? summary(indexed) : nil, triedPredicted ? summary(predicted) : nil)
  }

  // MARK: - LZ77

  /// Splits the coded pixels into literals and copies: at each pixel the longest copy from
  /// the pixel to the left, the one above or one of ``chainLength(forArea:)`` earlier places
  /// with the same next two pixels, taken if it covers at least two pixels, unless the next
  /// pixel starts a copy longer by two or more (then this one is a literal). In the predicted
  /// coding a copy must also cost less than the literals it covers (``copySymbolBits`` and its
  /// extra bits against each pixel's cost in `literalBits`), else the pixel is a literal.
  /// Without a chain, no position is hashed.
  private func tokenize(_ coding: Coding) {
    let count = coding.count
    let width = coding.width
    let tokens = coding.tokens.reserve(count)
    var tokenCount = 0
    let chainLength = chainLength(forArea: pixelCount)
    // The predicted coding's differences take few values, so copies from anywhere abound:
    // each is weighed against the literals it replaces.
    let weighsCopies = coding.isPredicted
    let bitsOf = literalBits.pointer
    let copyOverhead = Self.copySymbolBits << VP8LPredictor.fractionBits
    let searchesChain = chainLength > 0
    let hashBits = min(16, max(8, Int.bitWidth - count.leadingZeroBitCount + 1))
    let hashSize = 1 << hashBits
    let head = searchesChain ? self.head.reserve(hashSize, filledWith: -1) : self.head.pointer
    let chain = searchesChain ? self.chain.reserve(count) : self.chain.pointer
    let argb = coding.pixels.pointer
    let runStarts = coding.runStarts.pointer
    // Where the left-hand matches and the insertions have got to in `runStarts`.
    var leftRun = 0
    var insertedRun = 0

    /// The pixels at `i` and `i + 1`, the key that is hashed.
    @inline(__always) func key(_ i: Int) -> UInt64 { UInt64(argb[i + 1]) << 32 | UInt64(argb[i]) }
    @inline(__always) func hash(_ key: UInt64) -> Int {
      Int(truncatingIfNeeded: (key &* 0xC6A4_A793_5BD1_E995) &>> UInt64(64 - hashBits))
    }
    @inline(__always) func insert(_ i: Int) {
      let h = hash(key(i))
      chain[i] = head[h]
      head[h] = Int32(i)
    }
    /// Inserts positions `start..<end` in order. Inside a run of one colour, each position has
    /// the key of the one before (neither it nor the next starts a run), so that one is its
    /// predecessor: the bucket is looked up once a run.
    @inline(__always) func insert(from start: Int, to end: Int) {
      var k = start
      while k < end {
        let h = hash(key(k))
        chain[k] = head[h]
        while runStarts[insertedRun] <= k { insertedRun += 1 }
        let stop = min(Int(runStarts[insertedRun]) - 1, end)
        var j = k + 1
        while j < stop {
          chain[j] = Int32(truncatingIfNeeded: j - 1)
          j += 1
        }
        head[h] = Int32(truncatingIfNeeded: j - 1)
        k = j
      }
    }
    /// How many pixels from `i` on equal those from `from` on, at most `limit`; two at a time.
    @inline(__always) func matchLength(_ i: Int, _ from: Int, _ limit: Int) -> Int {
      var length = 0
      while length + 2 <= limit, key(from + length) == key(i + length) { length += 2 }
      if length < limit, argb[from + length] == argb[i + length] { length += 1 }
      return length
    }
    /// The longest copy for position `i` (length 0 if none).
    func longest(at i: Int) -> (length: Int, distance: Int) {
      let limit = min(count - i, Self.maximumCopyLength)
      var best = 0
      var distance = 0
      if i >= 1 {
        // The pixels equal the one to their left up to the next run start.
        while runStarts[leftRun] < i { leftRun += 1 }
        best = min(Int(runStarts[leftRun]) - i, limit)
        distance = 1
      }
      if i >= width, width > 1 {
        let length = matchLength(i, i - width, limit)
        if length > best {
          best = length
          distance = width
        }
      }
      guard searchesChain, best < limit, best < 64, i + 1 < count else { return (best, distance) }
      var position = Int(head[hash(key(i))])
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
    while i < count {
      var (length, distance) = longest(at: i)
      guard length >= 2 else {
        literals += 1
        tokens[tokenCount] = UInt64(argb[i])
        tokenCount += 1
        if searchesChain, i + 1 < count { insert(i) }
        i += 1
        continue
      }
      var inserted = i
      if length < 32, i + 2 < count {
        if searchesChain { insert(i) }
        inserted = i + 1
        let next = longest(at: i + 1)
        if next.length > length + 1 {
          literals += 1
          tokens[tokenCount] = UInt64(argb[i])
          tokenCount += 1
          i += 1
          (length, distance) = next
        }
      }
      let code = Self.planeCode(distance, width: width)
      if weighsCopies {
        // Literals instead, if the copy costs more than they would.
        let copyBits =
          copyOverhead + (Self.prefix(length).extraBits + Self.prefix(code).extraBits) << VP8LPredictor.fractionBits
        var literalBits = 0
        var k = i
        while k < i + length, literalBits <= copyBits {
          let pixel = argb[k]
          literalBits +=
            Int(bitsOf[Int(pixel >> 24)] + bitsOf[256 + Int(pixel >> 16 & 0xFF)])
            + Int(bitsOf[512 + Int(pixel >> 8 & 0xFF)] + bitsOf[768 + Int(pixel & 0xFF)])
          k += 1
        }
        if literalBits <= copyBits {
          literals += 1
          tokens[tokenCount] = UInt64(argb[i])
          tokenCount += 1
          if searchesChain, inserted == i, i + 1 < count { insert(i) }
          i += 1
          continue
        }
      }
      tokens[tokenCount] = Self.copyFlag | UInt64(length) << 32 | UInt64(code)
      tokenCount += 1
      if searchesChain { insert(from: inserted, to: min(i + length, count - 1)) }
      i += length
    }
    coding.tokenCount = tokenCount
    coding.literalCount = literals
  }

  /// The bits a copy's two symbols (length and distance prefixes) are reckoned to take when
  /// it is weighed against literals.
  static var copySymbolBits: Int { 10 }

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

  /// Picks the colour cache that makes the image smallest by an estimate, and sets
  /// `coding.cost` to that estimate. The sizes tried for n literals are none, or 2^bits
  /// entries for even bits from 4 up to log₂ n (at most 2¹⁰); with fewer than 16 literals,
  /// none. Without a cache, the cost is Shannon's for the symbol counts; a cache of 2^bits
  /// entries turns each hit (a literal whose colour is in it) from a literal's average cost
  /// into an index among the slots hit. Of a copy, the cache is given the first pixel and the
  /// run starts only (a pixel like the one before leaves it as it was), so a run costs one step.
  private func chooseCache(_ coding: Coding) {
    let largest = min(Self.maximumCacheBits, Int.bitWidth - coding.literalCount.leadingZeroBitCount - 1)
    // Candidate 0 is no cache, candidate c ≥ 1 a cache of 2^(2 + 2c) entries.
    let candidateCount = largest >= 4 ? (largest - 4) / 2 + 2 : 1
    let offsets = candidates.reserve(4 * Self.maximumCandidates)
    let shifts = offsets + Self.maximumCandidates
    let hits = shifts + Self.maximumCandidates
    let slotsHit = hits + Self.maximumCandidates
    var cacheTotal = 0
    for c in 1..<max(candidateCount, 1) {
      offsets[c] = cacheTotal
      shifts[c] = 32 - (2 + 2 * c)
      hits[c] = 0
      slotsHit[c] = 0
      cacheTotal += 1 << (2 + 2 * c)
    }
    // Where green with lengths (280), red, blue, alpha and distance (40) start in `counts`;
    // each candidate's cache, and a mark for each slot hit, in `trialCaches`, all zero (a
    // VP8L decoder's cache starts so).
    let counts = self.counts
    counts.reserve(280 + 3 * 256 + 40)
    let (green, red, blue, alpha, distance) = (0, 280, 536, 792, 1048)
    let caches = trialCaches.reserve(max(2 * cacheTotal, 1), filledWith: 0)
    let marks = caches + cacheTotal
    let pixels = coding.pixels.pointer
    let tokens = coding.tokens.pointer
    let runStarts = coding.runStarts.pointer
    var run = 0
    var extraBits = 0
    var copies = 0
    var position = 0
    for t in 0..<coding.tokenCount {
      let token = tokens[t]
      if token & Self.copyFlag != 0 {
        let length = Int(token >> 32 & 0x1FFF)
        let lengthPrefix = Self.prefix(length)
        let distancePrefix = Self.prefix(Int(token & 0xFFFF_FFFF))
        counts.add(green + 256 + lengthPrefix.symbol)
        counts.add(distance + distancePrefix.symbol)
        extraBits += lengthPrefix.extraBits + distancePrefix.extraBits
        copies += 1
        if candidateCount > 1 {
          Self.forEachRun(from: position, to: position + length, runStarts: runStarts, run: &run) { k in
            let key = pixels[k] &* Self.cacheMultiplier
            for c in 1..<candidateCount { caches[offsets[c] + Int(key &>> UInt32(shifts[c]))] = pixels[k] }
          }
        }
        position += length
        continue
      }
      let pixel = UInt32(truncatingIfNeeded: token)
      position += 1
      counts.add(green + Int(pixel >> 8 & 0xFF))
      counts.add(red + Int(pixel >> 16 & 0xFF))
      counts.add(blue + Int(pixel & 0xFF))
      counts.add(alpha + Int(pixel >> 24))
      let key = pixel &* Self.cacheMultiplier
      // Without branches: whether a literal hits is as good as random.
      for c in 1..<candidateCount {
        let slot = offsets[c] + Int(key &>> UInt32(shifts[c]))
        let hit = caches[slot] == pixel ? 1 : 0
        caches[slot] = pixel
        let mark = Int(marks[slot])
        hits[c] &+= hit
        slotsHit[c] &+= hit & (mark ^ 1)
        marks[slot] = UInt32(truncatingIfNeeded: mark | hit)
      }
    }
    let costs = (
      green: Self.estimate(counts, from: green, count: 280), red: Self.estimate(counts, from: red, count: 256),
      blue: Self.estimate(counts, from: blue, count: 256), alpha: Self.estimate(counts, from: alpha, count: 256),
      distance: Self.estimate(counts, from: distance, count: 40)
    )
    counts.removeAll()
    let literals = Double(coding.literalCount)
    let withoutCache = costs.green + costs.red + costs.blue + costs.alpha + costs.distance
    // A literal's average cost: red, blue, alpha and its share of green.
    let perLiteral =
      literals > 0
      ? (costs.red + costs.blue + costs.alpha + costs.green * literals / (literals + Double(copies))) / literals : 0
    var best = (bits: 0, cost: withoutCache)
    for c in 1..<candidateCount where hits[c] > 0 {
      let hit = Double(hits[c])
      let indexBits = log2((literals + Double(copies)) / hit) + log2(Double(slotsHit[c]))
      let cost = withoutCache - hit * perLiteral + hit * indexBits + 4 * Double(slotsHit[c])
      if cost < best.cost { best = (2 + 2 * c, cost) }
    }
    coding.cacheBits = best.bits
    coding.cost = best.cost + Double(extraBits)
  }

  /// Bits for the `count` symbols counted: Shannon's estimate plus 4 bits a used symbol for
  /// the code's description.
  private static func estimate(_ counts: VP8LSymbolCounts, from start: Int, count: Int) -> Double {
    xLog2Table.withUnsafeBufferPointer { table in
      var total: UInt32 = 0
      var sum = 0.0
      var used = 0
      counts.forEachCounted(from: start, count: count) { _, count in
        total += count
        sum -= xLog2(count, table)
        used += 1
      }
      return used <= 1 ? 4 : sum + xLog2(total, table) + 4 * Double(used)
    }
  }

  /// Bits for the `count` counts at `counts`, as ``estimate(_:from:count:)`` reckons them.
  private static func estimate(_ counts: UnsafePointer<UInt32>, count: Int) -> Double {
    xLog2Table.withUnsafeBufferPointer { table in
      var total: UInt32 = 0
      var sum = 0.0
      var used = 0
      counts.forEachNonZero(count: count) { _, count in
        total += count
        sum -= xLog2(count, table)
        used += 1
      }
      return used <= 1 ? 4 : sum + xLog2(total, table) + 4 * Double(used)
    }
  }

  /// Bits to store the first `count` of `colors` as a difference-coded table, estimated.
  private func literalCost(_ count: Int) -> Double {
    let histogram = counts
    histogram.reserve(1024)
    let colors = self.colors.pointer
    var previous: UInt32 = 0
    for i in 0..<count {
      let delta = Self.subtract(colors[i], previous)
      previous = colors[i]
      for k in 0..<4 { histogram.add(k * 256 + Int(delta >> UInt32(8 * k) & 0xFF)) }
    }
    var cost = 0.0
    for k in 0..<4 { cost += Self.estimate(histogram, from: k * 256, count: 256) }
    histogram.removeAll()
    return cost
  }

  /// count × log₂ count, from a table for small counts.
  @inline(__always)
  private static func xLog2(_ count: UInt32, _ table: UnsafeBufferPointer<Double>) -> Double {
    count < 4096 ? table[Int(count)] : Double(count) * log2(Double(count))
  }

  private static let xLog2Table: [Double] = (0..<4096).map { $0 == 0 ? 0 : Double($0) * log2(Double($0)) }

  /// The entropy in bits of the 256 counts from `start` on.
  private static func entropy(_ counts: VP8LSymbolCounts, from start: Int) -> Double {
    xLog2Table.withUnsafeBufferPointer { table in
      var total: UInt32 = 0
      var sum = 0.0
      counts.forEachCounted(from: start, count: 256) { _, count in
        total += count
        sum -= xLog2(count, table)
      }
      return total == 0 ? 0 : sum + xLog2(total, table)
    }
  }

  /// Per-channel `a − b`, modulo 256.
  @inline(__always)
  private static func subtract(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let alphaGreen = ((a | 0x00FF_00FF) &- (b & 0xFF00_FF00)) & 0xFF00_FF00
    let redBlue = ((a | 0xFF00_FF00) &- (b & 0x00FF_00FF)) & 0x00FF_00FF
    return alphaGreen | redBlue
  }

  // MARK: - Writing

  /// Writes `coding`'s transforms, colour cache and coded pixels. Literals found in the colour
  /// cache become cache indices in `coding.tokens`.
  private func write(_ coding: Coding, to writer: inout VP8LBitWriter) {
    if coding.paletteCount > 0 {
      let count = coding.paletteCount
      writer.write(1, bitCount: 1)  // a transform follows
      writer.write(3, bitCount: 2)  // colour indexing
      writer.write(UInt32(count - 1), bitCount: 8)
      // The table is a count × 1 image, each colour stored as its difference from the one before.
      let colors = self.colors.pointer
      let deltas = paletteDeltas.reserve(count)
      deltas[0] = colors[0]
      for i in 1..<count { deltas[i] = Self.subtract(colors[i], colors[i - 1]) }
      writeSubimage(deltas, count: count, width: count, to: &writer)
    }
    if coding.subtractGreen {
      writer.write(1, bitCount: 1)
      writer.write(2, bitCount: 2)  // subtract green
    }
    // After subtract green: the decoder undoes the transforms in the reverse order.
    if coding.isPredicted {
      writer.write(1, bitCount: 1)
      writer.write(0, bitCount: 2)  // predictor
      writer.write(UInt32(predictor.bits - 2), bitCount: 3)
      writeSubimage(
        predictor.modes.pointer, count: predictor.blocksWide * predictor.blocksHigh, width: predictor.blocksWide,
        to: &writer)
    }
    writer.write(0, bitCount: 1)  // no more transforms
    let cacheBits = coding.cacheBits
    if cacheBits > 0 {
      writer.write(1, bitCount: 1)
      writer.write(UInt32(cacheBits), bitCount: 4)
    } else {
      writer.write(0, bitCount: 1)
    }

    let cacheSize = cacheBits > 0 ? 1 << cacheBits : 0
    let greenCount = 256 + 24 + cacheSize
    let counts = self.counts
    counts.reserve(greenCount + 3 * 256 + 40)
    let (green, red, blue, alpha) = (0, greenCount, greenCount + 256, greenCount + 512)
    let distance = greenCount + 768
    // VP8L decoders start with an empty cache: all zeros.
    let cache = self.cache.reserve(max(cacheSize, 1), filledWith: 0)
    let shift = UInt32(32 - cacheBits)
    let pixels = coding.pixels.pointer
    let tokens = coding.tokens.pointer
    let runStarts = coding.runStarts.pointer
    var run = 0
    var position = 0
    for t in 0..<coding.tokenCount {
      let token = tokens[t]
      if token & Self.copyFlag != 0 {
        let length = Int(token >> 32 & 0x1FFF)
        counts.add(green + 256 + Self.prefix(length).symbol)
        counts.add(distance + Self.prefix(Int(token & 0xFFFF_FFFF)).symbol)
        if cacheSize > 0 {
          // Each pixel of the copy goes into the cache; a pixel like the one before changes nothing.
          Self.forEachRun(from: position, to: position + length, runStarts: runStarts, run: &run) { k in
            cache[Int((pixels[k] &* Self.cacheMultiplier) &>> shift)] = pixels[k]
          }
        }
        position += length
        continue
      }
      let pixel = UInt32(truncatingIfNeeded: token)
      position += 1
      if cacheSize > 0 {
        let key = Int((pixel &* Self.cacheMultiplier) &>> shift)
        if cache[key] == pixel {
          counts.add(green + 280 + key)
          tokens[t] = Self.cacheFlag | UInt64(key)
          continue
        }
        cache[key] = pixel
      }
      counts.add(green + Int(pixel >> 8 & 0xFF))
      counts.add(red + Int(pixel >> 16 & 0xFF))
      counts.add(blue + Int(pixel & 0xFF))
      counts.add(alpha + Int(pixel >> 24))
    }

    lastGroupCount = 1
    if coding.isPredicted, let groupCount = chooseGroups(coding, greenCount: greenCount) {
      lastGroupCount = groupCount
      counts.removeAll()
      writer.write(1, bitCount: 1)  // groups of prefix codes, by tile
      writer.write(UInt32(Self.groupTileBits - 2), bitCount: 3)
      writeSubimage(tileGroups.pointer, count: groupTileCount, width: groupTilesWide, to: &writer)
      writeTokens(coding, groupCount: groupCount, greenCount: greenCount, to: &writer)
      return
    }
    writer.write(0, bitCount: 1)  // one group of prefix codes for the whole image
    greenCode.build(counts, from: green, count: greenCount)
    redCode.build(counts, from: red, count: 256)
    blueCode.build(counts, from: blue, count: 256)
    alphaCode.build(counts, from: alpha, count: 256)
    distanceCode.build(counts, from: distance, count: 40)
    counts.removeAll()
    writeDescriptions(to: &writer)
    for t in 0..<coding.tokenCount { writeToken(tokens[t], to: &writer) }
  }

  /// Writes one token with the single group's five codes (``writeToken(_:green:red:blue:alpha:distance:to:)``).
  @inline(__always)
  private func writeToken(_ token: UInt64, to writer: inout VP8LBitWriter) {
    Self.writeToken(
      token, green: greenCode, red: redCode, blue: blueCode, alpha: alphaCode, distance: distanceCode, to: &writer)
  }

  /// Writes one token — a copy (length and distance, each with its extra bits), a colour-cache
  /// hit, or a pixel as four literals — with the five codes of its group. A pixel with no flag
  /// set is its own token, so literal pixels are written through here too.
  @inline(__always)
  private static func writeToken(
    _ token: UInt64, green: VP8LPrefixCode, red: VP8LPrefixCode, blue: VP8LPrefixCode, alpha: VP8LPrefixCode,
    distance: VP8LPrefixCode, to writer: inout VP8LBitWriter
  ) {
    if token & copyFlag != 0 {
      let length = prefix(Int(token >> 32 & 0x1FFF))
      green.write(256 + length.symbol, to: &writer)
      writer.write(UInt32(length.extra), bitCount: length.extraBits)
      let place = prefix(Int(token & 0xFFFF_FFFF))
      distance.write(place.symbol, to: &writer)
      writer.write(UInt32(place.extra), bitCount: place.extraBits)
    } else if token & cacheFlag != 0 {
      green.write(280 + Int(token & 0xFFFF), to: &writer)
    } else {
      let pixel = UInt32(truncatingIfNeeded: token)
      green.write(Int(pixel >> 8 & 0xFF), to: &writer)
      red.write(Int(pixel >> 16 & 0xFF), to: &writer)
      blue.write(Int(pixel & 0xFF), to: &writer)
      alpha.write(Int(pixel >> 24), to: &writer)
    }
  }

  // MARK: - Groups of prefix codes

  /// log₂ of the side of the tiles that choose a group of prefix codes.
  static var groupTileBits: Int { 4 }
  /// The most groups made.
  static var maximumGroups: Int { 16 }
  /// Rounds of reassigning the tiles to the groups.
  static var groupRounds: Int { 4 }

  /// The tiles' count, each tile's group (`0xFF000000 | group << 8`, the entropy image), each
  /// token's tile, and the groups' symbol counts, code lengths and tile costs.
  private var groupTileCount = 0
  private var groupTilesWide = 0
  /// The groups of prefix codes of the last rectangle encoded (for tests).
  private(set) var lastGroupCount = 1
  private let tileGroups = VP8LScratch<UInt32>()
  private let tokenTiles = VP8LScratch<Int32>()
  private let groupCounts = VP8LScratch<UInt32>()
  private let groupLengths = VP8LScratch<Int32>()
  private let tileCosts = VP8LScratch<Int>()
  private let tileOrder = VP8LScratch<UInt64>()
  /// Five prefix codes a group: green, red, blue, alpha, distance.
  private var groupCodes: [VP8LPrefixCode] = []

  /// Splits the image into tiles of ``groupTileBits`` and the tiles into groups, each with its
  /// own prefix codes, when an estimate says that is smaller than one group: parts of a smooth
  /// picture differ (a flat corner, a steep slope), and one code for all fits none. Starts
  /// from groups of tiles alike in cost under the single code, then moves each tile to the
  /// group whose codes would code it in the fewest bits, and rebuilds the codes, a few rounds
  /// (k-means). The costs are integers (fixed-point bits). Returns the group count, or nil for
  /// one group. `counts` holds the symbol counts of the whole image.
  private func chooseGroups(_ coding: Coding, greenCount: Int) -> Int? {
    let width = coding.width
    let height = coding.count / width
    let bits = Self.groupTileBits
    let tilesWide = (width + (1 << bits) - 1) >> bits
    let tileCount = tilesWide * ((height + (1 << bits) - 1) >> bits)
    guard tileCount >= 4 else { return nil }
    let groupCount = min(Self.maximumGroups, tileCount / 2)
    let groupSize = greenCount + 3 * 256 + 40
    let (red, blue, alpha, distance) = (greenCount, greenCount + 256, greenCount + 512, greenCount + 768)
    // Each token's tile, by the position of its first pixel.
    let tokens = coding.tokens.pointer
    let tokenTiles = self.tokenTiles.reserve(coding.tokenCount)
    var position = 0
    for t in 0..<coding.tokenCount {
      let y = position / width
      tokenTiles[t] = Int32(truncatingIfNeeded: (y >> bits) * tilesWide + (position - y * width) >> bits)
      let token = tokens[t]
      position += token & Self.copyFlag != 0 ? Int(token >> 32 & 0x1FFF) : 1
    }
    /// Calls `body` with each symbol of `token` (index in a group's alphabets).
    @inline(__always) func forEachSymbol(_ token: UInt64, _ body: (Int) -> Void) {
      if token & Self.copyFlag != 0 {
        body(256 + Self.prefix(Int(token >> 32 & 0x1FFF)).symbol)
        body(distance + Self.prefix(Int(token & 0xFFFF_FFFF)).symbol)
      } else if token & Self.cacheFlag != 0 {
        body(280 + Int(token & 0xFFFF))
      } else {
        let pixel = UInt32(truncatingIfNeeded: token)
        body(Int(pixel >> 8 & 0xFF))
        body(red + Int(pixel >> 16 & 0xFF))
        body(blue + Int(pixel & 0xFF))
        body(alpha + Int(pixel >> 24))
      }
    }
    let lengths = groupLengths.reserve(groupCount * groupSize)
    let groupCounts = self.groupCounts.reserve(groupCount * groupSize)
    /// Sets group `g`'s code lengths from its counts at `counts`: log₂ of its alphabet's total
    /// over the symbol's count, in fixed point; a symbol not counted costs two bits more
    /// than one counted once.
    func setLengths(_ g: Int, from counts: UnsafePointer<UInt32>) {
      for (start, count) in [(0, greenCount), (red, 256), (blue, 256), (alpha, 256), (distance, 40)] {
        var total: UInt64 = 0
        for s in start..<(start + count) { total += UInt64(counts[s]) }
        let whole = VP8LPredictor.log2Fixed(total + 1)
        for s in start..<(start + count) {
          let n = counts[s]
          lengths[g * groupSize + s] = Int32(
            n == 0 ? whole + 2 << VP8LPredictor.fractionBits : whole - VP8LPredictor.log2(n))
        }
      }
    }
    // The first groups: the tiles by their cost under the single code, cut into equal parts.
    let single = groupCounts
    single.update(repeating: 0, count: groupSize)
    counts.forEachCounted(from: 0, count: groupSize) { symbol, n in single[symbol] = n }
    setLengths(0, from: single)
    let tileCosts = self.tileCosts.reserve(max(tileCount, groupCount * tileCount))
    tileCosts.update(repeating: 0, count: tileCount)
    for t in 0..<coding.tokenCount {
      var cost = 0
      forEachSymbol(tokens[t]) { cost += Int(lengths[$0]) }
      tileCosts[Int(tokenTiles[t])] += cost
    }
    let order = tileOrder.reserve(tileCount)
    for tile in 0..<tileCount { order[tile] = UInt64(tileCosts[tile]) << 24 | UInt64(tile) }
    var sorted = UnsafeMutableBufferPointer(start: order, count: tileCount)
    sorted.sort()
    let tileGroups = self.tileGroups.reserve(tileCount)
    for rank in 0..<tileCount {
      tileGroups[Int(order[rank] & 0xFF_FFFF)] = UInt32(rank * groupCount / tileCount)
    }
    /// Counts each group's symbols afresh.
    func countGroups() {
      groupCounts.update(repeating: 0, count: groupCount * groupSize)
      for t in 0..<coding.tokenCount {
        let base = Int(tileGroups[Int(tokenTiles[t])]) * groupSize
        forEachSymbol(tokens[t]) { groupCounts[base + $0] += 1 }
      }
    }
    for _ in 0..<Self.groupRounds {
      countGroups()
      for g in 0..<groupCount { setLengths(g, from: groupCounts + g * groupSize) }
      tileCosts.update(repeating: 0, count: groupCount * tileCount)
      for t in 0..<coding.tokenCount {
        let costs = tileCosts + Int(tokenTiles[t]) * groupCount
        forEachSymbol(tokens[t]) { symbol in
          for g in 0..<groupCount { costs[g] += Int(lengths[g * groupSize + symbol]) }
        }
      }
      for tile in 0..<tileCount {
        let costs = tileCosts + tile * groupCount
        var best = 0
        for g in 1..<groupCount where costs[g] < costs[best] { best = g }
        tileGroups[tile] = UInt32(best)
      }
    }
    countGroups()
    // Groups left empty are dropped; the others numbered in order.
    var used = 0
    var number = [Int](repeating: -1, count: groupCount)
    for g in 0..<groupCount {
      var any = false
      for s in 0..<groupSize where groupCounts[g * groupSize + s] != 0 {
        any = true
        break
      }
      if any {
        number[g] = used
        if used != g { (groupCounts + used * groupSize).update(from: groupCounts + g * groupSize, count: groupSize) }
        used += 1
      }
    }
    guard used > 1 else { return nil }
    // A tile that starts no token (copies from before cover it) may be in an empty group: any
    // group serves it.
    for tile in 0..<tileCount {
      tileGroups[tile] = 0xFF00_0000 | UInt32(max(number[Int(tileGroups[tile])], 0)) << 8
    }
    // Worth it if the groups' codes and the tiles' groups cost less than one code would.
    let sizes = [greenCount, 256, 256, 256, 40]
    let starts = [0, red, blue, alpha, distance]
    var grouped = 0.0
    for g in 0..<used {
      for k in 0..<5 { grouped += Self.estimate(groupCounts + g * groupSize + starts[k], count: sizes[k]) }
    }
    var groupsUsed = [UInt32](repeating: 0, count: used)
    for tile in 0..<tileCount { groupsUsed[Int(tileGroups[tile] >> 8 & 0xFF)] += 1 }
    grouped += groupsUsed.withUnsafeBufferPointer { Self.estimate($0.baseAddress!, count: used) }
    var oneCode = 0.0
    for k in 0..<5 { oneCode += Self.estimate(counts, from: starts[k], count: sizes[k]) }
    guard grouped < oneCode else { return nil }
    groupTileCount = tileCount
    groupTilesWide = tilesWide
    return used
  }

  /// Writes the groups' prefix codes and the tokens, each with its tile's group's codes.
  /// `groupCounts` holds each group's symbol counts.
  private func writeTokens(
    _ coding: Coding, groupCount: Int, greenCount: Int, to writer: inout VP8LBitWriter
  ) {
    let groupSize = greenCount + 3 * 256 + 40
    while groupCodes.count < 5 * groupCount {
      groupCodes += [
        VP8LPrefixCode(capacity: 256 + 24 + (1 << Self.maximumCacheBits)), VP8LPrefixCode(capacity: 256),
        VP8LPrefixCode(capacity: 256), VP8LPrefixCode(capacity: 256), VP8LPrefixCode(capacity: 40),
      ]
    }
    let sizes = [greenCount, 256, 256, 256, 40]
    let starts = [0, greenCount, greenCount + 256, greenCount + 512, greenCount + 768]
    let groupCounts = self.groupCounts.pointer
    for g in 0..<groupCount {
      for k in 0..<5 {
        let code = groupCodes[5 * g + k]
        code.build(counts: groupCounts + g * groupSize + starts[k], symbolCount: sizes[k])
        code.writeDescription(to: &writer)
      }
    }
    let tokens = coding.tokens.pointer
    let tokenTiles = self.tokenTiles.pointer
    let tileGroups = self.tileGroups.pointer
    groupCodes.withUnsafeBufferPointer { codes in
      for t in 0..<coding.tokenCount {
        let token = tokens[t]
        let base = 5 * Int(tileGroups[Int(tokenTiles[t])] >> 8 & 0xFF)
        Self.writeToken(
          token, green: codes[base], red: codes[base + 1], blue: codes[base + 2], alpha: codes[base + 3],
          distance: codes[base + 4], to: &writer)
      }
    }
  }

  private func writeDescriptions(to writer: inout VP8LBitWriter) {
    greenCode.writeDescription(to: &writer)
    redCode.writeDescription(to: &writer)
    blueCode.writeDescription(to: &writer)
    alphaCode.writeDescription(to: &writer)
    distanceCode.writeDescription(to: &writer)
  }

  /// A small image (a transform's data: the colour table, the predictor's modes, the tiles'
  /// groups) of `count` pixels, `width` wide, with no colour cache: as literals, or with
  /// copies of earlier stretches where that takes fewer bits in all (the codes are built both
  /// ways and their exact sizes compared). A colour table of antialiased edges repeats its
  /// steps (the same difference from one colour to the next, again and again), which copies
  /// code in a few bits.
  private func writeSubimage(
    _ pixels: UnsafePointer<UInt32>, count: Int, width: Int, to writer: inout VP8LBitWriter
  ) {
    writer.write(0, bitCount: 1)  // no colour cache
    let tokens = subimageTokens.reserve(count)
    var tokenCount = 0
    var copies = 0
    if count <= Self.largestSearchedSubimage {
      // The longest earlier match at each place, taken if it covers a few pixels.
      var i = 0
      while i < count {
        var best = 0
        var distance = 0
        var j = i - 1
        while j >= 0, best < count - i {
          if pixels[j + best] == pixels[i + best] {
            let limit = min(count - i, Self.maximumCopyLength)
            var length = 0
            while length < limit, pixels[j + length] == pixels[i + length] { length += 1 }
            if length > best {
              best = length
              distance = i - j
            }
          }
          j -= 1
        }
        if best >= Self.shortestSubimageCopy {
          tokens[tokenCount] = Self.copyFlag | UInt64(best) << 32 | UInt64(Self.planeCode(distance, width: width))
          copies += 1
          i += best
        } else {
          tokens[tokenCount] = UInt64(pixels[i])
          i += 1
        }
        tokenCount += 1
      }
    }
    if copies > 0 {
      let withCopies = buildSubimageCodes(tokens, count: tokenCount)
      let literals = buildSubimageCodes(nil, pixels: pixels, count: count)
      if withCopies < literals {
        _ = buildSubimageCodes(tokens, count: tokenCount)
      } else {
        tokenCount = 0
      }
    } else {
      tokenCount = 0
      _ = buildSubimageCodes(nil, pixels: pixels, count: count)
    }
    writeDescriptions(to: &writer)
    if tokenCount == 0 {
      for i in 0..<count { writeToken(UInt64(pixels[i]), to: &writer) }
      return
    }
    for t in 0..<tokenCount { writeToken(tokens[t], to: &writer) }
  }

  /// The most pixels of a sub-image searched for copies (each place is compared with every
  /// earlier one).
  static var largestSearchedSubimage: Int { 1024 }
  /// The shortest copy in a sub-image: a copy's two symbols and extra bits cost about as much
  /// as two literals.
  static var shortestSubimageCopy: Int { 3 }
  /// A sub-image's tokens, as `Coding.tokens`.
  private let subimageTokens = VP8LScratch<UInt64>()

  /// Builds the five codes for a sub-image's `count` tokens, or for its `count` pixels as
  /// literals when `tokens` is nil, and returns the bits it then takes: the codes'
  /// descriptions, the symbols and the extra bits.
  private func buildSubimageCodes(
    _ tokens: UnsafePointer<UInt64>?, pixels: UnsafePointer<UInt32>? = nil, count: Int
  ) -> Int {
    let counts = self.counts
    counts.reserve(280 + 3 * 256 + 40)
    let (green, red, blue, alpha, distance) = (0, 280, 536, 792, 1048)
    var extraBits = 0
    for t in 0..<count {
      let token = tokens?[t] ?? UInt64(pixels![t])
      if token & Self.copyFlag != 0 {
        let length = Self.prefix(Int(token >> 32 & 0x1FFF))
        let code = Self.prefix(Int(token & 0xFFFF_FFFF))
        counts.add(green + 256 + length.symbol)
        counts.add(distance + code.symbol)
        extraBits += length.extraBits + code.extraBits
        continue
      }
      let pixel = UInt32(truncatingIfNeeded: token)
      counts.add(green + Int(pixel >> 8 & 0xFF))
      counts.add(red + Int(pixel >> 16 & 0xFF))
      counts.add(blue + Int(pixel & 0xFF))
      counts.add(alpha + Int(pixel >> 24))
    }
    var bits = extraBits
    func build(_ code: VP8LPrefixCode, from start: Int, count size: Int) {
      code.build(counts, from: start, count: size)
      bits += code.descriptionBits()
      counts.forEachCounted(from: start, count: size) { symbol, n in bits += Int(n) * code.length(of: symbol) }
    }
    build(greenCode, from: green, count: 280)
    build(redCode, from: red, count: 256)
    build(blueCode, from: blue, count: 256)
    build(alphaCode, from: alpha, count: 256)
    build(distanceCode, from: distance, count: 40)
    counts.removeAll()
    return bits
  }
}

/// The memory of encoded rectangles that the frame encoders of one animated WebP share.
public typealias WebPRectangleMemory = RectangleMemory<VP8LChunk>

/// A rectangle's `VP8L` chunk as a ``VP8LEncoder`` with this chain length made it.
public struct VP8LChunk: Sendable {
  let chainLength: Int
  let chunk: [UInt8]
  let isOpaque: Bool
}
