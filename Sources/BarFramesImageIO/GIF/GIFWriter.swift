/// Writes an animated GIF89a frame by frame, as the frames arrive, to a ``ByteSink``.
///
/// - Every frame carries its own **local colour table** (no global table): a frame with at most
///   256 distinct colours keeps them exactly; a frame with more is quantized by median cut and
///   dithered (Floyd–Steinberg) — only then. A local table costs at most 768 bytes per frame,
///   and it spares a second pass over all frames, which streaming could not afford.
/// - Pixels with alpha < 128 become the frame's transparent index (a Graphics Control
///   Extension flag); frames without such pixels have no transparent index.
/// - Every frame covers the canvas and uses disposal method 2 ("restore to background"), so
///   transparent areas show the page, not earlier frames — whether or not the *next* frame is
///   transparent, which a streaming writer cannot know yet.
/// - Delays are in centiseconds; use ``GIFDelaySchedule`` so they add up to the exact duration.
///
/// ```swift
/// let schedule = GIFDelaySchedule(framesPerSecond: 60, frameCount: 601)
/// let gif = try GIFWriter(sink: FileHandleByteSink(handle: handle), width: 750, height: 120)
/// for (i, image) in frames.enumerated() { try gif.append(image, delayCentiseconds: schedule.delay(ofFrame: i)) }
/// try gif.finish()
/// ```
/// A writer is not thread-safe: append from one task, in order.
public final class GIFWriter<Sink: ByteSink> {
  /// The sink, holding everything written so far.
  public private(set) var sink: Sink
  public let width: Int
  public let height: Int
  /// Plays; 0 means forever (written as a NETSCAPE2.0 loop extension; 1 writes none).
  public let loopCount: Int
  /// Frames appended so far.
  public private(set) var framesWritten = 0
  /// How many appended frames had more than 256 colours and were quantized.
  public private(set) var quantizedFrames = 0

  private var isFinished = false
  private var codes: [UInt8] = []
  private var block: [UInt8] = []

  /// Writes the header, the logical screen descriptor and the loop extension.
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
    header += [0x70, 0, 0]  // no global colour table, 8-bit colour resolution, background 0, square pixels
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
  public func append(_ image: RGBAImage, delayCentiseconds: UInt16) throws {
    guard !isFinished else { throw GIFError.alreadyFinished }
    guard image.width == width, image.height == height else {
      throw GIFError.frameSizeMismatch(
        frame: framesWritten, width: image.width, height: image.height, expectedWidth: width, expectedHeight: height)
    }
    let palette = GIFFramePalette(image)
    if palette.isQuantized { quantizedFrames += 1 }
    let entries = palette.colors.count / 3
    var tableBits = 1
    while 1 << tableBits < entries { tableBits += 1 }

    block.removeAll(keepingCapacity: true)
    // Graphics Control Extension: disposal 2, optional transparency, delay.
    block += [0x21, 0xF9, 0x04, UInt8(2 << 2) | (palette.transparentIndex == nil ? 0 : 1)]
    block.appendLittleEndian(delayCentiseconds)
    block += [palette.transparentIndex ?? 0, 0]
    // Image descriptor with a local colour table of 2^tableBits entries.
    block.append(0x2C)
    block.appendLittleEndian(0)
    block.appendLittleEndian(0)
    block.appendLittleEndian(UInt16(width))
    block.appendLittleEndian(UInt16(height))
    block.append(0x80 | UInt8(tableBits - 1))
    block += palette.colors
    block += [UInt8](repeating: 0, count: ((1 << tableBits) - entries) * 3)

    let minimumCodeSize = max(2, tableBits)
    block.append(UInt8(minimumCodeSize))
    codes.removeAll(keepingCapacity: true)
    palette.indices.withUnsafeBufferPointer { LZW.encode($0, minimumCodeSize: minimumCodeSize, into: &codes) }
    var start = 0
    while start < codes.count {
      let end = min(codes.count, start + 255)
      block.append(UInt8(end - start))
      block += codes[start..<end]
      start = end
    }
    block.append(0)
    try sink.write(block)
    framesWritten += 1
  }

  /// Writes the trailer and flushes the sink.
  public func finish() throws {
    guard !isFinished else { throw GIFError.alreadyFinished }
    try sink.write([0x3B])
    try sink.flush()
    isFinished = true
  }
}
