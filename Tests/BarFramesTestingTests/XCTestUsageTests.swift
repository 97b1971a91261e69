import BarFramesTestSupport
import BarFramesTesting
import Foundation
import XCTest

/// `assertFrames` and `assertDrawLog` from XCTest, where they report through `XCTFail`.
///
/// XCTest on Linux has no `XCTExpectFailure`, so this case captures `recordFailure` while an
/// assertion under test runs: a failure that should be reported and is not leaves nothing
/// captured, and the checks on what was captured fail the test.
final class XCTestUsageTests: XCTestCase {
  private var captured: [(description: String, file: String, line: Int)]?

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    if captured != nil {
      captured?.append((description, filePath, lineNumber))
    } else {
      super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  /// The failures `body` reports, kept from failing this test.
  private func failures(of body: () throws -> Void) rethrows -> [(description: String, file: String, line: Int)] {
    captured = []
    defer { captured = nil }
    try body()
    return captured ?? []
  }

  override func setUpWithError() throws {
    try XCTSkipUnless(recordModeIsUnset, "BARFRAMES_RECORD overrides the record modes these tests choose")
  }

  func testMatchingFramesPassAndAOnePixelChangeFailsAtTheCallersLine() throws {
    let fixture = try GoldenFixture("xctest")
    defer { fixture.remove() }
    try fixture.write(value: 0.5)
    let recorded = try failures {
      try assertFrames(of: fixture.scene, at: [0.5, 1], matching: fixture.goldens, record: .all)
    }
    XCTAssertEqual(recorded.count, 2, "recording fails once per frame")
    let matched = try failures { try assertFrames(of: fixture.scene, at: [0.5, 1], matching: fixture.goldens) }
    XCTAssertEqual(matched.count, 0, "\(matched)")

    try fixture.write(value: 0.55)
    let line = #line + 1
    let changed = try failures { try assertFrames(of: fixture.scene, at: [0.5], matching: fixture.goldens) }
    XCTAssertEqual(changed.count, 1)
    let failure = try XCTUnwrap(changed.first)
    XCTAssertEqual(failure.line, line)
    XCTAssertEqual(failure.file, #filePath)
    XCTAssertTrue(
      failure.description.contains("2 of 200 pixels (1 %) differ by more than 1 per channel"), failure.description)
    XCTAssertTrue(failure.description.contains("tolerance: ±1 per channel, no pixel beyond"), failure.description)
    // Under XCTest the filter is the test file's name, by convention its XCTestCase's.
    XCTAssertTrue(
      failure.description.contains("BARFRAMES_RECORD=failed swift test --filter XCTestUsageTests"), failure.description)
  }

  func testARefusedToleranceFailsOnceAndTheTestGoesOn() throws {
    let fixture = try GoldenFixture("xctest-refused")
    defer { fixture.remove() }
    try fixture.write(value: 0.5)
    let line = #line + 2
    let refused = try failures {
      try assertFrames(
        of: fixture.scene, at: [0, 1], matching: fixture.goldens, tolerance: GoldenTolerance(maxDifferingPixelRatio: 1))
    }
    XCTAssertEqual(refused.map(\.line), [line])
    XCTAssertEqual(
      refused.first?.description,
      "failed - refused tolerance: maxDifferingPixelRatio must be at least 0 and below 1 (1 would pass any image); got 1.0; nothing was compared"
    )
  }

  func testDrawLogDifferenceIsReportedAtTheCallersLine() throws {
    let fixture = try GoldenFixture("xctest-log")
    defer { fixture.remove() }
    try fixture.write(value: 0.5)
    let recorded = try failures {
      try assertDrawLog(of: fixture.scene, at: [1], matching: fixture.goldens, record: .all)
    }
    XCTAssertEqual(recorded.count, 1)
    XCTAssertEqual(try failures { try assertDrawLog(of: fixture.scene, at: [1], matching: fixture.goldens) }.count, 0)
    try fixture.write(value: 0.75)
    let line = #line + 1
    let changed = try failures { try assertDrawLog(of: fixture.scene, at: [1], matching: fixture.goldens) }
    XCTAssertEqual(changed.map(\.line), [line])
    XCTAssertTrue(changed.first?.description.contains("+ \(AssertDrawLogTests.fillAtThreeQuarters)") == true)
  }
}
