import BarFramesOutput
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The two moments a render writes its records, in the order that keeps the folder's manifest
/// from ever claiming what is not there (SQLite's rollback journal and git's index are the
/// model).
///
/// **Begin** (``begin(claiming:renderedScenes:checked:)``), before any file is touched: the
/// index (``RenderIndex``) is written listing every file the folder's records owned and every
/// path this render may write, flushed with its folder; then the manifest loses the records
/// of the scenes this render will draw — scenes it leaves alone keep theirs, with their stat
/// data — or is removed when none is left. A render killed or out of space from then on leaves
/// a manifest whose every record is of untouched files, and an index that still owns the new
/// files no manifest lists yet, which the next render may replace or remove.
///
/// **Commit** (``commit(_:lastNamed:checked:)``): the new manifest's bytes go into a file without a
/// name; one `syncfs` makes every file of the render and those bytes durable; the index is
/// written with every listed file's stat data, bound to the new manifest's digest; the manifest
/// is named, and its folder flushed. Two flushes at the start and two at the end, whatever the
/// frame count.
///
/// The manifest trimmed at the start is not flushed on its own: after a power loss the older
/// manifest may come back, but the index on disk is then bound to another digest, so none of
/// its stat data are used, every frame it lists is re-hashed and every other file counts as
/// changed — an older manifest costs a re-render, never a file trusted wrongly.
struct RenderJournal {
  let directory: URL
  let manifestName: String
  let records: FolderRecords
  let durability: Durability
  let temporaryFiles: TemporaryFiles
  /// Every path the index owns once the render has begun.
  private var claimed: Set<String> = []

  init(
    directory: URL, manifestName: String, records: FolderRecords, durability: Durability,
    temporaryFiles: TemporaryFiles
  ) {
    self.directory = directory
    self.manifestName = manifestName
    self.records = records
    self.durability = durability
    self.temporaryFiles = temporaryFiles
    claimed = Set(records.indexes[manifestName].map { Array($0.files.keys) } ?? [])
    for scene in records.manifests[manifestName]?.manifest.scenes ?? [] { claimed.formUnion(Self.paths(of: scene)) }
  }

  private static func paths(of scene: ExportManifest.SceneEntry) -> [String] {
    scene.frames.map(\.path) + scene.files.map(\.path)
  }

  private func url(_ name: String) -> URL { directory.appendingPathComponent(name, isDirectory: false) }

  /// Whether the folder's index and manifest already record `manifest` as it is, with the
  /// stat data checked now: nothing to write.
  func isCurrent(for manifest: ExportManifest, checked: [String: FileStat]) -> Bool {
    guard let read = records.manifests[manifestName], read.isIntact, read.manifest == manifest,
      let index = records.indexes[manifestName], index.manifestDigest == read.digest
    else { return false }
    return checked.allSatisfy { index.files[$0.key] == .some($0.value) }
  }

  /// Claims `planned` in the index and takes the records of `renderedScenes` out of the
  /// manifest, before any of their files is touched.
  /// - Parameter checked: Stat data of the files of scenes found unchanged just now.
  mutating func begin(
    claiming planned: [String], renderedScenes: Set<String>, checked: [String: FileStat]
  ) throws(ExportError) {
    claimed.formUnion(planned)
    var files: [String: FileStat?] = [:]
    for path in claimed { files[path] = .some(nil) }
    var kept: ExportManifest?
    if let old = records.manifests[manifestName], old.isIntact {
      var manifest = old.manifest
      manifest.scenes.removeAll { renderedScenes.contains($0.name) }
      if !manifest.scenes.isEmpty {
        kept = manifest
        let index = records.indexes[manifestName]
        let bound = index != nil && index?.manifestDigest == old.digest
        for scene in manifest.scenes {
          for path in Self.paths(of: scene) {
            files[path] = .some(checked[path] ?? (bound ? index?.files[path] ?? nil : nil))
          }
        }
      }
    }
    let keptBytes = kept?.serializedBytes()
    let index = RenderIndex(
      manifestDigest: keptBytes.map(Self.digest(of:)), stamp: Self.now(), files: files)
    try ExportError.writing { () throws(OutputError) in
      try AtomicFile.write(
        index.serializedBytes(), to: url(RenderIndex.fileName(for: manifestName)), registry: temporaryFiles,
        flushing: durability != .none)
      if let keptBytes {
        if records.manifests[manifestName]?.manifest != kept {
          try AtomicFile.write(keptBytes, to: url(manifestName), registry: temporaryFiles, flushing: false)
        }
      } else if unlink(url(manifestName).path) != 0 && errno != ENOENT {
        throw .cannotWrite(path: url(manifestName).path, reason: String(cString: strerror(errno)))
      }
    }
  }

  /// Makes the render's files durable and writes its index and manifest.
  /// - Parameters:
  ///   - lastNamed: A moment after the render's last file was named.
  ///   - checked: Stat data of the files of scenes found unchanged, as checked then: a file
  ///     changed since is recorded without stat data.
  func commit(
    _ manifest: ExportManifest, lastNamed: ChangeTime.Instant, checked: [String: FileStat]
  ) throws(ExportError) {
    let bytes = manifest.serializedBytes()
    let manifestURL = url(manifestName)
    try ExportError.writing { () throws(OutputError) in
      let pending = try temporaryFiles.create(for: manifestURL)
      var named = false
      defer {
        if !named {
          close(pending.descriptor)
          temporaryFiles.discard(pending)
        }
      }
      let written = bytes.withUnsafeBytes { buffer -> Bool in
        var offset = 0
        while offset < buffer.count {
          let count = write(pending.descriptor, buffer.baseAddress! + offset, buffer.count - offset)
          if count < 0 && errno == EINTR { continue }
          guard count > 0 else { return false }
          offset += count
        }
        return true
      }
      guard written else { throw .cannotWrite(path: manifestURL.path, reason: String(cString: strerror(errno))) }
      switch durability {
      // One flush for every file of the render and the manifest's bytes.
      case .render: try StableStorage.flushFileSystem(containing: directory)
      case .frame:
        guard StableStorage.flush(pending.descriptor) else {
          throw .cannotWrite(path: manifestURL.path, reason: String(cString: strerror(errno)))
        }
      case .none: break
      }
      // Once the clock that stamps changes has passed the last naming, a change to any file
      // moves its change time past the stat data recorded below.
      ChangeTime.waitUntilPast(lastNamed)
      let stamp = Self.now()
      var files: [String: FileStat?] = [:]
      let listed = Set(manifest.scenes.flatMap(Self.paths(of:)))
      let prefix = directory.path.hasSuffix("/") ? directory.path : directory.path + "/"
      for path in claimed.union(listed) {
        guard let stat = FileStat(path: prefix + path) else { continue }
        if !listed.contains(path) {
          files[path] = .some(nil)
        } else if let before = checked[path] {
          files[path] = .some(before == stat ? stat : nil)
        } else {
          files[path] = .some(stat)
        }
      }
      // The manifest itself, by device and inode (kept by its naming): a manifest damaged
      // in place is still known as ours.
      var info = stat()
      if fstat(pending.descriptor, &info) == 0 {
        files[manifestName] = FileStat(
          bytes: bytes.count, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), changedSeconds: 0,
          changedNanoseconds: 0)
      }
      let index = RenderIndex(manifestDigest: Self.digest(of: bytes), stamp: stamp, files: files)
      try AtomicFile.write(
        index.serializedBytes(), to: url(RenderIndex.fileName(for: manifestName)), registry: temporaryFiles,
        flushing: false)
      named = true
      try temporaryFiles.commit(pending, to: manifestURL, flushing: false)
      if durability != .none { try StableStorage.flushFolder(directory) }
    }
  }

  /// The digest a manifest's bytes carry (``ExportManifest/serializedBytes()``).
  static func digest(of bytes: [UInt8]) -> String {
    String(decoding: bytes.dropLast(4).suffix(64), as: UTF8.self)
  }

  static func now() -> (Int, Int) {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return (Int(time.tv_sec), Int(time.tv_nsec))
  }
}
