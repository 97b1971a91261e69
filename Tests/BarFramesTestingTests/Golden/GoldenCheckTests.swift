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
    return (root.appendingPathComponent("goldens/scene/scene_t0.000.png"), root.appendingPathComponent("artifacts"), root)
  }

  func check(_ mode: RecordMode, ci: Bool = false, artifacts: URL) -> GoldenCheck {
    GoldenCheck(tolerance: .exact, mode: mode, isContinuousIntegration: ci, artifactsDirectory: artifacts)
  }

  func decode(_ url: URL) throws -> RGBAImage { try PNGDecoder.decode(Array(try Data(contentsOf: url))) }

  @Test func missingRecordsAndFailsButNotOnCI() throws {
    let (golden, artifacts, root) = try setUp()
    defer { try? FileManager.default.removeItem(at: root) }
    let onCI = try check(.missing, ci: true, artifacts: artifacts).check(image, golden: golden, name: "scene_t0.000", rerecordHint: "x")
    guard case .failed(let message, let written) = onCI else {
      Issue.record("CI must fail a missing golden")
      return
    }
    #expect(message.contains("CI=true"))
    #expect(!FileManager.default.fileExists(atPath: golden.path))
    #expect(try decode(try #require(written).actual) == image)
    let local = try check(.missing, artifacts: artifacts).check(image, golden: golden, name: "scene_t0.000", rerecordHint: "x")
    guard case .recorded = local else {
      Issue.record("a missing golden is recorded (and reported) outside CI")
      return
    }
    #expect(try decode(golden) == image)
    #expect(try check(.missing, artifacts: artifacts).check(image, golden: golden, name: "n", rerecordHint: "x").passed)
  }

  @Test func mismatchWritesReferenceActualAndDiffAndNamesThem() throws {
    let (golden, artifacts, root) = try setUp()
    defer { try? FileManager.default.removeItem(at: root) }
    try GoldenCheck.writeAtomically(try GoldenRenderer.png(image), to: golden)
    let outcome = try check(.missing, artifacts: artifacts).check(other, golden: golden, name: "scene_t0.000", rerecordHint: "RERECORD-ME")
    guard case .failed(let message, let written) = outcome, let written else {
      Issue.record("expected a failure with artefacts")
      return
    }
    #expect(try decode(try #require(written.reference)) == image)
    #expect(try decode(written.actual) == other)
    #expect(try decode(try #require(written.diff))[0, 0] == .init(red: 255, green: 0, blue: 255, alpha: 255))
    #expect(written.directory == artifacts.appendingPathComponent("scene_t0.000"))
    #expect(message.contains("16 of 16 pixels"))
    #expect(message.contains(written.actual.path) && message.contains("RERECORD-ME"))
    #expect(try decode(golden) == image)  // the golden is untouched
  }

  @Test func failedModeRerecordsOnlyMismatches() throws {
    let (golden, artifacts, root) = try setUp()
    defer { try? FileManager.default.removeItem(at: root) }
    try GoldenCheck.writeAtomically(try GoldenRenderer.png(image), to: golden)
    #expect(try check(.failed, artifacts: artifacts).check(image, golden: golden, name: "n", rerecordHint: "x").passed)
    guard case .recorded = try check(.failed, artifacts: artifacts).check(other, golden: golden, name: "n", rerecordHint: "x") else {
      Issue.record("failed mode re-records a mismatch")
      return
    }
    #expect(try decode(golden) == other)
  }

  @Test func allModeAlwaysRecordsAndNeverModeNeverWrites() throws {
    let (golden, artifacts, root) = try setUp()
    defer { try? FileManager.default.removeItem(at: root) }
    guard case .failed = try check(.never, artifacts: artifacts).check(image, golden: golden, name: "n", rerecordHint: "x") else {
      Issue.record("never mode fails a missing golden")
      return
    }
    #expect(!FileManager.default.fileExists(atPath: golden.path))
    try GoldenCheck.writeAtomically(try GoldenRenderer.png(image), to: golden)
    guard case .recorded = try check(.all, artifacts: artifacts).check(image, golden: golden, name: "n", rerecordHint: "x") else {
      Issue.record("all mode records even a match, and reports it")
      return
    }
    guard case .failed = try check(.never, artifacts: artifacts).check(other, golden: golden, name: "n", rerecordHint: "x") else {
      Issue.record("never mode fails a mismatch")
      return
    }
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

  @Test func recordModeComesFromTheEnvironment() throws {
    #expect(try RecordMode.fromEnvironment(["BARFRAMES_RECORD": "failed"]) == .failed)
    #expect(try RecordMode.fromEnvironment([:]) == nil)
    #expect(throws: GoldenError.invalidRecordMode("yes")) { try RecordMode.fromEnvironment(["BARFRAMES_RECORD": "yes"]) }
    #expect(RecordMode.isContinuousIntegration(["CI": "true"]))
    #expect(!RecordMode.isContinuousIntegration([:]))
  }

  @Test func goldenNamesRoundTripTheirTimes() {
    #expect(GoldenStore.fileName(scene: "player-pause", time: 2.01) == "player-pause_t2.010.png")
    #expect(GoldenStore.time(fromFileName: "player-pause_t2.010.png", scene: "player-pause") == 2.01)
    #expect(GoldenStore.time(fromFileName: "other_t2.010.png", scene: "player-pause") == nil)
  }
}
