/// Writes an animated PNG frame by frame, as the frames arrive, storing only what changed.
///
/// Each ``append(_:encoded:delay:)`` takes the whole frame as it must be shown. The writer keeps
/// one frame back, because two decisions wait for the next frame:
/// - **Merging.** A frame identical to the one before is not written; the previous frame's
///   delay grows by its delay instead, as an exact fraction (``FrameDelay``). When the sum no
///   longer fits fcTL's 16-bit fraction exactly, a 1×1 frame that changes nothing starts a new
///   run, so delays never drift. ``mergedFrames`` counts the frames merged away.
/// - **Regions and operations.** A frame is written as the smallest rectangle that differs from
///   the canvas it is drawn on. That canvas depends on the previous frame's `dispose_op`, so for
///   every new frame the writer tries each of `APNG_DISPOSE_OP_NONE`, `_BACKGROUND` and
///   `_PREVIOUS` for the previous frame, and `APNG_BLEND_OP_SOURCE` and `_OVER` for the new one,
///   compresses every candidate and keeps the smallest. OVER is only used where it is exact in
///   every decoder: unchanged pixels become fully transparent (left alone) and changed pixels
///   must be opaque (copied). Every displayed frame is therefore exactly the appended image,
///   alpha included.
///
/// The first frame covers the canvas and is written as IDAT (viewers without APNG support show
/// it); when its compressed data is passed as `encoded` (the PNG file's own stream), it is not
/// compressed again — nor is any later frame whose best region is the whole canvas with SOURCE.
/// acTL's frame count is known only at the end, so ``finish()`` patches it in place.
///
/// ```swift
/// let apng = try APNGWriter(sink: MemoryByteSink(), width: 750, height: 120, colorType: .rgba,
///                           delay: FrameDelay(framesPerSecond: 60))
/// for image in frames { try apng.append(image) }
/// try apng.finish()
/// ```
///
/// All frames share IHDR's colour type, chosen up front: `.rgba` when any frame may have
/// transparency, `.rgb` otherwise. Memory holds three canvases, whatever the frame count. A
/// writer is not thread-safe: append from one task, in order.
public final class APNGWriter<Sink: PatchableByteSink> {
  /// The sink, holding everything written so far (for a ``MemoryByteSink``, the file's bytes;
  /// with a compression thread, complete only after ``finish()``).
  public var sink: Sink { output.sink }
  public let width: Int
  public let height: Int
  /// Times the animation plays; 0 means forever.
  public let loopCount: Int
  public let colorType: PNGColorType
  /// The delay used for frames appended without one.
  public let delay: FrameDelay

  /// Frames appended so far.
  public private(set) var framesAppended = 0
  /// Frames written to the file so far (fcTL chunks); after ``finish()``, the animation's
  /// frame count.
  public var framesWritten: Int { output.framesWritten }
  /// Appended frames that were identical to the one before and merged into it.
  public private(set) var mergedFrames = 0

  /// Compresses the candidates fast, to rank them: only the winner is compressed, by `output`.
  private let rankingEncoder: PNGEncoder
  private var pending: Frame?
  /// Frames handed to `output` so far.
  private var framesIssued = 0
  private var isFinished = false
  /// Compresses the chosen frames and writes them: on the caller's thread, or on `stage`.
  private let output: Output
  private let stage: WriterThread<Stored>?
  /// Where acTL starts: after the 8-byte signature and IHDR (12 + 13 bytes).
  private static var animationControlOffset: Int { 8 + 25 }

  /// A frame chosen but not yet written: its `dispose_op` waits for the next frame.
  /// What the output stage needs of a frame: no canvases, so its queue holds little.
  private struct Stored: Sendable {
    var region: PixelRect
    var blendOp: UInt8
    var disposeOp: UInt8
    var pixels: RGBAImage
    var reusable: [UInt8]?
    var delay: FrameDelay
  }

  private struct Frame {
    var region: PixelRect
    var blendOp: UInt8
    /// What to compress: the region's pixels (for OVER, unchanged ones transparent).
    var pixels: RGBAImage
    /// The PNG file's own stream, for a whole frame drawn with SOURCE.
    var reusable: [UInt8]?
    var delay: FrameDelay
    /// The canvas after this frame (the appended image).
    var image: RGBAImage
    /// The canvas this frame was drawn on (what `APNG_DISPOSE_OP_PREVIOUS` restores).
    var base: RGBAImage
  }

  /// Writes the file header.
  ///
  /// - Parameters:
  ///   - sink: Where the bytes go.
  ///   - width, height: The canvas size, which every frame must match.
  ///   - loopCount: Plays; 0 (the default) loops forever.
  ///   - colorType: `.rgb` or `.rgba`, shared by every frame.
  ///   - delay: The default frame delay, e.g. `FrameDelay(framesPerSecond: 60)`.
  ///   - preset: How hard frame regions are compressed.
  ///   - compressionThread: Compress and write the chosen frames on a second thread, fed
  ///     through a queue of a few frames, while ``append(_:encoded:delay:)`` chooses the next
  ///     ones: at `.small` the final compression is half the writer's work. The bytes are the
  ///     same either way; the sink is then complete only after ``finish()``.
  /// - Throws: ``APNGError/invalidConfiguration(_:)`` or the sink's error.
  public init(
    sink: Sink, width: Int, height: Int, loopCount: Int = 0, colorType: PNGColorType, delay: FrameDelay,
    preset: PNGCompressionPreset = .fast, compressionThread: Bool = false
  ) throws {
    guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
      throw APNGError.invalidConfiguration("the size \(width)×\(height) is not allowed")
    }
    guard loopCount >= 0, loopCount <= 0x7FFF_FFFF else {
      throw APNGError.invalidConfiguration("the loop count must be 0 (forever) or positive, not \(loopCount)")
    }
    guard colorType == .rgb || colorType == .rgba else {
      throw APNGError.invalidConfiguration("frames must be RGB or RGBA, not \(colorType)")
    }
    self.width = width
    self.height = height
    self.loopCount = loopCount
    self.colorType = colorType
    self.delay = delay
    rankingEncoder = try PNGEncoder(preset: .fast)

    var header = PNGChunk.signature
    PNGChunkWriter.append(.IHDR, PNGChunkWriter.headerData(width: width, height: height, colorType: colorType), to: &header)
    header += Self.animationControl(frameCount: 0, loopCount: loopCount)
    var sink = sink
    try sink.write(header)
    let output = try Output(sink: sink, colorType: colorType, preset: preset)
    self.output = output
    stage = compressionThread ? WriterThread(capacity: 4) { try output.store($0) } : nil
  }

  deinit {
    // Abandoned before finish(): stop the compression thread rather than leave it waiting.
    stage?.cancel()
  }

  private static func animationControl(frameCount: Int, loopCount: Int) -> [UInt8] {
    var data: [UInt8] = []
    data.appendBigEndian(UInt32(frameCount))
    data.appendBigEndian(UInt32(loopCount))
    var chunk: [UInt8] = []
    PNGChunkWriter.append(.acTL, data, to: &chunk)
    return chunk
  }

  /// Appends the next frame.
  ///
  /// - Parameters:
  ///   - image: The whole frame as it must be shown; the animation's size.
  ///   - encoded: The same frame compressed by ``PNGEncoder/encodeImageData(_:colorType:)`` with
  ///     the animation's colour type, if the caller has it: used as is when the frame is stored
  ///     whole.
  ///   - delay: How long it shows; `nil` uses the writer's ``delay``.
  /// - Throws: ``APNGError`` for a mismatched frame, or the encoder's or sink's error.
  public func append(_ image: RGBAImage, encoded: EncodedFrame? = nil, delay: FrameDelay? = nil) throws {
    guard !isFinished else { throw APNGError.alreadyFinished }
    guard image.width == width, image.height == height else {
      throw APNGError.frameSizeMismatch(
        frame: framesAppended, width: image.width, height: image.height, expectedWidth: width, expectedHeight: height)
    }
    if colorType == .rgb && !image.isOpaque {
      throw APNGError.colorTypeMismatch(frame: framesAppended, colorType: .rgba, expected: .rgb)
    }
    let delay = delay ?? self.delay
    let reusable = encoded.flatMap { $0.width == width && $0.height == height && $0.colorType == colorType ? $0.zdata : nil }
    defer { framesAppended += 1 }

    guard var previous = pending else {
      pending = Frame(
        region: image.bounds, blendOp: 0, pixels: image, reusable: reusable,
        delay: delay, image: image, base: RGBAImage(width: width, height: height))
      return
    }
    if image.hasSamePixels(as: previous.image), let sum = previous.delay.exactSum(delay) {
      previous.delay = sum
      pending = previous
      mergedFrames += 1
      return
    }

    // The canvas the new frame lands on, for each way of disposing of the previous one.
    var bases: [(disposeOp: UInt8, canvas: RGBAImage)] = [(0, previous.image)]
    var cleared = previous.image
    cleared.clear(previous.region)
    if !cleared.hasSamePixels(as: previous.image) { bases.append((1, cleared)) }
    // PREVIOUS on the first frame means BACKGROUND (APNG spec), already covered.
    if framesIssued > 0, !bases.contains(where: { $0.canvas.hasSamePixels(as: previous.base) }) {
      bases.append((2, previous.base))
    }

    // Rank the candidates by their fast compression (what the PNG frames use), then compress
    // only the winner with the writer's preset: one slow compression per frame instead of six.
    // A lone candidate needs no ranking.
    var all: [(disposeOp: UInt8, canvas: RGBAImage, candidate: Candidate)] = []
    for (disposeOp, canvas) in bases {
      for candidate in candidates(image, on: canvas, reusable: reusable) { all.append((disposeOp, canvas, candidate)) }
    }
    var winner = all[0]
    if all.count > 1 {
      var smallest = Int.max
      for entry in all {
        let size = try entry.candidate.reusable?.count
          ?? rankingEncoder.encodeImageData(entry.candidate.pixels, colorType: colorType).zdata.count
        if size < smallest {
          smallest = size
          winner = entry
        }
      }
    }
    let chosen = winner.candidate
    try write(previous, disposeOp: winner.disposeOp)
    pending = Frame(
      region: chosen.region, blendOp: chosen.blendOp, pixels: chosen.pixels, reusable: chosen.reusable, delay: delay,
      image: image, base: winner.canvas)
  }

  /// One way to draw the new frame: its region, blend op and pixels (for OVER, unchanged
  /// pixels made transparent); `reusable` holds the PNG file's own stream when it is the whole
  /// frame with SOURCE.
  private struct Candidate {
    var region: PixelRect
    var blendOp: UInt8
    var pixels: RGBAImage
    var reusable: [UInt8]?
  }

  /// The ways to draw `image` over `canvas`: the changed region with SOURCE, and with OVER
  /// where that is exact.
  private func candidates(_ image: RGBAImage, on canvas: RGBAImage, reusable: [UInt8]?) -> [Candidate] {
    // Nothing changed (the disposal alone gives the frame): one pixel rewritten with itself.
    let region = image.changedRect(from: canvas) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
    let source = region == image.bounds ? image : image.cropped(to: region)
    var result = [Candidate(region: region, blendOp: 0, pixels: source, reusable: region == image.bounds ? reusable : nil)]
    guard colorType == .rgba, let over = overPixels(source, canvas.cropped(to: region)) else { return result }
    result.append(Candidate(region: region, blendOp: 1, pixels: RGBAImage(width: region.width, height: region.height, pixels: over)))
    return result
  }

  /// `source` with pixels equal to `canvas` made fully transparent, if every other pixel is
  /// opaque (so OVER copies it exactly) and at least one pixel is left alone; else nil.
  private func overPixels(_ source: RGBAImage, _ canvas: RGBAImage) -> [UInt8]? {
    var pixels = source.pixels
    var unchanged = 0
    let valid = pixels.withUnsafeMutableBytes { out in
      canvas.pixels.withUnsafeBytes { under in
        let o = out.bindMemory(to: UInt32.self), u = under.bindMemory(to: UInt32.self)
        for i in 0..<o.count {
          if o[i] == u[i] {
            o[i] = 0
            unchanged += 1
          } else if o[i].littleEndian >> 24 != 0xFF {
            return false
          }
        }
        return true
      }
    }
    return valid && unchanged > 0 ? pixels : nil
  }

  /// Hands `frame` to the output stage, or stores it here without one.
  private func write(_ frame: Frame, disposeOp: UInt8) throws {
    let stored = Stored(
      region: frame.region, blendOp: frame.blendOp, disposeOp: disposeOp, pixels: frame.pixels, reusable: frame.reusable,
      delay: frame.delay)
    if let stage { try stage.send(stored) } else { try output.store(stored) }
    framesIssued += 1
  }

  /// Writes the last frame, patches acTL's frame count, writes IEND and flushes the sink.
  /// - Throws: ``APNGError/noFrames`` if nothing was appended (the file would be invalid), or
  ///   the sink's error.
  public func finish() throws {
    guard !isFinished else { throw APNGError.alreadyFinished }
    guard let last = pending else { throw APNGError.noFrames }
    try write(last, disposeOp: 0)
    pending = nil
    try stage?.finish()
    try output.sink.overwrite(Self.animationControl(frameCount: framesWritten, loopCount: loopCount), at: Self.animationControlOffset)
    var end: [UInt8] = []
    PNGChunkWriter.append(.IEND, [], to: &end)
    try output.sink.write(end)
    try output.sink.flush()
    isFinished = true
  }

  /// The second stage: compresses each chosen frame with the writer's preset and writes its
  /// chunks. Used by one thread at a time — the caller's, or the stage's until ``finish()``.
  private final class Output {
    var sink: Sink
    private(set) var framesWritten = 0
    let colorType: PNGColorType
    private let encoder: PNGEncoder
    /// Compresses a rectangle's row-filter choices to rank them: zlib level 6 when the preset
    /// is `.small` (level 9's long match chains make several passes costly, and level 6 ranks
    /// them alike); nil ranks with `encoder` itself — a cheaper stand-in would not rank alike.
    private let filterRankingEncoder: PNGEncoder?
    private var sequenceNumber: UInt32 = 0
    private var chunkBuffer: [UInt8] = []

    init(sink: Sink, colorType: PNGColorType, preset: PNGCompressionPreset) throws {
      self.sink = sink
      self.colorType = colorType
      encoder = try PNGEncoder(preset: preset)
      filterRankingEncoder = preset == .small ? try PNGEncoder(preset: .balanced) : nil
    }

    /// The compressed data stored for `pixels`: for a whole frame whose PNG file's stream is at
    /// hand, that stream or the writer's preset, whichever is smaller (the PNG frames use the
    /// fast preset); for a rectangle, the smallest of the row-filter choices by real compressed
    /// size (``PNGEncoder/encodeImageDataTryingFilters(_:colorType:)``) — rectangles are small,
    /// and the filter heuristic is often wrong on them.
    private func finalData(_ pixels: RGBAImage, reusable: [UInt8]?) throws -> [UInt8] {
      guard let reusable else {
        return try encoder.encodeImageDataTryingFilters(pixels, colorType: colorType, ranking: filterRankingEncoder).zdata
      }
      let compressed = try encoder.encodeImageData(pixels, colorType: colorType).zdata
      return compressed.count < reusable.count ? compressed : reusable
    }

    func store(_ frame: Stored) throws {
      let zdata = try finalData(frame.pixels, reusable: frame.reusable)
      chunkBuffer.removeAll(keepingCapacity: true)
      var control: [UInt8] = []
      control.reserveCapacity(26)
      control.appendBigEndian(nextSequenceNumber())
      control.appendBigEndian(UInt32(frame.region.width))
      control.appendBigEndian(UInt32(frame.region.height))
      control.appendBigEndian(UInt32(frame.region.x))
      control.appendBigEndian(UInt32(frame.region.y))
      control.appendBigEndian(frame.delay.numerator)
      control.appendBigEndian(frame.delay.denominator)
      control.append(frame.disposeOp)
      control.append(frame.blendOp)
      PNGChunkWriter.append(.fcTL, control, to: &chunkBuffer)

      if framesWritten == 0 {
        PNGEncoder.appendImageDataChunks(.IDAT, zdata, to: &chunkBuffer)
      } else {
        zdata.withUnsafeBytes { raw in
          var start = 0
          repeat {
            let end = min(raw.count, start + PNGEncoder.maximumChunkSize)
            var sequence: [UInt8] = []
            sequence.appendBigEndian(nextSequenceNumber())
            PNGChunkWriter.append(.fdAT, prefix: sequence, body: UnsafeRawBufferPointer(rebasing: raw[start..<end]), to: &chunkBuffer)
            start = end
          } while start < raw.count
        }
      }
      try sink.write(chunkBuffer)
      framesWritten += 1
    }

    private func nextSequenceNumber() -> UInt32 {
      defer { sequenceNumber += 1 }
      return sequenceNumber
    }
  }
}
