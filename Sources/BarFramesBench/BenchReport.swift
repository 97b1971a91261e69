import BarFrames
import Foundation

/// The results of a bench run, as Markdown (``markdown``, the section of docs/performance.md
/// that `scripts/update-performance-doc.sh` replaces) or JSON (``json``).
public struct BenchReport: Sendable {
  public var machine: MachineInfo
  /// The command that produced the figures, as the report quotes it.
  public var command = "barframes-bench"
  public var workloads: [WorkloadResult]
  public var memory: (frames: Int, peakMB: Double)?
  /// The tween stress case (``TweenStress``): tweens, inspect wall time, peak RSS.
  public var tweens: (count: Int, seconds: Double, peakMB: Double)?
  /// Peak RSS of the same long seek-bar run with every animated format (APNG, GIF, WebP) too.
  public var memoryAnimatedMB: Double?
  /// Where the pipeline and naive figures were written.
  public var scratch: ScratchFolder?
  /// Where the in-memory figures were written; nil when they were not measured.
  public var memoryFolder: ScratchFolder?
  /// Calls of the fsync family in a PNG render of the long seek-bar run (``Benchmark/memoryFrames``).
  public var longRun: (frames: Int, flushes: Int)?
  /// `render Examples` into a fresh folder, then again with every scene unchanged.
  public var incremental: (firstSeconds: Double, secondSeconds: Double)?
  /// A seek-bar PNG render with `latency` seconds added to every fsync-family call: how much
  /// longer it took than without (``Benchmark/flushLatencyRun(latency:turns:)``).
  public var flushLatency: (latency: Double, addedSeconds: Double, plainSeconds: Double, flushes: Int)?
  /// CPU seconds other processes used during the run (``CPUTimes``); nil where unknown.
  public var otherCPUSeconds: Double?
  public var seconds: Double

  public init(
    machine: MachineInfo, workloads: [WorkloadResult], memory: (frames: Int, peakMB: Double)?, seconds: Double
  ) {
    self.machine = machine
    self.workloads = workloads
    self.memory = memory
    self.seconds = seconds
  }

  static func f(_ v: Double, _ decimals: Int = 1) -> String { String(format: "%.\(decimals)f", v) }

  /// The report as Markdown: a line naming the date, the machine and the command, whether the
  /// machine was idle, then the tables. docs/performance.md holds it between its
  /// `barframes-bench` markers, so every table there comes from one run of the bench.
  public var markdown: String {
    var lines = [
      "Measured \(machine.date) on \(machine.cpu), \(machine.cores) cores, \(machine.os); `\(command)` (\(BenchReport.f(seconds, 0)) s).",
      "",
      loadLine,
      "",
      "| workload | frames | px | draw fps | draw+encode fps | pipeline fps (jobs) | naive fps | × naive | time ÷ C | 2-job scaling | bytes/frame | peak RSS MB |",
      "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for w in workloads {
      let c = w.timeVsC.map { BenchReport.f($0, 2) + (w.identicalToC == true ? " (same bytes)" : "") } ?? "–"
      lines.append(
        "| \(w.name) | \(w.frames) | \(w.width)×\(w.height) | \(BenchReport.f(w.drawFPS, 0)) | \(BenchReport.f(w.drawEncodeFPS, 0)) | \(BenchReport.f(w.pipelineFPS, 0)) (\(w.jobs)) | \(BenchReport.f(w.naiveFPS, 0)) | \(BenchReport.f(w.speedupVsNaive, 2)) | \(c) | \(BenchReport.f(w.scaling2, 2)) | \(BenchReport.f(w.bytesPerFrame, 0)) | \(w.peakRSSMB.map { BenchReport.f($0) } ?? "–") |"
      )
    }
    lines += storageLines
    let animated = workloads.filter { $0.animated != nil }
    if !animated.isEmpty {
      lines += [
        "",
        "| workload | all ÷ PNG time (quartiles) | APNG ÷ naive | APNG encode s | GIF ÷ naive | GIF encode s | WebP ÷ naive | WebP encode s | animated SVG ÷ naive | animated SVG s |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ]
      for w in animated {
        guard let a = w.animated else { continue }
        let cells = ["apng", "gif", "webp", "animated-svg"].map { name in
          a.formats.first { $0.name == name }.map {
            "\(BenchReport.f($0.sizeRatio, 3)) | \(BenchReport.f($0.encodeSeconds, 2))"
          } ?? "– | –"
        }
        let quartiles = AnimatedResult.quartiles(a.turnRatios)
        lines.append(
          "| \(w.name) | \(BenchReport.f(a.allOverPNG, 2)) (\(BenchReport.f(quartiles.lower, 2))–\(BenchReport.f(quartiles.upper, 2))) | " + cells.joined(separator: " | ") + " |")
      }
    }
    let costed = animated.filter { $0.animated?.costs.isEmpty == false }
    if !costed.isEmpty {
      let names = AnimatedResult.costedFormats.map(\.name)
      lines += [
        "",
        "| workload | PNG ms | " + names.map { "png,\($0) ÷ PNG (+CPU ms)" }.joined(separator: " | ") + " |",
        "|---|---:|" + String(repeating: "---:|", count: names.count),
      ]
      for w in costed {
        guard let a = w.animated else { continue }
        let cells = names.map { name in
          a.costs.first { $0.name == name }.map {
            "\(BenchReport.f($0.overPNG, 2)) (\(String(format: "%+.1f", $0.extraCPUSeconds * 1000)))"
          } ?? "–"
        }
        lines.append("| \(w.name) | \(BenchReport.f(a.pngSeconds * 1000)) | " + cells.joined(separator: " | ") + " |")
      }
    }
    if let memory {
      lines.append("")
      lines.append(
        "Peak RSS rendering \(memory.frames) seek-bar frames: \(BenchReport.f(memory.peakMB)) MB"
          + (memoryAnimatedMB.map { "; with `--format png,apng,gif,webp`: \(BenchReport.f($0)) MB" } ?? "") + ".")
    }
    if let tweens {
      lines.append("")
      lines.append(
        "\(tweens.count) overlapping tweens in one scene (`inspect` at the last): \(BenchReport.f(tweens.seconds, 2)) s, peak RSS \(BenchReport.f(tweens.peakMB)) MB (targets: < 1 s, < 64 MB).")
    }
    return lines.joined(separator: "\n")
  }

  /// Whether other work kept the machine busy: a load average above 1 when the run started, or
  /// other processes using more than half a core on average while it ran.
  public var wasBusy: Bool {
    machine.wasBusy || otherCPUSeconds.map { $0 / max(seconds, 1e-9) > 0.5 } == true
  }

  /// Whether the machine was idle; rates from a busy machine do not compare with other runs,
  /// the ratios (each measured in turns) mostly do.
  var loadLine: String {
    var facts: [String] = []
    if let load = machine.loadAverage {
      facts.append("load average \(BenchReport.f(load, 2)) on \(machine.cores) cores when the run started")
    }
    if let others = otherCPUSeconds {
      facts.append(
        "other processes used \(BenchReport.f(others)) s of CPU while it ran (\(BenchReport.f(others / max(seconds, 1e-9), 2)) cores on average)"
      )
    }
    guard !facts.isEmpty else { return "Whether the machine was idle is unknown (no /proc)." }
    return wasBusy
      ? "**The machine was not idle:** \(facts.joined(separator: "; ")), so the rates (fps, seconds) are below what an idle machine gives; compare the ratios."
      : "The machine was idle: \(facts.joined(separator: "; "))."
  }

  static func describe(_ folder: ScratchFolder?) -> String {
    folder.map { "\($0.url.path) (\($0.fileSystem))" } ?? "–"
  }

  /// Where the files went, what writing them there costs against RAM, the flushes, the
  /// re-render of unchanged scenes, and the targets of these figures.
  var storageLines: [String] {
    var lines = [
      "",
      "Pipeline, naive and flush figures write to \(Self.describe(scratch)); in-memory figures to \(Self.describe(memoryFolder)). The pipeline and naive runs of both alternate in turns; fps are the best runs, ratios the medians of the turns' ratios."
        + (scratch?.isExt4WithoutJournal == true
          ? " The scratch folder's ext4 has no journal: it creates files slowly within 60 s (300 s before a flush) of deletions in the same block group — another run's cleanup included — so its figures hold only after a quiet minute."
          : ""),
      "",
      "| workload | pipeline fps: scratch | pipeline fps: memory | scratch ÷ memory time | × naive: scratch | × naive: memory | fsync-family calls per render |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for w in workloads {
      lines.append(
        "| \(w.name) | \(BenchReport.f(w.pipelineFPS, 0)) | \(w.inMemory.map { BenchReport.f($0.pipelineFPS, 0) } ?? "–") | \(w.scratchOverMemoryTime.map { BenchReport.f($0, 2) } ?? "–") | \(BenchReport.f(w.speedupVsNaive, 2)) | \(w.speedupVsNaiveInMemory.map { BenchReport.f($0, 2) } ?? "–") | \(w.flushesPerRender.map(String.init) ?? "–") |")
    }
    if let longRun {
      lines += ["", "A PNG render of \(longRun.frames) seek-bar frames: \(longRun.flushes) fsync-family calls."]
    }
    if let flushLatency {
      lines += [
        "",
        "With \(BenchReport.f(flushLatency.latency * 1000, 0)) ms added to each of its \(flushLatency.flushes) fsync-family calls, a PNG render of the seek-bar frames took \(BenchReport.f(flushLatency.addedSeconds * 1000, 0)) ms longer (\(BenchReport.f(flushLatency.plainSeconds, 3)) s without; medians of turns that alternate).",
      ]
    }
    if let incremental {
      lines += [
        "",
        "`render Examples` into a fresh folder: \(BenchReport.f(incremental.firstSeconds, 2)) s; again, every scene unchanged: \(BenchReport.f(incremental.secondSeconds, 2)) s (\(BenchReport.f(100 * incremental.secondSeconds / incremental.firstSeconds)) %; medians of three runs).",
      ]
    }
    let targets = self.targets
    if !targets.isEmpty {
      lines += [
        "",
        "Targets: "
          + targets.map { "\($0.name): \($0.value) (\($0.met ? "met" : "MISSED"))" }.joined(separator: "; ") + ".",
      ]
    }
    return lines
  }

  /// The performance targets these figures can check, each a ratio within this run: the
  /// figure's text and whether it is met. Those whose figures were not measured are left out.
  public var targets: [(name: String, value: String, met: Bool)] {
    var targets: [(String, String, Bool)] = []
    if let seekBar = workloads.first(where: { $0.name == "seek-bar" }) {
      if let ratio = seekBar.scratchOverMemoryTime, scratch?.isInMemory == false {
        targets.append(("seek-bar scratch ÷ memory time ≤ 1.5", BenchReport.f(ratio, 2), ratio <= 1.5))
      }
      if scratch?.isInMemory == false {
        targets.append(
          ("× naive on scratch ≥ 7", BenchReport.f(seekBar.speedupVsNaive, 2), seekBar.speedupVsNaive >= 7))
      }
      if let ratio = seekBar.speedupVsNaiveInMemory ?? (scratch?.isInMemory == true ? seekBar.speedupVsNaive : nil) {
        targets.append(("× naive in memory ≥ 7.7", BenchReport.f(ratio, 2), ratio >= 7.7))
      }
      if let timeVsC = seekBar.timeVsC {
        targets.append(("time ÷ C ≤ 0.85", BenchReport.f(timeVsC, 2), timeVsC <= 0.85))
      }
      if let animated = seekBar.animated, !animated.turnRatios.isEmpty {
        let ratio = animated.allOverPNG
        targets.append(("seek-bar all ÷ PNG ≤ 1.3", BenchReport.f(ratio, 2), ratio <= 1.3))
      }
    }
    let flushCounts = workloads.compactMap(\.flushesPerRender) + (longRun.map { [$0.flushes] } ?? [])
    if let most = flushCounts.max() {
      targets.append(("fsync-family calls per render ≤ 12", "\(most)", most <= 12))
    }
    if let flushLatency {
      let milliseconds = flushLatency.addedSeconds * 1000
      targets.append(
        (
          "wait with \(BenchReport.f(flushLatency.latency * 1000, 0)) ms added to each flush ≤ 50 ms",
          BenchReport.f(milliseconds, 0) + " ms", milliseconds <= 50
        ))
    }
    if let incremental {
      let ratio = incremental.secondSeconds / incremental.firstSeconds
      targets.append(("unchanged re-render < 10 % of the first", BenchReport.f(100 * ratio) + " %", ratio < 0.1))
    }
    return targets
  }

  static func json(_ a: AnimatedResult) -> JSONValue {
    func number(_ v: Double) -> JSONValue { .number((v * 1000).rounded() / 1000) }
    return .object([
      .init("allSeconds", number(a.allSeconds)), .init("pngSeconds", number(a.pngSeconds)),
      .init("allOverPNG", number(a.allOverPNG)), .init("turnRatios", .array(a.turnRatios.map(number))),
      .init(
        "formats",
        .array(
          a.formats.map { f in
            .object([
              .init("format", .string(f.name)), .init("bytes", .number(Double(f.bytes))),
              .init("naiveBytes", .number(Double(f.naiveBytes))), .init("sizeRatio", number(f.sizeRatio)),
              // To the microsecond: a short run's writer time is well under a millisecond.
              .init("encodeSeconds", .number((f.encodeSeconds * 1_000_000).rounded() / 1_000_000)),
            ])
          })),
      .init(
        "formatCosts",
        .array(
          a.costs.map { c in
            .object([
              .init("format", .string(c.name)), .init("seconds", number(c.seconds)),
              .init("overPNG", number(c.overPNG)), .init("turnRatios", .array(c.turnRatios.map(number))),
              .init("extraCPUSeconds", number(c.extraCPUSeconds)),
            ])
          })),
    ])
  }

  /// The `--json` document.
  public var json: JSONValue {
    func number(_ v: Double?) -> JSONValue { v.map { .number(($0 * 1000).rounded() / 1000) } ?? .null }
    var members: [JSONValue.Member] = [
      .init("version", .number(1)),
      .init(
        "machine",
        .object([
          .init("cores", .number(Double(machine.cores))), .init("cpu", .string(machine.cpu)),
          .init("os", .string(machine.os)), .init("date", .string(machine.date)),
          .init("loadAverage", number(machine.loadAverage)),
        ])),
      .init("command", .string(command)), .init("otherCPUSeconds", number(otherCPUSeconds)),
      .init(
        "workloads",
        .array(
          workloads.map { w in
            .object([
              .init("name", .string(w.name)), .init("frames", .number(Double(w.frames))),
              .init("width", .number(Double(w.width))), .init("height", .number(Double(w.height))),
              .init(
                "fps",
                .object([
                  .init("draw", number(w.drawFPS)), .init("drawEncode", number(w.drawEncodeFPS)),
                  .init("pipeline", number(w.pipelineFPS)),
                ])),
              .init("jobs", .number(Double(w.jobs))), .init("bytesPerFrame", number(w.bytesPerFrame)),
              .init("peakRSSMB", number(w.peakRSSMB)), .init("speedupVsNaive", number(w.speedupVsNaive)),
              .init("timeVsC", number(w.timeVsC)), .init("scaling2", number(w.scaling2)),
              .init("naiveFPS", number(w.naiveFPS)), .init("identicalToC", w.identicalToC.map(JSONValue.bool) ?? .null),
              .init("animated", w.animated.map(Self.json) ?? .null),
              .init("flushesPerRender", w.flushesPerRender.map { .number(Double($0)) } ?? .null),
              .init("naiveTurnRatios", .array((w.storage?.speedupRatios ?? []).map { number($0) })),
              .init("cTurnRatios", .array(w.cTurnRatios.map { number($0) })),
              .init("scalingTurnRatios", .array((w.storage?.scalingRatios ?? []).map { number($0) })),
              .init(
                "inMemory",
                w.inMemory.map { m in
                  .object([
                    .init("pipelineFPS", number(m.pipelineFPS)), .init("naiveFPS", number(m.naiveFPS)),
                    .init("speedupVsNaive", number(w.speedupVsNaiveInMemory)),
                    .init("scratchOverMemoryTime", number(w.scratchOverMemoryTime)),
                    .init("turnRatios", .array((w.storage?.scratchOverMemoryRatios ?? []).map { number($0) })),
                    .init("naiveTurnRatios", .array((w.storage?.memorySpeedupRatios ?? []).map { number($0) })),
                  ])
                } ?? .null),
            ])
          })),
    ]
    if let memory {
      members.append(
        .init(
          "memory",
          .object([
            .init("frames", .number(Double(memory.frames))), .init("peakRSSMB", number(memory.peakMB)),
            .init("animatedPeakRSSMB", number(memoryAnimatedMB)),
          ])))
    }
    if let tweens {
      members.append(
        .init(
          "tweens",
          .object([
            .init("count", .number(Double(tweens.count))), .init("seconds", number(tweens.seconds)),
            .init("peakRSSMB", number(tweens.peakMB)),
          ])))
    }
    func folder(_ folder: ScratchFolder?) -> JSONValue {
      folder.map { .object([.init("path", .string($0.url.path)), .init("fileSystem", .string($0.fileSystem))]) }
        ?? .null
    }
    members.append(.init("scratch", folder(scratch)))
    members.append(.init("memoryFolder", folder(memoryFolder)))
    if let longRun {
      members.append(
        .init(
          "longRun",
          .object([
            .init("frames", .number(Double(longRun.frames))), .init("flushes", .number(Double(longRun.flushes))),
          ])))
    }
    if let flushLatency {
      members.append(
        .init(
          "flushLatency",
          .object([
            .init("latencySeconds", number(flushLatency.latency)),
            .init("addedSeconds", number(flushLatency.addedSeconds)),
            .init("plainSeconds", number(flushLatency.plainSeconds)),
            .init("flushes", .number(Double(flushLatency.flushes))),
          ])))
    }
    if let incremental {
      members.append(
        .init(
          "incremental",
          .object([
            .init("firstSeconds", number(incremental.firstSeconds)),
            .init("secondSeconds", number(incremental.secondSeconds)),
            .init("ratio", number(incremental.secondSeconds / incremental.firstSeconds)),
          ])))
    }
    members.append(
      .init(
        "targets",
        .array(
          targets.map { target in
            .object([
              .init("target", .string(target.name)), .init("value", .string(target.value)),
              .init("met", .bool(target.met)),
            ])
          })))
    members.append(.init("seconds", number(seconds)))
    return .object(members)
  }
}
