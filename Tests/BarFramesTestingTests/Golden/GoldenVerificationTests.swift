import BarFrames
import BarFramesGolden
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// The verify engine as a library: what `barframes golden verify` runs, without the CLI.
@Suite struct GoldenVerificationTests {
  /// Records the fixture's goldens at `times` with the value `v`.
  static func record(_ fixture: GoldenFixture, value: Double, times: [Double]) throws {
    try fixture.write(value: value)
    let timeline = try Scene.load(contentsOf: fixture.scene).timeline()
    let store = GoldenStore(directory: fixture.goldens)
    for time in times {
      let image = try GoldenRenderer().image(of: timeline, at: time)
      try GoldenCheck.writeAtomically(try GoldenRenderer.png(image), to: store.url(scene: fixture.name, time: time))
    }
  }

  @Test func matchingFramesMatchAndAChangedSceneFailsEveryFrameWithItsArtefacts() throws {
    let fixture = try GoldenFixture("verification")
    defer { fixture.remove() }
    try Self.record(fixture, value: 0.5, times: [0, 0.5])
    let verification = GoldenVerification(
      store: GoldenStore(directory: fixture.goldens),
      artifactsDirectory: fixture.root.appendingPathComponent("artefacts"))

    var report = GoldenReport(tolerance: verification.tolerance)
    var seen: [String] = []
    try verification.verify(try Scene.load(contentsOf: fixture.scene).timeline(), at: [0, 0.5], into: &report) {
      seen.append($0.name)
    }
    #expect(report.matched == 2 && report.failures == 0 && report.errors == 0)
    #expect(seen == ["\(fixture.name)_t0.000", "\(fixture.name)_t0.500"])

    // 0.55 fills one more column: two pixels differ at every time.
    try fixture.write(value: 0.55)
    report = GoldenReport(tolerance: verification.tolerance)
    try verification.verify(try Scene.load(contentsOf: fixture.scene).timeline(), at: [0, 0.5, 1], into: &report)
    #expect(report.failures == 3)  // 0 and 0.5 differ; 1 has no golden (never recorded by verify)
    #expect(
      !FileManager.default.fileExists(
        atPath: GoldenStore(directory: fixture.goldens).url(scene: fixture.name, time: 1).path))
    guard case .failed(let message, let artifacts)? = report.frames.first?.status else {
      Issue.record("the first frame did not fail: \(report.frames)")
      return
    }
    #expect(message.contains("2 of 200 pixels"))
    let diff = try #require(artifacts?.diff)
    #expect(FileManager.default.fileExists(atPath: diff.path))
  }

  @Test func aToleranceThatPassesAnythingIsRefusedBeforeAnyComparison() throws {
    let fixture = try GoldenFixture("verification-refused")
    defer { fixture.remove() }
    try Self.record(fixture, value: 0.5, times: [0])
    let verification = GoldenVerification(
      store: GoldenStore(directory: fixture.goldens), tolerance: GoldenTolerance(perChannel: 255))
    var report = GoldenReport(tolerance: verification.tolerance)
    #expect(throws: GoldenError.self) {
      try verification.verify(try Scene.load(contentsOf: fixture.scene).timeline(), at: [0], into: &report)
    }
    #expect(report.frames.isEmpty)
  }
}
