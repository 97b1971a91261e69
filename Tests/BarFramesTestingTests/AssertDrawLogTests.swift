import BarFramesGolden
import BarFramesTestSupport
import BarFramesTesting
import Foundation
import Testing

/// `assertDrawLog` at several times, with its golden names, diff and re-record command.
@Suite(.enabled(if: recordModeIsUnset, "BARFRAMES_RECORD overrides the record modes these tests choose"))
struct AssertDrawLogTests {
  // The fill layer of GoldenFixture's bar at v: frame (0, 4, 20·v, 2), so it is drawn in its own
  // coordinates moved down by 4 — a 20·v × 2 rectangle in the fill colour.
  static let fillAtHalf = "fill M0 0 L10 0 L10 2 L0 2 Z color=#FFFFFFFF rule=nonZero"
  static let fillAtThreeQuarters = "fill M0 0 L15 0 L15 2 L0 2 Z color=#FFFFFFFF rule=nonZero"

  @Test func recordsOneTextGoldenPerTimeThenMatches() throws {
    let fixture = try GoldenFixture("log")
    defer { fixture.remove() }
    try fixture.write(value: 0.5)
    let issues = RecordedIssues()
    try withKnownIssue {
      try assertDrawLog(of: fixture.scene, at: [0, 1], matching: fixture.goldens, record: .all)
    } matching: {
      issues.matcher($0)
    }
    #expect(issues.messages.count == 2)
    #expect(issues.messages.first?.contains("recorded \(fixture.golden("0.000", ext: "txt").path)") == true)
    let log = try String(contentsOf: fixture.golden("1.000", ext: "txt"), encoding: .utf8)
    #expect(log.contains("concat [1 0 0 1 0 4]\n\(Self.fillAtHalf)\n"))
    #expect(FileManager.default.fileExists(atPath: fixture.golden("0.000", ext: "txt").path))
    try assertDrawLog(of: fixture.scene, at: [0, 1], matching: fixture.goldens, record: .never)
  }

  @Test func aGeometryChangeFailsAtTheCallersLineWithTheDiffAndTheRerecordCommand() throws {
    let fixture = try GoldenFixture("log-change")
    defer { fixture.remove() }
    try fixture.write(value: 0.5)
    withKnownIssue {
      try assertDrawLog(of: fixture.scene, at: [1], matching: fixture.goldens, record: .all)
    }
    try fixture.write(value: 0.75)
    let issues = RecordedIssues()
    var line = 0
    try withKnownIssue {
      line = #line + 1
      try assertDrawLog(of: fixture.scene, at: [1], matching: fixture.goldens)
    } matching: {
      issues.matcher($0)
    }
    #expect(issues.lines == [line])
    let message = try #require(issues.messages.first)
    #expect(
      message.hasPrefix(
        "\(fixture.name)_t1.000: the draw log differs from its golden \(fixture.golden("1.000", ext: "txt").path)"))
    #expect(message.contains("\n- \(Self.fillAtHalf)\n+ \(Self.fillAtThreeQuarters)\n"))
    #expect(
      message.contains(
        "BARFRAMES_RECORD=failed swift test --filter aGeometryChangeFailsAtTheCallersLineWithTheDiffAndTheRerecordCommand"
      ))
  }

  @Test func aMissingLogUnderNeverFailsAndNamesTheGolden() throws {
    let fixture = try GoldenFixture("log-missing")
    defer { fixture.remove() }
    try fixture.write(value: 0.5)
    let issues = RecordedIssues()
    try withKnownIssue {
      try assertDrawLog(of: fixture.scene, at: [0.5], matching: fixture.goldens, record: .never)
    } matching: {
      issues.matcher($0)
    }
    #expect(issues.messages.count == 1)
    #expect(
      issues.messages.first?.hasPrefix(
        "\(fixture.name)_t0.500: no draw-log golden at \(fixture.golden("0.500", ext: "txt").path) (record mode is never)"
      ) == true)
  }
}
