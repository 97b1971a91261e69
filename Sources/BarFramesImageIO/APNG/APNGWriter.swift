/// Writes an animated PNG frame by frame, as the frames arrive, to a ``ByteSink``.
///
/// The header (signature, IHDR, acTL) is written at creation; each ``append(_:delay:)`` writes an
/// fcTL and the frame's already-compressed data — the first frame as IDAT (so viewers without
/// APNG support show it), later ones as fdAT — and ``finish()`` writes IEND and flushes. Every
/// frame covers the whole canvas with `APNG_DISPOSE_OP_NONE` and `APNG_BLEND_OP_SOURCE`, so a
/// frame never depends on the previous one.
///
/// ```swift
/// let encoder = try PNGEncoder(preset: .fast)
/// let apng = try APNGWriter(sink: FileHandleByteSink(handle: handle), width: 750, height: 120,
///                           frameCount: 601, colorType: .rgba, delay: FrameDelay(framesPerSecond: 60))
/// for image in frames { try apng.append(encoder.encodeImageData(image, colorType: .rgba)) }
/// try apng.finish()
/// ```
///
/// All frames of one APNG share IHDR's colour type, so it is chosen up front: `.rgba` when any
/// frame may have transparency (a transparent background), `.rgb` otherwise; encode every frame
/// with that `colorType`. A writer is not thread-safe: append from one task, in order.
public final class APNGWriter<Sink: ByteSink> {
  /// The sink, holding everything written so far (for a ``MemoryByteSink``, the file's bytes).
  public private(set) var sink: Sink
  public let width: Int
  public let height: Int
  /// The number of frames announced in acTL; exactly this many must be appended.
  public let frameCount: Int
  /// Times the animation plays; 0 means forever.
  public let loopCount: Int
  public let colorType: PNGColorType
  /// The delay used for frames appended without one.
  public let delay: FrameDelay

  /// Frames appended so far.
  public private(set) var framesWritten = 0
  private var sequenceNumber: UInt32 = 0
  private var isFinished = false
  private var chunkBuffer: [UInt8] = []

  /// Writes the file header and prepares for `frameCount` frames.
  ///
  /// - Parameters:
  ///   - sink: Where the bytes go.
  ///   - width, height: The canvas size, which every frame must match.
  ///   - frameCount: The number of frames that will be appended (at least 1).
  ///   - loopCount: Plays; 0 (the default) loops forever.
  ///   - colorType: `.rgb` or `.rgba`, shared by every frame.
  ///   - delay: The default frame delay, e.g. `FrameDelay(framesPerSecond: 60)`.
  /// - Throws: ``APNGError/invalidConfiguration(_:)`` or the sink's error.
  public init(
    sink: Sink, width: Int, height: Int, frameCount: Int, loopCount: Int = 0, colorType: PNGColorType,
    delay: FrameDelay
  ) throws {
    guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
      throw APNGError.invalidConfiguration("the size \(width)×\(height) is not allowed")
    }
    guard frameCount > 0, frameCount <= 0x7FFF_FFFF else {
      throw APNGError.invalidConfiguration("the frame count must be at least 1, not \(frameCount)")
    }
    guard loopCount >= 0, loopCount <= 0x7FFF_FFFF else {
      throw APNGError.invalidConfiguration("the loop count must be 0 (forever) or positive, not \(loopCount)")
    }
    guard colorType == .rgb || colorType == .rgba else {
      throw APNGError.invalidConfiguration("frames must be RGB or RGBA, not \(colorType)")
    }
    self.sink = sink
    self.width = width
    self.height = height
    self.frameCount = frameCount
    self.loopCount = loopCount
    self.colorType = colorType
    self.delay = delay

    var header = PNGChunk.signature
    PNGChunkWriter.append(.IHDR, PNGChunkWriter.headerData(width: width, height: height, colorType: colorType), to: &header)
    var animationControl: [UInt8] = []
    animationControl.appendBigEndian(UInt32(frameCount))
    animationControl.appendBigEndian(UInt32(loopCount))
    PNGChunkWriter.append(.acTL, animationControl, to: &header)
    try self.sink.write(header)
  }

  /// Appends the next frame, compressed by ``PNGEncoder/encodeImageData(_:colorType:)``.
  ///
  /// - Parameters:
  ///   - frame: The frame's compressed data; same size and colour type as the animation.
  ///   - delay: How long it shows; `nil` uses the writer's ``delay``.
  /// - Throws: ``APNGError`` for a mismatched or surplus frame, or the sink's error.
  public func append(_ frame: EncodedFrame, delay: FrameDelay? = nil) throws {
    guard !isFinished else { throw APNGError.alreadyFinished }
    guard framesWritten < frameCount else { throw APNGError.tooManyFrames(expected: frameCount) }
    guard frame.width == width, frame.height == height else {
      throw APNGError.frameSizeMismatch(
        frame: framesWritten, width: frame.width, height: frame.height, expectedWidth: width, expectedHeight: height)
    }
    guard frame.colorType == colorType else {
      throw APNGError.colorTypeMismatch(frame: framesWritten, colorType: frame.colorType, expected: colorType)
    }
    let delay = delay ?? self.delay
    chunkBuffer.removeAll(keepingCapacity: true)

    var control: [UInt8] = []
    control.reserveCapacity(26)
    control.appendBigEndian(nextSequenceNumber())
    control.appendBigEndian(UInt32(width))
    control.appendBigEndian(UInt32(height))
    control.appendBigEndian(UInt32(0))  // x offset
    control.appendBigEndian(UInt32(0))  // y offset
    control.appendBigEndian(delay.numerator)
    control.appendBigEndian(delay.denominator)
    control.append(0)  // APNG_DISPOSE_OP_NONE: the next frame replaces every pixel anyway
    control.append(0)  // APNG_BLEND_OP_SOURCE: pixels replace the canvas, alpha included
    PNGChunkWriter.append(.fcTL, control, to: &chunkBuffer)

    if framesWritten == 0 {
      PNGEncoder.appendImageDataChunks(.IDAT, frame.zdata, to: &chunkBuffer)
    } else {
      frame.zdata.withUnsafeBytes { raw in
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

  /// Writes IEND and flushes the sink.
  /// - Throws: ``APNGError/missingFrames(written:expected:)`` if fewer frames than announced were
  ///   appended (the file would be invalid), or the sink's error.
  public func finish() throws {
    guard !isFinished else { throw APNGError.alreadyFinished }
    guard framesWritten == frameCount else {
      throw APNGError.missingFrames(written: framesWritten, expected: frameCount)
    }
    var end: [UInt8] = []
    PNGChunkWriter.append(.IEND, [], to: &end)
    try sink.write(end)
    try sink.flush()
    isFinished = true
  }

  private func nextSequenceNumber() -> UInt32 {
    defer { sequenceNumber += 1 }
    return sequenceNumber
  }
}
