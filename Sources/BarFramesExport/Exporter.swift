import BarFrames
import BarFramesGraphics
import BarFramesImageIO
import BarFramesOutput
import BarFramesPlayer
import BarFramesRenderer
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Renders scenes into PNG sequences, SVG previews, APNG, GIF, WebP, contact sheets and an HTML
/// gallery — the library behind `barframes render`.
///
/// ```swift
/// var options = ExportOptions()
/// options.formats = .all
/// options.jobs = 4
/// let exporter = Exporter(outputDirectory: URL(fileURLWithPath: "frames"), options: options)
/// let manifest = try exporter.export([try scene.timeline()])
/// print(manifest.serialized())
/// ```
///
/// Frames are drawn by `options.jobs` threads, each with its own Cairo surface and PNG
/// encoder; each thread writes its PNG files itself and prepares the frame's APNG and WebP
/// frames from it and the frame before (``FrameHandoff``, ``APNGFrameEncoder``,
/// ``WebPFrameEncoder``), which are appended in frame order; the GIF and the contact sheet each
/// run on a thread of their own behind a bounded queue (``WriterThread``). The APNG, GIF and
/// WebP stream to disk. At most ``ExportOptions/maximumFramesInFlight`` frames are ever held, so
/// memory does not grow with the sequence. The output is byte-identical whatever the number of jobs, and every file is
/// written under a temporary name and renamed into place when complete (see ``TemporaryFiles``).
/// The manifest (``ExportManifest``) is written last, as `OUT/manifest.json` — or, for a shard,
/// `OUT/manifest.shard-i-of-n.json`, which ``ShardMerge`` reads.
///
/// A render commits once (``Durability/render``): the manifest of an earlier render is removed
/// before the first file is written, the files are named without a flush each, one flush of
/// the file system makes them all durable, and then the manifest is written and flushed — the
/// render's commit record. A scene that the earlier manifest shows unchanged (``PreviousRender``)
/// is not rendered again.
public struct Exporter: Sendable {
  public var outputDirectory: URL
  public var options: ExportOptions
  /// Written into the manifest and the gallery: "barframes 0.1.0".
  public var tool: String
  public var temporaryFiles: TemporaryFiles

  public init(
    outputDirectory: URL, options: ExportOptions, tool: String = "barframes", temporaryFiles: TemporaryFiles = .shared
  ) {
    self.outputDirectory = outputDirectory
    self.options = options
    self.tool = tool
    self.temporaryFiles = temporaryFiles
  }

  /// Plans every scene (in the given order, which decides shard ownership) without drawing.
  /// - Throws: ``ExportError/duplicateSceneName(_:)``, ``ExportError/emptySelection(_:)``,
  ///   ``ExportError/invalidFormat(_:)`` for a shard asked for animations without PNG frames, or
  ///   for more than ``InputLimits/frames`` frames of a scene ``ExportError/tooManyFrames(_:)``
  ///   (flags) or ``ExportError/invalidInput(_:)`` (the scene file's own duration and fps).
  public func plan(_ timelines: [any SceneTimeline]) throws(ExportError) -> [ScenePlan] {
    if options.shard != .whole, !options.formats.intersection([.apng, .gif, .webp]).isEmpty,
      !options.formats.contains(.png)
    {
      throw .invalidFormat(
        "'--shard' with apng, gif or webp needs png too: 'barframes merge' builds the animations from the shards' PNG frames (for example --format png,\(options.formats.intersection([.apng, .gif, .webp])))")
    }
    var seen: Set<String> = []
    var plans: [ScenePlan] = []
    for (ordinal, timeline) in timelines.enumerated() {
      guard seen.insert(timeline.scene.name).inserted else { throw .duplicateSceneName(timeline.scene.name) }
      plans.append(try ScenePlan(timeline: timeline, ordinal: ordinal, options: options))
    }
    return plans
  }

  /// Renders `timelines` and returns what was written.
  ///
  /// Every output folder is created and checked first, so an unwritable output fails before
  /// any frame is drawn. `progress` is called on the calling thread.
  /// - Parameter sources: Each scene's files by scene name, as ``SceneSources`` reads them
  ///   (before the scene is loaded, so that an edit racing the render makes the next render
  ///   see a change). A scene with sources whose inputs and files the output folder's manifest
  ///   shows unchanged is skipped (``ExportOptions/skipsUnchangedScenes``); one without is
  ///   always rendered.
  public func export(
    _ timelines: [any SceneTimeline], sources: [String: SceneSources] = [:],
    progress: (ExportProgress) -> Void = { _ in }
  ) throws(ExportError) -> ExportManifest {
    let plans = try plan(timelines)
    try ExportError.writing { () throws(OutputError) in try OutputDirectory.prepare(outputDirectory) }
    for plan in plans where plan.ownsSceneFiles || !plan.items.isEmpty {
      try ExportError.writing { () throws(OutputError) in
        try OutputDirectory.prepare(outputDirectory.appendingPathComponent(plan.names.directory))
      }
    }
    let settings = RenderSettings(options: options)
    let manifestName = ExportManifest.fileName(for: options.shard)
    let previous = PreviousRender(directory: outputDirectory, manifestName: manifestName)
    var identities: [(fingerprint: String, inputs: String?)] = []
    var unchanged: [ExportManifest.SceneEntry?] = []
    for plan in plans {
      let fingerprint = try SceneFingerprint.sha256(of: plan.timeline, background: plan.background)
      let inputs = sources[plan.name].map {
        SceneInputs.digest(sources: $0, tool: tool, settings: settings, plan: plan)
      }
      identities.append((fingerprint, inputs))
      var entry =
        options.skipsUnchangedScenes
        ? inputs.flatMap { previous.unchangedEntry(named: plan.name, inputs: $0, fingerprint: fingerprint) } : nil
      // The gallery is listed again below, as this render writes or keeps it.
      entry?.files.removeAll { $0.format == "html" }
      unchanged.append(entry)
    }
    let makesGallery = options.formats.contains(.html) && options.shard.ownsGallery
    let rendersScenes = unchanged.contains { $0 == nil }
    var galleryPage: [UInt8]?
    if makesGallery && !rendersScenes {
      let page = Array(HTMLGallery.page(for: plans, tool: tool).utf8)
      if (try? Data(contentsOf: url(SceneFileNames.galleryPath))) != Data(page) { galleryPage = page }
    }
    let writesFiles = rendersScenes || galleryPage != nil
    let flushesEachFile = options.durability == .frame
    // Until this render's manifest is written, the folder vouches for nothing: a render that
    // dies before its end is rendered again in full by the next.
    if writesFiles {
      try ExportError.writing { () throws(OutputError) in try removeManifest(manifestName) }
    }

    var scenes: [ExportManifest.SceneEntry] = []
    for (position, plan) in plans.enumerated() {
      if let entry = unchanged[position] {
        progress(
          .sceneSkipped(scene: plan.name, ordinal: plan.ordinal, sceneCount: plans.count, frames: plan.items.count))
        scenes.append(entry)
        removeStaleFrames(of: plan)
        continue
      }
      let started = Date()
      progress(
        .sceneStarted(scene: plan.name, ordinal: plan.ordinal, sceneCount: plans.count, frames: plan.items.count))
      // The gallery's page depends on the plans alone: made while the last scene finishes.
      var entry = try export(
        plan, fingerprint: identities[position].fingerprint, flushing: flushesEachFile, progress: progress
      ) {
        if makesGallery && position == plans.count - 1 {
          galleryPage = Array(HTMLGallery.page(for: plans, tool: tool).utf8)
        }
      }
      entry.inputs = identities[position].inputs
      scenes.append(entry)
      removeStaleFrames(of: plan)
      progress(.sceneFinished(scene: plan.name, frames: plan.items.count, seconds: Date().timeIntervalSince(started)))
    }
    if makesGallery {
      // A scene whose animated SVG was not written (over its size limit) has none to link.
      var shown = plans
      for (i, entry) in scenes.enumerated()
      where shown[i].ownsSceneFiles && shown[i].formats.contains(.animatedSVG)
        && !entry.files.contains(where: { $0.format == "animated-svg" })
      {
        shown[i].formats.remove(.animatedSVG)
        galleryPage = Array(HTMLGallery.page(for: shown, tool: tool).utf8)
      }
      let bytes: [UInt8]
      if rendersScenes || galleryPage != nil {
        bytes = galleryPage ?? Array(HTMLGallery.page(for: shown, tool: tool).utf8)
        try ExportError.writing { () throws(OutputError) in
          try AtomicFile.write(
            bytes, to: url(SceneFileNames.galleryPath), registry: temporaryFiles, flushing: flushesEachFile)
        }
        progress(.fileWritten(scene: nil, format: "html", path: SceneFileNames.galleryPath, bytes: bytes.count))
      } else {
        bytes = Array(HTMLGallery.page(for: shown, tool: tool).utf8)
      }
      let entry = ExportManifest.FileEntry(format: "html", path: SceneFileNames.galleryPath, bytes: bytes.count)
      for i in scenes.indices { scenes[i].files.append(entry) }
    }
    let manifest = ExportManifest(
      tool: tool, render: settings, shard: options.shard == .whole ? nil : options.shard, scenes: scenes)
    let manifestBytes = Array(manifest.serialized().utf8)
    // Every file named so far reaches stable storage before the manifest that vouches for it.
    if writesFiles && options.durability == .render {
      try ExportError.writing { () throws(OutputError) in
        try StableStorage.flushFileSystem(containing: outputDirectory)
      }
    }
    // The manifest's change time then follows every file's (see PreviousRender).
    if writesFiles { ChangeTime.waitForTheNextTick() }
    // Last, so a folder with a manifest holds everything it lists.
    if writesFiles || previous.manifestBytes != manifestBytes {
      try ExportError.writing { () throws(OutputError) in
        try AtomicFile.write(
          manifestBytes, to: url(manifestName), registry: temporaryFiles, flushing: options.durability != .none)
      }
    }
    return manifest
  }

  /// A whole (unsharded) render replaces the scene's frames, or keeps them unchanged: no frame
  /// file of the scene that it does not list stays.
  private func removeStaleFrames(of plan: ScenePlan) {
    guard plan.formats.contains(.png) && options.shard == .whole else { return }
    StaleFrames.remove(
      in: url(plan.names.directory), scene: plan.name,
      keeping: Set(plan.writtenFrameIndices.map(plan.names.frameFileName)))
  }

  /// Removes the folder's manifest, durably unless nothing is to be flushed.
  private func removeManifest(_ name: String) throws(OutputError) {
    guard unlink(url(name).path) == 0 else { return }
    if options.durability != .none { try StableStorage.flushFolder(outputDirectory) }
  }

  /// A file of the output: said not to be a folder, so Foundation does not stat it to find out.
  private func url(_ relativePath: String) -> URL {
    outputDirectory.appendingPathComponent(relativePath, isDirectory: false)
  }

  // MARK: One scene

  /// `whileFinishing` runs on this thread once every frame is drawn, while the GIF's and the
  /// sheet's threads encode their last frames.
  /// `flushing`: whether each file is flushed before it is named (``Durability/frame``).
  private func export(
    _ plan: ScenePlan, fingerprint: String, flushing: Bool, progress: (ExportProgress) -> Void,
    whileFinishing: () -> Void = {}
  ) throws(ExportError) -> ExportManifest.SceneEntry {
    var entry = ExportManifest.SceneEntry(
      name: plan.name, duration: plan.scene.duration, fps: plan.rate.framesPerSecond, frameRate: plan.rate.description,
      scale: plan.scale, width: plan.pixelWidth, height: plan.pixelHeight, frameCount: plan.selection.indices.count,
      fingerprint: fingerprint, inputs: nil, frames: [], files: [])
    func wrote(_ format: String, _ path: String, _ bytes: Int, frames: Int? = nil, merged: Int? = nil) {
      entry.files.append(.init(format: format, path: path, bytes: bytes, frames: frames, mergedFrames: merged))
      progress(.fileWritten(scene: plan.name, format: format, path: path, bytes: bytes))
    }

    let items = plan.items
    // Small rectangles already compressed, shared by the drawing threads and the APNG's writer.
    let apngRectangles = APNGRectangleMemory()
    let webpRectangles = WebPRectangleMemory()
    var apng: (file: StreamingFile, writer: APNGWriter<FileHandleByteSink>)?
    var gif: (file: StreamingFile, writer: GIFWriter<FileHandleByteSink>)?
    var webp: (file: StreamingFile, writer: WebPWriter<FileHandleByteSink>)?
    var sheet: SheetCanvas?
    var gifFrame = 0
    var completed = 0
    /// Stops the writer threads still running when something fails.
    var threads: [() -> Void] = []
    do {
      if items.contains(where: \.feedsAPNG) {
        let file = try StreamingFile(url(plan.names.apngPath), registry: temporaryFiles)
        apng = (
          file,
          try APNGWriter(
            sink: FileHandleByteSink(handle: file.handle), width: plan.pixelWidth, height: plan.pixelHeight,
            colorType: plan.colorType, delay: plan.apngDelay, preset: Self.apngPreset, rectangles: apngRectangles)
        )
      }
      if items.contains(where: \.feedsSheet) { sheet = SheetCanvas(plan: plan, preset: options.pngPreset) }
      if items.contains(where: \.feedsGIF) {
        let file = try StreamingFile(url(plan.names.gifPath), registry: temporaryFiles)
        gif = (
          file,
          try GIFWriter(sink: FileHandleByteSink(handle: file.handle), width: plan.pixelWidth, height: plan.pixelHeight)
        )
      }

      if items.contains(where: \.feedsWebP) {
        let file = try StreamingFile(url(plan.names.webpPath), registry: temporaryFiles)
        webp = (
          file,
          try WebPWriter(
            sink: FileHandleByteSink(handle: file.handle), width: plan.pixelWidth, height: plan.pixelHeight,
            timestamps: plan.webpTimestamps, quality: options.webpQuality)
        )
      }

      // The drawing threads prepare the APNG's and the WebP's frames (what changed, compressed)
      // as they draw, so only their writing is left here. The GIF (whose palette is built as
      // frames come) and the contact sheet each run on a thread of their own, fed in frame
      // order through a bounded queue, at the same time as the drawing threads.
      let capacity = options.inFlightLimit
      var gifThread: WriterThread<(RGBAImage, UInt16, FrameDifference?)>?
      var sheetThread: WriterThread<ContactSheet.Frame>?
      // A wake-up costs a few microseconds: worth it for every frame only where a frame
      // takes far longer to encode. Woken in batches, the threads of large frames still held
      // several frames and cells when the last frame was drawn, writing with a core idle.
      let largeFrames = plan.pixelWidth * plan.pixelHeight >= Self.largeFramePixels
      if let writer = gif?.writer {
        gifThread = WriterThread(capacity: capacity, wakeCount: largeFrames ? 1 : nil) {
          try writer.append($0.0, delayCentiseconds: $0.1, difference: $0.2)
        }
      }
      // The drawing threads' frame differences, united since the GIF's last frame: the GIF
      // (every n-th frame above 50 fps) need not compare its frames again.
      var gifDifference: FrameDifference?
      var gifDifferenceKnown = true
      // A cell comes every few dozen frames: each is composited as it comes.
      if let sheet { sheetThread = WriterThread(capacity: capacity, wakeCount: 1) { try sheet.add($0) } }
      // The animated SVG needs only the frames' presentations: it is made alongside the drawing.
      let animatedSVG =
        plan.ownsSceneFiles && plan.formats.contains(.animatedSVG)
        ? AnimatedSVGJob(plan: plan, byteLimit: options.animatedSVGByteLimit) : nil
      let animatedSVGThread = animatedSVG.map { job in
        WriterThread<Bool>(capacity: 1, wakeCount: 1) { _ in try job.run() }
      }
      try animatedSVGThread?.send(true)
      threads = [gifThread?.cancel, sheetThread?.cancel, animatedSVGThread?.cancel].compactMap { $0 }

      let worker = FrameWorker(
        plan: plan, outputDirectory: outputDirectory, preset: options.pngPreset, webpQuality: options.webpQuality,
        temporaryFiles: temporaryFiles, flushing: flushing,
        handoff: items.contains { $0.feedsAPNG || $0.feedsWebP } ? FrameHandoff() : nil,
        apngRectangles: apngRectangles, webpRectangles: webpRectangles)
      try OrderedParallelMap.run(
        count: items.count, jobs: options.jobs, window: options.inFlightLimit,
        makeState: { try worker.makeState() },
        work: { n, state in try worker.render(n, state: state) },
        consume: { n, result in
          let item = items[n]
          if let record = result.record { entry.frames.append(record) }
          if let frame = result.apng { try apng?.writer.append(frame) }
          // Known only if every frame since the GIF's last one came with its difference.
          if let difference = result.difference {
            gifDifference = gifDifference.map { $0.followed(by: difference) } ?? difference
          } else {
            gifDifferenceKnown = false
          }
          if item.feedsGIF, let gifThread, let image = result.image {
            try gifThread.send((image, plan.gifDelays[gifFrame], gifDifferenceKnown ? gifDifference : nil))
            gifFrame += 1
            gifDifference = nil
            gifDifferenceKnown = true
          }
          if let frame = result.webp { try webp?.writer.append(frame) }
          if item.feedsSheet, let sheetThread, let image = result.image {
            try sheetThread.send(.init(index: item.index, time: item.time, image: image))
          }
          completed += 1
          progress(.framesCompleted(scene: plan.name, completed: completed, frames: items.count))
        })
      // The GIF's and the sheet's threads are still encoding their last frames (the sheet's
      // last cell comes with the last frame), which leaves a core idle: this thread writes the
      // SVG previews meanwhile rather than before any frame is drawn. Their entries still come
      // first in the manifest.
      if plan.ownsSceneFiles && plan.formats.contains(.svg) {
        for preview in plan.previews {
          let path = plan.names.svgPath(time: preview.time)
          let bytes: [UInt8]
          do {
            bytes = try SVGFrameRenderer.svg(plan.timeline.presentation(at: preview.time), background: plan.background)
          } catch {
            throw ExportError.renderFailed(scene: plan.name, time: preview.time, reason: AtomicFile.reason(error))
          }
          try AtomicFile.write(bytes, to: url(path), registry: temporaryFiles, flushing: flushing)
          wrote("svg", path, bytes.count)
        }
      }
      try animatedSVGThread?.finish()
      if let outcome = animatedSVG?.outcome {
        switch outcome {
        case .document(let bytes):
          try AtomicFile.write(
            bytes, to: url(plan.names.animatedSVGPath), registry: temporaryFiles, flushing: flushing)
          wrote("animated-svg", plan.names.animatedSVGPath, bytes.count)
        case .skipped(let reason):
          progress(.fileSkipped(scene: plan.name, format: "animated-svg", reason: reason))
        }
      }
      whileFinishing()
      try gifThread?.finish()
      try sheetThread?.finish()

      if let apng {
        try apng.writer.finish()
        wrote(
          "apng", plan.names.apngPath, try apng.file.commit(flushing: flushing), frames: apng.writer.framesWritten,
          merged: apng.writer.mergedFrames)
      }
      if let gif {
        try gif.writer.finish()
        wrote(
          "gif", plan.names.gifPath, try gif.file.commit(flushing: flushing), frames: gif.writer.framesWritten,
          merged: gif.writer.mergedFrames)
      }
      if let webp {
        try webp.writer.finish()
        wrote(
          "webp", plan.names.webpPath, try webp.file.commit(flushing: flushing), frames: webp.writer.framesWritten,
          merged: webp.writer.mergedFrames)
      }
    } catch {
      for cancel in threads { cancel() }
      apng?.file.discard()
      gif?.file.discard()
      webp?.file.discard()
      if let error = error as? ExportError { throw error }
      if let error = error as? OutputError { throw ExportError(error) }
      throw .cannotWrite(path: plan.names.directory, reason: AtomicFile.reason(error))
    }

    if let sheet {
      let bytes = try sheet.png()
      try ExportError.writing { () throws(OutputError) in
        try AtomicFile.write(bytes, to: url(plan.names.sheetPath), registry: temporaryFiles, flushing: flushing)
      }
      wrote("sheet", plan.names.sheetPath, bytes.count)
    }
    return entry
  }
}

/// Draws, encodes and writes one frame, and prepares its APNG and WebP frames; one ``State``
/// per thread.
struct FrameWorker: Sendable {
  var plan: ScenePlan
  var outputDirectory: URL
  var preset: PNGCompressionPreset
  var webpQuality: Int?
  var temporaryFiles: TemporaryFiles
  /// Whether each frame is flushed before it is named.
  var flushing: Bool
  /// Passes each frame to the thread preparing the next one's animation frames.
  var handoff: FrameHandoff?
  /// Small rectangles the threads have compressed, for the APNG and for the WebP.
  var apngRectangles: APNGRectangleMemory
  var webpRectangles: WebPRectangleMemory

  /// A thread's Cairo surface, PNG encoder and animation frame encoders.
  final class State {
    let renderer: FrameRenderer
    let encoder: PNGEncoder
    let apng: APNGFrameEncoder?
    let webp: WebPFrameEncoder?
    init(renderer: FrameRenderer, encoder: PNGEncoder, apng: APNGFrameEncoder?, webp: WebPFrameEncoder?) {
      self.renderer = renderer
      self.encoder = encoder
      self.apng = apng
      self.webp = webp
    }
  }

  struct Result: Sendable {
    var image: RGBAImage?
    var record: ExportManifest.FrameEntry?
    var apng: APNGPreparedFrame?
    var webp: WebPPreparedFrame?
    /// The frame against the one before, when it was compared (for the APNG or the WebP).
    var difference: FrameDifference?
  }

  func makeState() throws -> State {
    do {
      return State(
        renderer: try FrameRenderer(size: plan.scene.style.canvas.size, scale: plan.scale, background: plan.background),
        encoder: try PNGEncoder(preset: preset),
        apng: plan.items.contains(where: \.feedsAPNG)
          ? try APNGFrameEncoder(colorType: plan.colorType, preset: Exporter.apngPreset, rectangles: apngRectangles)
          : nil,
        webp: plan.items.contains(where: \.feedsWebP)
          ? try WebPFrameEncoder(quality: webpQuality, rectangles: webpRectangles) : nil)
    } catch {
      handoff?.fail()
      throw ExportError.renderFailed(scene: plan.name, time: 0, reason: AtomicFile.reason(error))
    }
  }

  /// Renders item `n` of the plan.
  func render(_ n: Int, state: State) throws -> Result {
    do {
      return try render(plan.items[n], position: n, state: state)
    } catch {
      handoff?.fail()
      throw error
    }
  }

  private func render(_ item: FrameWorkItem, position n: Int, state: State) throws -> Result {
    let image: RGBAImage
    var ink: PixelRect?
    var encoded: EncodedFrame?
    do {
      let presentation = plan.timeline.presentation(at: item.time)
      if item.feedsAPNG || item.feedsWebP, let handoff {
        // Every item feeds the animations when one does: the previous item is the previous
        // frame. The next frame's thread may be waiting for this one: hand it over first,
        // with where it drew, so that the two are compared only there.
        (image, ink) = try state.renderer.renderMeasuringInk(presentation)
        handoff.publish(n, .init(image: image, ink: ink))
      } else {
        image = try state.renderer.render(presentation)
      }
      if item.needsEncoding { encoded = try state.encoder.encodeImageData(image, colorType: plan.colorType) }
    } catch {
      throw ExportError.renderFailed(scene: plan.name, time: item.time, reason: AtomicFile.reason(error))
    }
    var record: ExportManifest.FrameEntry?
    if item.writesPNG, let encoded {
      let path = plan.names.framePath(item.index)
      let file = PNGEncoder.pngFile(from: encoded)
      try AtomicFile.write(
        file, to: outputDirectory.appendingPathComponent(path, isDirectory: false), registry: temporaryFiles,
        flushing: flushing)
      record = .init(index: item.index, time: item.time, path: path, bytes: file.count, sha256: SHA256.hex(file))
    }
    var result = Result(image: item.feedsGIF || item.feedsSheet ? image : nil, record: record)
    if let handoff, item.feedsAPNG || item.feedsWebP {
      var previous: RGBAImage?
      var difference: FrameDifference?
      if n > 0 {
        guard let frame = handoff.take(n - 1) else { throw CancellationError() }
        previous = frame.image
        difference = FrameDifference(image, ink: ink, from: frame.image, ink: frame.ink)
      }
      result.difference = difference
      do {
        if item.feedsAPNG, let apng = state.apng {
          result.apng = try apng.encode(image, after: previous, difference: difference, encoded: encoded)
        }
        if item.feedsWebP, let webp = state.webp {
          result.webp = try webp.encode(image, after: previous, difference: difference)
        }
      } catch {
        throw ExportError.renderFailed(scene: plan.name, time: item.time, reason: AtomicFile.reason(error))
      }
    }
    return result
  }
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
        count: plan.sheetPositions.count, isTransparent: plan.colorType == .rgba, backdrop: Backdrop.choose(for: plan)
      ).makeCanvas(encodingAs: preset)
      canvas = made
      return made
    } catch {
      throw .renderFailed(scene: plan.name, time: 0, reason: "contact sheet: \(AtomicFile.reason(error))")
    }
  }
}

extension Exporter {
  /// Frames of at least this many pixels wake the GIF's thread one by one (256 × 256).
  static var largeFramePixels: Int { 65_536 }

  /// How the APNG's rectangles are compressed: smallest, as people attach APNGs.
  static var apngPreset: PNGCompressionPreset { .small }
}
