import BarFrames
import BarFramesGraphics
import Foundation

/// Checks the draw log of a frame against a text golden, with the record modes of
/// ``GoldenCheck`` — the engine behind `assertDrawLog`.
///
/// The log is ``RecordingContext``'s: one line per drawing command, numbers rounded to 10⁻³, text
/// as its glyph outlines. It does not depend on Cairo, pixman or the machine, so it survives
/// renderer upgrades, and a geometry change reads as a diff of a few lines. Goldens are
/// ``GoldenStore/drawLogURL(scene:time:)``: `<golden>/<scene>/<scene>_t<seconds>.txt`.
public struct DrawLogCheck: Sendable {
  public var mode: RecordMode
  /// Whether the run is on CI, where `missing` does not write.
  public var isContinuousIntegration: Bool
  /// Where `reference.txt` and `actual.txt` of a failure go.
  public var artifactsDirectory: URL
  /// The value of `BARFRAMES_RECORD` when that variable chose ``mode`` (see
  /// ``GoldenCheck/recordVariable``).
  public var recordVariable: String?

  public init(
    mode: RecordMode = .missing, isContinuousIntegration: Bool = RecordMode.isContinuousIntegration(),
    artifactsDirectory: URL = GoldenCheck.defaultArtifactsDirectory(),
    recordVariable: String? = RecordMode.variableValue()
  ) {
    self.mode = mode
    self.isContinuousIntegration = isContinuousIntegration
    self.artifactsDirectory = artifactsDirectory
    self.recordVariable = recordVariable
  }

  /// The draw log of `timeline` at `time`, ending with a newline — what a golden holds.
  public static func log(of timeline: any SceneTimeline, at time: Double) -> String {
    let recording = RecordingContext()
    timeline.presentation(at: time).draw(in: recording)
    return recording.log + "\n"
  }

  /// Compares `actual` with the golden log at `golden`.
  /// - Parameters:
  ///   - name: Names the frame in messages and the artefacts folder, e.g. `bent-line-slider_t0.500`.
  ///   - rerecordHint: The command that re-records this golden, for the failure message.
  public func check(
    _ actual: String, golden: URL, name: String, rerecordHint: String
  ) throws(GoldenError) -> GoldenCheck.Outcome {
    let checker = GoldenCheck(
      mode: mode, isContinuousIntegration: isContinuousIntegration, artifactsDirectory: artifactsDirectory,
      recordVariable: recordVariable)
    guard FileManager.default.fileExists(atPath: golden.path) else {
      if let why = checker.refusalToRecordMissing {
        let artifacts = try writeArtifacts(name: name, expected: nil, actual: actual)
        return .failed(
          message:
            "\(name): no draw-log golden at \(golden.path) (\(why)). The actual log is at \(artifacts.actual.path). Record it with: \(rerecordHint)",
          artifacts: artifacts)
      }
      try write(actual, to: golden)
      return .recorded(
        reason: "\(name): no draw-log golden existed; recorded \(golden.path). \(checker.afterRecording)")
    }
    if mode == .all {
      try write(actual, to: golden)
      return .recorded(reason: "\(name): record mode is all; re-recorded \(golden.path). \(checker.afterRecording)")
    }
    var expected = ""
    var unreadable: String?
    do {
      let bytes = try InputBytes.read(golden, limit: .max)
      if let text = String(validating: bytes, as: UTF8.self) { expected = text } else { unreadable = "not UTF-8 text" }
    } catch {
      unreadable = "\(error)"
    }
    if let unreadable {
      if mode == .failed {
        try write(actual, to: golden)
        return .recorded(
          reason:
            "\(name): the draw-log golden was unreadable; re-recorded \(golden.path). \(checker.afterRecording)")
      }
      throw .unreadableGolden(path: golden.path, reason: unreadable)
    }
    if expected == actual { return .matched(comparison: nil) }
    let diff = DrawLogCheck.lineDiff(expected, actual)
    if mode == .failed {
      try write(actual, to: golden)
      return .recorded(
        reason:
          "\(name): the draw log differed from \(golden.path); re-recorded it. \(checker.afterRecording)\n\(diff)")
    }
    let artifacts = try writeArtifacts(name: name, expected: expected, actual: actual)
    return .failed(
      message: "\(name): the draw log differs from its golden \(golden.path) (- golden, + actual):\n\(diff)\nGolden: \(artifacts.reference!.path), actual: \(artifacts.actual.path). If the new look is intended, re-record with: \(rerecordHint)",
      artifacts: artifacts)
  }

  /// The first 20 differing lines of two logs, `- expected` then `+ actual`, line by line.
  public static func lineDiff(_ expected: String, _ actual: String) -> String {
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

  private func write(_ text: String, to url: URL) throws(GoldenError) {
    try GoldenCheck.writeAtomically(Array(text.utf8), to: url)
  }

  private func writeArtifacts(
    name: String, expected: String?, actual: String
  ) throws(GoldenError) -> GoldenCheck.Artifacts {
    let folder = artifactsDirectory.appendingPathComponent(name, isDirectory: true)
    let actualURL = folder.appendingPathComponent("actual.txt")
    try write(actual, to: actualURL)
    var artifacts = GoldenCheck.Artifacts(directory: folder, reference: nil, actual: actualURL, diff: nil)
    if let expected {
      let referenceURL = folder.appendingPathComponent("reference.txt")
      try write(expected, to: referenceURL)
      artifacts.reference = referenceURL
    }
    return artifacts
  }
}
