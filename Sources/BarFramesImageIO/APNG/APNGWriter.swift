/// Writes an animated PNG frame by frame, as the frames arrive, storing only what changed.
///
/// Each ``append(_:encoded:delay:)`` takes the whole frame as it must be shown. The writer keeps
/// one frame back, because two decisions wait for the next frame:
/// - **Merging.** A frame identical to the one before is not written; the previous frame's
///   delay grows by its delay instead, as an exact fraction (``FrameDelay``). When the sum no
///   longer fits fcTL's 16-bit fraction exactly, a 1×1 frame that changes nothing starts a new
///   run, so delays never drift. ``mergedFrames`` counts the frames merged away.
/// - **Regions and operations.** A frame is written as the smallest rectangle that differs from
///   the canvas it is drawn on. That canvas depends on the previous frame's `dispose_op`: with
///   `APNG_DISPOSE_OP_NONE` it is the previous frame, with `_BACKGROUND` the previous frame with
///   its rectangle cleared, with `_PREVIOUS` the canvas before it. Each rectangle is found by
///   looking only at the new frame's changes and the previous frame's rectangle, never at
///   whole canvases. A disposal is a candidate only where its rectangle is smaller than NONE's
///   (clearing or restoring cannot help otherwise: the pixels to store are the same or more);
///   each candidate is drawn with `APNG_BLEND_OP_SOURCE`, and with `_OVER` where that is exact
///   in every decoder (unchanged pixels become fully transparent and are left alone, changed
///   pixels must be opaque and are copied). A lone candidate is compressed once, by the output
///   stage; several are each compressed and the smallest is kept. Every displayed frame is
///   therefore exactly the appended image, alpha included.
///
/// Rectangles are compressed as ``APNGRegionCompressor`` says for the preset. The first frame
/// covers the canvas and is written as IDAT (viewers without APNG support show it); when its
/// compressed data is passed as `encoded` (the PNG file's own stream), that is stored as it is,
/// and so is a later frame's whose rectangle is the whole canvas, drawn with SOURCE. acTL's
/// frame count is known only at the end, so ``finish()`` patches it in place.
///
/// ```swift
/// let apng = try APNGWriter(sink: MemoryByteSink(), width: 750, height: 120, colorType: .rgba,
///                           delay: FrameDelay(framesPerSecond: 60))
/// for image in frames { try apng.append(image) }
/// try apng.finish()
/// ```
///
/// All frames share IHDR's colour type, chosen up front: `.rgba` when any frame may have
/// transparency, `.rgb` otherwise. Memory holds at most three canvases, whatever the frame
/// count. A writer is not thread-safe: append from one task, in order.
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

  /// Prepares the frames appended as images, and compresses the BACKGROUND and PREVIOUS
  /// candidates: each made when first needed (each holds a libdeflate and a zlib compressor,
  /// half a millisecond to set up; the exporter appends prepared frames, and needs the second
  /// only on some frames).
  private var frameEncoder: APNGFrameEncoder?
  private var compressor: APNGRegionCompressor?
  private let preset: PNGCompressionPreset
  private let rectangles: APNGRectangleMemory
  private var pending: APNGPendingFrame?
  /// Frames handed to `output` so far.
  private var framesIssued = 0
  private var isFinished = false
  /// Writes the chosen frames: on the caller's thread, or on `stage`.
  private let output: Output
  private let stage: WriterThread<APNGStoredFrame>?
  /// Where acTL starts: after the 8-byte signature and IHDR (12 + 13 bytes).
  private static var animationControlOffset: Int { 8 + 25 }

  /// Writes the file header.
  ///
  /// - Parameters:
  ///   - sink: Where the bytes go.
  ///   - width, height: The canvas size, which every frame must match.
  ///   - loopCount: Plays; 0 (the default) loops forever.
  ///   - colorType: `.rgb` or `.rgba`, shared by every frame.
  ///   - delay: The default frame delay, e.g. `FrameDelay(framesPerSecond: 60)`.
  ///   - preset: How hard frame regions are compressed.
  ///   - compressionThread: Write the chosen frames' chunks on a second thread, fed through a
  ///     queue of a few frames, while ``append(_:delay:)`` chooses the next ones. The bytes
  ///     are the same either way; the sink is then complete only after ``finish()``. (The
  ///     compression itself now happens in ``APNGFrameEncoder``, on the threads that draw.)
  ///   - rectangles: Small rectangles already compressed, shared with the frame encoders
  ///     preparing this APNG's frames (a memory of its own by default).
  /// - Throws: ``APNGError/invalidConfiguration(_:)`` or the sink's error.
  public init(
    sink: Sink, width: Int, height: Int, loopCount: Int = 0, colorType: PNGColorType, delay: FrameDelay,
    preset: PNGCompressionPreset = .fast, compressionThread: Bool = false,
    rectangles: APNGRectangleMemory = APNGRectangleMemory()
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
    self.preset = preset
    self.rectangles = rectangles

    var header = PNGChunk.signature
    PNGChunkWriter.append(
      .IHDR, PNGChunkWriter.headerData(width: width, height: height, colorType: colorType), to: &header)
    header += Self.animationControl(frameCount: 0, loopCount: loopCount)
    var sink = sink
    try sink.write(header)
    let output = Output(sink: sink, colorType: colorType)
    self.output = output
    stage = compressionThread ? WriterThread(capacity: 4, name: "bf-apng") { try output.store($0) } : nil
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
    try check(image)
    try append(try imageEncoder().encode(image, after: pending?.image, encoded: encoded), delay: delay, checked: true)
  }

  /// Appends the next frame, prepared by an ``APNGFrameEncoder`` (with this writer's colour
  /// type and preset) from it and the frame appended before.
  /// - Throws: ``APNGError`` for a mismatched frame, or the compressor's or sink's error.
  public func append(_ frame: APNGPreparedFrame, delay: FrameDelay? = nil) throws {
    try append(frame, delay: delay, checked: false)
  }

  /// Checks the size and, unless `opaqueChecked` (an RGB frame prepared by an encoder), that
  /// an RGB frame is opaque.
  private func check(_ image: RGBAImage, opaqueChecked: Bool = false) throws {
    guard !isFinished else { throw APNGError.alreadyFinished }
    guard image.width == width, image.height == height else {
      throw APNGError.frameSizeMismatch(
        frame: framesAppended, width: image.width, height: image.height, expectedWidth: width, expectedHeight: height)
    }
    if colorType == .rgb && !opaqueChecked && !image.isOpaque {
      throw APNGError.colorTypeMismatch(frame: framesAppended, colorType: .rgba, expected: .rgb)
    }
  }

  private func append(_ frame: APNGPreparedFrame, delay: FrameDelay?, checked: Bool) throws {
    if !checked {
      guard frame.colorType == colorType else {
        throw APNGError.colorTypeMismatch(frame: framesAppended, colorType: frame.colorType, expected: colorType)
      }
      try check(frame.image, opaqueChecked: true)
    }
    let image = frame.image
    let delay = delay ?? self.delay
    defer { framesAppended += 1 }

    guard var previous = pending else {
      pending = APNGPendingFrame(
        region: image.bounds, blendOp: 0, data: frame.source, delay: delay, image: image, base: nil)
      return
    }
    let changed = frame.changed
    if changed == nil, let sum = previous.delay.exactSum(delay) {
      previous.delay = sum
      pending = previous
      mergedFrames += 1
      return
    }

    // The canvases the new frame can land on, for each way of disposing of the previous
    // frame, with the rectangle that differs on each. NONE keeps the previous frame: the
    // changed rectangle, or one pixel rewritten with itself when only the delay starts anew;
    // its candidates come compressed with the frame.
    let noneRegion = changed ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
    var candidates: [APNGCandidate] = [
      APNGCandidate(disposeOp: 0, canvas: .previous, region: noneRegion, blendOp: 0, data: frame.source)
    ]
    if let over = frame.over {
      candidates.append(APNGCandidate(disposeOp: 0, canvas: .previous, region: noneRegion, blendOp: 1, data: over))
    }
    if let changed {
      var options: [(disposeOp: UInt8, canvas: APNGCanvas, region: PixelRect)] = []
      let one = PixelRect(x: 0, y: 0, width: 1, height: 1)
      // Over opaque frames clearing cannot help: every cleared pixel must be drawn again, so
      // its rectangle holds NONE's.
      if colorType == .rgba {
        let cleared = differingRect(image, over: previous, changed: changed, restoring: nil) ?? one
        if cleared.area < noneRegion.area { options.append((1, .cleared, cleared)) }
      }
      // PREVIOUS on the first frame means BACKGROUND (APNG spec); over a base transparent
      // where the previous frame drew, it is BACKGROUND again.
      if framesIssued > 0, let base = previous.base, !base.isTransparent(in: previous.region) {
        let restored = differingRect(image, over: previous, changed: changed, restoring: base) ?? one
        if restored.area < noneRegion.area { options.append((2, .restored, restored)) }
      }
      for option in options {
        let source = image.cropped(to: option.region)
        candidates.append(
          APNGCandidate(
            disposeOp: option.disposeOp, canvas: option.canvas, region: option.region, blendOp: 0,
            data: try candidateCompressor().compress(source, colorType: colorType)))
        if colorType == .rgba,
          let over = APNGPreparedFrame.overPixels(
            source, canvasPixels(option.canvas, previous: previous, in: option.region))
        {
          let pixels = RGBAImage(width: option.region.width, height: option.region.height, pixels: over)
          candidates.append(
            APNGCandidate(
              disposeOp: option.disposeOp, canvas: option.canvas, region: option.region, blendOp: 1,
              data: try candidateCompressor().compress(pixels, colorType: colorType)))
        }
      }
    }
    // The smallest stream wins; the first of equals.
    var chosen = candidates[0]
    for candidate in candidates.dropFirst() where candidate.data.count < chosen.data.count { chosen = candidate }
    let base: RGBAImage? =
      switch chosen.canvas {
      case .previous: previous.image
      case .cleared: previous.image.clearing(previous.region)
      case .restored: previous.base
      }
    try write(previous, disposeOp: chosen.disposeOp)
    pending = APNGPendingFrame(
      region: chosen.region, blendOp: chosen.blendOp, data: chosen.data, delay: delay, image: image, base: base)
  }

  /// The bounding box of the pixels where `image` differs from `previous.image` with
  /// `previous.region` cleared (`restoring` nil) or restored from `restoring`; nil if none.
  ///
  /// Outside the previous rectangle the canvas is the previous frame, which `image` differs
  /// from only inside `changed`, so only the union of the two rectangles is looked at.
  private func differingRect(
    _ image: RGBAImage, over previous: APNGPendingFrame, changed: PixelRect, restoring base: RGBAImage?
  ) -> PixelRect? {
    image.differingRect(
      from: previous.image, replacing: previous.region, with: base, scan: changed.union(previous.region))
  }

  /// The pixels of `canvas` inside `rect`.
  private func canvasPixels(_ canvas: APNGCanvas, previous: APNGPendingFrame, in rect: PixelRect) -> RGBAImage {
    let pixels = previous.image.cropped(to: rect)
    guard canvas != .previous, let overlap = rect.intersection(previous.region) else { return pixels }
    let inside = PixelRect(x: overlap.x - rect.x, y: overlap.y - rect.y, width: overlap.width, height: overlap.height)
    let base = canvas == .restored ? previous.base?.cropped(to: rect) : nil
    return pixels.replacing(inside, with: base)
  }

  private func imageEncoder() throws -> APNGFrameEncoder {
    if let frameEncoder { return frameEncoder }
    let made = try APNGFrameEncoder(colorType: colorType, preset: preset, rectangles: rectangles)
    frameEncoder = made
    return made
  }

  private func candidateCompressor() throws -> APNGRegionCompressor {
    if let compressor { return compressor }
    let made = try APNGRegionCompressor(preset: preset, rectangles: rectangles)
    compressor = made
    return made
  }

  /// Hands `frame` to the output stage, or stores it here without one.
  private func write(_ frame: APNGPendingFrame, disposeOp: UInt8) throws {
    let stored = APNGStoredFrame(
      region: frame.region, blendOp: frame.blendOp, disposeOp: disposeOp, data: frame.data, delay: frame.delay)
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
    try output.sink.overwrite(
      Self.animationControl(frameCount: framesWritten, loopCount: loopCount), at: Self.animationControlOffset)
    var end: [UInt8] = []
    PNGChunkWriter.append(.IEND, [], to: &end)
    try output.sink.write(end)
    try output.sink.flush()
    isFinished = true
  }

  /// The second stage: writes each chosen frame's chunks. Used by one thread at a time — the
  /// caller's, or the stage's until ``finish()``.
  private final class Output {
    var sink: Sink
    private(set) var framesWritten = 0
    let colorType: PNGColorType
    private var sequenceNumber: UInt32 = 0
    private var chunkBuffer: [UInt8] = []

    init(sink: Sink, colorType: PNGColorType) {
      self.sink = sink
      self.colorType = colorType
    }

    func store(_ frame: APNGStoredFrame) throws {
      let zdata = frame.data
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
            PNGChunkWriter.append(
              .fdAT, prefix: sequence, body: UnsafeRawBufferPointer(rebasing: raw[start..<end]), to: &chunkBuffer)
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

// The writer's own types live outside it: nested in the generic class they would be generic
// too, and the exporter's writer (not specialized for its sink) would look their metadata up
// at run time on every frame.

/// What the output stage needs of a frame: no canvases, so its queue holds little.
private struct APNGStoredFrame: Sendable {
  var region: PixelRect
  var blendOp: UInt8
  var disposeOp: UInt8
  /// The compressed rectangle.
  var data: [UInt8]
  var delay: FrameDelay
}

/// A frame chosen but not yet written: its `dispose_op` waits for the next frame.
private struct APNGPendingFrame {
  var region: PixelRect
  var blendOp: UInt8
  var data: [UInt8]
  var delay: FrameDelay
  /// The canvas after this frame (the appended image).
  var image: RGBAImage
  /// The canvas this frame was drawn on (what `APNG_DISPOSE_OP_PREVIOUS` restores); nil
  /// for the transparent canvas before the first frame.
  var base: RGBAImage?
}

/// A canvas the next frame can be drawn on, named by how the previous frame is disposed of.
private enum APNGCanvas {
  /// NONE: the previous frame as shown.
  case previous
  /// BACKGROUND: the previous frame with its rectangle cleared.
  case cleared
  /// PREVIOUS: the previous frame with its rectangle restored to its base.
  case restored
}

/// One way to draw the new frame: its canvas, region, blend op and compressed pixels (for
/// OVER, unchanged pixels made transparent).
private struct APNGCandidate {
  var disposeOp: UInt8
  var canvas: APNGCanvas
  var region: PixelRect
  var blendOp: UInt8
  var data: [UInt8]
}
