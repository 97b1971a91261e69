import BarFramesGolden
import BarFramesImageIO
import BarFramesTestSupport
import BarFramesTesting
import Foundation
import Testing

/// `swift test --attachments-path DIR` end to end: a golden that fails, a draw log that fails and a
/// golden that is recorded put their files in DIR under names that say which is which.
///
/// Attachments only exist outside the process that records them (Swift Testing's event stream
/// writes them; there is no public API to read them back in-process), so this test runs the
/// test binary it is part of again — the executable `swift test` runs, with the arguments
/// SwiftPM passes it (`--testing-library swift-testing --attachments-path DIR`) — restricted to
/// ``AttachmentProbe``. A nested `swift test` would wait for this run's lock on `.build`, and an
/// outside package would rebuild BarFrames for minutes; `scripts/outside-package.sh` (CI)
/// does that with the real `swift test --attachments-path`.
@Suite(.enabled(if: recordModeIsUnset, "BARFRAMES_RECORD overrides the record modes these tests choose"))
struct AttachmentTests {
  @Test func aFailingGoldenADrawLogAndARecordingAreWrittenToTheAttachmentsPath() throws {
    let fixture = try GoldenFixture("attach")
    defer { fixture.remove() }
    try fixture.write(value: 0.5)
    // The goldens at 1 s, white fill (columns 0…9 of rows 4 and 5, see GoldenFixture).
    withKnownIssue {
      try assertFrames(of: fixture.scene, at: [1], matching: fixture.goldens, record: .all)
      try assertDrawLog(of: fixture.scene, at: [1], matching: fixture.goldens, record: .all)
    }
    // The fill turns #F9F9F9: 20 pixels 6 levels off, and a different colour in the draw log.
    try fixture.write(value: 0.5, fill: "#F9F9F9")

    let attachments = fixture.root.appendingPathComponent("attachments", isDirectory: true)
    let artifacts = fixture.root.appendingPathComponent("artifacts", isDirectory: true)
    try FileManager.default.createDirectory(at: attachments, withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    environment["BARFRAMES_RECORD"] = nil
    environment["CI"] = nil
    environment[AttachmentProbe.variable] = fixture.scene.path
    environment["BARFRAMES_ARTIFACTS"] = artifacts.path
    let run = try ExternalTools.run(
      "/proc/self/exe",
      ["--testing-library", "swift-testing", "--filter", "AttachmentProbe", "--attachments-path", attachments.path],
      in: TestRendering.packageRoot, timeout: 300, environment: environment)
    let output = run.text + run.stderr
    #expect(run.status != 0, "the probe fails three times, so its run must fail:\n\(output)")
    #expect(output.contains("AttachmentProbe"), "the probe did not run:\n\(output)")

    let late = "\(fixture.name)_t1.000"
    let written = try FileManager.default.contentsOfDirectory(atPath: attachments.path).sorted()
    #expect(
      written
        == [
          "\(fixture.name)_t0.500.recorded.png", "\(late).actual.png", "\(late).actual.txt", "\(late).diff.png",
          "\(late).reference.png", "\(late).reference.txt",
        ], "\(output)")

    func attached(_ name: String) throws -> Data {
      try Data(contentsOf: attachments.appendingPathComponent(name))
    }
    // Each attachment holds the bytes of the artefact or golden it names.
    for file in ["reference.png", "actual.png", "diff.png", "reference.txt", "actual.txt"] {
      #expect(try attached("\(late).\(file)") == Data(contentsOf: artifacts.appendingPathComponent("\(late)/\(file)")))
    }
    #expect(try attached("\(fixture.name)_t0.500.recorded.png") == Data(contentsOf: fixture.golden("0.500")))
    // And the right image under each name: the fill's first pixel, white in the golden, 249 now.
    let reference = try PNGDecoder.decode(Array(try attached("\(late).reference.png")))
    let actual = try PNGDecoder.decode(Array(try attached("\(late).actual.png")))
    #expect(reference[0, 4] == .init(red: 255, green: 255, blue: 255, alpha: 255))
    #expect(actual[0, 4] == .init(red: 249, green: 249, blue: 249, alpha: 255))
    #expect(try attached("\(late).reference.txt") != attached("\(late).actual.txt"))
  }
}

/// The test the child run of ``AttachmentTests`` executes: it fails a golden and a draw log at
/// 1 s and records a golden at 0.5 s. Skipped in an ordinary run.
@Suite(.enabled(if: attachmentProbeScene != nil, "run only by AttachmentTests, in a child test process"))
struct AttachmentProbe {
  static let variable = attachmentProbeVariable

  @Test func failsAGoldenAndADrawLogAndRecordsAGolden() throws {
    let scene = try #require(attachmentProbeScene)
    let goldens = scene.deletingLastPathComponent().appendingPathComponent("goldens")
    try assertFrames(of: scene, at: [1], matching: goldens)
    try assertDrawLog(of: scene, at: [1], matching: goldens)
    try assertFrames(of: scene, at: [0.5], matching: goldens)
  }
}

/// The variable naming the probe's scene file, and that file in the child run.
let attachmentProbeVariable = "BARFRAMES_ATTACHMENT_PROBE"
let attachmentProbeScene = ProcessInfo.processInfo.environment[attachmentProbeVariable].map {
  URL(fileURLWithPath: $0)
}
