import BarFrames
import BarFramesExport
import Foundation

/// The figures of one workload. Rates are frames per second; ratios compare runs of this bench.
public struct WorkloadResult: Sendable {
  public var name: String
  public var frames: Int
  public var width: Int
  public var height: Int
  public var drawFPS: Double
  public var drawEncodeFPS: Double
  public var pipelineFPS: Double
  public var pipelineOneJobFPS: Double
  public var jobs: Int
  public var naiveFPS: Double
  public var bytesPerFrame: Double
  public var peakRSSMB: Double?
  /// C reference frames per second (seek-bar only).
  public var cFPS: Double?
  /// Whether the C reference produced byte-identical PNGs.
  public var identicalToC: Bool?
  /// `render --format all` against PNG only, and the animated formats' sizes and encode times.
  public var animated: AnimatedResult?
  /// The pipeline and the naive pipeline writing to RAM (`/dev/shm`) instead of the scratch
  /// folder (best of the turns); nil when the scratch folder is in RAM itself or there is no
  /// `/dev/shm`.
  public var inMemory: (pipelineFPS: Double, naiveFPS: Double)?
  /// Calls of the fsync family in one PNG render of the workload, into the scratch folder.
  public var flushesPerRender: Int?
  /// The turns the pipeline and naive figures come from; their ratios are medians of turns.
  public var storage: StorageTurns?

  /// The pipeline's time writing to the scratch folder ÷ its time writing to RAM: the median of
  /// the turns' ratios.
  public var scratchOverMemoryTime: Double? {
    storage.map(\.scratchOverMemoryRatios).flatMap { $0.isEmpty ? nil : AnimatedResult.median($0) }
  }
  /// Full pipeline ÷ naive pipeline, both writing to RAM: the median of the turns' ratios.
  public var speedupVsNaiveInMemory: Double? {
    storage.map(\.memorySpeedupRatios).flatMap { $0.isEmpty ? nil : AnimatedResult.median($0) }
  }

  /// Full pipeline ÷ naive pipeline, on the scratch folder: the median of the turns' ratios
  /// (best over best without turns).
  public var speedupVsNaive: Double {
    storage.map { AnimatedResult.median($0.speedupRatios) } ?? pipelineFPS / naiveFPS
  }
  /// Each turn's serial draw + encode time ÷ the C reference's (``Measurement/drawEncodeAndC(turns:)``).
  public var cTurnRatios: [Double] = []
  /// Our serial draw + encode time ÷ the C reference's, for the same frames: the median of the
  /// turns' ratios (best over best without turns).
  public var timeVsC: Double? {
    cTurnRatios.isEmpty ? cFPS.map { $0 / drawEncodeFPS } : AnimatedResult.median(cTurnRatios)
  }
  /// Pipeline at 2 jobs ÷ at 1 job: the median of the turns' ratios (best over best without
  /// turns).
  public var scaling2: Double {
    storage.map(\.scalingRatios).flatMap { $0.isEmpty ? nil : AnimatedResult.median($0) }
      ?? pipelineFPS / pipelineOneJobFPS
  }
}

/// Runs the standard workloads and reports figures and ratios measured in the same run.
public struct Benchmark: Sendable {
  /// The folder holding `Examples/` (the package root).
  public var root: URL
  /// Frames per workload; nil means each scene's whole sequence.
  public var frames: Int?
  /// Workers for the pipeline figure (2 gives the scaling ratio's numerator).
  public var jobs: Int
  /// The `barframes` executable, run as a child process to measure peak memory.
  public var executable: String?
  /// Frames of the long run whose peak memory is reported.
  public var memoryFrames: Int
  /// Where frames are written while measuring: a folder on the file system users write to.
  public var scratch: URL
  /// A RAM-backed folder whose figures are reported beside the scratch folder's; nil for none.
  public var memory: URL?
  /// Turns of the pipeline and naive runs (``StorageTurns``): an odd number, for a median.
  public var turnCount = 7
  /// Whether to measure each format's cost over PNG alone
  /// (``Measurement/pngAndAllFormats(jobs:in:costingEachFormat:)``).
  public var formatCosts = false

  public init(
    root: URL, frames: Int?, jobs: Int, executable: String?, memoryFrames: Int = 10_001,
    scratch: URL = Benchmark.defaultScratch
  ) {
    self.root = root
    self.scratch = scratch
    self.frames = frames
    self.jobs = jobs
    self.executable = executable
    self.memoryFrames = memoryFrames
  }

  /// The current folder: renders go where their users write, on a real file system, and
  /// what it costs to make files durable there is part of the figure. `--scratch DIR`
  /// measures on a disk of your choice; the RAM figures (``memory``) come beside them.
  public static var defaultScratch: URL {
    URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
  }

  /// Peak memory of a child `barframes render --format png` of `workload`, in MiB; nil
  /// without an executable or if the child failed.
  ///
  /// Measure it before anything runs in this process: a `posix_spawn` child starts from this
  /// process's peak resident memory (Linux carries the high-water mark over `exec`), so after
  /// an in-process case the child would report the parent's peak, not its own.
  public func peakMemory(_ workload: Workload) throws -> Double? {
    guard let executable else { return nil }
    let out = scratch.appendingPathComponent(".barframes-bench-\(getpid())-\(workload.name)-rss")
    defer { DeferredRemoval.remove(out) }
    var arguments = [
      "render", root.appendingPathComponent(workload.scenePath).path, "-o", out.path, "--format", "png", "--jobs",
      "\(jobs)", "--quiet",
    ]
    if let frames { arguments += ["--frames", "0-\(max(frames - 1, 0))"] }
    let run = try PeakMemory.run(executable, arguments)
    return run.status == 0 ? run.peakMB : nil
  }

  /// Measures one workload in this process (its peak memory comes from ``peakMemory(_:)``).
  public func run(_ workload: Workload, log: (String) -> Void) throws -> WorkloadResult {
    let url = root.appendingPathComponent(workload.scenePath)
    let scene = try Scene.load(contentsOf: url, displayName: workload.scenePath)
    let measurement = Measurement(workload: workload, timeline: try scene.timeline(), frames: frames)
    let n = Double(measurement.times.count)
    let scratch = self.scratch.appendingPathComponent(".barframes-bench-\(getpid())-\(workload.name)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { DeferredRemoval.remove(scratch) }
    log("\(workload.name): \(measurement.times.count) frames")
    let draw = try measurement.draw()
    // An odd number of turns, so that the median is one of them.
    let (encoded, c, cTurnRatios) = try measurement.drawEncodeAndC(turns: max(9, turnCount | 1))
    let memoryFolder = memory?.appendingPathComponent(".barframes-bench-\(getpid())-\(workload.name)")
    log(
      "\(workload.name): the pipeline and the naive one in \(turnCount) turns, writing to \(self.scratch.path)"
        + (memory.map { " and \($0.path)" } ?? ""))
    defer { if let memoryFolder { DeferredRemoval.remove(memoryFolder) } }
    let storage = try StorageTurns.measure(
      measurement, jobs: jobs, scratch: scratch, memory: memoryFolder, count: turnCount)
    let pipeline = storage.turns.map(\.pipeline).min() ?? .infinity
    let naive = storage.turns.map(\.naive).min() ?? .infinity
    let oneJob = storage.turns.compactMap(\.oneJobPipeline).min() ?? pipeline
    let flushes = try measurement.flushesPerRender(jobs: jobs, in: scratch.appendingPathComponent("flushes"))
    var inMemory: (pipelineFPS: Double, naiveFPS: Double)?
    if let memoryPipeline = storage.turns.compactMap(\.memoryPipeline).min(),
      let memoryNaive = storage.turns.compactMap(\.memoryNaive).min()
    {
      inMemory = (n / memoryPipeline, n / memoryNaive)
    }

    let canvas = scene.style.canvas
    var result = WorkloadResult(
      name: workload.name, frames: measurement.times.count,
      width: Int((canvas.size.width * 2).rounded(.up)), height: Int((canvas.size.height * 2).rounded(.up)),
      drawFPS: n / draw, drawEncodeFPS: n / encoded.seconds, pipelineFPS: n / pipeline, pipelineOneJobFPS: n / oneJob,
      jobs: jobs, naiveFPS: n / naive, bytesPerFrame: encoded.bytesPerFrame, peakRSSMB: nil,
      cFPS: c.map { n / $0.seconds }, identicalToC: c.map { $0.checksum == encoded.checksum })
    result.inMemory = inMemory
    result.cTurnRatios = cTurnRatios
    result.flushesPerRender = flushes
    result.storage = storage
    log("\(workload.name): render --format all, animated sizes")
    if formatCosts { log("\(workload.name): each format over PNG alone") }
    let times = try measurement.pngAndAllFormats(
      jobs: jobs, in: scratch.appendingPathComponent("formats"), costingEachFormat: formatCosts)
    result.animated = AnimatedResult(
      allSeconds: times.all, pngSeconds: times.png, turnRatios: times.allRatios,
      formats: try measurement.animatedFormats(), costs: times.costs)
    return result
  }

  /// Peak memory of rendering `memoryFrames` seek-bar frames: the seek-bar style over a scene
  /// long enough for that many frames at 60 fps, its value set at every frame.
  /// `formats` is the `--format` value: `png`, or `png,apng,gif,webp` to include the animated
  /// writers (WebP's encoder keeps every compressed frame until the end).
  public func memoryRun(formats: String = "png") throws -> (frames: Int, peakMB: Double)? {
    guard let executable else { return nil }
    let folder = scratch.appendingPathComponent(".barframes-bench-\(getpid())-memory")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { DeferredRemoval.remove(folder) }
    let sceneURL = folder.appendingPathComponent("seek-bar-long.json")
    try Data(try longScene().serialized(pretty: false).utf8).write(to: sceneURL)
    let run = try PeakMemory.run(
      executable,
      [
        "render", sceneURL.path, "-o", folder.appendingPathComponent("out").path, "--format", formats, "--jobs",
        "\(jobs)", "--quiet",
      ])
    guard run.status == 0 else {
      throw BenchError.workload("the \(memoryFrames)-frame memory run failed with status \(run.status)")
    }
    return (memoryFrames, run.peakMB)
  }

  /// The calls of the fsync family in a PNG render of `memoryFrames` seek-bar frames into the
  /// scratch folder, counted as ``Measurement/flushesPerRender(jobs:in:)`` counts them.
  public func longRunFlushes() throws -> (frames: Int, flushes: Int) {
    let folder = scratch.appendingPathComponent(".barframes-bench-\(getpid())-long")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { DeferredRemoval.remove(folder) }
    let sceneURL = folder.appendingPathComponent("seek-bar-long.json")
    try Data(try longScene().serialized(pretty: false).utf8).write(to: sceneURL)
    let timeline = try Scene.load(contentsOf: sceneURL, displayName: "seek-bar-long.json").timeline()
    var options = ExportOptions()
    options.formats = .png
    options.jobs = jobs
    let before = StableStorage.flushCount
    let manifest = try Exporter(outputDirectory: folder.appendingPathComponent("out"), options: options).export([
      timeline
    ])
    return (manifest.scenes.first?.frames.count ?? 0, StableStorage.flushCount - before)
  }

  /// How much longer a PNG render of the seek-bar workload waits when every fsync-family call
  /// takes `latency` seconds more (``StableStorage/addedLatencyNanoseconds``), as on a disk
  /// whose flushes are slow: renders with and without the latency alternate in `turns` turns,
  /// each into a fresh folder of the scratch folder; the added time is the median of the turns'
  /// differences, the plain time the median of the plain runs.
  public func flushLatencyRun(
    latency: Double = 0.010, turns: Int = 7
  ) throws -> (latency: Double, addedSeconds: Double, plainSeconds: Double, flushes: Int) {
    guard let workload = Workload.standard.first(where: { $0.name == "seek-bar" }) else {
      throw BenchError.workload("no seek-bar workload")
    }
    let url = root.appendingPathComponent(workload.scenePath)
    let timeline = try Scene.load(contentsOf: url, displayName: workload.scenePath).timeline()
    let measurement = Measurement(workload: workload, timeline: timeline, frames: frames)
    let folder = scratch.appendingPathComponent(".barframes-bench-\(getpid())-latency")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { DeferredRemoval.remove(folder) }
    defer { StableStorage.addedLatencyNanoseconds = 0 }
    var run = 0
    func render(delayed: Bool) throws -> Double {
      StableStorage.addedLatencyNanoseconds = delayed ? Int((latency * 1e9).rounded()) : 0
      run += 1
      return try measurement.pipelineRun(jobs: jobs, in: folder.appendingPathComponent("run-\(run)"))
    }
    _ = try render(delayed: false)
    var plain: [Double] = []
    var added: [Double] = []
    for turn in 0..<max(1, turns) {
      // Which goes first alternates: a shared machine's speed drifts over seconds.
      let delayedFirst = turn.isMultiple(of: 2)
      let first = try render(delayed: delayedFirst)
      let second = try render(delayed: !delayedFirst)
      let (delayed, undelayed) = delayedFirst ? (first, second) : (second, first)
      plain.append(undelayed)
      added.append(delayed - undelayed)
    }
    StableStorage.addedLatencyNanoseconds = 0
    let flushes = try measurement.flushesPerRender(jobs: jobs, in: folder.appendingPathComponent("count"))
    return (latency, AnimatedResult.median(added), AnimatedResult.median(plain), flushes)
  }

  /// Seconds of `barframes render Examples` into a fresh folder in the scratch folder, then
  /// of the same command again, which finds every scene unchanged: each the median of three
  /// runs (three fresh folders, then three renders again into the first), as one run of a
  /// child process can be a tenth off on this machine.
  public func incrementalRun() throws -> (firstSeconds: Double, secondSeconds: Double)? {
    guard let executable else { return nil }
    let folders = (0..<3).map { scratch.appendingPathComponent(".barframes-bench-\(getpid())-incremental-\($0)") }
    defer { for folder in folders { DeferredRemoval.remove(folder) } }
    func render(into folder: URL) throws -> Double {
      let arguments = [
        "render", root.appendingPathComponent("Examples").path, "-o", folder.path, "--jobs", "\(jobs)", "--quiet",
      ]
      let start = DispatchTime.now().uptimeNanoseconds
      let run = try PeakMemory.run(executable, arguments)
      guard run.status == 0 else {
        throw BenchError.workload("render Examples failed with status \(run.status)")
      }
      return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    let first = try folders.map(render(into:))
    let second = try (0..<3).map { _ in try render(into: folders[0]) }
    return (AnimatedResult.median(first), AnimatedResult.median(second))
  }

  /// The seek-bar style over a scene long enough for `memoryFrames` frames at 60 fps, its
  /// value set at every frame.
  func longScene() throws -> JSONValue {
    let seekBar = try JSONValue(
      parsing: String(contentsOf: root.appendingPathComponent("Examples/seek-bar.json"), encoding: .utf8))
    let duration = Double(memoryFrames - 1) / 60
    let scene: JSONValue = .object([
      .init("version", .number(1)),
      .init("style", seekBar["style"] ?? .null),
      .init("duration", .number(duration)),
      .init("fps", .number(60)),
      .init("scale", .number(2)),
      .init(
        "events",
        .array([
          .object([
            .init("at", .number(0)), .init("every", .number(1.0 / 60)), .init("until", .number(duration)),
            .init("call", .string("setValue")),
            .init(
              "args",
              .object([
                .init(
                  "value", .object([.init("start", .number(0)), .init("step", .number(1 / Double(memoryFrames - 1)))]))
              ])),
          ])
        ])),
    ])
    return scene
  }
}
