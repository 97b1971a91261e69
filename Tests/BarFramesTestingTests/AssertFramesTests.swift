import BarFramesGolden
import BarFramesImageIO
import BarFramesTestSupport
import BarFramesTesting
import Foundation
import Testing

/// `assertFrames` under Swift Testing: every failure it must report arrives as an issue at the
/// caller's line (`withKnownIssue` fails the test when none does), and what matches reports
/// nothing. Goldens are recorded by the tests themselves in temporary folders.
@Suite(.enabled(if: recordModeIsUnset, "BARFRAMES_RECORD overrides the record modes these tests choose"))
struct AssertFramesTests {
  /// Records the fixture's goldens at `times` (record mode all: one failure per frame).
  func record(_ fixture: GoldenFixture, at times: [Double]) throws {
    let issues = RecordedIssues()
    try withKnownIssue {
      try assertFrames(of: fixture.scene, at: times, matching: fixture.goldens, record: .all)
    } matching: {
      issues.matcher($0)
    }
    #expect(issues.messages.count == times.count)
    // Each message names the golden it wrote and says the run fails because it recorded.
    for time in times {
      let golden = fixture.golden(GoldenStore.formatTime(time))
      #expect(
        issues.messages.contains {
          $0.contains("recorded \(golden.path)") && $0.contains("a run that records always fails")
        })
    }
  }

  @Test func recordingWritesEveryFrameAndFailsThenTheSameFramesPass() throws {
    let fixture = try GoldenFixture("record")
    defer { fixture.remove() }
    try fixture.write(value: 0.5)
    try record(fixture, at: [0.5, 1])
    let golden = try PNGDecoder.decode(Array(try Data(contentsOf: fixture.golden("0.500"))))
    // Row 4 (hand-worked, see GoldenFixture): fill white up to x 9, then the faint track.
    #expect(golden.width == 20 && golden.height == 10)
    #expect(golden[9, 4] == .init(red: 255, green: 255, blue: 255, alpha: 255))
    #expect(golden[10, 4].red < 30 && golden[0, 3] == .init(red: 0, green: 0, blue: 0, alpha: 255))
    #expect(FileManager.default.fileExists(atPath: fixture.golden("1.000").path))
    // Outside withKnownIssue: any issue here fails this test.
    try assertFrames(of: fixture.scene, at: [0.5, 1], matching: fixture.goldens, record: .never)
  }

  @Test func aOnePixelLongerFillFailsAtTheCallersLineWithToleranceAndRerecordCommand() throws {
    let fixture = try GoldenFixture("longer")
    defer { fixture.remove() }
    try fixture.write(value: 0.5)
    try record(fixture, at: [0.5, 1])
    try fixture.write(value: 0.55)
    let issues = RecordedIssues()
    var line = 0
    try withKnownIssue {
      line = #line + 1
      try assertFrames(of: fixture.scene, at: [0.5, 1], matching: fixture.goldens)
    } matching: {
      issues.matcher($0)
    }
    // Column 10 of rows 4 and 5 turned from track to fill: 2 of 200 pixels, at both times.
    #expect(issues.messages.count == 2)
    #expect(issues.lines == [line, line])
    #expect(issues.files == ["AssertFramesTests.swift", "AssertFramesTests.swift"])
    let message = try #require(issues.messages.first)
    #expect(message.hasPrefix("\(fixture.name)_t0.500 does not match its golden \(fixture.golden("0.500").path): "))
    #expect(message.contains("2 of 200 pixels (1 %) differ by more than 1 per channel"))
    #expect(message.contains("first at x 10, y 4"))
    #expect(message.contains("tolerance: ±1 per channel, no pixel beyond"))
    #expect(message.contains("/\(fixture.name)_t0.500/diff.png"))
    #expect(
      message.contains(
        "BARFRAMES_RECORD=failed swift test --filter aOnePixelLongerFillFailsAtTheCallersLineWithToleranceAndRerecordCommand"
      ))
    #expect(
      message.contains(
        "barframes golden record \(fixture.scene.path) --golden \(fixture.goldens.path) --at 0.5 --at 1)"))
  }

  @Test func aColourSixLevelsOffFailsTheDefaultAndPassesAToleranceOfSix() throws {
    let fixture = try GoldenFixture("colour")
    defer { fixture.remove() }
    try fixture.write(value: 0.5)
    try record(fixture, at: [1])
    // The fill, columns 0…9 of rows 4 and 5, goes from 255 to 249 (#F9F9F9): 20 pixels, 6 levels.
    try fixture.write(value: 0.5, fill: "#F9F9F9")
    let issues = RecordedIssues()
    try withKnownIssue {
      try assertFrames(of: fixture.scene, at: [1], matching: fixture.goldens, tolerance: GoldenTolerance(perChannel: 5))
    } matching: {
      issues.matcher($0)
    }
    #expect(issues.messages.count == 1)
    #expect(
      issues.messages.first?.contains(
        "20 of 200 pixels (10 %) differ by more than 5 per channel (largest difference 6, first at x 0, y 4)") == true)
    #expect(issues.messages.first?.contains("tolerance: ±5 per channel, no pixel beyond") == true)
    try assertFrames(of: fixture.scene, at: [1], matching: fixture.goldens, tolerance: GoldenTolerance(perChannel: 6))
    try assertFrames(
      of: fixture.scene, at: [1], matching: fixture.goldens, tolerance: GoldenTolerance(maxDifferingPixels: 20))
  }

  @Test func aRefusedToleranceFailsOnceAtTheCallersLineAndTheRunGoesOn() throws {
    let fixture = try GoldenFixture("refused")
    defer { fixture.remove() }
    try fixture.write(value: 0.5)
    let issues = RecordedIssues()
    var line = 0
    try withKnownIssue {
      line = #line + 1
      try assertFrames(
        of: fixture.scene, at: [0, 0.5, 1], matching: fixture.goldens, tolerance: GoldenTolerance(perChannel: 255),
        record: .all)
    } matching: {
      issues.matcher($0)
    }
    #expect(issues.lines == [line])
    #expect(
      issues.messages == [
        "refused tolerance: perChannel must be 0…254 (255 would pass any image); got 255; nothing was compared"
      ])
    #expect(
      !FileManager.default.fileExists(atPath: fixture.goldens.path), "nothing may be recorded under a refused tolerance"
    )

    // A count that covers all 200 pixels is only known to be refused once a frame is drawn.
    let covering = RecordedIssues()
    try withKnownIssue {
      try assertFrames(
        of: fixture.scene, at: [0, 0.5, 1], matching: fixture.goldens,
        tolerance: GoldenTolerance(maxDifferingPixels: 200), record: .all)
    } matching: {
      covering.matcher($0)
    }
    #expect(
      covering.messages == [
        "refused tolerance: maxDifferingPixels must be fewer than the image's 200 pixels (200 would pass any image); got 200; nothing was compared"
      ])
    #expect(!FileManager.default.fileExists(atPath: fixture.goldens.path))

    // The process is alive and the next assertion works as usual.
    try record(fixture, at: [1])
    try assertFrames(
      of: fixture.scene, at: [1], matching: fixture.goldens, tolerance: GoldenTolerance(maxDifferingPixels: 199))
  }

  @Test func failedModeRerecordsOnlyTheFramesThatDifferAndFails() throws {
    let fixture = try GoldenFixture("failed")
    defer { fixture.remove() }
    try fixture.write(value: 0.5)
    try record(fixture, at: [0.5])
    let before = try Data(contentsOf: fixture.golden("0.500"))
    try assertFrames(of: fixture.scene, at: [0.5], matching: fixture.goldens, record: .failed)  // matches: nothing written, no issue
    #expect(try Data(contentsOf: fixture.golden("0.500")) == before)
    try fixture.write(value: 0.55)
    let issues = RecordedIssues()
    try withKnownIssue {
      try assertFrames(of: fixture.scene, at: [0.5], matching: fixture.goldens, record: .failed)
    } matching: {
      issues.matcher($0)
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("re-recorded \(fixture.golden("0.500").path)") == true)
    try assertFrames(of: fixture.scene, at: [0.5], matching: fixture.goldens, record: .never)
  }

  @Test func aMissingGoldenUnderNeverFailsAndSaysHowToRecordIt() throws {
    let fixture = try GoldenFixture("missing")
    defer { fixture.remove() }
    try fixture.write(value: 0.5)
    let issues = RecordedIssues()
    try withKnownIssue {
      try assertFrames(of: fixture.scene, at: [0.25], matching: fixture.goldens, scale: 2, record: .never)
    } matching: {
      issues.matcher($0)
    }
    #expect(issues.messages.count == 1)
    let message = try #require(issues.messages.first)
    #expect(
      message.hasPrefix("\(fixture.name)_t0.250: no golden at \(fixture.golden("0.250").path) (record mode is never)"))
    #expect(message.contains("--at 0.25 --scale 2"))
  }

  @Test func goldensDefaultToUnderscoreGoldensBesideTheTestFile() throws {
    // `filePath` stands for the test file's #filePath; a literal, so the folder is a fixed one
    // in the temporary directory and the scene's unique name keeps runs apart.
    let fixture = try GoldenFixture("beside")
    let besideRoot = URL(fileURLWithPath: "/tmp/barframes-beside-test-file/__Goldens__")
    defer {
      fixture.remove()
      try? FileManager.default.removeItem(at: besideRoot.appendingPathComponent(fixture.name))
    }
    try fixture.write(value: 0.5)
    let issues = RecordedIssues()
    try withKnownIssue {
      try assertFrames(
        of: fixture.scene, at: [1], record: .all, filePath: "/tmp/barframes-beside-test-file/BesideTests.swift")
    } matching: {
      issues.matcher($0)
    }
    let golden = besideRoot.appendingPathComponent("\(fixture.name)/\(fixture.name)_t1.000.png")
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains(golden.path) == true)
    #expect(FileManager.default.fileExists(atPath: golden.path))
    try assertFrames(
      of: fixture.scene, at: [1], record: .never, filePath: "/tmp/barframes-beside-test-file/BesideTests.swift")
  }
}
