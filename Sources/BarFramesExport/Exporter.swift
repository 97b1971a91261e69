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
/// encoder; each thread writes its PNG files itself. Every other file comes from an output
/// (``FrameOutput``: the SVG previews, the animated SVG, the APNG, the GIF, the WebP, the contact
/// sheet), which gets the frames it wants, prepared on the drawing threads and appended in frame
/// order. At most ``ExportOptions/maximumFramesInFlight`` frames are ever held, so memory does
/// not grow with the sequence. The output is byte-identical whatever the number of jobs, and
/// every file is written under a temporary name and renamed into place when complete (see
/// ``TemporaryFiles``).
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
        "'--shard' with apng, gif or webp needs png too: 'barframes merge' builds the animations from the shards' PNG frames (for example --format png,\(options.formats.intersection([.apng, .gif, .webp])))"
      )
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
    // One writer at a time: everything below reads the folder's records and acts on them.
    let lock = try ExportError.writing { () throws(OutputError) in
      try FolderLock.acquire(in: outputDirectory, command: options.command, waits: options.waitsForFolder) {
        progress(.waitingForFolder(holder: $0))
      }
    }
    defer { lock.release() }
    let settings = RenderSettings(options: options)
    let manifestName = ExportManifest.fileName(for: options.shard)
    let records = FolderRecords(directory: outputDirectory)
    try records.checkManifestIsOurs(manifestName)
    let previous = PreviousRender(records: records, manifestName: manifestName, verifying: options.verifiesFiles)
    var identities: [(fingerprint: String, inputs: String?)] = []
    var unchanged: [ExportManifest.SceneEntry?] = []
    /// Stat data of the unchanged scenes' files, as checked now.
    var checked: [String: FileStat] = [:]
    for plan in plans {
      let fingerprint = try SceneFingerprint.sha256(of: plan.timeline, background: plan.background)
      let inputs = sources[plan.name].map {
        SceneInputs.digest(sources: $0, tool: tool, settings: settings, plan: plan)
      }
      identities.append((fingerprint, inputs))
      let found =
        options.skipsUnchangedScenes
        ? inputs.flatMap { previous.unchangedEntry(named: plan.name, inputs: $0, fingerprint: fingerprint) } : nil
      var entry = found?.entry
      checked.merge(found?.stats ?? [:]) { _, new in new }
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
    // Every path this render may write, checked before anything is drawn: none may be an
    // input, or a file no record of ours lists.
    var planned: [String] = []
    for (position, plan) in plans.enumerated() where unchanged[position] == nil { planned += plannedPaths(plan) }
    if makesGallery && writesFiles { planned.append(SceneFileNames.galleryPath) }
    let inputs = Set(sources.values.flatMap(\.paths).compactMap(FileIdentity.init(followingLinksAt:)))
    try records.checkTargets(planned + [manifestName, RenderIndex.fileName(for: manifestName)], inputs: inputs)
    for plan in plans where plan.ownsSceneFiles || !plan.items.isEmpty {
      try ExportError.writing { () throws(OutputError) in
        try OutputDirectory.prepare(outputDirectory.appendingPathComponent(plan.names.directory))
      }
    }
    let flushesEachFile = options.durability == .frame
    var journal = RenderJournal(
      directory: outputDirectory, manifestName: manifestName, records: records, durability: options.durability,
      temporaryFiles: temporaryFiles)
    // Before a file is touched, the index owns every path this render may write, and the
    // records of the scenes it renders leave the manifest; the others keep theirs.
    if writesFiles {
      let rendered = Set(plans.indices.filter { unchanged[$0] == nil }.map { plans[$0].name })
      try journal.begin(claiming: planned, renderedScenes: rendered, checked: checked)
    }

    // The frames start on their way to storage while later ones are drawn.
    let writeback =
      writesFiles && options.durability == .render
      ? EarlyWriteback(
        folder: outputDirectory,
        files: plans.indices.filter { unchanged[$0] == nil }.reduce(0) { $0 + plans[$1].items.count }) : nil
    // The gallery's page depends on the plans alone: made on a thread of its own while the
    // frames are drawn, not after them.
    let pageInMaking =
      makesGallery && rendersScenes
      ? BackgroundValue(named: "bf-gallery") { [tool] in Array(HTMLGallery.page(for: plans, tool: tool).utf8) } : nil
    var scenes: [ExportManifest.SceneEntry] = []
    var notOurs: [String] = []
    let owned = records.owned.union(planned)
    for (position, plan) in plans.enumerated() {
      if let entry = unchanged[position] {
        progress(
          .sceneSkipped(scene: plan.name, ordinal: plan.ordinal, sceneCount: plans.count, frames: plan.items.count))
        scenes.append(entry)
        notOurs += removeStaleFrames(of: plan, owned: owned, inputs: inputs)
        continue
      }
      let started = Date()
      progress(
        .sceneStarted(scene: plan.name, ordinal: plan.ordinal, sceneCount: plans.count, frames: plan.items.count))
      var entry = try export(
        plan, fingerprint: identities[position].fingerprint, flushing: flushesEachFile, writeback: writeback,
        progress: progress)
      entry.inputs = identities[position].inputs
      scenes.append(entry)
      notOurs += removeStaleFrames(of: plan, owned: owned, inputs: inputs)
      progress(.sceneFinished(scene: plan.name, frames: plan.items.count, seconds: Date().timeIntervalSince(started)))
    }
    if let first = notOurs.first { progress(.unownedFilesKept(count: notOurs.count, first: first)) }
    if let pageInMaking { galleryPage = pageInMaking.value() }
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
      let entry = ExportManifest.FileEntry(
        format: "html", path: SceneFileNames.galleryPath, bytes: bytes.count, sha256: SHA256.hex(bytes))
      for i in scenes.indices { scenes[i].files.append(entry) }
    }
    let manifest = ExportManifest(
      tool: tool, render: settings, shard: options.shard == .whole ? nil : options.shard, scenes: scenes)
    // A render that wrote nothing and lists what the manifest read lists leaves the folder as
    // it is.
    guard writesFiles || previous.manifest != manifest || !journal.isCurrent(for: manifest, checked: checked) else {
      return manifest
    }
    // Every file is named by now.
    let lastNamed = ChangeTime.now()
    writeback?.finish()
    try journal.commit(manifest, lastNamed: lastNamed, checked: checked)
    return manifest
  }

  /// Every file `plan` may write, relative to the output folder.
  private func plannedPaths(_ plan: ScenePlan) -> [String] {
    var paths = plan.writtenFrameIndices.map(plan.names.framePath)
    if plan.ownsSceneFiles {
      if plan.formats.contains(.svg) { paths += plan.previews.map { plan.names.svgPath(time: $0.time) } }
      if plan.formats.contains(.animatedSVG) { paths.append(plan.names.animatedSVGPath) }
      if plan.formats.contains(.sheet) { paths.append(plan.names.sheetPath) }
    }
    if plan.writesAnimations {
      if plan.formats.contains(.apng) { paths.append(plan.names.apngPath) }
      if plan.formats.contains(.gif) { paths.append(plan.names.gifPath) }
      if plan.formats.contains(.webp) { paths.append(plan.names.webpPath) }
    }
    return paths
  }

  /// A whole (unsharded) render replaces the scene's frames, or keeps them unchanged: no frame
  /// file of the scene that it does not list stays — of those ours; the user's (named like
  /// frames, listed by no record) stay, and are returned (paths relative to the output).
  private func removeStaleFrames(of plan: ScenePlan, owned: Set<String>, inputs: Set<FileIdentity>) -> [String] {
    guard plan.formats.contains(.png) && options.shard == .whole else { return [] }
    let folder = url(plan.names.directory)
    let prefix = plan.names.directory + "/"
    return StaleFrames.remove(
      in: folder, scene: plan.name, keeping: Set(plan.writtenFrameIndices.map(plan.names.frameFileName)),
      isOwned: { name in
        owned.contains(prefix + name)
          && FileIdentity(followingLinksAt: folder.appendingPathComponent(name).path).map { !inputs.contains($0) }
            ?? true
      }
    ).notOurs.map { prefix + $0 }
  }

  /// A file of the output: said not to be a folder, so Foundation does not stat it to find out.
  private func url(_ relativePath: String) -> URL {
    outputDirectory.appendingPathComponent(relativePath, isDirectory: false)
  }

  // MARK: One scene

  /// Draws `plan`'s frames, writes its PNG files, and runs every output it makes
  /// (``FrameOutputs``) over them.
  /// `flushing`: whether each file is flushed before it is named (``Durability/frame``);
  /// `writeback`: told of each frame file named, to start writing them back early.
  private func export(
    _ plan: ScenePlan, fingerprint: String, flushing: Bool, writeback: EarlyWriteback?,
    progress: (ExportProgress) -> Void
  ) throws(ExportError) -> ExportManifest.SceneEntry {
    var entry = ExportManifest.SceneEntry(
      name: plan.name, duration: plan.scene.duration, fps: plan.rate.framesPerSecond, frameRate: plan.rate.description,
      scale: plan.scale, width: plan.pixelWidth, height: plan.pixelHeight, frameCount: plan.selection.indices.count,
      fingerprint: fingerprint, inputs: nil, frames: [], files: [])
    let items = plan.items
    let context = OutputContext(
      options: options, outputDirectory: outputDirectory, temporaryFiles: temporaryFiles, flushing: flushing)
    var outputs: [MadeOutput] = []
    /// Outputs not yet finished: discarded if something fails.
    var unfinished = 0..<0
    do {
      outputs = try FrameOutputs.make(for: plan, in: context)
      unfinished = outputs.indices
      let worker = FrameWorker(
        plan: plan, outputDirectory: outputDirectory, preset: options.pngPreset, temporaryFiles: temporaryFiles,
        flushing: flushing, outputs: outputs)
      var changes = ChangesSinceLastFrame(outputs: outputs)
      var completed = 0
      try OrderedParallelMap.run(
        count: items.count, jobs: options.jobs, window: options.inFlightLimit,
        makeState: { try worker.makeState() },
        work: { n, state in try worker.render(n, state: state) },
        consume: { n, result in
          if let record = result.record {
            entry.frames.append(record)
            writeback?.fileWritten()
          }
          changes.note(result.difference, compared: items[n].isCompared)
          for (output, prepared) in result.prepared {
            try outputs[output].append(prepared, changes.take(for: output, compared: items[n].isCompared))
          }
          completed += 1
          progress(.framesCompleted(scene: plan.name, completed: completed, frames: items.count))
        })
      // All at once, each on a thread of its own: what is left after the last frame (an
      // encoder's last frames, a file to name) is work nothing else runs beside. Listed in
      // the manifest's order.
      let finished = FrameOutputs.finish(outputs)
      unfinished = 0..<0
      for (output, result) in zip(outputs, finished) {
        if case .failure = result { output.discard() }
      }
      for result in finished {
        for file in try result.get() {
          switch file {
          case .written(let file):
            entry.files.append(file)
            progress(.fileWritten(scene: plan.name, format: file.format, path: file.path, bytes: file.bytes))
          case .skipped(let format, let reason):
            progress(.fileSkipped(scene: plan.name, format: format, reason: reason))
          }
        }
      }
    } catch {
      for i in unfinished { outputs[i].discard() }
      if let error = error as? ExportError { throw error }
      if let error = error as? OutputError { throw ExportError(error) }
      throw .cannotWrite(path: plan.names.directory, reason: AtomicFile.reason(error))
    }
    return entry
  }
}

/// Where each output's frames differ from its last one, from the drawing threads' comparisons:
/// an output that does not compare frames itself (the GIF, every n-th frame above 50 fps) need
/// not compare them again.
///
/// The compared frames (those of the outputs that compare, ``FrameWorkItem/isCompared``) each
/// come with their difference from the compared frame before; united since an output's last
/// frame, they tell where its next one differs, if both are compared frames.
struct ChangesSinceLastFrame {
  /// Per output (by index in the exporter's list): the union since its last frame, and whether
  /// its last frame was a compared one (nil before its first).
  private var since: [FrameDifference?]
  private var lastCompared: [Bool?]

  init(outputs: [MadeOutput]) {
    since = Array(repeating: nil, count: outputs.count)
    lastCompared = Array(repeating: nil, count: outputs.count)
  }

  /// The next frame in order, with its difference from the compared frame before, if it has one.
  mutating func note(_ difference: FrameDifference?, compared: Bool) {
    guard compared, let difference else { return }
    for i in since.indices { since[i] = since[i].map { $0.followed(by: difference) } ?? difference }
  }

  /// Where the frame just noted differs from output `i`'s last one, if known; starts anew.
  mutating func take(for i: Int, compared: Bool) -> FrameDifference? {
    defer {
      since[i] = nil
      lastCompared[i] = compared
    }
    return compared && lastCompared[i] == true ? since[i] : nil
  }
}

/// Draws, encodes and writes one frame, and prepares it for each output that wants it; one
/// ``State`` per thread.
struct FrameWorker: Sendable {
  var plan: ScenePlan
  var outputDirectory: URL
  var preset: PNGCompressionPreset
  var temporaryFiles: TemporaryFiles
  /// Whether each frame is flushed before it is named.
  var flushing: Bool
  var outputs: [MadeOutput]
  /// Passes each compared frame to the thread preparing the next compared one.
  var handoff: FrameHandoff?
  /// For each item: the item before it among the compared ones.
  var previousCompared: [Int?]

  init(
    plan: ScenePlan, outputDirectory: URL, preset: PNGCompressionPreset, temporaryFiles: TemporaryFiles,
    flushing: Bool, outputs: [MadeOutput]
  ) {
    self.plan = plan
    self.outputDirectory = outputDirectory
    self.preset = preset
    self.temporaryFiles = temporaryFiles
    self.flushing = flushing
    self.outputs = outputs
    var last: Int?
    previousCompared = plan.items.enumerated().map { n, item in
      defer { if item.isCompared { last = n } }
      return last
    }
    handoff = plan.items.contains(where: \.isCompared) ? FrameHandoff() : nil
  }

  /// A thread's Cairo surface, PNG encoder and outputs' preparers (by index in `outputs`).
  final class State {
    let renderer: FrameRenderer
    let encoder: PNGEncoder
    let preparers: [(DrawnFrame) throws -> any Sendable]
    init(renderer: FrameRenderer, encoder: PNGEncoder, preparers: [(DrawnFrame) throws -> any Sendable]) {
      self.renderer = renderer
      self.encoder = encoder
      self.preparers = preparers
    }
  }

  struct Result: Sendable {
    var record: ExportManifest.FrameEntry?
    /// What each output that wants the frame gets, by index in `outputs`, in that order.
    var prepared: [(Int, any Sendable)] = []
    /// The frame against the compared one before, for a compared frame after the first.
    var difference: FrameDifference?
  }

  func makeState() throws -> State {
    do {
      return State(
        renderer: try FrameRenderer(size: plan.scene.style.canvas.size, scale: plan.scale, background: plan.background),
        encoder: try PNGEncoder(preset: preset), preparers: try outputs.map { try $0.makePreparer() })
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
      if item.isCompared, let handoff {
        // The next compared frame's thread may be waiting for this one: hand it over first,
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
    var result = Result()
    if item.writesPNG, let encoded {
      let path = plan.names.framePath(item.index)
      let file = PNGEncoder.pngFile(from: encoded)
      try AtomicFile.write(
        file, to: outputDirectory.appendingPathComponent(path, isDirectory: false), registry: temporaryFiles,
        flushing: flushing)
      result.record = .init(index: item.index, time: item.time, path: path, bytes: file.count, sha256: SHA256.hex(file))
    }
    guard !item.feeds.isEmpty else { return result }
    var frame = DrawnFrame(position: item.position, index: item.index, time: item.time, image: image, encoded: encoded)
    if item.isCompared, let handoff, let before = previousCompared[n] {
      guard let previous = handoff.take(before) else { throw CancellationError() }
      frame.previous = previous.image
      frame.difference = FrameDifference(image, ink: ink, from: previous.image, ink: previous.ink)
      result.difference = frame.difference
    }
    do {
      for (i, output) in outputs.enumerated() where item.feeds.contains(output.slot) {
        result.prepared.append((i, try state.preparers[i](frame)))
      }
    } catch {
      throw ExportError.renderFailed(scene: plan.name, time: item.time, reason: AtomicFile.reason(error))
    }
    return result
  }
}
