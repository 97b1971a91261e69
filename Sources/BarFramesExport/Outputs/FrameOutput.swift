import BarFramesImageIO
import BarFramesOutput
import Foundation

/// A file (or files) of a scene made while its frames are drawn: the SVG previews, the animated
/// SVG, the APNG, the GIF, the WebP and the contact sheet. Each conforms in a file of its own
/// and is listed once, in ``FrameOutputs/registered``; the exporter runs every one through the
/// same steps, and names none:
///
/// 1. ``positions(in:)`` when the scene is planned: which of the selected frames it needs drawn.
/// 2. ``make(for:in:)`` on the exporter's thread before the first frame is drawn: opens its file,
///    starts a thread of its own. nil when this render does not make it.
/// 3. ``makePreparer()`` once on each drawing thread, then ``prepare(_:with:)`` there for each
///    of its frames, on several threads at once: the work that needs only the frame and the one
///    before it, such as compressing what changed. Both may only read what ``make(for:in:)`` set.
/// 4. ``append(_:changeSinceLast:)`` on the exporter's thread with each prepared frame, in frame
///    order. It may hand the work on to a ``WriterThread`` of its own.
/// 5. ``finish()`` once every frame is drawn, at the same time as the other outputs' finishes,
///    each on a thread of its own (``FrameOutputs/finish(_:)``): writes what is left, names its
///    files and lists them. Or ``discard()`` on the exporter's thread after a failure before
///    it finished (its own finish's included), which leaves no file of it behind and stops its
///    threads; an output that finished keeps its files.
protocol FrameOutput: AnyObject, SendableMetatype {
  /// What a drawing thread keeps for it (an encoder): made on that thread, used only there.
  associatedtype Preparer = Void
  /// What a drawing thread hands on for one frame.
  associatedtype Prepared: Sendable

  /// The positions, among the scene's selected frames (``ResolvedSelection/indices``), of the
  /// frames it needs drawn, rising; none when this render does not make it.
  static func positions(in plan: ScenePlan) -> [Int]

  /// Whether each frame is prepared against the one drawn before it among the frames of all
  /// outputs that compare (``DrawnFrame/previous``): such outputs must want the same positions.
  static var comparesFrames: Bool { get }

  /// Whether it uses each frame's PNG encoding (``DrawnFrame/encoded``), made for it even when
  /// no PNG file is written.
  static var usesPNGEncoding: Bool { get }

  /// Sets it up for `plan`, or nil when this render does not make it.
  static func make(for plan: ScenePlan, in context: OutputContext) throws -> Self?

  func makePreparer() throws -> Preparer
  func prepare(_ frame: DrawnFrame, with preparer: Preparer) throws -> Prepared
  /// - Parameter changeSinceLast: Where this frame differs from the last one appended, when the
  ///   comparisons of the frames drawn in between tell; nil when they do not.
  func append(_ frame: Prepared, changeSinceLast: FrameDifference?) throws
  func finish() throws -> [OutputFile]
  func discard()
}

extension FrameOutput {
  static var comparesFrames: Bool { false }
  static var usesPNGEncoding: Bool { false }
}

extension FrameOutput where Preparer == Void {
  func makePreparer() throws {}
}

/// One drawn frame, as a drawing thread hands it to ``FrameOutput/prepare(_:with:)``.
struct DrawnFrame {
  /// Its position among the selected frames.
  var position: Int
  /// Its frame number and scene-relative time.
  var index: Int
  var time: Double
  var image: RGBAImage
  /// Its PNG encoding, with the plan's colour type: when an output ``FrameOutput/usesPNGEncoding``
  /// or a PNG file is written.
  var encoded: EncodedFrame?
  /// For outputs that ``FrameOutput/comparesFrames``: the frame drawn before it among theirs
  /// (nil for the first), and where the two differ.
  var previous: RGBAImage?
  var difference: FrameDifference?
}

/// What every output is set up with.
struct OutputContext {
  var options: ExportOptions
  var outputDirectory: URL
  var temporaryFiles: TemporaryFiles
  /// Whether each file is flushed before it is named (``Durability/frame``).
  var flushing: Bool

  /// A file of the output folder.
  func url(_ relativePath: String) -> URL {
    outputDirectory.appendingPathComponent(relativePath, isDirectory: false)
  }

  /// Opens `relativePath` as a file written over time and makes its writer on it; the file is
  /// removed if the writer cannot be made.
  func stream<Writer>(
    _ relativePath: String, writer makeWriter: (FileHandleByteSink) throws -> Writer
  ) throws -> (file: StreamingFile, writer: Writer) {
    let file = try StreamingFile(url(relativePath), registry: temporaryFiles)
    do {
      return (file, try makeWriter(FileHandleByteSink(handle: file.handle)))
    } catch {
      file.discard()
      throw error
    }
  }

  /// Names a streamed animation, its writer finished: its manifest entry.
  func commit(
    _ file: StreamingFile, format: String, path: String, frames: Int, mergedFrames: Int
  ) throws -> OutputFile {
    .written(
      try Self.commit(file, format: format, path: path, flushing: flushing, frames: frames, merged: mergedFrames))
  }

  /// Names a streamed file, its writer finished, and lists it with its SHA-256, read back
  /// before it is named (its writer patched earlier bytes, so what was streamed is not what
  /// the file holds).
  static func commit(
    _ file: StreamingFile, format: String, path: String, flushing: Bool, frames: Int? = nil, merged: Int? = nil
  ) throws(OutputError) -> ExportManifest.FileEntry {
    guard let sha256 = SHA256.hex(ofDescriptor: file.descriptor) else {
      throw .cannotWrite(path: file.destination.path, reason: String(cString: strerror(errno)))
    }
    let bytes = try file.commit(flushing: flushing)
    return .init(format: format, path: path, bytes: bytes, sha256: sha256, frames: frames, mergedFrames: merged)
  }

  /// Writes a whole file atomically.
  func write(_ bytes: [UInt8], to relativePath: String) throws(OutputError) {
    try AtomicFile.write(bytes, to: url(relativePath), registry: temporaryFiles, flushing: flushing)
  }
}

/// What ``FrameOutput/finish()`` did with one of its files.
enum OutputFile {
  case written(ExportManifest.FileEntry)
  /// Not written, and why, in a sentence (the other formats still are).
  case skipped(format: String, reason: String)
}

/// The outputs, in the order their files are listed in the manifest.
enum FrameOutputs {
  static let registered: [any FrameOutput.Type] = [
    SVGPreviewsOutput.self, AnimatedSVGOutput.self, APNGOutput.self, GIFOutput.self, WebPOutput.self,
    ContactSheetOutput.self,
  ]

  /// Sets up every registered output `plan` makes, in order. If one fails, those already made
  /// are discarded.
  static func make(for plan: ScenePlan, in context: OutputContext) throws -> [MadeOutput] {
    var made: [MadeOutput] = []
    do {
      for (slot, type) in registered.enumerated() {
        if let output = try make(type, slot: slot, for: plan, in: context) { made.append(output) }
      }
    } catch {
      for output in made { output.discard() }
      throw error
    }
    return made
  }

  /// Finishes every output at once, each but the first on a thread of its own, and returns
  /// what each did, in their order. An output that throws is neither discarded nor retried here.
  static func finish(_ outputs: [MadeOutput]) -> [Result<[OutputFile], any Error>] {
    let others = outputs.dropFirst().map { output in
      BackgroundValue(named: "bf-finish") { Result { try output.finish() } }
    }
    let first = outputs.first.map { output in Result { try output.finish() } }
    return (first.map { [$0] } ?? []) + others.map { $0.value() }
  }

  private static func make<Output: FrameOutput>(
    _ type: Output.Type, slot: Int, for plan: ScenePlan, in context: OutputContext
  ) throws -> MadeOutput? {
    try Output.make(for: plan, in: context).map { MadeOutput($0, slot: slot) }
  }
}

/// A made output, its types erased so that the exporter holds a list of them.
///
/// `@unchecked Sendable`: the drawing threads call only ``makePreparer``, whose preparer reads
/// what the output's set-up wrote; the other steps run on the exporter's thread.
struct MadeOutput: @unchecked Sendable {
  /// Its position in ``FrameOutputs/registered``.
  let slot: Int
  let comparesFrames: Bool
  let usesPNGEncoding: Bool
  /// Makes a drawing thread's preparer: each call of it prepares one frame.
  let makePreparer: () throws -> (DrawnFrame) throws -> any Sendable
  let append: (any Sendable, FrameDifference?) throws -> Void
  let finish: () throws -> [OutputFile]
  let discard: () -> Void

  init<Output: FrameOutput>(_ output: Output, slot: Int) {
    self.slot = slot
    comparesFrames = Output.comparesFrames
    usesPNGEncoding = Output.usesPNGEncoding
    makePreparer = {
      let preparer = try output.makePreparer()
      return { try output.prepare($0, with: preparer) }
    }
    // Only this output's preparers make what is appended to it.
    append = { try output.append($0 as! Output.Prepared, changeSinceLast: $1) }
    finish = output.finish
    discard = output.discard
  }
}

/// Which registered outputs a frame feeds, by their ``MadeOutput/slot``.
struct FrameOutputSet: Hashable, Sendable {
  private var bits: UInt32 = 0

  static var empty: FrameOutputSet { FrameOutputSet() }

  var isEmpty: Bool { bits == 0 }

  func contains(_ slot: Int) -> Bool { bits & (1 << UInt32(slot)) != 0 }

  mutating func insert(_ slot: Int) { bits |= 1 << UInt32(slot) }

  func contains<Output: FrameOutput>(_ type: Output.Type) -> Bool {
    FrameOutputs.registered.firstIndex { $0 == type }.map(contains) ?? false
  }
}
