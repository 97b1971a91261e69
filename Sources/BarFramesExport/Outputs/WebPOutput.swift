import BarFramesImageIO
import BarFramesOutput

/// The scene's animated WebP (`--format webp`): the frames of
/// ``AnimationTiming/animationFrames``, each prepared on the thread that drew it from it and the
/// frame before (``WebPFrameEncoder``) and streamed to disk in order by a ``WebPWriter``. Only an
/// unsharded render makes it; `barframes merge` makes the same file from the shards' frames.
final class WebPOutput: FrameOutput {
  static var comparesFrames: Bool { true }

  static func positions(in plan: ScenePlan) -> [Int] {
    plan.writesAnimations && plan.formats.contains(.webp) ? plan.timing.animationFrames.positions : []
  }

  private let plan: ScenePlan
  private let quality: Int?
  private let file: StreamingFile
  private let writer: WebPWriter<FileHandleByteSink>
  private let context: OutputContext
  /// Small rectangles already compressed, shared by the drawing threads.
  private let rectangles = WebPRectangleMemory()

  static func make(for plan: ScenePlan, in context: OutputContext) throws -> WebPOutput? {
    positions(in: plan).isEmpty ? nil : try WebPOutput(plan: plan, context: context)
  }

  private init(plan: ScenePlan, context: OutputContext) throws {
    let quality = context.options.webpQuality
    (file, writer) = try context.stream(plan.names.webpPath) {
      try WebPWriter(
        sink: $0, width: plan.pixelWidth, height: plan.pixelHeight,
        timestamps: plan.timing.webpTimestamps(for: plan.timing.animationFrames), quality: quality)
    }
    (self.plan, self.quality, self.context) = (plan, quality, context)
  }

  func makePreparer() throws -> WebPFrameEncoder {
    try WebPFrameEncoder(quality: quality, rectangles: rectangles)
  }

  func prepare(_ frame: DrawnFrame, with encoder: WebPFrameEncoder) throws -> WebPPreparedFrame {
    try encoder.encode(frame.image, after: frame.previous, difference: frame.difference)
  }

  func append(_ frame: WebPPreparedFrame, changeSinceLast: FrameDifference?) throws {
    try writer.append(frame)
  }

  func finish() throws -> [OutputFile] {
    try writer.finish()
    return [
      try context.commit(
        file, format: "webp", path: plan.names.webpPath, frames: writer.framesWritten,
        mergedFrames: writer.mergedFrames)
    ]
  }

  func discard() { file.discard() }
}
