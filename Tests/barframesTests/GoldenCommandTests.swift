import BarFramesTestSupport
import Foundation
import Testing

/// `barframes golden record|verify` and their exit codes: 0 match, 2 mismatch, 1 error, 64 usage.
@Suite struct GoldenCommandTests {
  @Test func recordThenVerifyThenDetectAStyleChange() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let style = directory.appendingPathComponent("style.json")
    try Data(#"{"version": 1, "design": "bent-line", "size": [160, 100]}"#.utf8).write(to: style)
    try Data(#"{"version": 1, "style": "style.json", "duration": 1, "events": [{"at": 0.5, "call": "setProgress", "args": {"value": 0.5}}]}"#.utf8)
      .write(to: directory.appendingPathComponent("sweep.json"))
    let record = try CommandRunner.run(["golden", "record", "sweep.json", "--golden", "goldens"], in: directory)
    #expect(record.exitCode == 0, "\(record.stderr)")
    // Key times: 0, 0.25, 0.5 (also the event), 0.75, 1.
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("goldens/sweep").path).sorted()
    #expect(files == ["sweep_t0.000.png", "sweep_t0.250.png", "sweep_t0.500.png", "sweep_t0.750.png", "sweep_t1.000.png"])

    let verify = try CommandRunner.run(["golden", "verify", "sweep.json", "--golden", "goldens"], in: directory)
    #expect(verify.exitCode == 0, "\(verify.stderr)")
    #expect(verify.stdout.contains("5 of 5 frames match"))

    try Data(##"{"version": 1, "design": "bent-line", "size": [160, 100], "strokeColor": "#FF0000"}"##.utf8).write(to: style)
    let changed = try CommandRunner.run(
      ["golden", "verify", "sweep.json", "--golden", "goldens", "--report", "report"], in: directory)
    #expect(changed.exitCode == 2)
    #expect(changed.stderr.contains("MISMATCH sweep_t0.500"))
    let report = try String(contentsOf: directory.appendingPathComponent("report/index.html"), encoding: .utf8)
    #expect(report.contains("sweep_t0.500/reference.png") && report.contains("sweep_t0.500/diff.png"))
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("report/sweep_t0.500/actual.png").path))
  }

  @Test func errorsAndUsage() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = try CommandRunner.run(["golden", "verify", "none.json", "--golden", "g"], in: directory)
    #expect(missing.exitCode == 65)
    let usage = try CommandRunner.run(["golden", "verify", "none.json", "--golden", "g", "--tolerance", "255"], in: directory)
    #expect(usage.exitCode == 64)
    #expect(usage.stderr.contains("255 would pass any image"))
    try Data(#"{"version": 1, "style": {"version": 1, "design": "bent-line"}, "duration": 1}"#.utf8)
      .write(to: directory.appendingPathComponent("s.json"))
    let noGolden = try CommandRunner.run(["golden", "verify", "s.json", "--golden", "g", "--at", "0"], in: directory)
    #expect(noGolden.exitCode == 2)
    #expect(noGolden.stderr.contains("no golden at"))
  }
}
