import CWebP

/// Writes an animated WebP through libwebp's `WebPAnimEncoder`: lossless by default, lossy
/// with a quality.
///
/// Frames are handed to the encoder one at a time as they arrive and are not kept: the encoder
/// compares each with the one before and stores only the changed rectangle, choosing the
/// disposal and blending itself, and a frame identical to the previous one only lengthens its
/// duration. Lossless mode is exact — `exact` keeps the colour of transparent pixels — so every
/// displayed frame decodes to the appended image, alpha included. Frame start times come from
/// ``WebPTimestamps`` (exact frame times, each rounded to a millisecond), so the total is the
/// exact duration ±½ ms. The animation loops forever unless told otherwise.
///
/// The container's header holds sizes only known at the end, so what the encoder holds — the
/// compressed frames, never the pixels — is assembled and written by ``finish()``.
///
/// ```swift
/// let webp = try WebPWriter(sink: MemoryByteSink(), width: 750, height: 40,
///                           timestamps: WebPTimestamps(framesPerSecond: 60))
/// for image in frames { try webp.append(image) }
/// try webp.finish()
/// ```
/// A writer is not thread-safe: append from one task, in order.
public final class WebPWriter<Sink: ByteSink> {
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
  /// Frames in the file, read back from it by libwebp's demuxer; 0 until ``finish()``.
  public private(set) var framesWritten = 0
  /// Appended frames identical to the one before (the encoder lengthens the previous frame).
  public private(set) var mergedFrames = 0
  /// Bytes written by ``finish()``.
  public private(set) var bytesWritten = 0

  private var encoder: OpaquePointer?
  private var config = WebPConfig()
  private var previous: RGBAImage?
  private var isFinished = false

  /// Creates the encoder.
  ///
  /// - Parameters:
  ///   - sink: Where ``finish()`` writes the file.
  ///   - width, height: The canvas size, 1…16383 pixels (WebP's limit).
  ///   - loopCount: Plays; 0 (the default) loops forever.
  ///   - timestamps: The frame rate; frame *k* starts at `timestamps.start(ofFrame: k)`.
  ///   - quality: nil (the default) for lossless; 0…100 for lossy.
  ///   - effort: libwebp's `method`, 0 (fastest) … 6 (smallest).
  /// - Throws: ``WebPError/invalidConfiguration(_:)``.
  public init(
    sink: Sink, width: Int, height: Int, loopCount: Int = 0, timestamps: WebPTimestamps, quality: Int? = nil,
    effort: Int = 4
  ) throws {
    guard (1...16383).contains(width), (1...16383).contains(height) else {
      throw WebPError.invalidConfiguration("WebP sides must be 1…16383 pixels, not \(width)×\(height)")
    }
    guard (0...0xFFFF).contains(loopCount) else {
      throw WebPError.invalidConfiguration("the loop count must be 0 (forever) or 1…65535, not \(loopCount)")
    }
    if let quality, !(0...100).contains(quality) {
      throw WebPError.invalidConfiguration("the quality must be 0…100, not \(quality)")
    }
    guard (0...6).contains(effort) else { throw WebPError.invalidConfiguration("the effort must be 0…6, not \(effort)") }
    self.sink = sink
    self.width = width
    self.height = height
    self.loopCount = loopCount
    self.quality = quality
    self.timestamps = timestamps

    guard WebPConfigInit(&config) != 0 else { throw WebPError.encoderFailed("the library's version does not match its headers") }
    if let quality {
      config.lossless = 0
      config.quality = Float(quality)
    } else {
      config.lossless = 1
      // In lossless mode the quality is the effort spent on compression, not fidelity.
      config.quality = 75
      config.exact = 1
    }
    config.method = Int32(effort)
    guard WebPValidateConfig(&config) != 0 else { throw WebPError.invalidConfiguration("libwebp rejected the settings") }

    var options = WebPAnimEncoderOptions()
    guard WebPAnimEncoderOptionsInit(&options) != 0 else {
      throw WebPError.encoderFailed("the library's version does not match its headers")
    }
    options.anim_params.loop_count = Int32(loopCount)
    // A transparent background: what the canvas is before the first frame and where a
    // disposed rectangle goes back to (0xAARRGGBB).
    options.anim_params.bgcolor = 0
    guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
      throw WebPError.encoderFailed("could not create an encoder for \(width)×\(height)")
    }
    self.encoder = encoder
  }

  deinit {
    if let encoder { WebPAnimEncoderDelete(encoder) }
  }

  /// Appends the next frame, shown for one frame interval.
  /// - Throws: ``WebPError``.
  public func append(_ image: RGBAImage) throws {
    guard !isFinished, let encoder else { throw WebPError.alreadyFinished }
    guard image.width == width, image.height == height else {
      throw WebPError.frameSizeMismatch(
        frame: framesAppended, width: image.width, height: image.height, expectedWidth: width, expectedHeight: height)
    }
    if let previous, previous.hasSamePixels(as: image) { mergedFrames += 1 }
    var picture = WebPPicture()
    guard WebPPictureInit(&picture) != 0 else { throw WebPError.encoderFailed("the library's version does not match its headers") }
    defer { WebPPictureFree(&picture) }
    picture.width = Int32(width)
    picture.height = Int32(height)
    picture.use_argb = 1
    let imported = image.pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(image.bytesPerRow)) }
    guard imported != 0 else { throw WebPError.encoderFailed("could not import frame \(framesAppended) (out of memory)") }
    guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamps.start(ofFrame: framesAppended)), &config) != 0 else {
      throw WebPError.encoderFailed(Self.message(encoder))
    }
    framesAppended += 1
    previous = image
  }

  /// Ends the last frame at the exact end time, assembles the file and writes it to the sink.
  /// - Throws: ``WebPError/noFrames``, ``WebPError/encoderFailed(_:)`` or the sink's error.
  public func finish() throws {
    guard !isFinished, let encoder else { throw WebPError.alreadyFinished }
    guard framesAppended > 0 else { throw WebPError.noFrames }
    isFinished = true
    previous = nil
    defer {
      WebPAnimEncoderDelete(encoder)
      self.encoder = nil
    }
    guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamps.start(ofFrame: framesAppended)), nil) != 0 else {
      throw WebPError.encoderFailed(Self.message(encoder))
    }
    var data = WebPData()
    defer { WebPDataClear(&data) }
    guard WebPAnimEncoderAssemble(encoder, &data) != 0 else { throw WebPError.encoderFailed(Self.message(encoder)) }
    framesWritten = Self.frameCount(of: data)
    try sink.write(UnsafeRawBufferPointer(start: data.bytes, count: data.size))
    try sink.flush()
    bytesWritten = data.size
  }

  private static func message(_ encoder: OpaquePointer) -> String {
    WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error"
  }

  /// The frames of an assembled file, as its ANMF chunks count them.
  private static func frameCount(of data: WebPData) -> Int {
    var data = data
    guard let demux = WebPDemux(&data) else { return 0 }
    defer { WebPDemuxDelete(demux) }
    return Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT))
  }
}
