import CWebP

/// Writes an animated WebP frame by frame, streaming it to the sink: lossless by default,
/// lossy with a quality.
///
/// Each frame is stored as the smallest rectangle that differs from the frame before (its
/// left and top edges moved to even pixels, as WebP's frame offsets require), compressed on its
/// own — lossless by our `VP8LEncoder`, lossy by libwebp's `WebPEncode` — and drawn without
/// blending over the previous frame, which is never disposed of. So every frame lands on
/// exactly the previous one, and lossless frames (which keep the colour of transparent pixels)
/// decode to exactly the appended image, alpha included. The first frame covers the canvas. A
/// frame identical to the one before is not stored: the previous frame's duration grows instead
/// (``mergedFrames`` counts them). Frame start times come from ``WebPTimestamps`` (exact frame
/// times, each rounded to a millisecond), so the total is the exact duration ±½ ms. The
/// animation loops forever unless told otherwise.
///
/// libwebp's `WebPAnimEncoder` does the same and more (it also tries disposing of and blending
/// each frame), but compares and re-encodes every frame several times and keeps the whole file
/// in memory until the end. Here the file is written as frames arrive, one frame behind (its duration
/// waits for the next frame), and the header's sizes and alpha flag are patched by
/// ``finish()``, so memory stays flat however long the animation.
///
/// ```swift
/// let webp = try WebPWriter(sink: MemoryByteSink(), width: 750, height: 40,
///                           timestamps: WebPTimestamps(framesPerSecond: 60))
/// for image in frames { try webp.append(image) }
/// try webp.finish()
/// ```
/// A writer is not thread-safe: append from one task, in order.
public final class WebPWriter<Sink: PatchableByteSink> {
  /// The sink; after ``finish()`` it holds the file.
  public private(set) var sink: Sink
  public let width: Int
  public let height: Int
  /// Plays; 0 means forever.
  public let loopCount: Int
  /// nil for lossless, else the lossy quality 0…100.
  public let quality: Int?
  public let timestamps: WebPTimestamps

  /// Frames appended so far.
  public private(set) var framesAppended = 0
  /// Frames in the file (ANMF chunks); final after ``finish()``.
  public private(set) var framesWritten = 0
  /// Appended frames identical to the one before (merged into it, which lasts longer).
  public private(set) var mergedFrames = 0
  /// Bytes written so far; after ``finish()``, the file's size.
  public private(set) var bytesWritten = 0

  /// Prepares the frames appended as images, and the one-pixel frames that restart a
  /// duration too long for one chunk.
  private let frameEncoder: WebPFrameEncoder
  private var previous: RGBAImage?
  private var pending: WebPPendingFrame?
  private var hasAlpha = false
  private var isFinished = false

  /// The longest duration an ANMF chunk holds, in milliseconds (24 bits).
  static var maximumDuration: Int { 0xFF_FFFF }

  /// The largest file RIFF's 32-bit size field (the bytes after the first 8, an even count)
  /// describes; a write that would pass it throws ``WebPError/tooLarge(bytes:limit:)`` instead.
  /// Every chunk is smaller than the file, so their 32-bit sizes fit too.
  static var riffLimit: Int { Int(UInt32.max) - 1 + 8 }

  /// ``riffLimit``, smaller only in tests of the limit.
  var sizeLimit = WebPWriter.riffLimit

  /// Writes the file header.
  ///
  /// - Parameters:
  ///   - sink: Where the bytes go.
  ///   - width, height: The canvas size, 1…16383 pixels (WebP's limit).
  ///   - loopCount: Plays; 0 (the default) loops forever.
  ///   - timestamps: The frame rate; frame *k* starts at `timestamps.start(ofFrame: k)`.
  ///   - quality: nil (the default) for lossless; 0…100 for lossy.
  ///   - effort: libwebp's `method` for lossy frames, 0 (fastest) … 6 (smallest).
  /// - Throws: ``WebPError/invalidConfiguration(_:)`` or the sink's error.
  public init(
    sink: Sink, width: Int, height: Int, loopCount: Int = 0, timestamps: WebPTimestamps, quality: Int? = nil,
    effort: Int = 1
  ) throws {
    guard (1...16383).contains(width), (1...16383).contains(height) else {
      throw WebPError.invalidConfiguration("WebP sides must be 1…16383 pixels, not \(width)×\(height)")
    }
    guard (0...0xFFFF).contains(loopCount) else {
      throw WebPError.invalidConfiguration("the loop count must be 0 (forever) or 1…65535, not \(loopCount)")
    }
    // The frame encoder checks the quality and the effort.
    frameEncoder = try WebPFrameEncoder(quality: quality, effort: effort)
    self.sink = sink
    self.width = width
    self.height = height
    self.loopCount = loopCount
    self.quality = quality
    self.timestamps = timestamps

    var header: [UInt8] = []
    header += Array("RIFF".utf8)
    header.appendLittleEndian(UInt32(0))  // patched by finish()
    header += Array("WEBPVP8X".utf8)
    header.appendLittleEndian(UInt32(10))
    header += [Self.animationFlag, 0, 0, 0]
    header.appendLittleEndian24(width - 1)
    header.appendLittleEndian24(height - 1)
    header += Array("ANIM".utf8)
    header.appendLittleEndian(UInt32(6))
    // A transparent background (B, G, R, A): what the canvas is before the first frame.
    header += [0, 0, 0, 0]
    header.appendLittleEndian(UInt16(loopCount))
    try write(header)
  }

  /// VP8X's flags: animation, and alpha (set by ``finish()`` if a frame has any).
  private static var animationFlag: UInt8 { 0x02 }
  private static var alphaFlag: UInt8 { 0x10 }
  /// VP8X's flags byte follows "RIFF", the size, "WEBP", "VP8X" and its size.
  private static var flagsOffset: Int { 20 }

  /// Appends the next frame, shown for one frame interval.
  /// - Throws: ``WebPError`` or the sink's error.
  public func append(_ image: RGBAImage) throws {
    try check(image)
    try append(try frameEncoder.encode(image, after: previous), checked: true)
  }

  /// Appends the next frame, prepared by a ``WebPFrameEncoder`` (with this writer's quality
  /// and effort) from it and the frame appended before.
  /// - Throws: ``WebPError`` or the sink's error.
  public func append(_ frame: WebPPreparedFrame) throws {
    try append(frame, checked: false)
  }

  private func check(_ image: RGBAImage) throws {
    guard !isFinished else { throw WebPError.alreadyFinished }
    guard image.width == width, image.height == height else {
      throw WebPError.frameSizeMismatch(
        frame: framesAppended, width: image.width, height: image.height, expectedWidth: width, expectedHeight: height)
    }
  }

  private func append(_ frame: WebPPreparedFrame, checked: Bool) throws {
    if !checked { try check(frame.image) }
    defer {
      framesAppended += 1
      previous = frame.image
    }
    if let pending, frame.chunks == nil {
      if timestamps.start(ofFrame: framesAppended + 1) - timestamps.start(ofFrame: pending.first)
        <= Self.maximumDuration
      {
        mergedFrames += 1
        return
      }
      // Too long for one chunk: a pixel rewritten with itself starts the next.
      try start(try frameEncoder.encode(frame.image, region: PixelRect(x: 0, y: 0, width: 1, height: 1)))
      return
    }
    try start(frame)
  }

  /// Writes the pending frame and makes `frame` pending.
  private func start(_ frame: WebPPreparedFrame) throws {
    guard let chunks = frame.chunks else { throw WebPError.encoderFailed("the first frame has no pixels") }
    if let pending { try write(pending, until: framesAppended) }
    hasAlpha = hasAlpha || !frame.isOpaque
    pending = WebPPendingFrame(region: frame.region, chunks: chunks, first: framesAppended)
  }

  /// Writes `frame`'s ANMF chunk, lasting until appended frame `end` starts.
  private func write(_ frame: WebPPendingFrame, until end: Int) throws {
    var chunk: [UInt8] = []
    chunk.reserveCapacity(24 + frame.chunks.count)
    chunk += Array("ANMF".utf8)
    chunk.appendLittleEndian(UInt32(16 + frame.chunks.count))
    chunk.appendLittleEndian24(frame.region.x / 2)
    chunk.appendLittleEndian24(frame.region.y / 2)
    chunk.appendLittleEndian24(frame.region.width - 1)
    chunk.appendLittleEndian24(frame.region.height - 1)
    chunk.appendLittleEndian24(timestamps.start(ofFrame: end) - timestamps.start(ofFrame: frame.first))
    // Do not blend (bit 1), do not dispose (bit 0 clear): the rectangle replaces what was there.
    chunk.append(0x02)
    chunk += frame.chunks
    // The frame's chunks are each of even size, so ANMF's is too.
    try write(chunk)
    framesWritten += 1
  }

  private func write(_ bytes: [UInt8]) throws {
    guard bytesWritten + bytes.count <= sizeLimit else {
      throw WebPError.tooLarge(bytes: bytesWritten + bytes.count, limit: sizeLimit)
    }
    try sink.write(bytes)
    bytesWritten += bytes.count
  }

  /// Ends the last frame at the exact end time, patches the header and flushes the sink.
  /// - Throws: ``WebPError/noFrames``, ``WebPError/alreadyFinished`` or the sink's error.
  public func finish() throws {
    guard !isFinished else { throw WebPError.alreadyFinished }
    guard let pending else { throw WebPError.noFrames }
    isFinished = true
    previous = nil
    try write(pending, until: framesAppended)
    self.pending = nil
    var size: [UInt8] = []
    size.appendLittleEndian(UInt32(bytesWritten - 8))
    try sink.overwrite(size, at: 4)
    if hasAlpha { try sink.overwrite([Self.animationFlag | Self.alphaFlag], at: Self.flagsOffset) }
    try sink.flush()
  }

}

/// A frame encoded but not yet written: its duration waits for the next frame.
///
/// Outside the generic writer, so that its type (and an optional of it) needs no metadata
/// made at run time: the exporter's writer is not specialized for its sink.
private struct WebPPendingFrame {
  var region: PixelRect
  /// The frame's image chunks (`VP8L`, or `ALPH` and `VP8 `).
  var chunks: [UInt8]
  /// The appended frame it starts at.
  var first: Int
}

/// A frame prepared by ``WebPFrameEncoder``, for ``WebPWriter/append(_:)-(WebPPreparedFrame)``.
public struct WebPPreparedFrame: Sendable {
  /// The whole frame.
  public var image: RGBAImage
  /// The rectangle stored (even left and top edges).
  public var region: PixelRect
  /// Its image chunks (`VP8L`, or `ALPH` and `VP8 `); nil when nothing changed from the
  /// previous frame, which then lasts longer.
  var chunks: [UInt8]?
  /// The bytes of its image chunks (0 when nothing changed).
  public var byteCount: Int { chunks?.count ?? 0 }
  /// Whether every pixel of the rectangle is opaque.
  var isOpaque: Bool
}

/// Prepares WebP frames on any thread — the drawing threads, as each frame is drawn — so that
/// ``WebPWriter`` only writes them in order. A frame after the first is the rectangle that
/// changed from the previous one (its left and top edges moved to even pixels, as WebP's frame
/// offsets require), compressed on its own (lossless: by our `VP8LEncoder`; lossy: by libwebp's
/// `WebPEncode`); it depends on the two
/// frames alone, so any thread can prepare any frame and the file is the same.
///
/// ```swift
/// let rectangles = WebPRectangleMemory()          // one per animation
/// let encoder = try WebPFrameEncoder(rectangles: rectangles)  // one per thread; lossless
/// let frame = try encoder.encode(image, after: previous)
/// try writer.append(frame)                        // in frame order
/// ```
/// Not thread-safe: one encoder per thread.
public final class WebPFrameEncoder {
  /// nil for lossless, else the lossy quality 0…100.
  public let quality: Int?
  private var config = WebPConfig()
  /// Lossless frames are ours (`VP8LEncoder`, which hands libwebp the rectangles it expects
  /// libwebp to code smaller); lossy ones libwebp's.
  private let lossless: VP8LEncoder

  /// - Parameters:
  ///   - quality: nil (the default) for lossless; 0…100 for lossy.
  ///   - effort: libwebp's `method` for lossy frames, 0 (fastest) … 6 (smallest).
  ///   - rectangles: Small lossless rectangles already encoded, shared with the other
  ///     encoders of the same animation (a memory of its own by default).
  /// - Throws: ``WebPError/invalidConfiguration(_:)``.
  public init(quality: Int? = nil, effort: Int = 1, rectangles: WebPRectangleMemory = WebPRectangleMemory()) throws {
    lossless = VP8LEncoder(rectangles: rectangles)
    if let quality, !(0...100).contains(quality) {
      throw WebPError.invalidConfiguration("the quality must be 0…100, not \(quality)")
    }
    guard (0...6).contains(effort) else {
      throw WebPError.invalidConfiguration("the effort must be 0…6, not \(effort)")
    }
    self.quality = quality
    guard WebPConfigInit(&config) != 0 else {
      throw WebPError.encoderFailed(
        "the library's version does not match its headers")
    }
    if let quality {
      config.lossless = 0
      config.quality = Float(quality)
    } else {
      config.lossless = 1
      // In lossless mode the quality is the effort spent on compression, not fidelity: 25
      // leaves out the colour-cache search, which costs more time than it saves on these
      // frames (docs/performance.md).
      config.quality = 25
      config.exact = 1
    }
    config.method = Int32(effort)
    guard WebPValidateConfig(&config) != 0 else {
      throw WebPError.invalidConfiguration(
        "libwebp rejected the settings")
    }
  }

  /// Prepares `image`, which follows `previous` (nil for the first frame, stored whole).
  /// - Parameter difference: `image` against `previous`, if already known.
  /// - Throws: ``WebPError/encoderFailed(_:)``.
  public func encode(
    _ image: RGBAImage, after previous: RGBAImage?, difference: FrameDifference? = nil
  ) throws -> WebPPreparedFrame {
    guard let previous else { return try encode(image, region: image.bounds) }
    guard let changed = (difference ?? FrameDifference(image, from: previous)).changed else {
      return WebPPreparedFrame(
        image: image, region: PixelRect(x: 0, y: 0, width: 1, height: 1), chunks: nil, isOpaque: true)
    }
    // Offsets are stored halved: widen the rectangle to an even left and top edge.
    return try encode(
      image,
      region: PixelRect(
        x: changed.x & ~1, y: changed.y & ~1, width: changed.width + changed.x % 2,
        height: changed.height + changed.y % 2))
  }

  /// `region` of `image` compressed.
  func encode(_ image: RGBAImage, region: PixelRect) throws -> WebPPreparedFrame {
    if quality == nil {
      let (chunk, isOpaque) = lossless.encode(image, region: region)
      return WebPPreparedFrame(image: image, region: region, chunks: chunk, isOpaque: isOpaque)
    }
    var opaque = true
    image.pixels.withUnsafeBufferPointer { pixels in
      let origin = pixels.baseAddress! + (region.y * image.width + region.x) * 4
      for y in 0..<region.height where opaque {
        let row = origin + y * image.bytesPerRow
        for x in 0..<region.width where row[x * 4 + 3] != 0xFF {
          opaque = false
          break
        }
      }
    }
    let chunks: [UInt8]
    do {
      chunks = try LibWebPStill.encode(image, region: region, config: &config, Self.imageChunks)
    } catch LibWebPStill.Failure.versionMismatch {
      throw WebPError.encoderFailed("the library's version does not match its headers")
    } catch LibWebPStill.Failure.importFailed {
      throw WebPError.encoderFailed("could not import a frame (out of memory)")
    } catch LibWebPStill.Failure.encodingFailed(let code) {
      throw WebPError.encoderFailed(Self.message(code))
    }
    return WebPPreparedFrame(image: image, region: region, chunks: chunks, isOpaque: opaque)
  }

  /// The chunks after the RIFF header and any VP8X of a still WebP from `WebPEncode`.
  private static func imageChunks(of file: UnsafeBufferPointer<UInt8>) throws -> [UInt8] {
    guard file.count >= 20, Array(file[0..<4]) == Array("RIFF".utf8), Array(file[8..<12]) == Array("WEBP".utf8) else {
      throw WebPError.encoderFailed("WebPEncode wrote no RIFF/WEBP header")
    }
    var start = 12
    if Array(file[12..<16]) == Array("VP8X".utf8) {
      let size = Int(file[16]) | Int(file[17]) << 8 | Int(file[18]) << 16 | Int(file[19]) << 24
      start = 20 + size + size % 2
    }
    return Array(file[start...])
  }

  private static func message(_ code: WebPEncodingError) -> String {
    switch code {
    case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: "out of memory"
    case VP8_ENC_ERROR_BAD_DIMENSION: "bad dimensions"
    case VP8_ENC_ERROR_FILE_TOO_BIG: "the frame is too big"
    default: "error \(code.rawValue)"
    }
  }
}

extension [UInt8] {
  /// Appends the low 24 bits of `value`, least significant byte first (WebP's 24-bit fields).
  mutating func appendLittleEndian24(_ value: Int) {
    append(UInt8(value & 0xFF))
    append(UInt8((value >> 8) & 0xFF))
    append(UInt8((value >> 16) & 0xFF))
  }
}
