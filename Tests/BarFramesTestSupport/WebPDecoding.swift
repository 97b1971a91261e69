import BarFramesImageIO
import CWebP

/// Decodes an animated WebP with libwebp's `WebPAnimDecoder` — libwebp's reference decoder, not
/// our code — into the canvases a viewer shows and when each one ends.
///
/// The package links libwebp (it writes WebP with it), so wherever the tests build the decoder
/// is there; ffmpeg 5.1, the other decoder at hand, cannot decode animated WebP.
public enum WebPDecoding {
  /// One displayed canvas and the time it ends, in milliseconds from the start.
  public struct Frame: Sendable {
    public var image: RGBAImage
    public var endMilliseconds: Int
  }

  public struct Animation: Sendable {
    public var width: Int
    public var height: Int
    public var loopCount: Int
    /// The frame count the file's header declares.
    public var frameCount: Int
    public var frames: [Frame]
  }

  public enum Failure: Error, CustomStringConvertible {
    case invalid(String)
    public var description: String {
      switch self {
      case .invalid(let why): "libwebp cannot decode the animation: \(why)"
      }
    }
  }

  /// Every frame of `bytes`, fully composed, as straight RGBA.
  public static func decode(_ bytes: [UInt8]) throws -> Animation {
    try bytes.withUnsafeBufferPointer { buffer in
      var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
      var options = WebPAnimDecoderOptions()
      guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw Failure.invalid("version mismatch") }
      options.color_mode = MODE_RGBA
      options.use_threads = 0
      guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw Failure.invalid("not an animated WebP") }
      defer { WebPAnimDecoderDelete(decoder) }
      var info = WebPAnimInfo()
      guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw Failure.invalid("no header") }
      let (width, height) = (Int(info.canvas_width), Int(info.canvas_height))
      var frames: [Frame] = []
      while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
        var pixels: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
          throw Failure.invalid("frame \(frames.count) does not decode")
        }
        let image = RGBAImage(
          width: width, height: height, pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
        frames.append(Frame(image: image, endMilliseconds: Int(timestamp)))
      }
      return Animation(
        width: width, height: height, loopCount: Int(info.loop_count), frameCount: Int(info.frame_count), frames: frames
      )
    }
  }

  /// A still WebP decoded by `WebPDecodeRGBA`.
  public static func decodeStill(_ bytes: [UInt8]) throws -> RGBAImage {
    var width: Int32 = 0
    var height: Int32 = 0
    guard let pixels = WebPDecodeRGBA(bytes, bytes.count, &width, &height) else {
      throw Failure.invalid("not a still WebP")
    }
    defer { WebPFree(pixels) }
    return RGBAImage(
      width: Int(width), height: Int(height),
      pixels: Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)))
  }

  /// `animation` played out one frame per `timestamps` interval: the frame shown at the start of
  /// each interval, so merged frames count once per interval they cover.
  public static func played(_ animation: Animation, timestamps: WebPTimestamps, frameCount: Int) -> [RGBAImage] {
    (0..<frameCount).compactMap { k in
      let start = timestamps.start(ofFrame: k)
      return animation.frames.first { $0.endMilliseconds > start }?.image
    }
  }
}
