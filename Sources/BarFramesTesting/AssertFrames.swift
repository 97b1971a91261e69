import BarFrames
import BarFramesGolden
import Foundation
import Testing

/// Asserts that a scene's frames match golden PNGs, from XCTest or Swift Testing.
///
/// ```swift
/// @Test func seekBarLooksRight() throws {
///   try assertFrames(of: URL(fileURLWithPath: "Examples/seek-bar.json"), at: [0, 1, 2.01])
/// }
/// ```
/// Each frame is rendered at `scale` and its decoded pixels are compared with the golden
/// `<golden>/<scene>/<scene>_t<seconds>.png` under `tolerance` — by default ±1 per channel and
/// not one pixel beyond. Goldens live in `__Goldens__` beside the test file unless
/// `goldenDirectory` says otherwise, so the working directory does not matter.
///
/// A failure is reported at the caller's file and line, says the tolerance used, where
/// `reference.png`, `actual.png` and `diff.png` were written (`BARFRAMES_ARTIFACTS`, or
/// `barframes-artifacts` in the system's temporary folder) and the commands that re-record —
/// `BARFRAMES_RECORD=failed swift test --filter <test>` and `barframes golden record <scene>
/// --golden <dir> --at …` with this call's folder and times (for a design of your own, the same
/// subcommand of your tool that adds it through `BarFramesCLI.main(designs:)`).
///
/// Under Swift Testing the images are also attached to the test (`Attachment.record`):
/// `<scene>_t<seconds>.reference.png`, `.actual.png` and `.diff.png` for a failure,
/// `.recorded.png` for a recording. Xcode's report shows them, and `swift test
/// --attachments-path DIR` writes them to DIR (corelibs-xctest on Linux has no attachments).
///
/// Record modes: `BARFRAMES_RECORD` (`missing`, `all`, `failed`, `never`) overrides `record`
/// when set. A missing golden is recorded and the test fails (on CI, `CI=true`, nothing is
/// written); `failed` re-records the goldens that differ and `all` every golden, and both fail
/// the test, so a run that records is never green.
///
/// A `tolerance` that would pass any image (see ``GoldenTolerance/refusal``) fails this
/// assertion once, at the caller's line, and the rest of the run goes on.
///
/// - Parameters:
///   - scene: A scene file.
///   - times: Absolute times in seconds; nil means the scene's key times (0, 25, 50, 75, 100 %
///     and the event times).
///   - goldenDirectory: The folder holding one sub-folder per scene; nil means `__Goldens__`
///     beside the test file (``GoldenStore/besideTestFile(_:)``).
///   - tolerance: How different a frame may be; ``GoldenTolerance/default`` is exact-or-near.
///   - scale: Pixels per point of the compared frames.
///   - record: The record mode when `BARFRAMES_RECORD` is not set.
///   - designs: The designs the scene's style may name; add your own to golden-test it.
/// - Throws: Only for problems that are not about goldens (an invalid scene file); mismatches,
///   missing or unreadable goldens and refused tolerances are reported as test failures.
public func assertFrames(
  of scene: URL, at times: [Double]? = nil, matching goldenDirectory: URL? = nil,
  tolerance: GoldenTolerance = .default, scale: Int = 1, record: RecordMode = .missing,
  designs: DesignRegistry = .standard,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws {
  let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  if let refusal = tolerance.refusal {
    location.fail("\(GoldenError.refusedTolerance(refusal)); nothing was compared")
    return
  }
  guard let mode = location.recordMode(default: record) else { return }
  let loaded = try Scene.load(contentsOf: scene, designs: designs)
  let timeline = try loaded.timeline()
  let store = GoldenStore(directory: goldenDirectory ?? GoldenStore.besideTestFile("\(filePath)"))
  let check = GoldenCheck(tolerance: tolerance, mode: mode)
  let renderer = GoldenRenderer(scale: scale)
  // `barframes golden record` knows only BarFrames' own designs; another design's goldens are
  // recorded by the package's own tool (`BarFramesCLI.main(designs:)`), whose name only the
  // package knows.
  let standardDesign = DesignRegistry.standard.design(named: loaded.style.designName).map {
    ObjectIdentifier($0) == ObjectIdentifier(loaded.style.design)
  } ?? false
  let record = RerecordCommand.goldenRecord(
    scene: RerecordCommand.displayPath(scene), golden: RerecordCommand.displayPath(store.directory),
    times: times, scale: scale)
  let hint =
    RerecordCommand.swiftTest(filter: location.testFilter)
    + (standardDesign
      ? " (or: \(record))"
      : " (or, with your tool that adds the \(loaded.style.designName) design through BarFramesCLI.main(designs:): "
        + "<tool>" + record.dropFirst("barframes".count) + ")")
  for time in times ?? loaded.keyTimes {
    let name = GoldenStore.frameName(scene: loaded.name, time: time)
    do throws(GoldenError) {
      let actual = try renderer.image(of: timeline, at: time)
      let golden = store.url(scene: loaded.name, time: time)
      let outcome = try check.check(actual, golden: golden, name: name, rerecordHint: hint)
      location.attach(outcome, frame: name, golden: golden)
      if let message = outcome.failureMessage { location.fail(message) }
    } catch {
      if case .refusedTolerance = error {
        // Said once for the whole call, not once per frame.
        location.fail("\(error); nothing was compared")
        return
      }
      // A comparator that cannot run must fail the test, never pass it.
      location.fail("\(name): \(error)")
    }
  }
}
