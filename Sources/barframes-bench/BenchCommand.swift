import ArgumentParser
import BarFrames
import BarFramesBench
import BarFramesExport
import Foundation

/// `barframes-bench`: measures rendering speed against references run side by side. It is its
/// own executable so the bench workloads and the C reference stay out of the `barframes` users
/// install; it runs `barframes` (the executable beside it) as a child for memory figures.
@main
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "barframes-bench",
    abstract: "Benchmark the standard workloads and report ratios against references measured in the same run.",
    discussion: """
      For each workload (seek-bar, bent-line, customizable-bar, download-bar; each at @2x) it \
      measures frames per second for drawing alone, drawing + PNG encoding (serial, in memory) \
      and the full render pipeline with --jobs workers, the naive pipeline (serial drawing + \
      cairo_surface_write_to_png), and for seek-bar a C reference making the same Cairo calls \
      with the same PNG settings. It reports speedupVsNaive = pipeline ÷ naive, timeVsC = our \
      serial draw + encode time ÷ C's, scaling2 = pipeline at 2 jobs ÷ at 1 job, bytes per \
      frame and peak resident memory (of a child `barframes render`). Frames are written to \
      --scratch, the current folder by default: where users write, durability included. The \
      pipeline and the naive pipeline are also measured writing to --memory-folder (/dev/shm), \
      reported beside them, with the fsync-family calls of a render (of each workload, and of \
      the --memory-frames run). The incremental case renders Examples into a fresh folder, then \
      again with every scene unchanged. A last line checks the targets. The tweens case inspects one customizable-bar scene of \
      --tweens overlapping setValue tweens in a child process and reports its time and peak \
      memory. Run it in release mode: \
      swift run -c release barframes-bench. Run it from the package root (it reads Examples/). \
      scripts/update-performance-doc.sh puts its Markdown into docs/performance.md.
      """)

  /// What the report is printed as.
  enum ReportFormat: String, EnumerableFlag {
    case markdown, json

    static func help(for value: ReportFormat) -> ArgumentHelp? {
      switch value {
      case .markdown:
        "Print the results as Markdown: the section docs/performance.md holds between its barframes-bench markers."
      case .json: "Print the results as JSON."
      }
    }
  }

  @Flag var output: ReportFormat = .markdown

  @Option(help: "Frames per workload (the scene's whole sequence by default).")
  var frames: Int?

  @Option(
    parsing: .singleValue,
    help:
      "Run only this workload (repeatable): seek-bar, bent-line, customizable-bar, download-bar, tweens, incremental, flush-latency."
  )
  var workload: [String] = []

  @Flag(
    help: ArgumentHelp(
      "Also measure what each format adds to a PNG-only render (png,svg … png,html, in turn with png and all): time ratio and extra CPU."
    ))
  var formatCosts = false

  @Flag(
    inversion: .prefixedNo,
    help: ArgumentHelp(
      "On ext4 without a journal, wait until the last run's removals are forgotten (up to a minute) before measuring."))
  var settle = true

  @Option(help: "Workers for the pipeline figure.")
  var jobs: Int = 2

  @Option(help: "Frames of the long seek-bar run whose peak memory and fsync-family calls are reported (0 skips it).")
  var memoryFrames: Int = 10_001

  @Option(help: "Tweens in the scene of the tweens case (0 skips it).")
  var tweens: Int = 100_000

  @Option(
    help: ArgumentHelp(
      "Where frames are written while measuring (the current folder by default: a real file system, as users write to)."
    ))
  var scratch: String?

  @Option(
    help: ArgumentHelp(
      "A RAM-backed folder whose figures are reported beside the scratch folder's (/dev/shm by default; 'none' skips them)."
    ))
  var memoryFolder: String?

  func validate() throws {
    if let frames, frames < 1 { throw ValidationError("'--frames' must be at least 1") }
    guard (1...64).contains(jobs) else { throw ValidationError("'--jobs' must be 1…64") }
    if tweens < 0 { throw ValidationError("'--tweens' must be 0 or more") }
    let known = Workload.standard.map(\.name) + ["tweens", "incremental", "flush-latency"]
    for name in workload where !known.contains(name) {
      throw ValidationError("unknown workload '\(name)'; choose from \(known.joined(separator: ", "))")
    }
  }

  func run() throws {
    // As `barframes render` does: the figures are those of the exporter as it runs there.
    FrameMemory.keepFreedFrames()
    // Before any work of ours: the load average then says whether others kept the machine busy.
    let machine = MachineInfo.current()
    let startCPU = CPUTimes.now()
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Examples/seek-bar.json").path) else {
      throw BenchFailure(
        "barframes-bench reads Examples/ from the current folder; run it from the BarFrames package root")
    }
    // The children are `barframes render` and `barframes inspect`: the executable beside this one.
    let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let executable = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("barframes").path
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      throw BenchFailure("no barframes executable beside \(own); build both: swift build -c release")
    }
    let scratchURL = scratch.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? Benchmark.defaultScratch
    do {
      try FileManager.default.createDirectory(at: scratchURL, withIntermediateDirectories: true)
    } catch {
      throw BenchFailure("cannot create \(scratchURL.path): \(error.localizedDescription)")
    }
    // Folders are removed once everything is measured (see DeferredRemoval).
    defer { DeferredRemoval.finish() }
    var bench = Benchmark(
      root: root, frames: frames, jobs: jobs, executable: executable, memoryFrames: memoryFrames, scratch: scratchURL)
    bench.formatCosts = formatCosts
    let scratchFolder = ScratchFolder(scratchURL)
    let memory: ScratchFolder? =
      switch memoryFolder {
      case "none": nil
      case let path?: ScratchFolder(URL(fileURLWithPath: path, isDirectory: true))
      case nil: ScratchFolder.memory
      }
    // Figures in memory beside figures in memory would say nothing.
    if let memory, !scratchFolder.isInMemory { bench.memory = memory.url }
    let selected = Workload.standard.filter { workload.isEmpty || workload.contains($0.name) }
    if settle { DeferredRemoval.waitUntilForgotten(on: scratchFolder, log: printError) }
    let started = Date()
    var results: [WorkloadResult] = []
    do {
      // Every child process first: a posix_spawn child starts from this process's peak
      // resident memory, which the in-process measurements raise (see peakMemory).
      var peaks: [String: Double] = [:]
      for item in selected {
        printError("\(item.name): peak memory of a child render")
        peaks[item.name] = try bench.peakMemory(item)
      }
      var memory: (frames: Int, peakMB: Double)?
      var memoryAnimated: Double?
      if memoryFrames > 0, workload.isEmpty || workload.contains("seek-bar") {
        printError("memory: \(memoryFrames) seek-bar frames")
        memory = try bench.memoryRun()
        printError("memory: \(memoryFrames) seek-bar frames, with the animated formats")
        memoryAnimated = try bench.memoryRun(formats: "png,apng,gif,webp")?.peakMB
      }
      var tweenRun: (count: Int, seconds: Double, peakMB: Double)?
      if tweens > 0, workload.isEmpty || workload.contains("tweens") {
        printError("tweens: \(tweens) in one scene")
        let run = try TweenStress(count: tweens).run(
          executable: executable, in: scratchURL.appendingPathComponent(".barframes-bench-\(getpid())-tweens"))
        tweenRun = (tweens, run.seconds, run.peakMB)
      }
      var incremental: (firstSeconds: Double, secondSeconds: Double)?
      if workload.isEmpty || workload.contains("incremental") {
        printError("incremental: render Examples, then again unchanged")
        incremental = try bench.incrementalRun()
      }
      var flushLatency: (latency: Double, addedSeconds: Double, plainSeconds: Double, flushes: Int)?
      if workload.isEmpty || workload.contains("flush-latency") {
        printError("flush-latency: a seek-bar render with and without 10 ms added to every flush, in turns")
        flushLatency = try bench.flushLatencyRun()
      }
      var longRun: (frames: Int, flushes: Int)?
      if memoryFrames > 0, workload.isEmpty || workload.contains("seek-bar") {
        printError("flushes: a render of \(memoryFrames) seek-bar frames")
        longRun = try bench.longRunFlushes()
      }
      for item in selected {
        var result = try bench.run(item) { printError($0) }
        result.peakRSSMB = peaks[item.name]
        results.append(result)
      }
      var report = BenchReport(
        machine: machine, workloads: results, memory: memory, seconds: Date().timeIntervalSince(started))
      report.command = Self.quoted(["barframes-bench"] + CommandLine.arguments.dropFirst())
      if let startCPU, let endCPU = CPUTimes.now() { report.otherCPUSeconds = endCPU.othersSince(startCPU) }
      report.tweens = tweenRun
      report.memoryAnimatedMB = memoryAnimated
      report.scratch = scratchFolder
      report.memoryFolder = bench.memory.map(ScratchFolder.init)
      report.longRun = longRun
      report.incremental = incremental
      report.flushLatency = flushLatency
      print(output == .json ? report.json.serialized(pretty: true) : report.markdown)
    } catch let error as InputError {
      throw BenchFailure(error.description, exitCode: 65)
    }
  }

  /// `arguments` as one shell command line, each quoted only if it needs to be.
  static func quoted(_ arguments: [String]) -> String {
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=,:@+%")
    return arguments.map { argument in
      argument.isEmpty || !argument.allSatisfy(plain.contains)
        ? "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'" : argument
    }.joined(separator: " ")
  }

  /// One `barframes-bench: error:` line and a distinct exit code for failures of ours;
  /// ArgumentParser reports its own (usage, help).
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let failure as BenchFailure {
      printError("barframes-bench: error: \(failure.message)")
      Foundation.exit(failure.exitCode)
    } catch {
      exit(withError: error)
    }
  }
}

/// A failure `barframes-bench` reports itself.
struct BenchFailure: Error {
  var message: String
  var exitCode: Int32

  init(_ message: String, exitCode: Int32 = 1) {
    self.message = message
    self.exitCode = exitCode
  }
}

/// A line on standard error (progress and errors; the report goes to standard output).
func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
