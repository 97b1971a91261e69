import BarFramesImageIO
import BarFramesOutput

/// The scene's GIF (`--format gif`): the frames and delays of ``AnimationTiming/gifFrames``,
/// written by a ``GIFWriter`` (whose palette is built as frames come) on a thread of its own,
/// fed in frame order through a bounded queue while the frames are drawn. Only an unsharded
/// render makes it; `barframes merge` makes the same file from the shards' frames.
final class GIFOutput: FrameOutput {
  static func positions(in plan: ScenePlan) -> [Int] {
    plan.writesAnimations && plan.formats.contains(.gif) ? plan.timing.gifFrames.positions : []
  }

  private let plan: ScenePlan
  private let delays: [UInt16]
  private let file: StreamingFile
  private let writer: GIFWriter<FileHandleByteSink>
  private let thread: WriterThread<(RGBAImage, UInt16, FrameDifference?)>
  private let context: OutputContext
  private var appended = 0

  static func make(for plan: ScenePlan, in context: OutputContext) throws -> GIFOutput? {
    positions(in: plan).isEmpty ? nil : try GIFOutput(plan: plan, context: context)
  }

  private init(plan: ScenePlan, context: OutputContext) throws {
    self.plan = plan
    delays = plan.timing.gifFrames.delays
    self.context = context
    let (file, writer) = try context.stream(plan.names.gifPath) {
      try GIFWriter(sink: $0, width: plan.pixelWidth, height: plan.pixelHeight)
    }
    (self.file, self.writer) = (file, writer)
    // Woken once a few frames are queued, not for each: a wake-up costs more than encoding a
    // small frame, and only those few are left to encode when the last one is drawn.
    thread = WriterThread(capacity: context.options.inFlightLimit, wakeCount: 4, name: "bf-gif") {
      try writer.append($0.0, delayCentiseconds: $0.1, difference: $0.2)
    }
  }

  func prepare(_ frame: DrawnFrame, with _: Void) -> RGBAImage { frame.image }

  /// The drawing threads' comparisons, united since the GIF's last frame (every n-th frame
  /// above 50 fps), spare the writer comparing its frames again.
  func append(_ image: RGBAImage, changeSinceLast: FrameDifference?) throws {
    try thread.send((image, delays[appended], changeSinceLast))
    appended += 1
  }

  func finish() throws -> [OutputFile] {
    try thread.finish()
    try writer.finish()
    return [
      try context.commit(
        file, format: "gif", path: plan.names.gifPath, frames: writer.framesWritten,
        mergedFrames: writer.mergedFrames)
    ]
  }

  func discard() {
    thread.cancel()
    file.discard()
  }
}
