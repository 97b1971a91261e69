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
    /// "apng", "gif", "webp" or "animated-svg".
    public var name: String
    /// Our file.
    public var bytes: Int
    /// Every frame stored whole by the same encoder: one-frame files, sizes summed (for APNG,
    /// each frame's PNG data in an fcTL + fdAT).
    public var naiveBytes: Int
    /// Seconds inside the writer (append and finish), serially, frames already drawn.
    public var encodeSeconds: Double

    /// Our size ÷ the naive size.
    public var sizeRatio: Double { Double(bytes) / Double(max(naiveBytes, 1)) }
  }

  /// `render --format all` with the workload's jobs, best of its runs.
  public var allSeconds: Double
  /// `render --format png`, the same frames and jobs, best of its runs, taken in turn with
  /// those of `allSeconds`.
  public var pngSeconds: Double
  /// Each turn's `render --format all` time ÷ the PNG-only time of the same turn.
  public var turnRatios: [Double]
  public var formats: [Format]
  /// With `--format-costs`: PNG plus one other format at a time, measured in the same turns,
  /// in ``AnimatedResult/costedFormats`` order (empty otherwise).
  public var costs: [FormatCost] = []

  /// `render --format all` time ÷ PNG-only time (the target: ≤ 1.3): the median of the
  /// turns' ratios (see ``Measurement/exportsInTurn(_:jobs:in:)``).
  public var allOverPNG: Double { Self.median(turnRatios) }

  /// The values a quarter and three quarters of the way through `values` sorted (the turns'
  /// spread, for the report).
  static func quartiles(_ values: [Double]) -> (lower: Double, upper: Double) {
    guard !values.isEmpty else { return (.nan, .nan) }
    let sorted = values.sorted()
    return (sorted[(sorted.count - 1) / 4], sorted[(3 * (sorted.count - 1)) / 4])
  }

  /// The middle value of `values` (the mean of the middle two for an even count); NaN when empty.
  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }

  /// The formats whose cost over PNG alone `--format-costs` measures: every other one, in the
  /// order `--help` lists them.
  public static let costedFormats = ExportFormats.names.filter { $0.format != .png }

  /// `render --format png,NAME` against `--format png`: what one format adds to the PNG-only
  /// render, in time and in the CPU time of all its threads.
  public struct FormatCost: Sendable {
    /// The added format, as `--format` names it.
    public var name: String
    /// `render --format png,NAME`, best of its runs.
    public var seconds: Double
    /// The CPU time of that run's threads over that of the PNG-only run (each the least of
    /// its runs).
    public var extraCPUSeconds: Double
    /// Each turn's time ÷ the PNG-only time of the same turn.
    public var turnRatios: [Double]

    /// The median of the turns' ratios to the PNG-only time.
    public var overPNG: Double { AnimatedResult.median(turnRatios) }
  }
}

extension Measurement {
  /// `render --format png` and `render --format all` (PNG, SVG, APNG, GIF, WebP, sheet,
  /// gallery) with `jobs` workers, taken in turn (see ``exportsInTurn(_:jobs:in:)``): the best
  /// time of each and every turn's ratio of the two.
  ///
  /// With `costingEachFormat`, PNG plus each of ``AnimatedResult/costedFormats`` runs in the
  /// same turns too, and `costs` says what each adds (empty otherwise).
  public func pngAndAllFormats(
    jobs: Int, in directory: URL, costingEachFormat: Bool = false
  ) throws -> (png: Double, all: Double, allRatios: [Double], costs: [AnimatedResult.FormatCost]) {
    let added = costingEachFormat ? AnimatedResult.costedFormats : []
    let runs = try exportsInTurn([.png, .all] + added.map { $0.format.union(.png) }, jobs: jobs, in: directory)
    let costs = zip(added, runs.dropFirst(2)).map { added, run in
      AnimatedResult.FormatCost(
        name: added.name, seconds: run.seconds, extraCPUSeconds: run.cpuSeconds - runs[0].cpuSeconds,
        turnRatios: run.turnRatios)
    }
    return (runs[0].seconds, runs[1].seconds, runs[1].turnRatios, costs)
  }

  /// Exports of each format set with `jobs` workers, the sets run in turn: per set, the best
  /// wall time, the least process CPU time, and each turn's wall time ÷ that of the first set
  /// (PNG alone) in the same turn.
  ///
  /// A run lasts only 50–800 ms here, and the machine's speed drifts by ±15 % over seconds:
  /// the best of a few runs of each set still read bent-line-slider's `all ÷ PNG` anywhere
  /// from 1.07 to 1.44 with the same build. A turn's two runs are a second apart at most, so
  /// their ratio shares the drift, and the median of the turns' ratios leaves out the turns a
  /// hiccup struck. The turns alternate their order (PNG first, then PNG last) so that neither
  /// set always runs on a cache warmed by the other. There are at least nine turns, more for
  /// short runs (up to 21, or about four seconds of PNG runs), always an odd number.
  ///
  /// The CPU time is the whole process's (`getrusage`), which during an export is the
  /// exporter's threads alone.
  public func exportsInTurn(
    _ sets: [ExportFormats], jobs: Int, in directory: URL
  ) throws -> [(seconds: Double, cpuSeconds: Double, turnRatios: [Double])] {
    let exporters = sets.enumerated().map { i, formats in
      var options = ExportOptions()
      options.formats = formats
      options.jobs = jobs
      options.selection = .frames(0...(times.count - 1))
      options.scale = scale
      return Exporter(outputDirectory: directory.appendingPathComponent("set-\(i)"), options: options)
    }
    var best = Array(repeating: (seconds: Double.infinity, cpuSeconds: Double.infinity), count: sets.count)
    var ratios = Array(repeating: [Double](), count: sets.count)
    var turns = 0
    repeat {
      var seconds = Array(repeating: 0.0, count: sets.count)
      let order = turns.isMultiple(of: 2) ? Array(sets.indices) : sets.indices.reversed()
      for i in order {
        let cpuBefore = Self.processCPUSeconds()
        seconds[i] = try once { _ = try exporters[i].export([timeline]) }
        best[i].seconds = min(best[i].seconds, seconds[i])
        best[i].cpuSeconds = min(best[i].cpuSeconds, Self.processCPUSeconds() - cpuBefore)
      }
      for i in sets.indices { ratios[i].append(seconds[i] / seconds[0]) }
      turns += 1
    } while turns < max(repeats, 9, min(21, Int(4 / best[0].seconds))) || turns.isMultiple(of: 2)
    return sets.indices.map { (best[$0].seconds, best[$0].cpuSeconds, ratios[$0]) }
  }

  /// User plus system CPU time of this process so far.
  static func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
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
    // The GIF's frames and delays as `render` chooses them.
    let gifFrames = AnimationTiming(rate: rate, everyNth: 1, frameCount: times.count).gifFrames
    let gifDelays = Dictionary(uniqueKeysWithValues: zip(gifFrames.positions, gifFrames.delays))
    let timestamps = WebPTimestamps(framesPerSecond: rate.numerator, per: rate.denominator)

    let apng = try APNGWriter(
      sink: MemoryByteSink(), width: width, height: height, colorType: colorType, delay: delay, preset: .small)
    let gif = try GIFWriter(sink: MemoryByteSink(), width: width, height: height)
    let webp = try WebPWriter(sink: MemoryByteSink(), width: width, height: height, timestamps: timestamps)
    var animatedSVG = AnimatedSVG(size: canvas.size, frameDuration: Double(rate.denominator) / Double(rate.numerator))
    var seconds = [0.0, 0.0, 0.0, 0.0]
    var naive = [0, 0, 0, 0]
    func timed(_ slot: Int, _ body: () throws -> Void) rethrows {
      let start = DispatchTime.now().uptimeNanoseconds
      try body()
      seconds[slot] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    for (i, t) in times.enumerated() {
      let image = i == 0 ? first : try renderer.render(timeline.presentation(at: t))
      let encoded = try png.encodeImageData(image, colorType: colorType)
      try timed(0) { try apng.append(image, encoded: encoded) }
      let gifDelay = gifDelays[i]
      if let gifDelay { try timed(1) { try gif.append(image, delayCentiseconds: gifDelay) } }
      try timed(2) { try webp.append(image) }
      // The naive encodings: every frame whole, on its own.
      naive[0] += 12 + 26 + 12 + 4 + encoded.zdata.count
      if let gifDelay {
        let oneGIF = try GIFWriter(sink: MemoryByteSink(), width: width, height: height)
        try oneGIF.append(image, delayCentiseconds: gifDelay)
        try oneGIF.finish()
        naive[1] += oneGIF.sink.bytes.count
      }
      let oneWebP = try WebPWriter(sink: MemoryByteSink(), width: width, height: height, timestamps: timestamps)
      try oneWebP.append(image)
      try oneWebP.finish()
      naive[2] += oneWebP.sink.bytes.count
      // The animated SVG's naive form: every frame's SVG preview, whole.
      let svg = try SVGContext(size: canvas.size, background: canvas.background)
      timed(3) {
        timeline.presentation(at: t).draw(in: svg)
        animatedSVG.append(svg.elements)
      }
      naive[3] += svg.document.count
    }
    var animatedSVGBytes = 0
    timed(3) { animatedSVGBytes = animatedSVG.document().count }
    try timed(0) { try apng.finish() }
    try timed(1) { try gif.finish() }
    try timed(2) { try webp.finish() }
    return [
      .init(name: "apng", bytes: apng.sink.bytes.count, naiveBytes: naive[0], encodeSeconds: seconds[0]),
      .init(name: "gif", bytes: gif.sink.bytes.count, naiveBytes: naive[1], encodeSeconds: seconds[1]),
      .init(name: "webp", bytes: webp.sink.bytes.count, naiveBytes: naive[2], encodeSeconds: seconds[2]),
      .init(name: "animated-svg", bytes: animatedSVGBytes, naiveBytes: naive[3], encodeSeconds: seconds[3]),
    ]
  }
}
