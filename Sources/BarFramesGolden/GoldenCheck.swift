import BarFrames
import BarFramesPNG
import BarFramesOutput
import Foundation

/// Checks one rendered frame against its golden file, recording per the mode and writing
/// failure artefacts — the engine behind both `assertFrames` and `barframes golden`.
public struct GoldenCheck: Sendable {
  /// What happened to one frame.
  public enum Outcome: Sendable {
    /// The frame matches its golden; `comparison` is nil for text goldens (draw logs).
    case matched(comparison: ImageComparison?)
    /// The golden was (re)written; `reason` says why. Assertions still fail, so a run that
    /// records is never green.
    case recorded(reason: String)
    /// The frame does not match (or the golden is missing and may not be written).
    case failed(message: String, artifacts: Artifacts?)

    /// Whether the frame matched without anything being written.
    public var passed: Bool {
      if case .matched = self { return true }
      return false
    }

    /// The sentence an assertion reports, or nil when the frame matched.
    public var failureMessage: String? {
      switch self {
      case .matched: nil
      case .recorded(let reason): reason
      case .failed(let message, _): message
      }
    }
  }

  /// The three images written for a failure.
  public struct Artifacts: Hashable, Sendable {
    public var directory: URL
    public var reference: URL?
    public var actual: URL
    public var diff: URL?

    public init(directory: URL, reference: URL?, actual: URL, diff: URL?) {
      self.directory = directory
      self.reference = reference
      self.actual = actual
      self.diff = diff
    }
  }

  public var tolerance: GoldenTolerance
  public var mode: RecordMode
  /// Whether the run is on CI, where `missing` does not write.
  public var isContinuousIntegration: Bool
  /// Where failure artefacts go.
  public var artifactsDirectory: URL
  /// The value of `BARFRAMES_RECORD` when that variable chose ``mode``, nil when the mode came
  /// from the code (`record:`): the sentence after a recording says which one to undo.
  public var recordVariable: String?

  public init(
    tolerance: GoldenTolerance = .default, mode: RecordMode = .missing,
    isContinuousIntegration: Bool = RecordMode.isContinuousIntegration(),
    artifactsDirectory: URL = GoldenCheck.defaultArtifactsDirectory(),
    recordVariable: String? = RecordMode.variableValue()
  ) {
    self.tolerance = tolerance
    self.mode = mode
    self.isContinuousIntegration = isContinuousIntegration
    self.artifactsDirectory = artifactsDirectory
    self.recordVariable = recordVariable
  }

  /// `BARFRAMES_ARTIFACTS`, or `barframes-artifacts` under the system's temporary folder.
  public static func defaultArtifactsDirectory(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let path = environment["BARFRAMES_ARTIFACTS"], !path.isEmpty {
      return URL(fileURLWithPath: path, isDirectory: true)
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent("barframes-artifacts", isDirectory: true)
  }

  /// Compares `actual` with the golden at `golden`.
  /// - Parameters:
  ///   - name: Names the frame in messages and the artefacts folder, e.g. `bent-line-slider_t0.500`.
  ///   - rerecordHint: The command that re-records this golden, for the failure message.
  /// - Throws: ``GoldenError/refusedTolerance(_:)`` when the tolerance would pass any image of
  ///   this size (checked before anything is written), and the errors that keep a comparison
  ///   from running at all (an unreadable golden, an unwritable folder) — never a pass.
  public func check(_ actual: RGBAImage, golden: URL, name: String, rerecordHint: String) throws(GoldenError) -> Outcome
  {
    try tolerance.validate(pixelCount: actual.width * actual.height)
    let exists = FileManager.default.fileExists(atPath: golden.path)
    guard exists else {
      if let why = refusalToRecordMissing {
        let artifacts = try writeArtifacts(name: name, reference: nil, actual: actual)
        return .failed(
          message: "\(name): no golden at \(golden.path) (\(why)). The actual frame is at \(artifacts.actual.path). Record it with: \(rerecordHint)",
          artifacts: artifacts)
      }
      try write(actual, to: golden)
      return .recorded(reason: "\(name): no golden existed; recorded \(golden.path). \(afterRecording)")
    }
    if mode == .all {
      try write(actual, to: golden)
      return .recorded(reason: "\(name): record mode is all; re-recorded \(golden.path). \(afterRecording)")
    }
    let reference: RGBAImage
    do {
      reference = try PNGDecoder.decode(try InputBytes.read(golden, limit: .max))
    } catch {
      if mode == .failed {
        try write(actual, to: golden)
        return .recorded(
          reason:
            "\(name): the golden was unreadable (\(error)); re-recorded \(golden.path). \(afterRecording)")
      }
      throw .unreadableGolden(path: golden.path, reason: "\(error)")
    }
    let comparison = try ImageComparison.compare(reference: reference, actual: actual, tolerance: tolerance)
    if comparison.isMatch { return .matched(comparison: comparison) }
    if mode == .failed {
      try write(actual, to: golden)
      return .recorded(
        reason:
          "\(name): it did not match (\(comparison.summary)); re-recorded \(golden.path). \(afterRecording)"
      )
    }
    let artifacts = try writeArtifacts(name: name, reference: reference, actual: actual)
    var message = "\(name) does not match its golden \(golden.path): \(comparison.summary). "
    message += "Reference: \(artifacts.reference!.path), actual: \(artifacts.actual.path)"
    if let diff = artifacts.diff { message += ", diff: \(diff.path)" }
    message += ". If the new look is intended, re-record with: \(rerecordHint)"
    return .failed(message: message, artifacts: artifacts)
  }

  /// Why a missing golden may not be written in this mode, or nil when it is recorded.
  var refusalToRecordMissing: String? {
    if mode == .never { return "record mode is never" }
    if mode == .missing && isContinuousIntegration { return "CI=true, so missing goldens are not recorded" }
    return nil
  }

  /// What to do after a golden was written, said in every recording message: undo what chose
  /// to record — the variable when it is set, the `record:` argument when it says `all` or
  /// `failed` — and nothing else when a missing golden was recorded by default.
  var afterRecording: String {
    let next =
      if let recordVariable {
        "run the tests again without BARFRAMES_RECORD=\(recordVariable)"
      } else if mode == .missing {
        "run the tests again: they compare with it from now on"
      } else {
        "change the assertion's `record: .\(mode.rawValue)` back to the default (.missing) and run the tests again"
      }
    return "Check it, commit it and \(next) (a run that records always fails)"
  }

  private func write(_ image: RGBAImage, to url: URL) throws(GoldenError) {
    try GoldenCheck.writeAtomically(try GoldenRenderer.png(image), to: url)
  }

  /// Writes through a temporary file and rename (`AtomicFile`, BarFramesOutput), creating
  /// folders as needed.
  public static func writeAtomically(_ bytes: [UInt8], to url: URL) throws(GoldenError) {
    do {
      try OutputDirectory.prepare(url.deletingLastPathComponent())
      try AtomicFile.write(bytes, to: url)
    } catch {
      throw .cannotWrite(path: url.path, reason: error.description)
    }
  }

  private func writeArtifacts(name: String, reference: RGBAImage?, actual: RGBAImage) throws(GoldenError) -> Artifacts {
    let folder = artifactsDirectory.appendingPathComponent(name, isDirectory: true)
    let actualURL = folder.appendingPathComponent("actual.png")
    try write(actual, to: actualURL)
    var artifacts = Artifacts(directory: folder, reference: nil, actual: actualURL, diff: nil)
    if let reference {
      let referenceURL = folder.appendingPathComponent("reference.png")
      let diffURL = folder.appendingPathComponent("diff.png")
      try write(reference, to: referenceURL)
      try write(ImageComparison.diffImage(reference: reference, actual: actual, tolerance: tolerance), to: diffURL)
      artifacts.reference = referenceURL
      artifacts.diff = diffURL
    }
    return artifacts
  }
}
