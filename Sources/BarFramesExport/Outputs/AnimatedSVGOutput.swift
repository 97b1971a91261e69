import BarFrames
import BarFramesImageIO
import BarFramesRenderer
import Foundation
import Synchronization

/// A scene's animated SVG: every selected frame drawn as an SVG document and merged into one
/// that plays them (``AnimatedSVG``), each frame lasting `everyNth / fps`: ``init(plan:byteLimit:)``,
/// ``append(time:)`` for each frame in order, then ``finish()``.
///
/// Browsers show an SVG's frames for as long as they ask, so unlike the APNG's and the WebP's
/// (``AnimationTiming/animationFrames``) none is left out at high frame rates.
struct AnimatedSVGDocument {
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

  /// The scene-relative times of the frames, in the order ``append(time:)`` takes them: every
  /// selected frame's.
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
        "the animated SVG would be \(bytes.count) bytes, over the limit of \(byteLimit): the other formats are written; render fewer frames (--fps, --every-nth, --time) for an animated SVG"
      )
    }
    return .document(bytes)
  }
}

/// The scene's animated SVG (`--format animated-svg`, ``AnimatedSVGDocument``), made on a thread
/// of its own (a ``BackgroundValue``) while the frames are drawn: it needs only each frame's
/// presentation, never their pixels, so it wants no drawn frame.
final class AnimatedSVGOutput: FrameOutput, @unchecked Sendable {
  static func positions(in plan: ScenePlan) -> [Int] { [] }

  private let plan: ScenePlan
  private let context: OutputContext
  private let stopped = Mutex(false)
  /// The document, or why it is not written, or the error that stopped it.
  private var made: BackgroundValue<Result<AnimatedSVGDocument.Outcome, any Error>>!

  static func make(for plan: ScenePlan, in context: OutputContext) throws -> AnimatedSVGOutput? {
    guard plan.ownsSceneFiles && plan.formats.contains(.animatedSVG) else { return nil }
    let output = AnimatedSVGOutput(plan: plan, context: context)
    output.made = BackgroundValue(named: "bf-animated-svg") { [output] in Result { try output.run() } }
    return output
  }

  private init(plan: ScenePlan, context: OutputContext) {
    self.plan = plan
    self.context = context
  }

  /// Draws every frame's SVG and merges them, unless discarded meanwhile. Every frame's
  /// elements are freed on return, on this thread, while the other outputs still draw.
  /// - Throws: ``ExportError/renderFailed(scene:time:reason:)``, or `CancellationError`.
  private func run() throws -> AnimatedSVGDocument.Outcome {
    var document = AnimatedSVGDocument(plan: plan, byteLimit: context.options.animatedSVGByteLimit)
    for time in AnimatedSVGDocument.frameTimes(of: plan) {
      if stopped.withLock({ $0 }) { throw CancellationError() }
      try document.append(time: time)
    }
    return document.finish()
  }

  func prepare(_ frame: DrawnFrame, with _: Void) {}

  func append(_ frame: Void, changeSinceLast: FrameDifference?) {}

  func finish() throws -> [OutputFile] {
    switch try made.value().get() {
    case .document(let bytes):
      try context.write(bytes, to: plan.names.animatedSVGPath)
      return [
        .written(
          .init(
            format: "animated-svg", path: plan.names.animatedSVGPath, bytes: bytes.count, sha256: SHA256.hex(bytes)))
      ]
    case .skipped(let reason):
      return [.skipped(format: "animated-svg", reason: reason)]
    }
  }

  /// Stops the thread at its next frame and waits for it.
  func discard() {
    stopped.withLock { $0 = true }
    _ = made.value()
  }
}
