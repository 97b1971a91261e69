import BarFramesImageIO
import BarFramesOutput

/// The scene's APNG (`--format apng`): the frames of ``AnimationTiming/animationFrames``, each
/// prepared on the thread that drew it from it and the frame before (what changed, compressed:
/// ``APNGFrameEncoder``) and streamed to disk in order by an ``APNGWriter``. Only an unsharded
/// render makes it; `barframes merge` makes the same file from the shards' frames.
final class APNGOutput: FrameOutput {
  /// How its rectangles are compressed: smallest, as people attach APNGs.
  static var preset: PNGCompressionPreset { .small }

  static var comparesFrames: Bool { true }
  /// A frame stored whole reuses the PNG frame's compressed data.
  static var usesPNGEncoding: Bool { true }

  static func positions(in plan: ScenePlan) -> [Int] {
    plan.writesAnimations && plan.formats.contains(.apng) ? plan.timing.animationFrames.positions : []
  }

  private let plan: ScenePlan
  private let frames: AnimationFrames
  private let file: StreamingFile
  private let writer: APNGWriter<FileHandleByteSink>
  private let context: OutputContext
  /// Small rectangles already compressed, shared by the drawing threads and the writer.
  private let rectangles: APNGRectangleMemory
  private var appended = 0

  static func make(for plan: ScenePlan, in context: OutputContext) throws -> APNGOutput? {
    positions(in: plan).isEmpty ? nil : try APNGOutput(plan: plan, context: context)
  }

  private init(plan: ScenePlan, context: OutputContext) throws {
    let frames = plan.timing.animationFrames
    let rectangles = APNGRectangleMemory()
    (file, writer) = try context.stream(plan.names.apngPath) {
      try APNGWriter(
        sink: $0, width: plan.pixelWidth, height: plan.pixelHeight, colorType: plan.colorType,
        delay: plan.timing.apngDelay(ofFrame: 0, in: frames), preset: Self.preset, rectangles: rectangles)
    }
    (self.plan, self.frames, self.rectangles, self.context) = (plan, frames, rectangles, context)
  }

  func makePreparer() throws -> APNGFrameEncoder {
    try APNGFrameEncoder(colorType: plan.colorType, preset: Self.preset, rectangles: rectangles)
  }

  func prepare(_ frame: DrawnFrame, with encoder: APNGFrameEncoder) throws -> APNGPreparedFrame {
    try encoder.encode(frame.image, after: frame.previous, difference: frame.difference, encoded: frame.encoded)
  }

  func append(_ frame: APNGPreparedFrame, changeSinceLast: FrameDifference?) throws {
    try writer.append(frame, delay: plan.timing.apngDelay(ofFrame: appended, in: frames))
    appended += 1
  }

  func finish() throws -> [OutputFile] {
    try writer.finish()
    return [
      try context.commit(
        file, format: "apng", path: plan.names.apngPath, frames: writer.framesWritten,
        mergedFrames: writer.mergedFrames)
    ]
  }

  func discard() { file.discard() }
}
