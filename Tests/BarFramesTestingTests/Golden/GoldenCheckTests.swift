import BarFramesGolden
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// Each record mode, artefacts and unreadable goldens.
@Suite struct GoldenCheckTests {
  let image = RGBAImage(width: 4, height: 4, filledWith: .init(red: 10, green: 200, blue: 30, alpha: 255))
  let other = RGBAImage(width: 4, height: 4, filledWith: .init(red: 200, green: 10, blue: 30, alpha: 255))

  func setUp() throws -> (golden: URL, artifacts: URL, root: URL) {
    let root = try TestRendering.temporaryDirectory()
    return (
      root.appendingPathComponent("goldens/scene/scene_t0.000.png"), root.appendingPathComponent("artifacts"), root
    )
  }

  func check(_ mode: RecordMode, ci: Bool = false, artifacts: URL) -> GoldenCheck {
    GoldenCheck(tolerance: .exact, mode: mode, isContinuousIntegration: ci, artifactsDirectory: artifacts)
  }

  func decode(_ url: URL) throws -> RGBAImage { try PNGDecoder.decode(Array(try Data(contentsOf: url))) }

  @Test func missingRecordsAndFailsButNotOnCI() throws {
    let (golden, artifacts, root) = try setUp()
    defer { try? FileManager.default.removeItem(at: root) }
    let onCI = try check(.missing, ci: true, artifacts: artifacts).check(
      image, golden: golden, name: "scene_t0.000", rerecordHint: "REC")
    let (message, written) = try #require(onCI.failure, "CI must fail a missing golden")
    #expect(
      message
        == "scene_t0.000: no golden at \(golden.path) (CI=true, so missing goldens are not recorded). The actual frame is at \(artifacts.path)/scene_t0.000/actual.png. Record it with: REC"
    )
    #expect(!FileManager.default.fileExists(atPath: golden.path))
    #expect(try decode(try #require(written).actual) == image)
    let local = try check(.missing, artifacts: artifacts).check(
      image, golden: golden, name: "scene_t0.000", rerecordHint: "x")
    let reason = try #require(local.recordedReason, "a missing golden is recorded (and reported) outside CI")
    #expect(reason.contains("recorded \(golden.path)") && reason.contains("a run that records always fails"))
    #expect(local.failureMessage == reason)
    #expect(try decode(golden) == image)
    #expect(try check(.missing, artifacts: artifacts).check(image, golden: golden, name: "n", rerecordHint: "x").passed)
  }

  /// The sentence after a recording undoes what chose to record, and names BARFRAMES_RECORD only
  /// when that variable was set (issue 44: it said "without BARFRAMES_RECORD" in every case).
  @Test func theRecordingMessageSaysWhatToUndo() throws {
    let (golden, artifacts, root) = try setUp()
    defer { try? FileManager.default.removeItem(at: root) }
    func reason(_ mode: RecordMode, variable: String?) throws -> String {
      try? FileManager.default.removeItem(at: golden)
      let check = GoldenCheck(
        tolerance: .exact, mode: mode, isContinuousIntegration: false, artifactsDirectory: artifacts,
        recordVariable: variable)
      return try #require(try check.check(image, golden: golden, name: "n", rerecordHint: "x").recordedReason)
    }
    let byDefault = try reason(.missing, variable: nil)
    #expect(
      byDefault
        == "n: no golden existed; recorded \(golden.path). Check it, commit it and run the tests again: they compare with it from now on (a run that records always fails)"
    )
    #expect(
      try reason(.all, variable: "all")
        == "n: no golden existed; recorded \(golden.path). Check it, commit it and run the tests again without BARFRAMES_RECORD=all (a run that records always fails)"
    )
    #expect(
      try reason(.failed, variable: nil).hasSuffix(
        "Check it, commit it and change the assertion's `record: .failed` back to the default (.missing) and run the tests again (a run that records always fails)"
      ))
    // The draw log says the same.
    let log = golden.deletingPathExtension().appendingPathExtension("txt")
    let drawLog = DrawLogCheck(
      mode: .missing, isContinuousIntegration: false, artifactsDirectory: artifacts, recordVariable: nil)
    let logOutcome = try drawLog.check("line\n", golden: log, name: "n", rerecordHint: "x")
    let logReason = try #require(logOutcome.recordedReason)
    #expect(logReason.hasSuffix("run the tests again: they compare with it from now on (a run that records always fails)"))
    #expect(!logReason.contains("BARFRAMES_RECORD"))
  }

  @Test func mismatchWritesReferenceActualAndDiffAndNamesThem() throws {
    let (golden, artifacts, root) = try setUp()
    defer { try? FileManager.default.removeItem(at: root) }
    try GoldenCheck.writeAtomically(try GoldenRenderer.png(image), to: golden)
    let outcome = try check(.missing, artifacts: artifacts).check(
      other, golden: golden, name: "scene_t0.000", rerecordHint: "RERECORD-ME")
    let (message, artifactsWritten) = try #require(outcome.failure, "expected a failure")
    let written = try #require(artifactsWritten, "expected artefacts")
    #expect(try decode(try #require(written.reference)) == image)
    #expect(try decode(written.actual) == other)
    #expect(try decode(try #require(written.diff))[0, 0] == .init(red: 255, green: 0, blue: 255, alpha: 255))
    #expect(written.directory == artifacts.appendingPathComponent("scene_t0.000"))
    // Every pixel differs (red 10 → 200 and green 200 → 10: 190 levels), under the exact tolerance.
    #expect(
      message.contains(
        "16 of 16 pixels (100 %) differ by more than 0 per channel (largest difference 190, first at x 0, y 0)"))
    #expect(message.contains("tolerance: ±0 per channel, no pixel beyond"))
    #expect(message.contains(written.actual.path) && message.contains("RERECORD-ME"))
    #expect(try decode(golden) == image)  // the golden is untouched
  }

  @Test func failedModeRerecordsOnlyMismatches() throws {
    let (golden, artifacts, root) = try setUp()
    defer { try? FileManager.default.removeItem(at: root) }
    try GoldenCheck.writeAtomically(try GoldenRenderer.png(image), to: golden)
    #expect(try check(.failed, artifacts: artifacts).check(image, golden: golden, name: "n", rerecordHint: "x").passed)
    let outcome = try check(.failed, artifacts: artifacts).check(other, golden: golden, name: "n", rerecordHint: "x")
    #expect(outcome.recordedReason != nil, "failed mode re-records a mismatch, and fails")
    #expect(try decode(golden) == other)
  }

  @Test func allModeAlwaysRecordsAndNeverModeNeverWrites() throws {
    let (golden, artifacts, root) = try setUp()
    defer { try? FileManager.default.removeItem(at: root) }
    let missing = try check(.never, artifacts: artifacts).check(image, golden: golden, name: "n", rerecordHint: "x")
    #expect(missing.failure?.message.contains("record mode is never") == true, "never mode fails a missing golden")
    #expect(!FileManager.default.fileExists(atPath: golden.path))
    try GoldenCheck.writeAtomically(try GoldenRenderer.png(image), to: golden)
    let all = try check(.all, artifacts: artifacts).check(image, golden: golden, name: "n", rerecordHint: "x")
    #expect(all.recordedReason?.contains("record mode is all") == true, "all mode records even a match, and fails")
    let mismatch = try check(.never, artifacts: artifacts).check(other, golden: golden, name: "n", rerecordHint: "x")
    #expect(mismatch.failure != nil, "never mode fails a mismatch")
    #expect(try decode(golden) == image)
  }

  @Test func corruptGoldenFailsClearlyInsteadOfPassing() throws {
    let (golden, artifacts, root) = try setUp()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("not a png".utf8).write(to: golden)
    #expect {
      try check(.missing, artifacts: artifacts).check(image, golden: golden, name: "n", rerecordHint: "x")
    } throws: { error in
      "\(error)".contains("cannot be compared") && "\(error)".contains(golden.path)
    }
  }

  @Test func refusedToleranceThrowsBeforeAnythingIsWritten() throws {
    let (golden, artifacts, root) = try setUp()
    defer { try? FileManager.default.removeItem(at: root) }
    // 16 of a 4 × 4 image's 16 pixels would let anything through.
    let checker = GoldenCheck(
      tolerance: GoldenTolerance(maxDifferingPixels: 16), mode: .all, isContinuousIntegration: false,
      artifactsDirectory: artifacts)
    #expect(
      throws: GoldenError.refusedTolerance(
        .init(
          parameter: .maxDifferingPixels,
          reason: "must be fewer than the image's 16 pixels (16 would pass any image); got 16"))
    ) {
      try checker.check(image, golden: golden, name: "n", rerecordHint: "x")
    }
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("goldens").path))
    #expect(!FileManager.default.fileExists(atPath: artifacts.path))
  }

  @Test func theDefaultCheckFailsOneChannelOffByTwo() throws {
    let (golden, artifacts, root) = try setUp()
    defer { try? FileManager.default.removeItem(at: root) }
    try GoldenCheck.writeAtomically(try GoldenRenderer.png(image), to: golden)
    var nearly = image
    nearly[3, 2] = .init(red: 11, green: 200, blue: 30, alpha: 255)
    var off = image
    off[3, 2] = .init(red: 10, green: 198, blue: 30, alpha: 255)
    let checker = GoldenCheck(mode: .never, isContinuousIntegration: false, artifactsDirectory: artifacts)
    #expect(try checker.check(nearly, golden: golden, name: "n", rerecordHint: "x").passed)
    let failure = try #require(try checker.check(off, golden: golden, name: "n", rerecordHint: "x").failure)
    #expect(
      failure.message.contains(
        "1 of 16 pixels (6.25 %) differs by more than 1 per channel (largest difference 2, first at x 3, y 2)"))
    #expect(failure.message.contains("tolerance: ±1 per channel, no pixel beyond"))
  }

  @Test func recordModeComesFromTheEnvironment() throws {
    #expect(try RecordMode.fromEnvironment(["BARFRAMES_RECORD": "failed"]) == .failed)
    #expect(try RecordMode.fromEnvironment([:]) == nil)
    #expect(throws: GoldenError.invalidRecordMode("yes")) {
      try RecordMode.fromEnvironment(["BARFRAMES_RECORD": "yes"])
    }
    #expect(RecordMode.isContinuousIntegration(["CI": "true"]))
    #expect(!RecordMode.isContinuousIntegration([:]))
  }

  @Test func goldenNamesRoundTripTheirTimes() {
    #expect(GoldenStore.fileName(scene: "player-pause", time: 2.01) == "player-pause_t2.010.png")
    #expect(GoldenStore.time(fromFileName: "player-pause_t2.010.png", scene: "player-pause") == 2.01)
    #expect(GoldenStore.time(fromFileName: "other_t2.010.png", scene: "player-pause") == nil)
    #expect(
      GoldenStore(directory: URL(fileURLWithPath: "/g")).drawLogURL(scene: "bar", time: 0.5).path
        == "/g/bar/bar_t0.500.txt")
  }

  @Test func goldensDefaultToAFolderBesideTheTestFile() {
    #expect(
      GoldenStore.besideTestFile("/src/Tests/MyBarTests/BarTests.swift").path == "/src/Tests/MyBarTests/__Goldens__")
  }

  @Test func rerecordCommandsCarryTheTestsOwnTimesAndQuoteForTheShell() {
    #expect(
      RerecordCommand.goldenRecord(scene: "Examples/bar.json", golden: "Tests/Goldens", times: [0.5, 1])
        == "barframes golden record Examples/bar.json --golden Tests/Goldens --at 0.5 --at 1")
    #expect(
      RerecordCommand.goldenRecord(scene: "my scenes/bar's.json", golden: "/g", times: nil, scale: 2)
        == #"barframes golden record 'my scenes/bar'\''s.json' --golden /g --scale 2"#)
    #expect(
      RerecordCommand.goldenRecord(scene: "s.json", golden: "g", times: [2.01])
        == "barframes golden record s.json --golden g --at 2.01")
    #expect(
      RerecordCommand.displayPath(URL(fileURLWithPath: "/work/pkg/Examples/bar.json"), relativeTo: "/work/pkg")
        == "Examples/bar.json")
    #expect(
      RerecordCommand.displayPath(URL(fileURLWithPath: "/work/pkg2/bar.json"), relativeTo: "/work/pkg")
        == "/work/pkg2/bar.json")
    #expect(RerecordCommand.swiftTest(filter: "barMatches") == "BARFRAMES_RECORD=failed swift test --filter barMatches")
    #expect(
      RerecordCommand.goldenRecord(tool: "ring-barframes", scene: "ring.json", golden: "g", times: nil)
        == "ring-barframes golden record ring.json --golden g")
  }
}

extension GoldenCheck.Outcome {
  /// The message and artefacts of a failure, or nil.
  var failure: (message: String, artifacts: GoldenCheck.Artifacts?)? {
    if case .failed(let message, let artifacts) = self { return (message, artifacts) }
    return nil
  }

  /// Why a golden was written, or nil.
  var recordedReason: String? {
    if case .recorded(let reason) = self { return reason }
    return nil
  }
}
