import BarFramesImageIO

/// When each frame of a scene's animations shows, from the frame rate, the stride of
/// `--every-nth` and the number of selected frames alone — so the exporter and `barframes
/// merge`, which has no scene, time the APNG, GIF and WebP identically.
public struct AnimationTiming: Hashable, Sendable {
  public var rate: FrameRate
  public var everyNth: Int
  public var frameCount: Int

  public init(rate: FrameRate, everyNth: Int, frameCount: Int) {
    self.rate = rate
    self.everyNth = everyNth
    self.frameCount = frameCount
  }

  /// The delay of one APNG frame: `everyNth / fps`, exactly.
  public var apngDelay: FrameDelay {
    FrameDelay(framesPerSecond: rate.numerator, per: rate.denominator * everyNth)
  }

  /// The WebP's frame start times: frame k at k · everyNth / fps, to the millisecond.
  public var webpTimestamps: WebPTimestamps {
    WebPTimestamps(framesPerSecond: rate.numerator, per: rate.denominator * everyNth)
  }

  /// Positions (among the selected frames) of the GIF's frames, and their delays in cs.
  ///
  /// Browsers show delays under 2 cs as 10 cs, so above 50 fps the GIF keeps every n-th frame;
  /// delays come from the full sequence's schedule so the total stays exact.
  public var gifFrames: (positions: [Int], delays: [UInt16]) {
    let schedule = GIFDelaySchedule(
      framesPerSecond: rate.numerator, per: rate.denominator * everyNth, frameCount: frameCount)
    let stride = schedule.browserSafeFrameStride
    let positions = Array(Swift.stride(from: 0, to: frameCount, by: stride))
    let delays = positions.map { p in
      UInt16(schedule.start(ofFrame: min(p + stride, frameCount)) - schedule.start(ofFrame: p))
    }
    return (positions, delays)
  }
}
