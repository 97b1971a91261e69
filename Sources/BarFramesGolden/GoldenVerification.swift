import BarFrames
import Foundation

/// Verifies scenes against a folder of goldens and collects the outcome in a ``GoldenReport``:
/// the engine of `barframes golden verify`, usable from any Swift program or CI script.
///
/// ```swift
/// let verification = GoldenVerification(store: GoldenStore(directory: goldens))
/// var report = GoldenReport(tolerance: verification.tolerance)
/// try verification.verify(try scene.timeline(), at: scene.keyTimes, into: &report)
/// print(report.summary)                  // "7 of 7 frames match (tolerance: …)"
/// try report.junitXML().write(to: junitURL, atomically: true, encoding: .utf8)
/// ```
public struct GoldenVerification: Sendable {
  public var store: GoldenStore
  public var tolerance: GoldenTolerance
  /// Pixels per point of the goldens.
  public var scale: Int
  /// Where reference, actual and diff images of each failure go.
  public var artifactsDirectory: URL

  public init(
    store: GoldenStore, tolerance: GoldenTolerance = .default, scale: Int = 1,
    artifactsDirectory: URL = GoldenCheck.defaultArtifactsDirectory()
  ) {
    self.store = store
    self.tolerance = tolerance
    self.scale = scale
    self.artifactsDirectory = artifactsDirectory
  }

  /// Renders `timeline` at each of `times`, compares every frame with its golden (never
  /// recording one) and appends a frame to `report` for each, calling `frameChecked` as each
  /// one is done.
  /// - Parameter rerecordHint: The command that re-records these goldens, for the messages.
  /// - Throws: ``GoldenError/refusedTolerance(_:)`` when ``tolerance`` would pass any image —
  ///   nothing is compared then. Any other problem with one frame (an unreadable golden) is
  ///   that frame's `.error`, and the others are still checked.
  public func verify(
    _ timeline: any SceneTimeline, at times: [Double], rerecordHint: String? = nil, into report: inout GoldenReport,
    frameChecked: (GoldenReport.Frame) -> Void = { _ in }
  ) throws(GoldenError) {
    if let refusal = tolerance.refusal { throw .refusedTolerance(refusal) }
    let check = GoldenCheck(tolerance: tolerance, mode: .never, artifactsDirectory: artifactsDirectory)
    let renderer = GoldenRenderer(scale: scale)
    let scene = timeline.scene.name
    let hint = rerecordHint ?? "barframes golden record \(timeline.scene.file) --golden \(store.directory.path)"
    for time in times {
      let name = GoldenStore.frameName(scene: scene, time: time)
      let started = ContinuousClock.now
      let status: GoldenReport.Frame.Status
      do throws(GoldenError) {
        let outcome = try check.check(
          try renderer.image(of: timeline, at: time), golden: store.url(scene: scene, time: time), name: name,
          rerecordHint: hint)
        switch outcome {
        case .matched: status = .matched
        case .recorded(let reason): status = .failed(message: reason, artifacts: nil)
        case .failed(let message, let artifacts): status = .failed(message: message, artifacts: artifacts)
        }
      } catch {
        if case .refusedTolerance = error { throw error }
        status = .error(message: "\(name): \(error)")
      }
      let elapsed = started.duration(to: .now).components
      let frame = GoldenReport.Frame(
        scene: scene, name: name, status: status, seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
      )
      report.frames.append(frame)
      frameChecked(frame)
    }
  }
}
