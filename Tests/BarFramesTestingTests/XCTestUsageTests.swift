import BarFramesTestSupport
import BarFramesTesting
import Foundation
import XCTest

/// `assertFrames` from XCTest, where it reports through `XCTFail` instead of Swift Testing.
final class XCTestUsageTests: XCTestCase {
  func testMatchingFramesPassUnderXCTest() throws {
    try assertFrames(
      of: TestRendering.packageRoot.appendingPathComponent("Examples/bent-line-slider.json"), at: [0.5, 2],
      matching: TestRendering.packageRoot.appendingPathComponent("Tests/Goldens"), record: .never)
  }

  func testDrawLogMatchesAHandWrittenGolden() throws {
    let goldens = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: goldens) }
    let scene = TestRendering.packageRoot.appendingPathComponent("Examples/bent-line-strokeend.json")
    let log = goldens.appendingPathComponent("bent-line-strokeend/bent-line-strokeend_t3.000.txt")
    try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
    // At 3 s: p = 0.8, s = 0.5 — green S→(160, 82.25), gray (160, 82.25)→K(241, 86)→E (designs.md §3.2).
    try Data(
      """
      save
      concat [1 0 0 1 0 0]
      stroke M160 82.25 L241 86 L295 76 color=#CCCCCCFF width=5 cap=round join=round
      restore
      save
      concat [1 0 0 1 0 0]
      stroke M25 76 L160 82.25 color=#42FF42FF width=5 cap=round join=round
      restore
      save
      concat [1 0 0 1 221 56]
      text "80%" rect=(0, 0, 40, 20) size=13 weight=regular color=#42FF42FF align=center
      restore

      """.utf8
    ).write(to: log)
    try assertDrawLog(of: scene, at: 3, matching: goldens, record: .never)
  }
}
