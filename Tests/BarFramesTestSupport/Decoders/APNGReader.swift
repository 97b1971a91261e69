import BarFramesImageIO
import BarFramesPNGContainer

/// A decoded animated PNG: every frame as the viewer shows it, with its delay.
public struct APNGAnimation: Hashable, Sendable {
  public var width: Int
  public var height: Int
  /// Plays; 0 means forever.
  public var loopCount: Int
  /// Whether the default image (IDAT) is the first frame of the animation.
  public var defaultImageIsFirstFrame: Bool
  public var frames: [APNGFrame]
}

/// One frame of an ``APNGAnimation``.
public struct APNGFrame: Hashable, Sendable {
  /// The whole canvas after this frame was composited (what a viewer shows).
  public var image: RGBAImage
  public var delay: FrameDelay
  /// The frame region (fcTL x, y, width, height).
  public var x: Int, y: Int, width: Int, height: Int
  /// fcTL `dispose_op` (0 none, 1 background, 2 previous) and `blend_op` (0 source, 1 over).
  public var disposeOp: UInt8, blendOp: UInt8
}

/// Reads animated PNGs, compositing frames by their dispose and blend operations.
///
/// Built for tests and previews: the whole file is read into memory. Sequence numbers, the
/// frame count in acTL and frame regions are validated.
public enum APNGReader {
  /// Decodes every frame of an APNG.
  /// - Throws: ``APNGError/invalidAnimation(_:)`` for APNG-level problems, ``APNGError/png(_:)``
  ///   for malformed PNG structure or image data.
  public static func read(_ bytes: [UInt8]) throws(APNGError) -> APNGAnimation {
    let chunks: [PNGChunk]
    do { chunks = try PNGChunk.parse(bytes) } catch { throw .png(error) }
    guard let first = chunks.first, first.type == "IHDR" else { throw .png(.chunkOrder("the first chunk is not IHDR")) }
    let header: PNGHeader
    do throws(PNGDecodingError) { header = try first.data.withUnsafeBytes { raw in headerResult(raw) }.get() } catch {
      throw .png(error)
    }
    guard !header.isInterlaced else { throw .png(.interlaced) }
    var format = PNGPixelFormat(header: header)

    struct PendingFrame {
      var control: [UInt8]
      var data: [UInt8] = []
    }
    var frameCount: Int?
    var loopCount = 0
    var pending: [PendingFrame] = []
    var expectedSequence: UInt32 = 0
    var sawIDAT = false
    var defaultIsFrame = false

    func checkSequence(_ data: [UInt8], _ type: String) throws(APNGError) {
      guard data.count >= 4 else { throw .invalidAnimation("a \(type) chunk is too short for its sequence number") }
      let number = data.withUnsafeBytes { $0.loadBigEndianUInt32(at: 0) }
      guard number == expectedSequence else {
        throw .invalidAnimation("\(type) has sequence number \(number) where \(expectedSequence) was expected")
      }
      expectedSequence += 1
    }

    for chunk in chunks.dropFirst() {
      switch chunk.type {
      case "acTL":
        guard !sawIDAT else { throw .invalidAnimation("acTL comes after the image data") }
        guard chunk.data.count == 8 else { throw .invalidAnimation("acTL is \(chunk.data.count) bytes, not 8") }
        chunk.data.withUnsafeBytes { raw in
          frameCount = Int(raw.loadBigEndianUInt32(at: 0))
          loopCount = Int(raw.loadBigEndianUInt32(at: 4))
        }
      case "PLTE":
        do throws(PNGDecodingError) {
          try chunk.data.withUnsafeBytes { raw in Result { () throws(PNGDecodingError) in try format.readPalette(raw) }
          }.get()
        } catch { throw .png(error) }
      case "tRNS":
        do throws(PNGDecodingError) {
          try chunk.data.withUnsafeBytes { raw in
            Result { () throws(PNGDecodingError) in try format.readTransparency(raw) }
          }.get()
        } catch { throw .png(error) }
      case "fcTL":
        try checkSequence(chunk.data, "fcTL")
        guard chunk.data.count == 26 else { throw .invalidAnimation("fcTL is \(chunk.data.count) bytes, not 26") }
        if !sawIDAT { defaultIsFrame = true }
        pending.append(PendingFrame(control: chunk.data))
      case "IDAT":
        sawIDAT = true
        if defaultIsFrame { pending[pending.count - 1].data += chunk.data }
      case "fdAT":
        try checkSequence(chunk.data, "fdAT")
        guard let last = pending.indices.last else { throw .invalidAnimation("fdAT comes before any fcTL") }
        guard sawIDAT else { throw .invalidAnimation("fdAT comes before the IDAT chunks") }
        guard last > 0 || !defaultIsFrame else {
          throw .invalidAnimation("fdAT follows the fcTL of the default image, whose data is IDAT")
        }
        pending[last].data += chunk.data.dropFirst(4)
      default:
        break
      }
    }
    guard let frameCount else { throw .invalidAnimation("there is no acTL chunk, so this is a still PNG") }
    guard pending.count == frameCount else {
      throw .invalidAnimation("acTL announces \(frameCount) frames but \(pending.count) fcTL chunks follow")
    }

    var canvas = RGBAImage(width: header.width, height: header.height)
    var frames: [APNGFrame] = []
    for (index, frame) in pending.enumerated() {
      let (control, data) = (frame.control, frame.data)
      let (width, height, x, y, delayNumerator, delayDenominator, dispose, blend) = control.withUnsafeBytes { raw in
        (
          Int(raw.loadBigEndianUInt32(at: 4)), Int(raw.loadBigEndianUInt32(at: 8)),
          Int(raw.loadBigEndianUInt32(at: 12)),
          Int(raw.loadBigEndianUInt32(at: 16)), raw.loadBigEndianUInt16(at: 20), raw.loadBigEndianUInt16(at: 22),
          raw[24], raw[25]
        )
      }
      guard width > 0, height > 0, x + width <= header.width, y + height <= header.height else {
        throw .invalidAnimation(
          "frame \(index)'s region \(width)×\(height) at (\(x), \(y)) leaves the \(header.width)×\(header.height) "
            + "canvas"
        )
      }
      guard dispose <= 2, blend <= 1 else {
        throw .invalidAnimation("frame \(index) has dispose_op \(dispose) / blend_op \(blend)")
      }
      if index == 0 && defaultIsFrame && (x != 0 || y != 0 || width != header.width || height != header.height) {
        throw .invalidAnimation("the first frame is the default image but does not cover the canvas")
      }
      guard !data.isEmpty else { throw .invalidAnimation("frame \(index) has no image data") }
      let image: RGBAImage
      do { image = try format.decodeImageData(data, width: width, height: height) } catch { throw .png(error) }

      let saved = canvas
      composite(image, onto: &canvas, x: x, y: y, over: blend == 1)
      frames.append(
        APNGFrame(
          image: canvas,
          delay: FrameDelay(seconds: Int(delayNumerator), per: delayDenominator == 0 ? 100 : Int(delayDenominator)),
          x: x, y: y, width: width, height: height, disposeOp: dispose, blendOp: blend))
      switch dispose {
      case 1: clear(&canvas, x: x, y: y, width: width, height: height)
      case 2: canvas = index == 0 ? RGBAImage(width: header.width, height: header.height) : saved
      default: break
      }
    }
    return APNGAnimation(
      width: header.width, height: header.height, loopCount: loopCount, defaultImageIsFirstFrame: defaultIsFrame,
      frames: frames)
  }

  private static func headerResult(_ raw: UnsafeRawBufferPointer) -> Result<PNGHeader, PNGDecodingError> {
    Result { () throws(PNGDecodingError) in try PNGHeader(raw) }
  }

  private static func composite(_ image: RGBAImage, onto canvas: inout RGBAImage, x: Int, y: Int, over: Bool) {
    for row in 0..<image.height {
      for column in 0..<image.width {
        let s = (row * image.width + column) * 4
        let d = ((y + row) * canvas.width + x + column) * 4
        let sa = Int(image.pixels[s + 3])
        if !over || sa == 255 {
          for c in 0..<4 { canvas.pixels[d + c] = image.pixels[s + c] }
          continue
        }
        if sa == 0 { continue }
        let da = Int(canvas.pixels[d + 3])
        let outA = sa * 255 + da * (255 - sa)  // ×255
        for c in 0..<3 {
          let value =
            (Int(image.pixels[s + c]) * sa * 255 + Int(canvas.pixels[d + c]) * da * (255 - sa) + outA / 2) / outA
          canvas.pixels[d + c] = UInt8(value)
        }
        canvas.pixels[d + 3] = UInt8((outA + 127) / 255)
      }
    }
  }

  private static func clear(_ canvas: inout RGBAImage, x: Int, y: Int, width: Int, height: Int) {
    for row in y..<(y + height) {
      let start = (row * canvas.width + x) * 4
      for i in start..<(start + width * 4) { canvas.pixels[i] = 0 }
    }
  }
}
