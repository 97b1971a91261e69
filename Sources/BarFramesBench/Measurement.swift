import BarFrames
import BarFramesExport
import BarFramesGraphics
import BarFramesImageIO
import BarFramesRenderer
import CBarFramesReference
import Foundation

/// The timed parts of one workload. Every time is the best of `repeats` runs or more, so a
/// stray scheduler hiccup does not decide a ratio; the all-formats exports' ratios to PNG alone
/// are medians of turns instead (``exportsInTurn(_:jobs:in:)``).
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

  /// Seconds to draw and PNG-encode every frame serially (in memory), the bytes per frame and
  /// an FNV-1a checksum of all PNG bytes.
  public func drawEncode() throws -> (seconds: Double, bytesPerFrame: Double, checksum: UInt64) {
    let renderer = try FrameRenderer(size: canvas.size, scale: scale, background: canvas.background)
    let encoder = try PNGEncoder(preset: .fast)
    let colorType: PNGColorType = canvas.background.map { $0.alpha >= 1 } == true ? .rgb : .rgba
    var bytes = 0
    var checksum: UInt64 = 0
    let seconds = try best {
      bytes = 0
      checksum = 14_695_981_039_346_656_037
      for t in times {
        let image = try renderer.render(timeline.presentation(at: t))
        let png = PNGEncoder.pngFile(from: try encoder.encodeImageData(image, colorType: colorType))
        bytes += png.count
        for byte in png { checksum = (checksum ^ UInt64(byte)) &* 1_099_511_628_211 }
      }
    }
    return (seconds, Double(bytes) / Double(max(times.count, 1)), checksum)
  }

  /// Seconds for the naive pipeline: draw serially and write each frame with
  /// `cairo_surface_write_to_png` (libpng's per-row filter choice, zlib level 6).
  public func naive(in directory: URL) throws -> Double {
    var run = 0
    var best = Double.infinity
    for _ in 0..<repeats {
      // New files on every run, as the pipeline's atomic writes create new files.
      run += 1
      best = min(best, try naiveRun(in: directory, run: run))
    }
    return best
  }

  /// Seconds for one run of the naive pipeline, writing `naive-<run>-<i>.png` in `directory`.
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

  /// Seconds for the full `render` pipeline (PNG sequence written to disk) with `jobs` workers.
  ///
  /// Each run renders into a folder of its own, as a first render does and as the naive
  /// pipeline writes new files: a render over an earlier one replaces every file (a new inode
  /// named over the old one, which is freed), which on a disk costs more than creating files.
  public func pipeline(jobs: Int, in directory: URL) throws -> Double {
    var best = Double.infinity
    for run in 1...max(1, repeats) {
      best = min(best, try pipelineRun(jobs: jobs, in: directory.appendingPathComponent("\(run)")))
    }
    return best
  }

  /// Seconds for one run of the pipeline into `directory`, which should not hold a render.
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

  /// Seconds for the C reference to draw and encode the same seek-bar frames, and its checksum.
  public func cReference() throws -> (seconds: Double, checksum: UInt64)? {
    guard workload.hasCReference else { return nil }
    // The presented geometry of every frame, so C draws exactly our frames.
    var fillWidths: [Double] = []
    var dotXs: [Double] = []
    for t in times {
      let presentation = timeline.presentation(at: t)
      fillWidths.append(presentation["fill"]?.bounds.width ?? 0)
      dotXs.append(presentation["dot"]?.toCanvas.tx ?? 0)
    }
    var result = bf_reference_result()
    var status: Int32 = 0
    let seconds = best {
      status = fillWidths.withUnsafeBufferPointer { widths in
        dotXs.withUnsafeBufferPointer { xs in
          bf_reference_seek_bar(widths.baseAddress, xs.baseAddress, Int32(times.count), Int32(scale), &result)
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
