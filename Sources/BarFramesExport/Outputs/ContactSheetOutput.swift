import BarFramesImageIO
import BarFramesOutput
import BarFramesPlayer

/// The scene's contact sheet (`--format sheet`): ``ScenePlan/sheetFrameCount`` frames spread
/// evenly over the selection, each composited into its cell as it comes, on a thread of its own
/// fed in frame order while the frames are drawn; the sheet is encoded once the last cell is in.
final class ContactSheetOutput: FrameOutput {
  static func positions(in plan: ScenePlan) -> [Int] {
    guard plan.ownsSceneFiles && plan.formats.contains(.sheet) else { return [] }
    let count = plan.selection.indices.count
    let cells = min(max(1, plan.sheetFrameCount), count)
    guard cells > 1 else { return [0] }
    return (0..<cells).map { j in Int((Double(j) * Double(count - 1) / Double(cells - 1)).rounded()) }
  }

  private let plan: ScenePlan
  private let context: OutputContext
  private let canvas: SheetCanvas
  private let thread: WriterThread<ContactSheet.Frame>

  static func make(for plan: ScenePlan, in context: OutputContext) throws -> ContactSheetOutput? {
    positions(in: plan).isEmpty ? nil : ContactSheetOutput(plan: plan, context: context)
  }

  private init(plan: ScenePlan, context: OutputContext) {
    self.plan = plan
    self.context = context
    let canvas = SheetCanvas(plan: plan, preset: context.options.pngPreset)
    self.canvas = canvas
    // A cell comes every few dozen frames: each is composited as it comes.
    thread = WriterThread(capacity: context.options.inFlightLimit, wakeCount: 1, name: "bf-sheet") {
      try canvas.add($0)
    }
  }

  func prepare(_ frame: DrawnFrame, with _: Void) -> ContactSheet.Frame {
    ContactSheet.Frame(index: frame.index, time: frame.time, image: frame.image)
  }

  func append(_ frame: ContactSheet.Frame, changeSinceLast: FrameDifference?) throws {
    try thread.send(frame)
  }

  func finish() throws -> [OutputFile] {
    try thread.finish()
    let bytes = try canvas.png()
    try context.write(bytes, to: plan.names.sheetPath)
    return [.written(.init(format: "sheet", path: plan.names.sheetPath, bytes: bytes.count, sha256: SHA256.hex(bytes)))]
  }

  func discard() { thread.cancel() }
}

/// One scene's contact sheet, set up when its first cell comes rather than before any frame is
/// drawn: choosing the backdrop of a transparent scene draws a frame, and the canvas draws its
/// title and compresses it, work that would otherwise delay the first drawing thread.
/// Cells are added on the sheet's thread, which alone uses it until it finishes; the
/// exporter's thread then takes the PNG.
final class SheetCanvas {
  private let plan: ScenePlan
  private let preset: PNGCompressionPreset
  private var canvas: ContactSheet.Canvas?

  init(plan: ScenePlan, preset: PNGCompressionPreset) {
    self.plan = plan
    self.preset = preset
  }

  /// Places `frame` in the next cell (setting the sheet up first, with the first).
  /// - Throws: ``ExportError/renderFailed(scene:time:reason:)`` if the sheet cannot be set up;
  ///   Cairo's error from the cell.
  func add(_ frame: ContactSheet.Frame) throws {
    try made().add(frame)
  }

  /// The finished sheet as a PNG file.
  func png() throws(ExportError) -> [UInt8] {
    do {
      return try made().png()
    } catch let error as ExportError {
      throw error
    } catch {
      throw .renderFailed(
        scene: plan.name, time: plan.selection.timeRange.lowerBound,
        reason: "contact sheet: \(AtomicFile.reason(error))")
    }
  }

  private func made() throws(ExportError) -> ContactSheet.Canvas {
    if let canvas { return canvas }
    let title = "\(plan.name) · \(plan.rate) fps · \(plan.selection.indices.count) frames · @\(plan.scale)x"
    do {
      let made = try ContactSheet(
        title: title, scale: plan.scale, frameWidth: plan.pixelWidth, frameHeight: plan.pixelHeight,
        count: Self.cellCount(plan), isTransparent: plan.colorType == .rgba, backdrop: Backdrop.choose(for: plan)
      ).makeCanvas(encodingAs: preset)
      canvas = made
      return made
    } catch {
      throw .renderFailed(scene: plan.name, time: 0, reason: "contact sheet: \(AtomicFile.reason(error))")
    }
  }

  private static func cellCount(_ plan: ScenePlan) -> Int { ContactSheetOutput.positions(in: plan).count }
}
