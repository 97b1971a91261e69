import BarFramesImageIO
import BarFramesOutput
import BarFramesRenderer

/// The scene's SVG previews (`--format svg`): one still per key time (``ScenePlan/previews``).
/// They need no pixels, so they are drawn at the end, while the threads of other outputs
/// encode their last frames and a core would otherwise be idle.
final class SVGPreviewsOutput: FrameOutput {
  static func positions(in plan: ScenePlan) -> [Int] { [] }

  private let plan: ScenePlan
  private let context: OutputContext

  static func make(for plan: ScenePlan, in context: OutputContext) -> SVGPreviewsOutput? {
    plan.ownsSceneFiles && plan.formats.contains(.svg) ? SVGPreviewsOutput(plan: plan, context: context) : nil
  }

  private init(plan: ScenePlan, context: OutputContext) {
    self.plan = plan
    self.context = context
  }

  func prepare(_ frame: DrawnFrame, with _: Void) {}

  func append(_ frame: Void, changeSinceLast: FrameDifference?) {}

  func finish() throws -> [OutputFile] {
    try plan.previews.map { preview in
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

  func discard() {}
}
