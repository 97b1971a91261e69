import BarFrames
import BarFramesGolden
import Foundation

/// Asserts that the drawing commands of a scene at some times equal text goldens.
///
/// ```swift
/// @Test func bentLineGeometry() throws {
///   try assertDrawLog(of: URL(fileURLWithPath: "Examples/bent-line-slider.json"), at: [0.5, 1])
/// }
/// ```
/// The log (``RecordingContext``: one line per command, numbers rounded to 10⁻³, text as its
/// glyph outlines) does not depend on Cairo, pixman or the machine, so it survives renderer
/// upgrades and shows a geometry change as a readable diff. The golden of each time is
/// `<golden>/<scene>/<scene>_t<seconds>.txt` — beside the PNG goldens of
/// ``assertFrames(of:at:matching:tolerance:scale:record:designs:fileID:filePath:line:column:)``, in
/// `__Goldens__` next to the test file by default. A failure is reported at the caller's line
/// with the first differing lines (`-` golden, `+` actual), the paths of `reference.txt` and
/// `actual.txt`, and the command that re-records: `BARFRAMES_RECORD=failed swift test --filter
/// <test>`. Record modes work as in `assertFrames`: every run that writes a golden fails. Under
/// Swift Testing the texts are attached to the test — `<scene>_t<seconds>.reference.txt` and
/// `.actual.txt` for a failure, `.recorded.txt` for a recording — so `swift test
/// --attachments-path DIR` writes them to DIR.
///
/// - Parameters:
///   - scene: A scene file.
///   - times: Absolute times in seconds; nil means the scene's key times.
///   - goldenDirectory: The folder holding one sub-folder per scene; nil means `__Goldens__`
///     beside the test file.
///   - record: The record mode when `BARFRAMES_RECORD` is not set.
///   - designs: The designs the scene's style may name; add your own to golden-test it.
/// - Throws: Only for problems that are not about goldens (an invalid scene file).
public func assertDrawLog(
  of scene: URL, at times: [Double]? = nil, matching goldenDirectory: URL? = nil, record: RecordMode = .missing,
  designs: DesignRegistry = .standard,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws {
  let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  guard let mode = location.recordMode(default: record) else { return }
  let loaded = try Scene.load(contentsOf: scene, designs: designs)
  let timeline = try loaded.timeline()
  let store = GoldenStore(directory: goldenDirectory ?? GoldenStore.besideTestFile("\(filePath)"))
  let check = DrawLogCheck(mode: mode)
  let hint = RerecordCommand.swiftTest(filter: location.testFilter)
  for time in times ?? loaded.keyTimes {
    let name = GoldenStore.frameName(scene: loaded.name, time: time)
    do throws(GoldenError) {
      let golden = store.drawLogURL(scene: loaded.name, time: time)
      let outcome = try check.check(
        DrawLogCheck.log(of: timeline, at: time), golden: golden, name: name, rerecordHint: hint)
      location.attach(outcome, frame: name, golden: golden)
      if let message = outcome.failureMessage { location.fail(message) }
    } catch {
      location.fail("\(name): \(error)")
    }
  }
}
