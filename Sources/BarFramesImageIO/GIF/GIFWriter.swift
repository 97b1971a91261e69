#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes an animated GIF89a frame by frame, as the frames arrive, storing only what changed.
///
/// - **What a frame shows.** Pixels with alpha < 128 are transparent, the others opaque with
///   their RGB (GIF has 1-bit transparency). A pixel whose source colour did not change since
///   the previous frame keeps what it showed, so quantization never makes still areas shimmer.
///   The pixels that did change keep their exact colours when there are at most 255 of them;
///   otherwise those pixels alone are quantized by median cut and dithered (Floyd–Steinberg).
/// - **Merging.** A frame that shows exactly what the previous one showed is not written; the
///   previous frame's delay grows by its delay (``mergedFrames`` counts them), so the total
///   stays exact.
/// - **Regions and disposal.** Each frame is the smallest rectangle that differs from the canvas
///   left by the previous frame's disposal — 1 (keep), and 2 (restore to background) or 3
///   (restore to previous) where their rectangle is smaller than keeping's, the smallest
///   encoding kept — with the transparent index for pixels the canvas already shows. Only the
///   rectangle where the source changed and the previous frame's are ever looked at. Where a
///   pixel must turn transparent and no disposal clears it, the previous frame's rectangle is
///   widened (its extra pixels are transparent, so it shows the same) and disposed of to the
///   background.
/// - **Palettes.** A 256-entry global colour table is reserved in the header and filled in by
///   ``finish()`` with colours in the order frames first use them (index 255 is transparency);
///   a frame whose colours no longer fit it carries a local table of its own.
/// - Delays are in centiseconds; use ``GIFDelaySchedule`` so they add up to the exact duration.
///
/// ```swift
/// let schedule = GIFDelaySchedule(framesPerSecond: 30, frameCount: 301)
/// let gif = try GIFWriter(sink: MemoryByteSink(), width: 750, height: 120)
/// for (i, image) in frames.enumerated() { try gif.append(image, delayCentiseconds: schedule.delay(ofFrame: i)) }
/// try gif.finish()
/// ```
/// Memory holds three canvases whatever the frame count. A writer is not thread-safe: append
/// from one task, in order.
public final class GIFWriter<Sink: PatchableByteSink> {
  /// The sink, holding everything written so far.
  public private(set) var sink: Sink
  public let width: Int
  public let height: Int
  /// Plays; 0 means forever (written as a NETSCAPE2.0 loop extension; 1 writes none).
  public let loopCount: Int
  /// Frames appended so far.
  public private(set) var framesAppended = 0
  /// Frames written to the file (image descriptors); after ``finish()``, the GIF's frame count.
  public private(set) var framesWritten = 0
  /// Appended frames that showed the same as the one before and were merged into it.
  public private(set) var mergedFrames = 0
  /// How many appended frames had more than 255 new colours and were quantized.
  public private(set) var quantizedFrames = 0
  /// Frames written with a local colour table because the global one was full.
  public private(set) var localTableFrames = 0

  /// The global table's transparent index; colours fill 0…254.
  static var globalTransparentIndex: UInt8 { 255 }
  /// The global table follows the 6-byte signature and the 7-byte logical screen descriptor.
  private static var globalTableOffset: Int { 13 }

  private var isFinished = false
  private var globalColors: [UInt8] = []
  private var globalIndex = ColorSlots()
  /// Each colour's nearest global colour (``nearestGlobalColor(_:in:cache:)``).
  private var nearestCache = ColorMap<(color: UInt32, distance: Int, searched: Int)>()
  private var pending: Frame?
  private var previousSource: RGBAImage?
  /// A canvas-sized buffer no longer used, for the next frame's canvas (empty if none).
  private var spare: [UInt8] = []
  /// Where `spare` can differ from the pending frame's canvas (nil: nowhere), so only that is
  /// copied to make the next canvas: the buffer is the canvas two frames back, which differs
  /// from the last one only inside the two frames' rectangles.
  private var spareDiffers: PixelRect?
  private var block: [UInt8] = []
  /// Its tables serve every frame.
  private let lzwEncoder = LZWEncoder()

  // The writer's own types live outside it: nested in a generic class they would be generic
  // too, and their metadata looked up at run time every time they are used.
  private typealias Frame = GIFPendingFrame
  private typealias Canvas = GIFCanvas

  /// Writes the header, the logical screen descriptor, room for the global table and the loop
  /// extension.
  /// - Throws: ``GIFError/invalidConfiguration(_:)`` or the sink's error.
  public init(sink: Sink, width: Int, height: Int, loopCount: Int = 0) throws {
    guard (1...0xFFFF).contains(width), (1...0xFFFF).contains(height) else {
      throw GIFError.invalidConfiguration("GIF sides must be 1…65535 pixels, not \(width)×\(height)")
    }
    guard (0...0x10000).contains(loopCount) else {
      throw GIFError.invalidConfiguration("the loop count must be 0 (forever) or 1…65536 plays, not \(loopCount)")
    }
    self.sink = sink
    self.width = width
    self.height = height
    self.loopCount = loopCount

    var header = Array("GIF89a".utf8)
    header.appendLittleEndian(UInt16(width))
    header.appendLittleEndian(UInt16(height))
    // A 256-entry global table, 8-bit colour resolution; the background is the transparent index.
    header += [0xF7, Self.globalTransparentIndex, 0]
    header += [UInt8](repeating: 0, count: 768)
    if loopCount != 1 {
      // NETSCAPE2.0 counts repeats after the first play; 0 repeats forever.
      header += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01]
      header.appendLittleEndian(UInt16(loopCount == 0 ? 0 : loopCount - 1))
      header.append(0)
    }
    try self.sink.write(header)
  }

  /// Appends a frame shown for `delayCentiseconds`.
  /// - Throws: ``GIFError/frameSizeMismatch(frame:width:height:expectedWidth:expectedHeight:)``,
  ///   ``GIFError/alreadyFinished`` or the sink's error.
  ///
  /// - Parameter difference: Where `image` can differ from the frame appended before, if the
  ///   caller knows (a rectangle holding every change, larger is fine; the frames' differences
  ///   since then, united): it is not compared again.
  public func append(_ image: RGBAImage, delayCentiseconds: UInt16, difference: FrameDifference? = nil) throws {
    guard !isFinished else { throw GIFError.alreadyFinished }
    guard image.width == width, image.height == height else {
      throw GIFError.frameSizeMismatch(
        frame: framesAppended, width: image.width, height: image.height, expectedWidth: width, expectedHeight: height)
    }
    defer {
      framesAppended += 1
      previousSource = image
    }
    let delay = Int(delayCentiseconds)
    guard var previous = pending, let source = previousSource else {
      pending =
        try choose([(0, .empty)], shown: target(image).shown, delay: delay, previous: nil, scan: image.bounds).frame
        ?? choose(
          [(0, .empty)], shown: target(image, whole: true, colorLimit: 255).shown, delay: delay, previous: nil,
          scan: image.bounds
        ).frame
      pending?.base = RGBAImage(width: width, height: height)
      return
    }
    // What the frame shows can differ from what the previous one showed only where the source
    // changed: everything below looks at that rectangle (and the previous frame's), never at
    // the whole canvas. A source that did not change shows the same (one pixel is looked at
    // when the delay is too long to merge).
    let sourceChange = difference.map(\.changed) ?? image.changedRect(from: source)
    if sourceChange == nil, previous.delay + delay <= 0xFFFF {
      previous.delay += delay
      pending = previous
      mergedFrames += 1
      return
    }
    let changed = sourceChange ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
    var (shown, redrawn) = target(image, in: changed)
    mapToGlobal(&shown, after: previous.shown, redrawn: redrawn)

    if shown.hasSamePixels(as: previous.shown, in: changed), previous.delay + delay <= 0xFFFF {
      previous.delay += delay
      pending = previous
      mergedFrames += 1
      // `shown` is the pending canvas again, pixel for pixel: its buffer is the next spare.
      spare = shown.pixels
      spareDiffers = nil
      return
    }
    // Pixels that must turn transparent: only a disposal can clear them (so keeping, which
    // cannot, is not tried).
    let clearing = Self.clearingRect(from: previous.shown, to: shown, redrawn: redrawn)
    if let clearing, !previous.region.contains(clearing) {
      previous = widen(previous, to: previous.region.union(clearing))
    }
    var bases: [(disposal: UInt8, canvas: Canvas)] = [(1, .shown)]
    // Clearing changes the canvas only where the previous frame's rectangle shows something.
    let clears = !previous.shown.isTransparent(in: previous.region)
    if clears { bases.append((2, .cleared)) }
    // Restoring differs from keeping and from clearing only if the base differs from both
    // inside the previous rectangle, where alone the three canvases can differ.
    if framesWritten > 0, !previous.base.hasSamePixels(as: previous.shown, in: previous.region),
      !clears || !previous.base.isTransparent(in: previous.region)
    {
      bases.append((3, .base))
    }
    var choice = try choose(
      bases, shown: shown, delay: delay, previous: previous, scan: changed.union(previous.region),
      keepingFails: clearing != nil)
    if choice.frame == nil {
      // Too many colours to redraw over any canvas: start afresh from a cleared canvas with
      // the whole frame quantized on its own.
      previous = widen(previous, to: image.bounds)
      choice = try choose(
        [(2, .empty)], shown: target(image, whole: true, colorLimit: 255).shown, delay: delay, previous: previous,
        scan: image.bounds)
    }
    guard var next = choice.frame else { throw GIFError.invalidConfiguration("a frame could not be encoded") }
    try write(previous, disposal: choice.disposal)
    pending = nil
    // Each frame's canvas is the one it was drawn on outside its rectangle, and each disposal
    // changes only the rectangle, so canvases two frames apart differ only inside the two
    // frames' rectangles: a canvas needed no more takes the next frame's canvas (the spare)
    // with only those copied, instead of a fresh allocation every frame.
    spareDiffers = previous.region.union(next.region)
    switch choice.canvas {
    case .shown:
      next.base = previous.shown
      spare = previous.base.pixels
    case .cleared:
      // The previous frame's base with its rectangle cleared, in place: no copy of the canvas.
      var base = RGBAImage(width: 1, height: 1)
      swap(&base, &previous.base)
      base.clear(previous.region)
      next.base = base
      spare = previous.shown.pixels
    case .base:
      next.base = previous.base
      spare = []
    case .empty:
      next.base = RGBAImage(width: width, height: height)
      spare = previous.base.pixels
    }
    pending = next
  }

  // MARK: What a frame shows

  /// The canvas frame `image` should leave: transparent, kept from the previous frame where
  /// the source did not change (unless `whole`), or new colours — exact if there are at most
  /// `colorLimit` of them, else quantized. With `rect` (the source's changes), only that
  /// rectangle is looked at: outside it the previous frame's canvas stays as it is.
  ///
  /// Also returns the runs of pixels (offsets in the canvas, each within a row) that were
  /// drawn anew, where the source changed: everywhere else the canvas is the previous one.
  private func target(
    _ image: RGBAImage, whole: Bool = false, colorLimit: Int = 256, in rect: PixelRect? = nil
  ) -> (shown: RGBAImage, redrawn: [Range<Int>]) {
    let keep = whole ? nil : previousSource.flatMap { source in pending.map { (source, $0.shown) } }
    let rect = keep == nil ? image.bounds : (rect ?? image.bounds)
    var shown: RGBAImage
    if let kept = keep?.1, spare.count == kept.pixels.count {
      var buffer = spare
      spare = []
      if let differs = spareDiffers {
        let width = self.width
        buffer.withUnsafeMutableBytes { target in
          kept.pixels.withUnsafeBytes { source in
            for y in differs.y..<(differs.y + differs.height) {
              let offset = (y * width + differs.x) * 4
              memcpy(target.baseAddress! + offset, source.baseAddress! + offset, differs.width * 4)
            }
          }
        }
      }
      shown = RGBAImage(width: width, height: height, pixels: buffer)
    } else {
      shown = keep?.1 ?? RGBAImage(width: width, height: height)
    }
    var isNew = [Bool](repeating: false, count: rect.area)
    var colors = ExactColors(limit: colorLimit)
    var redrawn: [Range<Int>] = []
    let threshold = UInt32(GIFColorQuantizer.transparencyThreshold)
    let width = self.width
    // One loop over raw pointers (no nested function capturing `isNew` and `colors`, whose
    // exclusivity checks cost more than the loop's work).
    let previousSource = keep?.0.pixels ?? []
    let keeping = keep != nil
    image.pixels.withUnsafeBytes { raw in
      shown.pixels.withUnsafeMutableBytes { out in
        previousSource.withUnsafeBytes { s in
          isNew.withUnsafeMutableBufferPointer { isNew in
            let source = raw.bindMemory(to: UInt32.self).baseAddress!
            let target = out.bindMemory(to: UInt32.self).baseAddress!
            let before = s.bindMemory(to: UInt32.self).baseAddress
            for y in rect.y..<(rect.y + rect.height) {
              let start = y * width + rect.x
              let flags = (y - rect.y) * rect.width
              var x = 0
              while x < rect.width {
                if keeping, let before {
                  // Where the source did not change, the canvas (`shown` starts as a copy)
                  // already shows what it showed — transparent where the source is, since a
                  // shown pixel is 0 exactly where its source pixel is transparent.
                  x += RGBAImage.equalPrefix(source + start + x, before + start + x, count: rect.width - x)
                  if x == rect.width { break }
                }
                // Pixels that changed (or, not keeping, all of them).
                let first = x
                repeat {
                  let pixel = source[start + x]
                  if pixel >> 24 < threshold {
                    target[start + x] = 0
                  } else {
                    target[start + x] = pixel | 0xFF00_0000
                    isNew[flags + x] = true
                    colors.insert(pixel & Self.rgbMask)
                  }
                  x += 1
                } while x < rect.width && !(keeping && source[start + x] == before![start + x])
                redrawn.append((start + first)..<(start + x))
              }
            }
          }
        }
      }
    }
    if !colors.overflowed { return (shown, redrawn) }
    quantizedFrames += 1
    GIFColorQuantizer.quantize(image, into: &shown, in: rect, where: isNew)
    return (shown, redrawn)
  }

  /// A new colour this close to a global one (sum of the three channel differences) is drawn
  /// with the global colour rather than taking a slot of its own: at most 2 levels per channel
  /// on average, invisible, and the slots stay free for colours unlike any seen so far.
  public static var closeColorDistance: Int { 6 }

  /// The largest mean error, per channel and redrawn pixel, accepted to draw a frame with the
  /// global table's colours instead of a local table of its own (``mapToGlobal(_:after:redrawn:)``).
  public static var globalMappingTolerance: Double { 1.5 }

  /// Replaces in `shown` the new colours of its redrawn pixels by their nearest global colour (smallest sum of channel
  /// differences; the lower index on a tie):
  /// - a new colour within ``closeColorDistance`` of a global one, always;
  /// - all of them, when the others would not fit the table and the mean error over the
  ///   redrawn pixels stays within ``globalMappingTolerance``.
  ///
  /// The global table is filled in the order colours first appear, so antialiased blends of
  /// the first frames used to take every slot, and from then on each frame with one new colour
  /// carried a local table — up to 768 bytes, often more than its changed pixels. Pixels kept
  /// from the previous frame stay as they were shown, so a mapped colour stays put until the
  /// source changes. The first frame is never mapped: it fills the table exactly.
  ///
  /// Only the pixels in `redrawn` (runs of canvas offsets) are looked at: the caller knows
  /// `shown` and `previous` agree outside them.
  func mapToGlobal(_ shown: inout RGBAImage, after previous: RGBAImage, redrawn runs: [Range<Int>]) {
    guard !globalColors.isEmpty else { return }
    let globalIndex = self.globalIndex
    // Each missing colour with its number of pixels.
    var missing = ColorMap<Int>()
    var redrawn = 0
    shown.pixels.withUnsafeBytes { s in
      previous.pixels.withUnsafeBytes { p in
        let sw = s.bindMemory(to: UInt32.self)
        let pw = p.bindMemory(to: UInt32.self)
        // Runs of one colour are common: look each run up once.
        var lastColor = UInt32.max
        var lastEntry: Int?
        for run in runs {
          for i in run where sw[i] != 0 && sw[i] != pw[i] {
            redrawn += 1
            let color = sw[i] & Self.rgbMask
            if color != lastColor {
              lastColor = color
              lastEntry = globalIndex[color] == nil ? missing.entry(of: color, adding: 0) : nil
            }
            if let lastEntry { missing.values[lastEntry] += 1 }
          }
        }
      }
    }
    guard !missing.isEmpty else { return }
    var replacement = ColorMap<UInt32>()
    var far: [(color: UInt32, nearest: UInt32)] = []
    var error = 0
    // The cache and the table as locals for the loop: each access to a property of the class
    // is checked for exclusivity at run time.
    var cache = ColorMap<(color: UInt32, distance: Int, searched: Int)>()
    swap(&cache, &nearestCache)
    defer { swap(&cache, &nearestCache) }
    let globalColors = self.globalColors
    for (color, count) in zip(missing.colors, missing.values) {
      let (nearest, distance) = Self.nearestGlobalColor(color, in: globalColors, cache: &cache)
      error += distance * count
      if distance <= Self.closeColorDistance {
        replacement.add(color, nearest)
      } else {
        far.append((color, nearest))
      }
    }
    if globalColors.count / 3 + far.count > 255, Double(error) / Double(redrawn * 3) <= Self.globalMappingTolerance {
      for (color, nearest) in far { replacement.add(color, nearest) }
    }
    guard !replacement.isEmpty else { return }
    shown.pixels.withUnsafeMutableBytes { m in
      previous.pixels.withUnsafeBytes { p in
        let mw = m.bindMemory(to: UInt32.self)
        let pw = p.bindMemory(to: UInt32.self)
        var lastColor = UInt32.max
        var lastReplacement: UInt32?
        for run in runs {
          for i in run where mw[i] != 0 && mw[i] != pw[i] {
            let color = mw[i] & Self.rgbMask
            if color != lastColor {
              lastColor = color
              lastReplacement = replacement[color]
            }
            if let nearest = lastReplacement { mw[i] = nearest | 0xFF00_0000 }
          }
        }
      }
    }
  }

  /// The colour of `table` (RGB triples) closest to `color` (both `0x00BBGGRR`) and the sum
  /// of their channel differences. `cache` holds each colour's nearest colour and distance,
  /// and how many of the table's entries that search covered: the table only grows, so a
  /// later search starts where this one ended.
  private static func nearestGlobalColor(
    _ color: UInt32, in table: [UInt8], cache: inout ColorMap<(color: UInt32, distance: Int, searched: Int)>
  ) -> (UInt32, Int) {
    let r = Int(color & 0xFF)
    let g = Int((color >> 8) & 0xFF)
    let b = Int((color >> 16) & 0xFF)
    // Colours added since the last search come after it: the earlier best wins ties, as in
    // one search from the start.
    let entry = cache.entry(of: color, adding: (0, Int.max, 0))
    let cached = cache.values[entry]
    var best = (color: cached.color, distance: cached.distance)
    table.withUnsafeBufferPointer { table in
      for e in stride(from: cached.searched, to: table.count, by: 3) {
        let distance = abs(Int(table[e]) - r) + abs(Int(table[e + 1]) - g) + abs(Int(table[e + 2]) - b)
        if distance < best.distance {
          best = (UInt32(table[e]) | UInt32(table[e + 1]) << 8 | UInt32(table[e + 2]) << 16, distance)
        }
      }
    }
    cache.values[entry] = (best.color, best.distance, table.count)
    return best
  }

  /// The bounding box of pixels opaque in `before` and transparent in `after`, within the
  /// runs of canvas offsets `redrawn` (outside them the two agree).
  private static func clearingRect(
    from before: RGBAImage, to after: RGBAImage, redrawn runs: [Range<Int>]
  ) -> PixelRect? {
    var left = Int.max
    var top = Int.max
    var right = -1
    var bottom = -1
    let width = before.width
    before.pixels.withUnsafeBytes { b in
      after.pixels.withUnsafeBytes { a in
        let bw = b.bindMemory(to: UInt32.self)
        let aw = a.bindMemory(to: UInt32.self)
        for run in runs {
          for i in run where aw[i] == 0 && bw[i] != 0 {
            left = min(left, i % width)
            right = max(right, i % width)
            top = min(top, i / width)
            bottom = max(bottom, i / width)
          }
        }
      }
    }
    guard right >= 0 else { return nil }
    return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
  }

  // MARK: Choosing an encoding

  /// The smallest valid encoding of `shown` over each canvas, the disposal that leaves that
  /// canvas and which it is (the frame's `base` is left for the caller to set). `scan` holds
  /// every pixel where `shown` can differ from any of the canvases.
  ///
  /// `keepingFails`: a pixel must turn transparent, which keeping's canvas cannot show (its
  /// encoding would fail), so it is not tried; its rectangle still bounds the others'.
  private func choose(
    _ bases: [(disposal: UInt8, canvas: Canvas)], shown: RGBAImage, delay: Int, previous: Frame?, scan: PixelRect,
    keepingFails: Bool = false
  ) throws -> (disposal: UInt8, canvas: Canvas, frame: Frame?) {
    var best: (disposal: UInt8, canvas: Canvas, frame: Frame, cost: Int, newGlobal: [UInt32])?
    // Each disposal's rectangle first: one whose rectangle is not smaller than keeping's
    // cannot win (it redraws at least as much), so it is encoded only if keeping fails.
    var candidates: [(disposal: UInt8, canvas: Canvas, rect: PixelRect)] = []
    for (disposal, canvas) in bases {
      let region: PixelRect?
      switch (canvas, previous) {
      case (.shown, let previous?): region = shown.differingRect(from: previous.shown, scan: scan)
      case (.cleared, let previous?):
        region = shown.differingRect(from: previous.shown, replacing: previous.region, scan: scan)
      case (.base, let previous?): region = shown.differingRect(from: previous.base, scan: scan)
      default: region = shown.differingRect(from: shown, replacing: shown.bounds, scan: scan)
      }
      candidates.append((disposal, canvas, region ?? PixelRect(x: 0, y: 0, width: 1, height: 1)))
    }
    for (n, candidate) in candidates.enumerated() {
      if n > 0, candidates[0].canvas == .shown, best != nil, candidate.rect.area >= candidates[0].rect.area { continue }
      if keepingFails, candidate.canvas == .shown { continue }
      guard
        let (frame, newGlobal) = encode(
          shown, over: candidate.canvas, previous: previous, region: candidate.rect, delay: delay)
      else { continue }
      let cost = frame.codes.count + (frame.localTable.map { _ in 3 << Self.tableBits(frame) } ?? 0)
      if best == nil || cost < best!.cost { best = (candidate.disposal, candidate.canvas, frame, cost, newGlobal) }
    }
    guard let best else { return (1, .shown, nil) }
    for color in best.newGlobal {
      globalIndex.insert(color, UInt8(globalColors.count / 3))
      globalColors += Self.rgb(color)
    }
    return (best.disposal, best.canvas, best.frame)
  }

  private static func tableBits(_ frame: Frame) -> Int {
    guard let table = frame.localTable else { return 8 }
    var bits = 1
    while 1 << bits < table.count / 3 { bits += 1 }
    return bits
  }

  /// `shown` as a rectangle over `canvas`, or nil if that is impossible (a pixel would have
  /// to turn transparent, or more than 256 colours are needed). Also returns the colours it
  /// would add to the global table (keys `0x00BBGGRR`, in order of first use).
  private func encode(
    _ shown: RGBAImage, over canvas: Canvas, previous: Frame?, region: PixelRect, delay: Int
  ) -> (Frame, [UInt32])? {
    // The canvas is read where it lies (no copy of the region): `underImage` outside
    // `cleared`, transparent black inside it (and everywhere without an image).
    var underImage: RGBAImage?
    var cleared: PixelRect?
    switch (canvas, previous) {
    case (.shown, let previous?): underImage = previous.shown
    case (.cleared, let previous?): (underImage, cleared) = (previous.shown, previous.region.intersection(region))
    case (.base, let previous?): underImage = previous.base
    default: break
    }
    let n = region.area
    // Each pixel's colour number in order of first use; 255 where the canvas already shows it
    // (a 256th colour, numbered 255, leaves a valid frame only if there is no such pixel).
    var indices = [UInt8](repeating: 255, count: n)
    var order: [UInt32] = []
    var seen = ColorSlots()
    var hasUnchanged = false
    let canvasWidth = width
    let right = region.x + region.width
    let valid = shown.pixels.withUnsafeBytes { t in
      (underImage?.pixels ?? []).withUnsafeBytes { u in
        indices.withUnsafeMutableBufferPointer { indices in
          let tw = t.bindMemory(to: UInt32.self).baseAddress!
          let uw = underImage == nil ? nil : u.bindMemory(to: UInt32.self).baseAddress
          var lastColor = UInt32.max
          var lastNumber: UInt8 = 0
          for y in region.y..<(region.y + region.height) {
            let row = y * canvasWidth
            let at = (y - region.y) * region.width - region.x
            // A row crossing the cleared rectangle is three stretches: canvas, cleared, canvas.
            var split = (right, right)
            if let cleared, y >= cleared.y, y < cleared.y + cleared.height {
              split = (cleared.x, cleared.x + cleared.width)
            }
            for stretch in 0..<3 {
              let (start, end, under) =
                stretch == 0 ? (region.x, split.0, uw) : stretch == 1 ? (split.0, split.1, nil) : (split.1, right, uw)
              var x = start
              while x < end {
                let same = RGBAImage.equalPrefix(tw + row + x, under.map { $0 + row + x }, count: end - x)
                if same > 0 {
                  hasUnchanged = true
                  x += same
                  if x == end { break }
                }
                // Pixels the canvas does not show yet.
                repeat {
                  let pixel = tw[row + x]
                  if pixel == 0 { return false }  // only a disposal can make a pixel transparent
                  let color = pixel & Self.rgbMask
                  if color != lastColor {
                    if let known = seen[color] {
                      lastNumber = known
                    } else {
                      guard order.count < 256 else { return false }
                      lastNumber = UInt8(order.count)
                      seen.insert(color, UInt8(order.count))
                      order.append(color)
                    }
                    lastColor = color
                  }
                  indices[at + x] = lastNumber
                  x += 1
                } while x < end && tw[row + x] != (under?[row + x] ?? 0)
              }
            }
          }
          return true
        }
      }
    }
    guard valid, order.count < 256 || !hasUnchanged else { return nil }
    // Colour numbers to table indices: the global table while the colours fit, else a local
    // one. `map[number]` is the index of each colour number and of 255.
    let newGlobal = order.filter { globalIndex[$0] == nil }
    var map = (0...255).map { UInt8($0) }
    var localTable: [UInt8]?
    var transparentIndex: UInt8?
    if globalColors.count / 3 + newGlobal.count <= 255 {
      var next = globalColors.count / 3
      for (number, color) in order.enumerated() {
        if let index = globalIndex[color] {
          map[number] = index
        } else {
          map[number] = UInt8(next)
          next += 1
        }
      }
      transparentIndex = Self.globalTransparentIndex
    } else if order.count <= 255 || (!hasUnchanged && region == shown.bounds) {
      var table: [UInt8] = []
      for color in order { table += Self.rgb(color) }
      if order.count <= 255 {
        transparentIndex = UInt8(order.count)
        map[255] = UInt8(order.count)
        table += [0, 0, 0]
      }
      localTable = table
    } else {
      return nil
    }
    if map.indices.contains(where: { map[$0] != $0 }) {
      indices.withUnsafeMutableBufferPointer { indices in
        map.withUnsafeBufferPointer { map in
          for i in 0..<n { indices[i] = map[Int(indices[i])] }
        }
      }
    }
    var bits = 8
    if let localTable {
      bits = 1
      while 1 << bits < localTable.count / 3 { bits += 1 }
    }
    let minimumCodeSize = max(2, bits)
    let frame = Frame(
      region: region, indices: indices, localTable: localTable, transparentIndex: transparentIndex,
      codes: lzw(indices, minimumCodeSize: minimumCodeSize), minimumCodeSize: minimumCodeSize, delay: delay,
      shown: shown, base: shown)  // append(…) sets the base of the frame it keeps
    return (frame, localTable == nil ? newGlobal : [])
  }

  /// The RGB bytes of a pixel (alpha cleared) loaded as a little-endian `UInt32`.
  private static var rgbMask: UInt32 { 0x00FF_FFFF }

  private static func rgb(_ color: UInt32) -> [UInt8] {
    [UInt8(color & 0xFF), UInt8((color >> 8) & 0xFF), UInt8((color >> 16) & 0xFF)]
  }

  /// `frame` re-encoded over a larger region; the added pixels are transparent, so it shows the
  /// same, and disposing of it to the background clears the larger region.
  private func widen(_ frame: Frame, to region: PixelRect) -> Frame {
    var indices = [UInt8](repeating: frame.transparentIndex ?? 0, count: region.area)
    for row in 0..<frame.region.height {
      let from = row * frame.region.width
      let to = (frame.region.y - region.y + row) * region.width + frame.region.x - region.x
      indices.replaceSubrange(to..<(to + frame.region.width), with: frame.indices[from..<(from + frame.region.width)])
    }
    var wider = frame
    wider.region = region
    wider.indices = indices
    wider.codes = lzw(indices, minimumCodeSize: frame.minimumCodeSize)
    return wider
  }

  private func lzw(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
    var codes: [UInt8] = []
    indices.withUnsafeBufferPointer { lzwEncoder.encode($0, minimumCodeSize: minimumCodeSize, into: &codes) }
    return codes
  }

  // MARK: Writing

  private func write(_ frame: Frame, disposal: UInt8) throws {
    block.removeAll(keepingCapacity: true)
    // Graphics Control Extension: disposal, transparency, delay.
    block += [0x21, 0xF9, 0x04, (disposal << 2) | (frame.transparentIndex == nil ? 0 : 1)]
    block.appendLittleEndian(UInt16(frame.delay))
    block += [frame.transparentIndex ?? 0, 0]
    block.append(0x2C)
    block.appendLittleEndian(UInt16(frame.region.x))
    block.appendLittleEndian(UInt16(frame.region.y))
    block.appendLittleEndian(UInt16(frame.region.width))
    block.appendLittleEndian(UInt16(frame.region.height))
    if let table = frame.localTable {
      let bits = Self.tableBits(frame)
      block.append(0x80 | UInt8(bits - 1))
      block += table
      block += [UInt8](repeating: 0, count: (3 << bits) - table.count)
      localTableFrames += 1
    } else {
      block.append(0)
    }
    block.append(UInt8(frame.minimumCodeSize))
    var start = 0
    while start < frame.codes.count {
      let end = min(frame.codes.count, start + 255)
      block.append(UInt8(end - start))
      block += frame.codes[start..<end]
      start = end
    }
    block.append(0)
    try sink.write(block)
    framesWritten += 1
  }

  /// Writes the last frame, fills in the global colour table, writes the trailer and flushes.
  public func finish() throws {
    guard !isFinished else { throw GIFError.alreadyFinished }
    if let last = pending { try write(last, disposal: 1) }
    pending = nil
    try sink.overwrite(
      globalColors + [UInt8](repeating: 0, count: 768 - globalColors.count), at: Self.globalTableOffset)
    try sink.write([0x3B])
    try sink.flush()
    isFinished = true
  }
}

/// A ``GIFWriter`` frame chosen but not yet written: its disposal waits for the next frame.
private struct GIFPendingFrame {
  var region: PixelRect
  var indices: [UInt8]
  /// RGB triples of a local table; nil uses the global table.
  var localTable: [UInt8]?
  var transparentIndex: UInt8?
  var codes: [UInt8]
  var minimumCodeSize: Int
  var delay: Int
  /// The canvas after this frame; transparent pixels are 0, opaque ones have alpha 255.
  var shown: RGBAImage
  /// The canvas it was drawn on (what disposal 3 restores).
  var base: RGBAImage
}

/// A canvas a ``GIFWriter`` frame is drawn on, named by the previous frame's disposal.
private enum GIFCanvas {
  /// 1 (keep): what the previous frame left.
  case shown
  /// 2 (restore to background): that, with the previous frame's rectangle cleared.
  case cleared
  /// 3 (restore to previous): that, with the previous frame's rectangle as before it.
  case base
  /// The transparent canvas: before the first frame, or after clearing everything.
  case empty
}

/// Counts distinct colours up to `limit`, then gives up (the frame will be quantized).
struct ExactColors {
  private var keys = [UInt32](repeating: UInt32.max, count: 1024)
  private(set) var count = 0
  private(set) var overflowed = false
  private var last = UInt32.max
  let limit: Int

  init(limit: Int) { self.limit = limit }

  mutating func insert(_ color: UInt32) {
    guard !overflowed, color != last else { return }
    last = color
    var slot = Int((color &* 0x9E37_79B1) >> 22)
    while keys[slot] != UInt32.max && keys[slot] != color { slot = (slot + 1) & 1023 }
    guard keys[slot] == UInt32.max else { return }
    guard count < limit else {
      overflowed = true
      return
    }
    keys[slot] = color
    count += 1
  }
}

/// A map from colours (`0x00BBGGRR`) to 8-bit values, for at most 256 colours: open
/// addressing over 1024 slots, where a `Dictionary` would hash every key with SipHash.
struct ColorSlots {
  private var keys = [UInt32](repeating: UInt32.max, count: 1024)
  private var values = [UInt8](repeating: 0, count: 1024)
  private(set) var count = 0

  private static func slot(_ color: UInt32) -> Int { Int((color &* 0x9E37_79B1) >> 22) }

  /// The value stored for `color`, or nil.
  subscript(color: UInt32) -> UInt8? {
    keys.withUnsafeBufferPointer { keys in
      var slot = Self.slot(color)
      while true {
        let key = keys[slot]
        if key == color { return values[slot] }
        if key == UInt32.max { return nil }
        slot = (slot + 1) & 1023
      }
    }
  }

  /// Stores `value` for `color`, which must not be stored yet (a 24-bit colour).
  mutating func insert(_ color: UInt32, _ value: UInt8) {
    precondition(color <= 0xFF_FFFF && count < 256, "ColorSlots holds at most 256 24-bit colours")
    var slot = Self.slot(color)
    while keys[slot] != UInt32.max {
      precondition(keys[slot] != color, "the colour is stored already")
      slot = (slot + 1) & 1023
    }
    keys[slot] = color
    values[slot] = value
    count += 1
  }
}

/// A map from colours (`0x00BBGGRR`) to values, kept in the order they were added: open
/// addressing over a table that doubles when half full. It takes every redrawn pixel's colour
/// for the per-frame tallies of new colours (and each new colour for the nearest-colour
/// cache), where a `Dictionary` would hash each with SipHash.
struct ColorMap<Value> {
  /// The colours, in the order they were added.
  private(set) var colors: [UInt32] = []
  /// The value of each colour in `colors`.
  var values: [Value] = []
  /// Each slot's entry number + 1; 0 is empty. No slots until the first colour is added, so
  /// an empty map costs no allocation.
  private var slots: [Int32] = []
  /// 32 minus the table's bit count: a multiplicative hash's top bits pick the slot.
  private var shift: UInt32 = 26

  var isEmpty: Bool { colors.isEmpty }

  /// Where `color` is or would go.
  private func slot(of color: UInt32) -> Int {
    slots.withUnsafeBufferPointer { slots in
      colors.withUnsafeBufferPointer { colors in
        var slot = Int((color &* 0x9E37_79B1) >> shift)
        while slots[slot] != 0 && colors[Int(slots[slot]) - 1] != color { slot = (slot + 1) & (slots.count - 1) }
        return slot
      }
    }
  }

  /// The entry number of `color` (its index in `colors` and `values`), or nil.
  func entry(of color: UInt32) -> Int? {
    guard !slots.isEmpty else { return nil }
    let entry = Int(slots[slot(of: color)]) - 1
    return entry >= 0 ? entry : nil
  }

  subscript(color: UInt32) -> Value? { entry(of: color).map { values[$0] } }

  /// The entry number of `color`, added with `value` if it was not there.
  mutating func entry(of color: UInt32, adding value: @autoclosure () -> Value) -> Int {
    if slots.isEmpty { slots = [Int32](repeating: 0, count: 64) }
    let slot = slot(of: color)
    if slots[slot] != 0 { return Int(slots[slot]) - 1 }
    colors.append(color)
    values.append(value())
    slots[slot] = Int32(colors.count)
    if colors.count * 2 > slots.count { grow() }
    return colors.count - 1
  }

  /// Sets the value of `color`, adding it if it was not there.
  mutating func add(_ color: UInt32, _ value: Value) {
    values[entry(of: color, adding: value)] = value
  }

  private mutating func grow() {
    slots = [Int32](repeating: 0, count: slots.count * 2)
    shift -= 1
    for (n, color) in colors.enumerated() { slots[slot(of: color)] = Int32(n + 1) }
  }
}
