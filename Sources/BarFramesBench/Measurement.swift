import BarFrames
import BarFramesExport
import BarFramesGraphics
import BarFramesImageIO
import BarFramesRenderer
import CBarFramesReference
import Foundation

/// The timed parts of one workload. Every time is the best of `repeats` runs or more, so a
/// stray scheduler hiccup does not decide a ratio; the ratios to C and the all-formats exports'
/// ratios to PNG alone are medians of turns instead (``drawEncodeAndC(turns:)``,
/// ``exportsInTurn(_:jobs:in:)``).
public struct Measurement: Sendable {
  public var workload: Workload
  public var timeline: any SceneTimeline
  /// The frame times sampled: frame i at i / fps, from the index.
  public var times: [Double]
  public var scale: Int
  public var repeats: Int

  public init(workload: Workload, timeline: any SceneTimeline, frames: Int?, repeats: Int = 3) {
    self.workload = workload
    self.timeline = timeline
    let scene = timeline.scene
    // The same frame times `render` uses.
    let sampler = FrameSampler(duration: scene.duration, rate: FrameRate(scene.fps))
    self.times = (0..<min(frames ?? sampler.count, sampler.count)).map { sampler.time(ofFrame: $0) }
    self.scale = 2
    self.repeats = repeats
  }

  var canvas: Canvas { timeline.scene.style.canvas }

  func best(_ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<repeats { best = min(best, try once(body)) }
    return best
  }

  /// Seconds `body` takes, once.
  func once(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  /// Seconds to evaluate and draw every frame, serially, on one reused surface.
  public func draw() throws -> Double {
    let renderer = try FrameRenderer(size: canvas.size, scale: scale, background: canvas.background)
    return try best {
      for t in times { try renderer.draw(timeline.presentation(at: t)) }
    }
  }

  /// Seconds for one run of the naive pipeline: draw serially and write each frame with
  /// `cairo_surface_write_to_png` (libpng's per-row filter choice, zlib level 6), as
  /// `naive-<run>-<i>.png` in `directory`: new files on every run, as the pipeline's atomic
  /// writes create new files.
  public func naiveRun(in directory: URL, run: Int) throws -> Double {
    let surface = try ImageSurface(size: canvas.size, scale: scale, background: canvas.background)
    return try once {
      for (i, t) in times.enumerated() {
        surface.clear()
        timeline.presentation(at: t).draw(in: surface.context)
        try surface.writePNGWithCairo(to: directory.appendingPathComponent("naive-\(run)-\(i).png").path)
      }
    }
  }

  /// Seconds for one run of the full `render` pipeline (PNG sequence written to disk) with `jobs`
  /// workers into `directory`, which should not hold a render: a first render, as the naive
  /// pipeline writes new files. A render over an earlier one replaces every file (a new inode
  /// named over the old one, which is freed), which on a disk costs more than creating files.
  public func pipelineRun(jobs: Int, in directory: URL) throws -> Double {
    var options = ExportOptions()
    options.formats = .png
    options.jobs = jobs
    options.selection = .frames(0...(times.count - 1))
    options.scale = scale
    let exporter = Exporter(outputDirectory: directory, options: options)
    return try once { _ = try exporter.export([timeline]) }
  }

  /// The calls of the fsync family one `render`-like export of these frames makes, counted by
  /// ``StableStorage/flushCount`` (every flush of the exporter goes through it).
  public func flushesPerRender(jobs: Int, in directory: URL) throws -> Int {
    var options = ExportOptions()
    options.formats = .png
    options.jobs = jobs
    options.selection = .frames(0...(times.count - 1))
    options.scale = scale
    let before = StableStorage.flushCount
    _ = try Exporter(outputDirectory: directory, options: options).export([timeline])
    return StableStorage.flushCount - before
  }

  /// Our serial draw + PNG encode of every frame (in memory: the bytes per frame and an FNV-1a
  /// checksum of all PNG bytes) and, for a workload that has one, the C reference drawing and
  /// encoding the same frames, run once each and then in `turns` turns that alternate which
  /// goes first: the best time of each, and each turn's time of ours ÷ C's. Without a C
  /// reference, ours runs `repeats` times.
  ///
  /// In turns, as ``exportsInTurn(_:jobs:in:)`` runs the exports: a shared machine's speed
  /// drifts over seconds, and the best runs of each, taken seconds apart, compared different
  /// moments.
  public func drawEncodeAndC(
    turns: Int
  ) throws -> (
    encoded: (seconds: Double, bytesPerFrame: Double, checksum: UInt64),
    c: (seconds: Double, checksum: UInt64)?, turnRatios: [Double]
  ) {
    let ours = try DrawEncodeRun(self)
    let reference = workload.hasCReference ? CReferenceRun(self) : nil
    // These first runs warm both up; they count towards the best times only.
    var encoded = try ours.once()
    var c = try reference?.once()
    var ratios: [Double] = []
    // Without C, the best of `repeats` runs.
    for turn in 0..<(reference == nil ? max(0, repeats - 1) : max(1, turns)) {
      let cFirst = !turn.isMultiple(of: 2)
      var cRun = cFirst ? try reference?.once() : nil
      let run = try ours.once()
      if !cFirst { cRun = try reference?.once() }
      encoded.seconds = min(encoded.seconds, run.seconds)
      if let cRun, var best = c {
        best.seconds = min(best.seconds, cRun.seconds)
        c = best
        ratios.append(run.seconds / cRun.seconds)
      }
    }
    return (encoded, c, ratios)
  }
}

/// One serial draw + PNG encode of every frame, on one renderer and encoder made beforehand.
struct DrawEncodeRun {
  let measurement: Measurement
  let renderer: FrameRenderer
  let encoder: PNGEncoder
  let colorType: PNGColorType

  init(_ measurement: Measurement) throws {
    self.measurement = measurement
    let canvas = measurement.canvas
    renderer = try FrameRenderer(size: canvas.size, scale: measurement.scale, background: canvas.background)
    encoder = try PNGEncoder(preset: .fast)
    colorType = canvas.background.map { $0.alpha >= 1 } == true ? .rgb : .rgba
  }

  /// Seconds, bytes per frame and an FNV-1a checksum of all PNG bytes.
  func once() throws -> (seconds: Double, bytesPerFrame: Double, checksum: UInt64) {
    var bytes = 0
    var checksum: UInt64 = 14_695_981_039_346_656_037
    let times = measurement.times
    let seconds = try measurement.once {
      for t in times {
        let image = try renderer.render(measurement.timeline.presentation(at: t))
        let png = PNGEncoder.pngFile(from: try encoder.encodeImageData(image, colorType: colorType))
        bytes += png.count
        for byte in png { checksum = (checksum ^ UInt64(byte)) &* 1_099_511_628_211 }
      }
    }
    return (seconds, Double(bytes) / Double(max(times.count, 1)), checksum)
  }
}

/// One run of the C reference over the seek-bar frames' presented geometry, found beforehand
/// so that C draws exactly our frames.
struct CReferenceRun {
  let measurement: Measurement
  var fillWidths: [Double] = []
  var dotXs: [Double] = []

  init(_ measurement: Measurement) {
    self.measurement = measurement
    for t in measurement.times {
      let presentation = measurement.timeline.presentation(at: t)
      fillWidths.append(presentation["fill"]?.bounds.width ?? 0)
      dotXs.append(presentation["dot"]?.toCanvas.tx ?? 0)
    }
  }

  /// Seconds and the checksum of its PNG bytes.
  func once() throws -> (seconds: Double, checksum: UInt64) {
    var result = bf_reference_result()
    var status: Int32 = 0
    let count = Int32(measurement.times.count)
    let scale = Int32(measurement.scale)
    let seconds = measurement.once {
      status = fillWidths.withUnsafeBufferPointer { widths in
        dotXs.withUnsafeBufferPointer { xs in
          bf_reference_seek_bar(widths.baseAddress, xs.baseAddress, count, scale, &result)
        }
      }
    }
    guard status == 0 else { throw BenchError.reference(status: Int(status)) }
    return (seconds, result.checksum)
  }
}

/// A benchmark that could not run.
public enum BenchError: Error, CustomStringConvertible {
  case reference(status: Int)
  case workload(String)

  public var description: String {
    switch self {
    case .reference(let status): "the C reference failed with status \(status)"
    case .workload(let message): message
    }
  }
}
