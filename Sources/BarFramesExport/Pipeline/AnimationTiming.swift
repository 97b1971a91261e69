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

  /// The longest one frame of each animated format may last, in seconds, from the width of its
  /// delay field: GIF's 16-bit centiseconds, WebP's 24-bit milliseconds, APNG's 16-bit numerator
  /// over a denominator of at least 1.
  public static let longestFrame: [(format: ExportFormats, name: String, seconds: Double)] = [
    (.gif, "GIF", 655.35), (.webp, "WebP", 16_777.215), (.apng, "APNG", 65_535),
  ]

  /// How long one frame lasts: `everyNth / fps` seconds.
  public var frameSeconds: Double { Double(rate.denominator * everyNth) / Double(rate.numerator) }

  /// Nil when every frame of `formats`' animations fits its delay field (``longestFrame``), else
  /// why not, in a line that names the flag: only `--every-nth` (or a merge manifest's
  /// `everyNth`) makes frames that long, as a scene's own fps is at least 1.
  public func frameTooLong(for formats: ExportFormats) -> String? {
    guard let limit = Self.longestFrame.first(where: { formats.contains($0.format) && frameSeconds > $0.seconds })
    else { return nil }
    return "--every-nth \(everyNth) at \(rate) fps makes each \(limit.name) frame last \(frameSeconds.formatted(decimals: 3)) s; a \(limit.name) frame lasts at most \(limit.seconds.compactJSON) s: use a smaller --every-nth"
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
  /// Browsers show delays under 2 cs as 10 cs, so every delay is at least 2 cs:
  /// - above 50 fps the GIF keeps every n-th frame (``GIFDelaySchedule/browserSafeFrameStride``),
  ///   each shown from its own start in the full sequence's schedule, so the total is the
  ///   sequence's length rounded to the centisecond (``GIFDelaySchedule/totalCentiseconds``);
  /// - the last GIF frame shows the scene's last frame (the state it ends in), from the start of
  ///   the last n-th frame; when the time left from there is under 2 cs, from the start of the
  ///   n-th frame before it instead;
  /// - a GIF of one frame is a still, shown for its length but at least 2 cs.
  public var gifFrames: (positions: [Int], delays: [UInt16]) {
    let schedule = GIFDelaySchedule(
      framesPerSecond: rate.numerator, per: rate.denominator * everyNth, frameCount: frameCount)
    let stride = schedule.browserSafeFrameStride
    var positions = Array(Swift.stride(from: 0, to: frameCount, by: stride))
    guard !positions.isEmpty else { return ([], []) }
    var starts = positions.map(schedule.start(ofFrame:))
    let end = schedule.totalCentiseconds
    positions[positions.count - 1] = frameCount - 1
    if positions.count > 1, end - starts[starts.count - 1] < GIFDelaySchedule.browserMinimumDelay {
      positions.remove(at: positions.count - 2)
      starts.removeLast()
    }
    let delays = starts.indices.map { i in
      UInt16(max((i + 1 < starts.count ? starts[i + 1] : end) - starts[i], GIFDelaySchedule.browserMinimumDelay))
    }
    return (positions, delays)
  }
}
