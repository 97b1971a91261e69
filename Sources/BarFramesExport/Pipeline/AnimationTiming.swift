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
    return
      "--every-nth \(everyNth) at \(rate) fps makes each \(limit.name) frame last \(frameSeconds.formatted(decimals: 3)) s; a \(limit.name) frame lasts at most \(limit.seconds.compactJSON) s: use a smaller --every-nth"
  }

  /// The shortest frame browsers show for as long as the APNG or WebP asks: Chromium and Firefox
  /// show a frame of 10 ms or less for 100 ms. In whole milliseconds, as the WebP rounds each
  /// frame's start to the millisecond: at least 11 ms keeps every rounded length above 10 ms.
  public static let shortestAnimationFrameMilliseconds = 11

  /// The APNG's and the WebP's frames, all shown for as long as they ask in browsers.
  ///
  /// - Up to 90 fps every frame is kept. Above, every n-th frame is: the smallest n that makes
  ///   each last at least ``shortestAnimationFrameMilliseconds`` (every 2nd from 100 to 180 fps,
  ///   every 3rd from 200 to 270). Each shows from its own start in the sequence, so the loop
  ///   keeps its length exactly.
  /// - The last frame shows the scene's last frame (the state it ends in), from the start of the
  ///   last n-th frame; when the time left from there is too short, from the start of the n-th
  ///   frame before it instead.
  public var animationFrames: AnimationFrames {
    let minimum = Self.shortestAnimationFrameMilliseconds
    // The smallest stride s with s · everyNth · den / num ≥ minimum / 1000.
    let step = 1000 * rate.denominator * everyNth
    let stride = max(1, (minimum * rate.numerator + step - 1) / step)
    var positions = Array(Swift.stride(from: 0, to: frameCount, by: stride))
    guard !positions.isEmpty else { return AnimationFrames(positions: [], starts: [0]) }
    var starts = positions + [frameCount]
    positions[positions.count - 1] = frameCount - 1
    guard positions.count > 1 else { return AnimationFrames(positions: positions, starts: starts) }
    let last = starts[starts.count - 2]
    if (frameCount - last) * step < minimum * rate.numerator {
      positions.remove(at: positions.count - 2)
      starts.remove(at: starts.count - 2)
    }
    return AnimationFrames(positions: positions, starts: starts)
  }

  /// The delay of the APNG's frame `k` (of ``animationFrames``), exact unless the fraction does
  /// not fit 16 bits (``FrameDelay``).
  public func apngDelay(ofFrame k: Int, in frames: AnimationFrames) -> FrameDelay {
    let length = frames.starts[k + 1] - frames.starts[k]
    return FrameDelay(seconds: length * rate.denominator * everyNth, per: rate.numerator)
  }

  /// The WebP's frame start times: frame k of ``animationFrames`` when its sequence frame starts,
  /// at frame · everyNth / fps, to the millisecond.
  public func webpTimestamps(for frames: AnimationFrames) -> WebPTimestamps {
    WebPTimestamps(
      framesPerSecond: rate.numerator, per: rate.denominator * everyNth,
      frameStarts: frames.positions.count == frameCount ? nil : frames.starts)
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

/// Which of a sequence's frames an animation shows, and when (``AnimationTiming/animationFrames``).
public struct AnimationFrames: Hashable, Sendable {
  /// Positions, among the selected frames, of the frames shown, rising; the last is the last
  /// selected frame.
  public var positions: [Int]
  /// Where each frame starts, in frames of the sequence, then where the last one ends: one more
  /// value than ``positions``.
  public var starts: [Int]
}
