import BarFrames
import BarFramesGolden
import Foundation
import Testing
import XCTest

/// Asserts that a scene's frames match golden PNGs, from XCTest or Swift Testing.
///
/// ```swift
/// @Test func seekBarLooksRight() throws {
///   try assertFrames(
///     of: URL(fileURLWithPath: "Examples/seek-bar.json"), at: [0, 1, 2.01],
///     matching: URL(fileURLWithPath: "Tests/Goldens"))
/// }
/// ```
/// Each frame is rendered at `scale`, decoded pixels are compared with the golden
/// `<golden>/<scene>/<scene>_t<seconds>.png` under `tolerance`, and a failure is reported at the
/// caller's file and line with the paths of `reference.png`, `actual.png` and `diff.png`
/// (written to `BARFRAMES_ARTIFACTS`, or a folder under the system's temporary directory) and
/// the command that re-records. A missing golden is recorded and the test fails, so a run is
/// never green by accident; on CI (`CI=true`) nothing is written. `BARFRAMES_RECORD`
/// (`missing`, `all`, `failed`, `never`) overrides `record` when set.
///
/// - Parameters:
///   - scene: A scene file.
///   - times: Absolute times in seconds; nil means the scene's key times (0, 25, 50, 75, 100 %
///     and the event times).
///   - goldenDirectory: The folder holding one sub-folder per scene.
///   - tolerance: Per-channel and differing-pixel-ratio limits.
///   - scale: Pixels per point of the compared frames.
///   - record: The record mode when `BARFRAMES_RECORD` is not set.
/// - Throws: Only for problems that are not mismatches (an invalid scene file); mismatches are
///   reported as test failures.
public func assertFrames(
  of scene: URL, at times: [Double]? = nil, matching goldenDirectory: URL,
  tolerance: GoldenTolerance = .default, scale: Int = 1, record: RecordMode = .missing,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws {
  let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let loaded = try Scene.load(contentsOf: scene)
  let mode: RecordMode
  do {
    mode = try RecordMode.fromEnvironment() ?? record
  } catch {
    location.fail("\(error)")
    return
  }
  let timeline = try loaded.timeline()
  let store = GoldenStore(directory: goldenDirectory)
  let check = GoldenCheck(tolerance: tolerance, mode: mode)
  let renderer = GoldenRenderer(scale: scale)
  for time in times ?? loaded.keyTimes {
    let name = GoldenStore.fileName(scene: loaded.name, time: time).replacingOccurrences(of: ".png", with: "")
    do {
      let actual = try renderer.image(of: timeline, at: time)
      let outcome = try check.check(
        actual, golden: store.url(scene: loaded.name, time: time), name: name,
        rerecordHint: "BARFRAMES_RECORD=failed swift test (or: barframes golden record \(scene.path) --golden \(goldenDirectory.path))")
      switch outcome {
      case .matched:
        break
      case .recorded(let reason):
        location.fail("\(name): \(reason)")
      case .failed(let message, _):
        location.fail(message)
      }
    } catch {
      // A comparator that cannot run must fail the test, never pass it.
      location.fail("\(name): \(error)")
    }
  }
}

/// Where to report a failure, in whichever test library is running.
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
}
