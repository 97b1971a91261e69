import BarFramesGolden
import BarFramesTestSupport
import Foundation
import Testing

/// Text goldens: each record mode, the diff and the artefacts, on hand-written logs.
@Suite struct DrawLogCheckTests {
  let log = "save\nfill M0 4 L10 4 L10 6 L0 6 Z color=#FFFFFFFF rule=nonZero\nrestore\n"
  let moved = "save\nfill M0 4 L15 4 L15 6 L0 6 Z color=#FFFFFFFF rule=nonZero\nrestore\n"

  func check(_ mode: RecordMode, root: URL, ci: Bool = false) -> DrawLogCheck {
    DrawLogCheck(mode: mode, isContinuousIntegration: ci, artifactsDirectory: root.appendingPathComponent("artifacts"))
  }

  @Test func missingLogIsRecordedAndFailsThenMatches() throws {
    let root = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let golden = root.appendingPathComponent("g/bar/bar_t0.500.txt")
    let recorded = try check(.missing, root: root).check(log, golden: golden, name: "bar_t0.500", rerecordHint: "x")
    #expect(
      recorded.recordedReason?.hasPrefix("bar_t0.500: no draw-log golden existed; recorded \(golden.path).") == true)
    #expect(try String(contentsOf: golden, encoding: .utf8) == log)
    #expect(try check(.missing, root: root).check(log, golden: golden, name: "bar_t0.500", rerecordHint: "x").passed)
  }

  @Test func differenceFailsWithTheChangedLinesAndBothLogsAsArtefacts() throws {
    let root = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let golden = root.appendingPathComponent("g/bar/bar_t0.500.txt")
    try GoldenCheck.writeAtomically(Array(log.utf8), to: golden)
    let outcome = try check(.missing, root: root).check(
      moved, golden: golden, name: "bar_t0.500", rerecordHint: "RERECORD")
    let failure = try #require(outcome.failure)
    let artifacts = root.appendingPathComponent("artifacts/bar_t0.500")
    #expect(
      failure.message == """
        bar_t0.500: the draw log differs from its golden \(golden.path) (- golden, + actual):
        - fill M0 4 L10 4 L10 6 L0 6 Z color=#FFFFFFFF rule=nonZero
        + fill M0 4 L15 4 L15 6 L0 6 Z color=#FFFFFFFF rule=nonZero
        Golden: \(artifacts.path)/reference.txt, actual: \(artifacts.path)/actual.txt. If the new look is intended, re-record with: RERECORD
        """)
    #expect(try String(contentsOf: artifacts.appendingPathComponent("actual.txt"), encoding: .utf8) == moved)
    #expect(try String(contentsOf: golden, encoding: .utf8) == log)  // untouched
  }

  @Test func neverAndCIDoNotWriteFailedAndAllDoAndFail() throws {
    let root = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let golden = root.appendingPathComponent("g/bar/bar_t0.500.txt")
    let never = try check(.never, root: root).check(log, golden: golden, name: "n", rerecordHint: "x")
    #expect(never.failure?.message.contains("record mode is never") == true)
    let onCI = try check(.missing, root: root, ci: true).check(log, golden: golden, name: "n", rerecordHint: "x")
    #expect(onCI.failure?.message.contains("CI=true") == true)
    #expect(!FileManager.default.fileExists(atPath: golden.path))
    try GoldenCheck.writeAtomically(Array(log.utf8), to: golden)
    #expect(try check(.failed, root: root).check(log, golden: golden, name: "n", rerecordHint: "x").passed)
    let rerecorded = try check(.failed, root: root).check(moved, golden: golden, name: "n", rerecordHint: "x")
    #expect(rerecorded.recordedReason != nil)
    #expect(try String(contentsOf: golden, encoding: .utf8) == moved)
    let all = try check(.all, root: root).check(moved, golden: golden, name: "n", rerecordHint: "x")
    #expect(all.recordedReason?.contains("record mode is all") == true)
  }

  @Test func aGoldenThatIsNotTextFailsInsteadOfPassing() throws {
    let root = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let golden = root.appendingPathComponent("bar_t0.500.txt")
    try Data([0xFF, 0xFE, 0x00, 0xC3]).write(to: golden)
    #expect(throws: GoldenError.unreadableGolden(path: golden.path, reason: "not UTF-8 text")) {
      try check(.missing, root: root).check(log, golden: golden, name: "n", rerecordHint: "x")
    }
  }
}
