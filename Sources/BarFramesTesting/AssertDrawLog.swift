import BarFrames
import BarFramesGolden
import BarFramesGraphics
import Foundation

/// Asserts that the draw commands of a scene at one time equal a text golden.
///
/// The log (``RecordingContext``, numbers rounded to 1e-3) does not depend on Cairo, pixman or
/// fonts, so it survives renderer upgrades and shows a geometry change as a readable diff. The
/// golden is `<golden>/<scene>/<scene>_t<seconds>.txt`; record modes work as in
/// ``assertFrames(of:at:matching:tolerance:scale:record:fileID:filePath:line:column:)``.
public func assertDrawLog(
  of scene: URL, at time: Double, matching goldenDirectory: URL, record: RecordMode = .missing,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws {
  let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let loaded = try Scene.load(contentsOf: scene)
  let mode = (try? RecordMode.fromEnvironment()) ?? record
  let recording = RecordingContext()
  try loaded.timeline().presentation(at: time).draw(in: recording)
  let actual = recording.log + "\n"
  let url = goldenDirectory.appendingPathComponent(loaded.name)
    .appendingPathComponent("\(loaded.name)_t\(GoldenStore.formatTime(time)).txt")
  let existing = try? String(contentsOf: url, encoding: .utf8)
  func write() throws { try GoldenCheck.writeAtomically(Array(actual.utf8), to: url) }
  switch (existing, mode) {
  case (nil, .never):
    location.fail("no draw-log golden at \(url.path) and the record mode is never; record it with BARFRAMES_RECORD=missing")
  case (nil, .missing) where RecordMode.isContinuousIntegration():
    location.fail("no draw-log golden at \(url.path) (CI=true, so it is not recorded); record it with BARFRAMES_RECORD=missing outside CI")
  case (nil, _):
    try write()
    location.fail("recorded the draw log at \(url.path); check it, commit it and run again")
  case (.some, .all):
    try write()
    location.fail("record mode is all; re-recorded \(url.path)")
  case (.some(let expected), _) where expected == actual:
    break
  case (.some(let expected), _):
    if mode == .failed { try write() }
    location.fail("the draw log differs from \(url.path):\n" + lineDiff(expected, actual))
  }
}

/// The first differing lines of two logs, `-` expected and `+` actual.
func lineDiff(_ expected: String, _ actual: String) -> String {
  let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
  var out: [String] = []
  for i in 0..<max(a.count, b.count) where out.count < 20 {
    let x = i < a.count ? String(a[i]) : nil
    let y = i < b.count ? String(b[i]) : nil
    if x != y {
      if let x { out.append("- \(x)") }
      if let y { out.append("+ \(y)") }
    }
  }
  return out.joined(separator: "\n")
}
