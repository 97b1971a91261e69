import BarFrames
import BarFramesImageIO
import BarFramesOutput
import Foundation

/// Joins the output folders of a sharded render (`barframes render --shard i/n`, one folder per
/// machine) into the output of the unsharded render — the library behind `barframes merge`.
///
/// ```swift
/// let merge = try ShardMerge(
///   shards: ["shard-1", "shard-2", "shard-3"].map { URL(fileURLWithPath: $0) },
///   outputDirectory: URL(fileURLWithPath: "frames"))
/// let manifest = try merge.run()
/// ```
///
/// The result is, byte for byte, what one machine rendering the same scenes with the same
/// options writes: the PNG frames, SVG previews and contact sheets are copied from the shard
/// that wrote them, the gallery (`index.html`) from shard 1, and each scene's APNG, GIF and WebP
/// are built here from its PNG frames in order — shards write no animations, so no machine
/// draws a whole scene — with the exporter's writers and settings. The manifest is the
/// unsharded render's, `manifest.json`.
///
/// Nothing is written unless everything checks out first: ``ShardSet`` refuses a missing,
/// repeated or foreign shard, and every file each manifest lists is read and compared with its
/// size and SHA-256 before the first write. Every file is then written under a temporary name
/// and renamed into place (``AtomicFile``), unflushed, and the merge commits as a render does
/// (``RenderJournal``): the index claims every path first and the manifest loses the scenes
/// merged, one `syncfs` at the end makes every file durable, then the manifest is named — a
/// folder's manifest never lists what is not there, even if a disk fills up half-way. Frame
/// files of a scene that the merge did not write (left by an earlier render at another fps) are
/// removed, as an unsharded render removes them.
public struct ShardMerge: Sendable {
  public var shards: ShardSet
  public var outputDirectory: URL
  /// Threads reading, checking and decoding frames.
  public var jobs: Int
  public var temporaryFiles: TemporaryFiles
  /// Whether a merge into a folder another BarFrames writer holds waits for it, or fails at
  /// once (`--no-wait`).
  public var waitsForFolder = true

  /// Reads and checks the shards in `shards` (see ``ShardSet``); writes nothing.
  /// - Parameters:
  ///   - names: How messages name each shard folder (as the user typed them).
  /// - Throws: ``MergeError/shardSet(_:)`` also when `outputDirectory` is one of the shard folders.
  public init(
    shards directories: [URL], names: [String]? = nil, outputDirectory: URL, jobs: Int = ProcessInfoCores.count,
    temporaryFiles: TemporaryFiles = .shared
  ) throws(MergeError) {
    let output = outputDirectory.standardizedFileURL.resolvingSymlinksInPath().path
    for (i, directory) in directories.enumerated()
    where directory.standardizedFileURL.resolvingSymlinksInPath().path == output {
      throw .shardSet(
        "the output folder \(InputText.escaped(names.flatMap { i < $0.count ? $0[i] : nil } ?? directory.path)) is also a shard folder; merge into another folder"
      )
    }
    shards = try ShardSet(directories: directories, names: names)
    self.outputDirectory = outputDirectory
    self.jobs = max(1, jobs)
    self.temporaryFiles = temporaryFiles
  }

  /// Checks every listed file, then writes the merged output; returns its manifest.
  ///
  /// `progress` is called on the calling thread, with the same events as an export.
  public func run(progress: (ExportProgress) -> Void = { _ in }) throws(MergeError) -> ExportManifest {
    try verifySources()
    try MergeError.writing { () throws(OutputError) in
      try OutputDirectory.prepare(outputDirectory)
      // Every scene's folder, as the unsharded render makes them.
      for scene in shards.scenes {
        try OutputDirectory.prepare(outputDirectory.appendingPathComponent(scene.entry.name))
      }
    }
    // One writer at a time; then nothing is written over a file no record of ours lists.
    let lock = try MergeError.writing { () throws(OutputError) in
      try FolderLock.acquire(in: outputDirectory, command: "barframes merge", waits: waitsForFolder) {
        progress(.waitingForFolder(holder: $0))
      }
    }
    defer { lock.release() }
    let records = FolderRecords(directory: outputDirectory)
    let planned = plannedPaths()
    // A merge commits as a render does (``RenderJournal``): no file is flushed on its own, one
    // `syncfs` makes them all and the manifest's bytes durable.
    var journal = RenderJournal(
      directory: outputDirectory, manifestName: ExportManifest.fileName, records: records, durability: .render,
      temporaryFiles: temporaryFiles)
    do {
      try records.checkManifestIsOurs(ExportManifest.fileName)
      try records.checkTargets(
        planned + [ExportManifest.fileName, RenderIndex.fileName(for: ExportManifest.fileName)], inputs: [])
      // The index owns every path the merge writes before the first is, and the manifest
      // goes: a merge that dies half-way leaves no record claiming what is not there.
      try journal.begin(claiming: planned, renderedScenes: Set(shards.scenes.map(\.entry.name)), checked: [:])
    } catch {
      throw .output(error)
    }
    let owned = records.owned.union(planned)
    var notOurs: [String] = []
    let writeback = EarlyWriteback(folder: outputDirectory, files: shards.scenes.reduce(0) { $0 + $1.frames.count })

    var scenes: [ExportManifest.SceneEntry] = []
    for (ordinal, scene) in shards.scenes.enumerated() {
      let started = Date()
      progress(
        .sceneStarted(
          scene: scene.entry.name, ordinal: ordinal, sceneCount: shards.scenes.count, frames: scene.frames.count))
      scenes.append(try merge(scene, writeback: writeback, progress: progress))
      if shards.render.formats.contains(.png) {
        let names = Set(scene.frames.map { String($0.frame.path.split(separator: "/")[1]) })
        let prefix = scene.entry.name + "/"
        notOurs +=
          StaleFrames.remove(
            in: outputDirectory.appendingPathComponent(scene.entry.name), scene: scene.entry.name, keeping: names,
            isOwned: { owned.contains(prefix + $0) }
          ).notOurs.map { prefix + $0 }
      }
      progress(
        .sceneFinished(scene: scene.entry.name, frames: scene.frames.count, seconds: Date().timeIntervalSince(started)))
    }
    if let gallery = shards.scenes.first?.gallery {
      let file = try copy(gallery)
      progress(.fileWritten(scene: nil, format: "html", path: file.path, bytes: file.bytes))
      for i in scenes.indices { scenes[i].files.append(file) }
    }
    if let first = notOurs.first { progress(.unownedFilesKept(count: notOurs.count, first: first)) }
    let manifest = ExportManifest(tool: shards.tool, render: shards.render, shard: nil, scenes: scenes)
    do {
      let lastNamed = ChangeTime.now()
      writeback.finish()
      try journal.commit(manifest, lastNamed: lastNamed, checked: [:])
    } catch {
      throw .output(error)
    }
    return manifest
  }

  /// Every file the merge writes, relative to the output folder.
  private func plannedPaths() -> [String] {
    var paths: [String] = []
    for scene in shards.scenes {
      paths += scene.frames.map(\.frame.path) + scene.previews.map(\.file.path)
      if let sheet = scene.sheet { paths.append(sheet.file.path) }
      let names = SceneFileNames(scene: scene.entry.name, scale: scene.entry.scale, indexDigits: 1)
      if shards.render.formats.contains(.apng) { paths.append(names.apngPath) }
      if shards.render.formats.contains(.gif) { paths.append(names.gifPath) }
      if shards.render.formats.contains(.webp) { paths.append(names.webpPath) }
    }
    if let gallery = shards.scenes.first?.gallery { paths.append(gallery.file.path) }
    return paths
  }

  private func isEmpty(_ formats: ExportFormats) -> Bool { formats.intersection([.apng, .gif, .webp]).isEmpty }

  // MARK: Checking

  /// A file a shard listed, to check or copy.
  private struct Listed: Sendable {
    var url: URL
    var name: String
    var manifestName: String
    var bytes: Int
    var sha256: String?
  }

  private func listed(_ part: Int, path: String, bytes: Int, sha256: String?) -> Listed {
    let shard = shards.parts[part]
    return Listed(
      url: shard.directory.appendingPathComponent(path), name: "\(shard.name)/\(InputText.escaped(path))",
      manifestName: shard.manifestName, bytes: bytes, sha256: sha256)
  }

  private func listed(_ source: ShardSet.Source) -> Listed {
    listed(source.part, path: source.file.path, bytes: source.file.bytes, sha256: source.file.sha256)
  }

  /// Every file the merge reads, checked before anything is written.
  private func verifySources() throws(MergeError) {
    var sources: [Listed] = []
    for scene in shards.scenes {
      sources += scene.frames.map {
        listed($0.part, path: $0.frame.path, bytes: $0.frame.bytes, sha256: $0.frame.sha256)
      }
      sources += scene.previews.map(listed)
      if let sheet = scene.sheet { sources.append(listed(sheet)) }
    }
    if let gallery = shards.scenes.first?.gallery { sources.append(listed(gallery)) }
    let files = sources
    do {
      try OrderedParallelMap.run(
        count: files.count, jobs: jobs, window: 4 * jobs, makeState: {},
        work: { n, _ in _ = try Self.read(files[n]) }, consume: { _, _ in })
    } catch let error as MergeError {
      throw error
    } catch {
      throw .badInput(AtomicFile.reason(error))
    }
  }

  /// The bytes of a listed file, checked against its manifest entry.
  private static func read(_ file: Listed) throws(MergeError) -> [UInt8] {
    let bytes: [UInt8]
    do {
      bytes = try InputBytes.read(file.url, limit: .max)
    } catch {
      throw .badInput(
        "\(file.name): listed in \(file.manifestName) but \(error == .missing ? "missing" : "\(error)")")
    }
    guard bytes.count == file.bytes else {
      throw .badInput(
        "\(file.name): \(bytes.count) bytes, but \(file.manifestName) lists \(file.bytes); the shard's files changed after it was rendered"
      )
    }
    if let sha256 = file.sha256, SHA256.hex(bytes) != sha256 {
      throw .badInput(
        "\(file.name): its SHA-256 differs from \(file.manifestName)'s; the shard's files changed after it was rendered"
      )
    }
    return bytes
  }

  // MARK: Writing

  /// Copies a listed file, unflushed (the merge's commit flushes everything at once); returns
  /// its entry with the SHA-256 of the bytes copied (a version 2 shard manifest lists none).
  private func copy(_ source: ShardSet.Source) throws(MergeError) -> ExportManifest.FileEntry {
    let bytes = try Self.read(listed(source))
    try MergeError.writing { () throws(OutputError) in
      try AtomicFile.write(
        bytes, to: outputDirectory.appendingPathComponent(source.file.path), registry: temporaryFiles, flushing: false)
    }
    var file = source.file
    file.sha256 = SHA256.hex(bytes)
    return file
  }

  /// A frame read, checked and copied, with what the animations need of it.
  private struct CopiedFrame: Sendable {
    var image: RGBAImage?
    var encoded: EncodedFrame?
  }

  private func merge(
    _ scene: ShardSet.SceneParts, writeback: EarlyWriteback, progress: (ExportProgress) -> Void
  ) throws(MergeError) -> ExportManifest.SceneEntry {
    var entry = scene.entry
    entry.frames = scene.frames.map(\.frame)
    let render = shards.render
    for preview in scene.previews {
      let file = try copy(preview)
      entry.files.append(file)
      progress(.fileWritten(scene: entry.name, format: file.format, path: file.path, bytes: file.bytes))
    }

    let decodes = !isEmpty(render.formats) && !scene.frames.isEmpty
    let rate = FrameRate(manifestText: entry.frameRate) ?? FrameRate(entry.fps)
    let timing = AnimationTiming(rate: rate, everyNth: render.everyNth, frameCount: scene.frames.count)
    let names = SceneFileNames(scene: entry.name, scale: entry.scale, indexDigits: 1)
    let frames = scene.frames.map {
      listed($0.part, path: $0.frame.path, bytes: $0.frame.bytes, sha256: $0.frame.sha256)
    }
    let (width, height) = (entry.width, entry.height)
    let output = outputDirectory
    let registry = temporaryFiles
    var animations: MergedAnimations?
    var completed = 0
    do {
      try OrderedParallelMap.run(
        count: frames.count, jobs: jobs, window: 4 * jobs, makeState: {},
        work: { n, _ in
          let file = frames[n]
          let bytes = try Self.read(file)
          try AtomicFile.write(
            bytes, to: output.appendingPathComponent(scene.frames[n].frame.path), registry: registry, flushing: false)
          guard decodes else { return CopiedFrame() }
          return try Self.decode(bytes, file: file, width: width, height: height)
        },
        consume: { n, frame in
          writeback.fileWritten()
          if decodes, let image = frame.image, let encoded = frame.encoded {
            if animations == nil {
              animations = try MergedAnimations(
                names: names, width: width, height: height, colorType: encoded.colorType, timing: timing,
                formats: render.formats, webpQuality: render.webpQuality, outputDirectory: output,
                temporaryFiles: registry, capacity: 4 * jobs, flushing: false)
            }
            guard encoded.colorType == animations?.colorType else {
              throw MergeError.badInput("\(frames[n].name): its colour type differs from the scene's first frame's")
            }
            try animations?.append(position: n, image: image, encoded: encoded)
          }
          completed += 1
          progress(.framesCompleted(scene: entry.name, completed: completed, frames: frames.count))
        })
      if let animations {
        let files = try animations.finish()
        entry.files += files
        for file in files {
          progress(.fileWritten(scene: entry.name, format: file.format, path: file.path, bytes: file.bytes))
        }
      }
    } catch {
      animations?.discard()
      switch error {
      case let error as MergeError: throw error
      case let error as OutputError: throw .output(ExportError(error))
      case let error as ExportError: throw .output(error)
      default:
        throw .output(
          .cannotWrite(path: outputDirectory.appendingPathComponent(entry.name).path, reason: AtomicFile.reason(error)))
      }
    }

    if let sheet = scene.sheet {
      let file = try copy(sheet)
      entry.files.append(file)
      progress(.fileWritten(scene: entry.name, format: file.format, path: file.path, bytes: file.bytes))
    }
    return entry
  }

  /// The pixels of a frame and its compressed image data as stored (the APNG reuses it, as the
  /// exporter does); refused unless it is an 8-bit RGB or RGBA PNG of the scene's size written
  /// the way the exporter writes one.
  private static func decode(_ bytes: [UInt8], file: Listed, width: Int, height: Int) throws(MergeError) -> CopiedFrame
  {
    let image: RGBAImage
    let chunks: [PNGChunk]
    do {
      chunks = try PNGChunk.parse(bytes)
      image = try PNGDecoder.decode(bytes)
    } catch {
      throw .badInput("\(file.name): not a PNG frame (\(error))")
    }
    let info = try? PNGImageInfo(bytes: bytes)
    guard let info, info.width == width, info.height == height, info.bitDepth == 8, !info.isInterlaced,
      info.colorType == .rgb || info.colorType == .rgba
    else {
      throw .badInput("\(file.name): not a \(width) × \(height) frame as barframes writes them")
    }
    let encoded = EncodedFrame(
      width: width, height: height, colorType: info.colorType,
      zdata: chunks.filter { $0.type == "IDAT" }.flatMap(\.data))
    guard PNGEncoder.pngFile(from: encoded) == bytes else {
      throw .badInput("\(file.name): not a frame as barframes writes them (extra chunks or a different layout)")
    }
    return CopiedFrame(image: image, encoded: encoded)
  }
}
