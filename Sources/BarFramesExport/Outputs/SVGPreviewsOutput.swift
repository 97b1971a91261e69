import BarFramesImageIO
import BarFramesOutput
import BarFramesRenderer
import Foundation

/// The scene's SVG previews (`--format svg`): one still per key time (``ScenePlan/previews``).
/// They need no pixels, so they are drawn and written on a thread of their own (a
/// ``WriterThread`` of one item) while the frames are drawn: at the end, after the last frame,
/// they would be work that nothing else runs beside.
final class SVGPreviewsOutput: FrameOutput, @unchecked Sendable {
  static func positions(in plan: ScenePlan) -> [Int] { [] }

  private let plan: ScenePlan
  private let context: OutputContext
  /// Set on the thread once every preview is written.
  private var written: [OutputFile] = []
  private var thread: WriterThread<Bool>!

  static func make(for plan: ScenePlan, in context: OutputContext) throws -> SVGPreviewsOutput? {
    guard plan.ownsSceneFiles && plan.formats.contains(.svg) else { return nil }
    let output = SVGPreviewsOutput(plan: plan, context: context)
    output.thread = WriterThread(capacity: 1, wakeCount: 1, name: "bf-svg-previews") { [output] _ in
      try output.run()
    }
    try output.thread.send(true)
    return output
  }

  private init(plan: ScenePlan, context: OutputContext) {
    self.plan = plan
    self.context = context
  }

  /// Draws and writes every preview, in time order.
  /// - Throws: ``ExportError/renderFailed(scene:time:reason:)``, or the file's error.
  private func run() throws {
    written = try plan.previews.map { preview in
      let path = plan.names.svgPath(time: preview.time)
      let bytes: [UInt8]
      do {
        bytes = try SVGFrameRenderer.svg(plan.timeline.presentation(at: preview.time), background: plan.background)
      } catch {
        throw ExportError.renderFailed(scene: plan.name, time: preview.time, reason: AtomicFile.reason(error))
      }
      try context.write(bytes, to: path)
      return .written(.init(format: "svg", path: path, bytes: bytes.count))
    }
  }

  func prepare(_ frame: DrawnFrame, with _: Void) {}

  func append(_ frame: Void, changeSinceLast: FrameDifference?) {}

  func finish() throws -> [OutputFile] {
    try thread.finish()
    return written
  }

  func discard() { thread.cancel() }
}
