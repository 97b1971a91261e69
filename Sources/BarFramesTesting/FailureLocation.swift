import BarFramesGolden
import Foundation
import Testing
import XCTest

/// Where an assertion reports a failure — the caller's file and line — in whichever test library
/// is running: Swift Testing's `Issue.record` inside a `@Test`, `XCTFail` otherwise.
///
/// Every failure of `assertFrames` and `assertDrawLog` goes through ``fail(_:)``; the tests of
/// this module check that each failure arrives (`withKnownIssue`, and an `XCTestCase` that
/// captures `recordFailure`), so a reporter that stopped reporting would fail them.
struct FailureLocation {
  var fileID: String
  var filePath: StaticString
  var line: UInt
  var column: UInt

  func fail(_ message: String) {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
    } else {
      XCTFail(message, file: filePath, line: line)
    }
  }

  /// Attaches a file written by a golden check (an artefact or a recorded golden) to the running
  /// Swift Testing test as `name`: Xcode's report shows it, and `swift test --attachments-path
  /// DIR` writes it to DIR. Nothing under XCTest: corelibs-xctest (Linux) has no `XCTAttachment`.
  func attach(contentsOf file: URL, named name: String) {
    guard Test.current != nil, let data = FileManager.default.contents(atPath: file.path) else { return }
    Attachment.record(
      Array(data), named: name,
      sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
  }

  /// Attaches what a golden check wrote — for a failure its artefacts as
  /// `<frame>.reference.png`, `.actual.png` and `.diff.png` (`.txt` for draw logs), for a
  /// recording the new golden as `<frame>.recorded.png` — so a person reading the test report
  /// knows which is which.
  func attach(_ outcome: GoldenCheck.Outcome, frame name: String, golden: URL) {
    switch outcome {
    case .matched:
      break
    case .recorded:
      attach(contentsOf: golden, named: "\(name).recorded.\(golden.pathExtension)")
    case .failed(_, let artifacts):
      guard let artifacts else { return }
      for file in [artifacts.reference, artifacts.actual, artifacts.diff].compactMap({ $0 }) {
        attach(contentsOf: file, named: "\(name).\(file.lastPathComponent)")
      }
    }
  }

  /// `BARFRAMES_RECORD` when set, else `record`; nil (after failing) when the variable holds no
  /// mode — a typo must not silently record or silently compare.
  func recordMode(default record: RecordMode) -> RecordMode? {
    do {
      return try RecordMode.fromEnvironment() ?? record
    } catch {
      fail("\(error)")
      return nil
    }
  }

  /// What `swift test --filter` needs to run just this test: the Swift Testing function's name,
  /// or under XCTest the test file's name (by convention its `XCTestCase`'s).
  var testFilter: String? {
    if let test = Test.current {
      return String(test.name.prefix { $0 != "(" })
    }
    let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
    return file.hasSuffix(".swift") ? String(file.dropLast(6)) : file
  }
}
