import BarFrames
import BarFramesExport
import BarFramesImageIO
import BarFramesRenderer
import Foundation

/// The animated outputs of one workload: what `render --format all` costs over PNG alone, and
/// per format our size against the naive whole-frame encoding and the time spent encoding.
public struct AnimatedResult: Sendable {
  /// One animated format.
  public struct Format: Sendable {
    /// "apng", "gif" or "webp".
    public var name: String
    /// Our file.
    public var bytes: Int
    /// Every frame stored whole by the same encoder: one-frame files, sizes summed (for APNG,
    /// each frame's PNG data in an fcTL + fdAT, as before issue 16).
    public var naiveBytes: Int
    /// Seconds inside the writer (append and finish), serially, frames already drawn.
    public var encodeSeconds: Double

    /// Our size ÷ the naive size.
    public var sizeRatio: Double { Double(bytes) / Double(max(naiveBytes, 1)) }
  }

  /// `render --format all` with the workload's jobs, best of the repeats.
  public var allSeconds: Double
  /// `render --format png`, the same frames and jobs, its runs taken in turn with those of
  /// `allSeconds`.
  public var pngSeconds: Double
  public var formats: [Format]

  /// `render --format all` time ÷ PNG-only time (issue 16's target: ≤ 1.3).
  public var allOverPNG: Double { allSeconds / pngSeconds }
}

extension Measurement {
  /// Seconds for `render --format png` and for `render --format all` (PNG, SVG, APNG, GIF,
  /// WebP, sheet, gallery) with `jobs` workers: the best of several runs each, taken in turn
  /// (PNG, all, PNG, all, …) so that a slow spell of the machine weighs on both figures
  /// rather than on one. A run lasts only 50–350 ms here, and single runs spread by ±10 %:
  /// there are at least `repeats` and five runs each, more for short runs, up to fifteen or
  /// about two seconds of PNG runs.
  public func pngAndAllFormats(jobs: Int, in directory: URL) throws -> (png: Double, all: Double) {
    func exporter(_ formats: ExportFormats, _ folder: String) -> Exporter {
      var options = ExportOptions()
      options.formats = formats
      options.jobs = jobs
      options.selection = .frames(0...(times.count - 1))
      options.scale = scale
      return Exporter(outputDirectory: directory.appendingPathComponent(folder), options: options)
    }
    let (png, all) = (exporter(.png, "png"), exporter(.all, "all"))
    var best = (png: Double.infinity, all: Double.infinity)
    var runs = 0
    repeat {
      best.png = min(best.png, try once { _ = try png.export([timeline]) })
      best.all = min(best.all, try once { _ = try all.export([timeline]) })
      runs += 1
    } while runs < max(repeats, 5, min(15, Int(2 / best.png)))
    return best
  }

  /// Each animated format's size, naive size and encode time, frames drawn one at a time (only
  /// the writers' own calls are timed).
  public func animatedFormats() throws -> [AnimatedResult.Format] {
    let renderer = try FrameRenderer(size: canvas.size, scale: scale, background: canvas.background)
    let png = try PNGEncoder(preset: .fast)
    let colorType: PNGColorType = canvas.background.map { $0.alpha >= 1 } == true ? .rgb : .rgba
    let rate = FrameRate(timeline.scene.fps)
    let first = try renderer.render(timeline.presentation(at: times[0]))
    let (width, height) = (first.width, first.height)
    let delay = FrameDelay(framesPerSecond: rate.numerator, per: rate.denominator)
    let schedule = GIFDelaySchedule(framesPerSecond: rate.numerator, per: rate.denominator, frameCount: times.count)
    let stride = schedule.browserSafeFrameStride
    let timestamps = WebPTimestamps(framesPerSecond: rate.numerator, per: rate.denominator)

    let apng = try APNGWriter(
      sink: MemoryByteSink(), width: width, height: height, colorType: colorType, delay: delay, preset: .small)
    let gif = try GIFWriter(sink: MemoryByteSink(), width: width, height: height)
    let webp = try WebPWriter(sink: MemoryByteSink(), width: width, height: height, timestamps: timestamps)
    var seconds = [0.0, 0.0, 0.0]
    var naive = [0, 0, 0]
    func timed(_ slot: Int, _ body: () throws -> Void) rethrows {
      let start = DispatchTime.now().uptimeNanoseconds
      try body()
      seconds[slot] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    for (i, t) in times.enumerated() {
      let image = i == 0 ? first : try renderer.render(timeline.presentation(at: t))
      let encoded = try png.encodeImageData(image, colorType: colorType)
      try timed(0) { try apng.append(image, encoded: encoded) }
      // As `render` does: above 50 fps the GIF keeps every n-th frame, with exact delays.
      let gifDelay = UInt16(schedule.start(ofFrame: min(i + stride, times.count)) - schedule.start(ofFrame: i))
      if i % stride == 0 { try timed(1) { try gif.append(image, delayCentiseconds: gifDelay) } }
      try timed(2) { try webp.append(image) }
      // The naive encodings: every frame whole, on its own.
      naive[0] += 12 + 26 + 12 + 4 + encoded.zdata.count
      if i % stride == 0 {
        let oneGIF = try GIFWriter(sink: MemoryByteSink(), width: width, height: height)
        try oneGIF.append(image, delayCentiseconds: gifDelay)
        try oneGIF.finish()
        naive[1] += oneGIF.sink.bytes.count
      }
      let oneWebP = try WebPWriter(sink: MemoryByteSink(), width: width, height: height, timestamps: timestamps)
      try oneWebP.append(image)
      try oneWebP.finish()
      naive[2] += oneWebP.sink.bytes.count
    }
    try timed(0) { try apng.finish() }
    try timed(1) { try gif.finish() }
    try timed(2) { try webp.finish() }
    return [
      .init(name: "apng", bytes: apng.sink.bytes.count, naiveBytes: naive[0], encodeSeconds: seconds[0]),
      .init(name: "gif", bytes: gif.sink.bytes.count, naiveBytes: naive[1], encodeSeconds: seconds[1]),
      .init(name: "webp", bytes: webp.sink.bytes.count, naiveBytes: naive[2], encodeSeconds: seconds[2]),
    ]
  }
}
