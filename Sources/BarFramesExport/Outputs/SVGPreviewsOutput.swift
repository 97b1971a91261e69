import BarFramesImageIO
import BarFramesOutput
import BarFramesRenderer
import Foundation

/// The scene's SVG previews (`--format svg`): one still per key time (``ScenePlan/previews``).
/// They need no pixels, so they are drawn and written on a thread of their own (a
/// ``BackgroundValue``) while the frames are drawn: at the end, after the last frame, they
/// would be work that nothing else runs beside. Each is written without its name, which
/// ``finish()`` gives it, so a discarded render leaves none of them.
final class SVGPreviewsOutput: FrameOutput, @unchecked Sendable {
  static func positions(in plan: ScenePlan) -> [Int] { [] }

  private let plan: ScenePlan
  private let context: OutputContext
  /// The previews written and not yet named: on the thread until it ends, then here.
  private var pending: [(file: StreamingFile, path: String, sha256: String)] = []
  /// Done once every preview is written, or with the error that stopped them.
  private var written: BackgroundValue<Result<Void, any Error>>!

  static func make(for plan: ScenePlan, in context: OutputContext) throws -> SVGPreviewsOutput? {
    guard plan.ownsSceneFiles && plan.formats.contains(.svg) else { return nil }
    let output = SVGPreviewsOutput(plan: plan, context: context)
    output.written = BackgroundValue(named: "bf-svg-previews") { [output] in Result { try output.run() } }
    return output
  }

  private init(plan: ScenePlan, context: OutputContext) {
    self.plan = plan
    self.context = context
  }

  /// Draws and writes every preview, in time order, each without its name yet.
  /// - Throws: ``ExportError/renderFailed(scene:time:reason:)``, or the file's error.
  private func run() throws {
    for preview in plan.previews {
      let path = plan.names.svgPath(time: preview.time)
      let bytes: [UInt8]
      do {
        bytes = try SVGFrameRenderer.svg(plan.timeline.presentation(at: preview.time), background: plan.background)
      } catch {
        throw ExportError.renderFailed(scene: plan.name, time: preview.time, reason: AtomicFile.reason(error))
      }
      let file = try StreamingFile(context.url(path), registry: context.temporaryFiles)
      pending.append((file, path, SHA256.hex(bytes)))
      do {
        try file.handle.write(contentsOf: bytes)
      } catch {
        throw OutputError.cannotWrite(path: file.destination.path, reason: AtomicFile.reason(error))
      }
    }
  }

  func prepare(_ frame: DrawnFrame, with _: Void) {}

  func append(_ frame: Void, changeSinceLast: FrameDifference?) {}

  /// Names the previews, in time order.
  func finish() throws -> [OutputFile] {
    try written.value().get()
    var files: [OutputFile] = []
    while let (file, path, sha256) = pending.first {
      let bytes = try file.commit(flushing: context.flushing)
      pending.removeFirst()
      files.append(.written(.init(format: "svg", path: path, bytes: bytes, sha256: sha256)))
    }
    return files
  }

  /// Waits for the thread, then drops the previews not named.
  func discard() {
    _ = written.value()
    for (file, _, _) in pending { file.discard() }
    pending = []
  }
}
