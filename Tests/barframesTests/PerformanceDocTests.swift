import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFramesBench

/// docs/performance.md's figures are `barframes-bench --markdown`, put between two marker lines
/// by scripts/update-performance-doc.sh: what the renderer prints for a fixed report, that the
/// script replaces only what lies between the markers, and that the doc's section has the
/// columns the bench prints today.
@Suite struct PerformanceDocTests {
  static let begin = "<!-- barframes-bench:begin -->"
  static let end = "<!-- barframes-bench:end -->"
  static let summaryBegin = "<!-- barframes-bench:summary:begin -->"
  static let summaryEnd = "<!-- barframes-bench:summary:end -->"
  static let script = TestRendering.packageRoot.appendingPathComponent("scripts/update-performance-doc.sh")
  static let mainHeader =
    "| workload | frames | px | draw fps | draw+encode fps | pipeline fps (jobs) | naive fps | × naive | time ÷ C | 2-job scaling | bytes/frame | peak RSS MB |"

  /// One seek-bar run with round figures: 9000 ÷ 1200 fps is 7.50 × naive, 6400 ÷ 8000 fps
  /// is 0.80 × C's time, 9000 ÷ 5000 fps is 1.80 for two jobs.
  static func report(loadAverage: Double, otherCPUSeconds: Double = 3.07) -> BenchReport {
    let machine = MachineInfo(
      cores: 2, cpu: "Test CPU", os: "Debian GNU/Linux 12 (bookworm)", date: "2026-01-02", loadAverage: loadAverage)
    var seekBar = WorkloadResult(
      name: "seek-bar", frames: 601, width: 750, height: 40, drawFPS: 40_000, drawEncodeFPS: 8000, pipelineFPS: 9000,
      pipelineOneJobFPS: 5000, jobs: 2, naiveFPS: 1200, bytesPerFrame: 638, peakRSSMB: 31.04, cFPS: 6400,
      identicalToC: true)
    seekBar.animated = AnimatedResult(
      allSeconds: 0.6, pngSeconds: 0.5, turnRatios: [1.3, 1.1, 1.2, 1.25, 1.15],
      formats: [.init(name: "apng", bytes: 392, naiveBytes: 1000, encodeSeconds: 0.012)])
    var report = BenchReport(machine: machine, workloads: [seekBar], memory: (10_001, 47.5), seconds: 61.4)
    report.command = "barframes-bench --format-costs"
    report.otherCPUSeconds = otherCPUSeconds
    return report
  }

  @Test func theMarkdownNamesTheRunAndHoldsTheTablesTheDocExpects() throws {
    let lines = Self.report(loadAverage: 0.4).markdown.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(
      lines.first
        == "Measured 2026-01-02 on Test CPU, 2 cores, Debian GNU/Linux 12 (bookworm); `barframes-bench --format-costs` (61 s)."
    )
    #expect(
      lines.contains(
        "The machine was idle: load average 0.40 on 2 cores when the run started; other processes used 3.1 s of CPU while it ran (0.05 cores on average)."
      ), "\(lines)")
    let header = try #require(lines.firstIndex(of: Self.mainHeader), "\(lines)")
    #expect(lines[header + 1] == "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    #expect(
      lines[header + 2]
        == "| seek-bar | 601 | 750×40 | 40000 | 8000 | 9000 (2) | 1200 | 7.50 | 0.80 (same bytes) | 1.80 | 638 | 31.0 |"
    )
    // The animated table: the median of the turns' ratios and their quartiles, then each format.
    #expect(lines.contains { $0.hasPrefix("| workload | all ÷ PNG time (quartiles) | APNG ÷ naive |") })
    #expect(lines.contains("| seek-bar | 1.20 (1.15–1.25) | 0.392 | 0.01 | – | – | – | – | – | – |"), "\(lines)")
    #expect(lines.contains("Peak RSS rendering 10001 seek-bar frames: 47.5 MB."))
    // Every table row has as many cells as its header.
    for (index, line) in lines.enumerated() where line.hasPrefix("| workload |") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).count
      for row in lines[(index + 1)...].prefix(while: { $0.hasPrefix("|") }) {
        #expect(row.split(separator: "|", omittingEmptySubsequences: false).count == cells, "\(row)")
      }
    }
  }

  /// Busy before the run (load average above 1) or during it (other processes using more
  /// than half a core on average).
  @Test func aBusyMachineIsSaidToBeSo() {
    let before = Self.report(loadAverage: 2.5).markdown
    #expect(before.contains("**The machine was not idle:** load average 2.50 on 2 cores when the run started;"))
    let during = Self.report(loadAverage: 0.4, otherCPUSeconds: 61.4).markdown
    #expect(
      during.contains(
        "**The machine was not idle:** load average 0.40 on 2 cores when the run started; other processes used 61.4 s of CPU while it ran (1.00 cores on average)"
      ))
    #expect(!before.contains("was idle") && !during.contains("was idle"))
  }

  @Test func theScriptReplacesOnlyTheTextBetweenTheMarkers() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = "# Performance\n\nProse that explains the figures.\n\n"
    let after = "\n## Why the code is built this way\n\nMore prose, kept as it is.\n"
    let doc = directory.appendingPathComponent("performance.md")
    try Data((before + Self.begin + "\n| an old | table |\n" + Self.end + after).utf8).write(to: doc)
    let markdown = Self.report(loadAverage: 0.4).markdown
    let bench = directory.appendingPathComponent("bench.md")
    try Data((markdown + "\n").utf8).write(to: bench)

    let readme = directory.appendingPathComponent("README.md")
    let readmeText = "# Tool\n\n## How fast\n\n\(Self.summaryBegin)\nold summary\n\(Self.summaryEnd)\n\n## Next\n"
    try Data(readmeText.utf8).write(to: readme)
    let arguments = [Self.script.path, "--doc", doc.path, "--readme", readme.path, "--from", bench.path]
    let run = try ExternalTools.run("/bin/bash", arguments)
    #expect(run.status == 0, "\(run.stderr)")
    let updated = try String(contentsOf: doc, encoding: .utf8)
    let open = try #require(updated.range(of: Self.begin + "\n"))
    let close = try #require(updated.range(of: Self.end))
    #expect(String(updated[..<open.lowerBound]) == before)
    #expect(String(updated[close.lowerBound...]) == Self.end + after)
    let section = String(updated[open.upperBound..<close.lowerBound])
    #expect(section.contains(markdown), "\(section)")
    #expect(!section.contains("an old"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        == ["README.md", "bench.md", "performance.md"])

    // The README's summary: the run's first lines, then from where the files went to the targets.
    let summaryText = try String(contentsOf: readme, encoding: .utf8)
    let summaryOpen = try #require(summaryText.range(of: Self.summaryBegin + "\n"))
    let summaryClose = try #require(summaryText.range(of: Self.summaryEnd))
    #expect(String(summaryText[..<summaryOpen.lowerBound]) == "# Tool\n\n## How fast\n\n")
    #expect(String(summaryText[summaryClose.lowerBound...]) == Self.summaryEnd + "\n\n## Next\n")
    let summary = String(summaryText[summaryOpen.upperBound..<summaryClose.lowerBound])
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let storage = try #require(lines.firstIndex { $0.hasPrefix("Pipeline, naive and flush figures") })
    let targets = try #require(lines.firstIndex { $0.hasPrefix("Targets:") })
    #expect(summary.contains(lines[0]) && summary.contains("The machine was idle"))
    #expect(summary.contains(lines[storage...targets].joined(separator: "\n")), "\(summary)")
    #expect(!summary.contains(Self.mainHeader) && !summary.contains("old summary"))

    // Run again: the same documents (the script's own note is not repeated).
    let again = try ExternalTools.run("/bin/bash", arguments)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try String(contentsOf: doc, encoding: .utf8) == updated)
    #expect(try String(contentsOf: readme, encoding: .utf8) == summaryText)

    // Without its end marker the document is refused and left as it was.
    let broken = before + Self.begin + "\nold\n" + after
    try Data(broken.utf8).write(to: doc)
    let refused = try ExternalTools.run("/bin/bash", arguments)
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("must hold the line"))
    #expect(try String(contentsOf: doc, encoding: .utf8) == broken)
  }

  /// The committed doc has one generated section, and its main table has the columns the bench
  /// prints now: a renderer change needs the doc regenerated, not edited.
  @Test func theDocsSectionHasTheBenchsColumns() throws {
    let doc = try String(
      contentsOf: TestRendering.packageRoot.appendingPathComponent("docs/performance.md"), encoding: .utf8)
    let lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.filter { $0 == Self.begin }.count == 1 && lines.filter { $0 == Self.end }.count == 1)
    let first = try #require(lines.firstIndex(of: Self.begin))
    let last = try #require(lines.firstIndex(of: Self.end))
    try #require(first < last)
    let section = lines[first...last]
    #expect(section.contains { $0.hasPrefix("Measured ") && $0.contains("`barframes-bench") })
    #expect(section.contains(Self.mainHeader))
    #expect(Self.report(loadAverage: 0).markdown.contains(Self.mainHeader))
  }

  /// The README shows the disk and memory figures side by side, from the same run.
  @Test func theReadmesSummaryHasTheDiskAndMemoryTable() throws {
    let readme = try String(contentsOf: TestRendering.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.filter { $0 == Self.summaryBegin }.count == 1 && lines.filter { $0 == Self.summaryEnd }.count == 1)
    let first = try #require(lines.firstIndex(of: Self.summaryBegin))
    let last = try #require(lines.firstIndex(of: Self.summaryEnd))
    try #require(first < last)
    let storageHeader =
      "| workload | pipeline fps: scratch | pipeline fps: memory | scratch ÷ memory time | × naive: scratch | × naive: memory | fsync-family calls per render |"
    #expect(lines[first...last].contains(storageHeader))
    #expect(lines[first...last].contains { $0.hasPrefix("Targets: ") })
    #expect(Self.report(loadAverage: 0).markdown.contains(storageHeader))
  }

  /// The targets line holds `--format all` against PNG alone (≤ 1.3) with the turns' median.
  @Test func theTargetsIncludeAllFormatsOverPNG() {
    #expect(Self.report(loadAverage: 0).markdown.contains("seek-bar all ÷ PNG ≤ 1.3: 1.20 (met)"))
  }

  /// The flush targets: at most 12 fsync-family calls a render, and with 10 ms added
  /// to each, at most 50 ms more of waiting — 4 × 10 ms on the render's own thread (its begin
  /// and its commit) is 40, so 4 + 0.051 s is a miss and 12 + 0.042 s is met.
  @Test func theTargetsHoldTheFlushCountAndTheAddedLatency() {
    var report = Self.report(loadAverage: 0)
    report.longRun = (10_001, 12)
    report.flushLatency = (0.010, 0.042, 0.105, 4)
    let markdown = report.markdown
    #expect(
      markdown.contains(
        "With 10 ms added to each of its 4 fsync-family calls, a PNG render of the seek-bar frames took 42 ms longer (0.105 s without; medians of turns that alternate)."
      ), "\(markdown)")
    #expect(markdown.contains("fsync-family calls per render ≤ 12: 12 (met)"))
    #expect(markdown.contains("wait with 10 ms added to each flush ≤ 50 ms: 42 ms (met)"))
    report.longRun = (10_001, 13)
    report.flushLatency = (0.010, 0.051, 0.105, 4)
    #expect(report.markdown.contains("fsync-family calls per render ≤ 12: 13 (MISSED)"))
    #expect(report.markdown.contains("wait with 10 ms added to each flush ≤ 50 ms: 51 ms (MISSED)"))
  }
}
