import BarFrames
import BarFramesRenderer

/// A scene's animated SVG (`--format animated-svg`): every frame the APNG has, drawn as an SVG
/// document and merged into one that plays them (``AnimatedSVG``), with the APNG's timing.
///
/// It needs no pixels, only each frame's presentation, so the exporter makes it on its own
/// thread while other threads encode: ``init(plan:)``, ``append(time:)`` for each frame in
/// order, then ``finish()``.
struct AnimatedSVGOutput {
  /// What ``finish()`` made.
  enum Outcome {
    case document([UInt8])
    /// Not written, and why, in a sentence that names the limit.
    case skipped(String)
  }

  let plan: ScenePlan
  /// The largest document written, in bytes (``ExportOptions/animatedSVGByteLimit``): past
  /// 8 MiB a browser takes seconds to parse the file, and the WebP or APNG is the better preview.
  let byteLimit: Int
  private var animation: AnimatedSVG

  init(plan: ScenePlan, byteLimit: Int) {
    self.plan = plan
    self.byteLimit = byteLimit
    animation = AnimatedSVG(size: plan.scene.style.canvas.size, frameDuration: plan.timing.frameSeconds)
  }

  /// The scene-relative times of the frames, in the order ``append(time:)`` takes them: those
  /// of the APNG.
  static func frameTimes(of plan: ScenePlan) -> [Double] {
    plan.selection.indices.map(plan.selection.sampler.time(ofFrame:))
  }

  /// Draws the frame at `time` (the next one) into an SVG document and adds it.
  /// - Throws: ``ExportError/renderFailed(scene:time:reason:)``.
  mutating func append(time: Double) throws(ExportError) {
    do {
      try PinnedFont.check()
      let context = try SVGContext(size: plan.scene.style.canvas.size, background: plan.background)
      plan.timeline.presentation(at: time).draw(in: context)
      animation.append(context.elements)
    } catch {
      throw .renderFailed(scene: plan.name, time: time, reason: AtomicFile.reason(error))
    }
  }

  /// The document, or why it is not written.
  func finish() -> Outcome {
    let bytes = animation.document()
    guard bytes.count <= byteLimit else {
      return .skipped(
        "the animated SVG would be \(bytes.count) bytes, over the limit of \(byteLimit): the other formats are written; render fewer frames (--fps, --every-nth, --time) for an animated SVG")
    }
    return .document(bytes)
  }
}

/// A scene's animated SVG made on a thread of its own (a ``WriterThread`` of one item) while the
/// frames are drawn: it needs only each frame's presentation, never their pixels. The exporter
/// reads ``outcome`` once the thread has finished.
final class AnimatedSVGJob {
  private var output: AnimatedSVGOutput
  /// Set by ``run()``.
  private(set) var outcome: AnimatedSVGOutput.Outcome?

  init(plan: ScenePlan, byteLimit: Int) {
    output = AnimatedSVGOutput(plan: plan, byteLimit: byteLimit)
  }

  /// Draws every frame's SVG and merges them.
  /// - Throws: ``ExportError/renderFailed(scene:time:reason:)``.
  func run() throws(ExportError) {
    for time in AnimatedSVGOutput.frameTimes(of: output.plan) { try output.append(time: time) }
    outcome = output.finish()
  }
}
