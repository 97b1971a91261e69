import Foundation

/// The render an output folder already holds, as far as its records vouch for it: which scenes
/// a new render may leave as they are (``unchangedEntry(named:inputs:fingerprint:)``).
///
/// A scene is unchanged when the manifest records the same ``SceneInputs`` and
/// ``SceneFingerprint`` for it and every file it lists is still the file the render wrote. The
/// manifest must be intact (its digest its own: an edited record counts as none), and each
/// file is checked as git checks its work tree against its index: a regular file whose stat
/// data (size, device, inode, change time in ns) are exactly those the folder's index
/// (``RenderIndex``) recorded for this very manifest is untouched, without being read. Any
/// other — stat data that differ (a `chmod`, a copy, a restore), none recorded (a power loss
/// kept an older manifest, an index from before), or a change time not before the index's
/// stamp ("racily clean") — is read and compared with its SHA-256 (every file of a version 3
/// manifest has one; a version 2 manifest gives none for an APNG, a sheet…, which then counts
/// as changed and its scene is rendered again). `verifying` (`render --verify`) trusts no stat
/// data: it reads and hashes every file listed, and renders again every scene where one
/// differs or has no SHA-256 to compare with.
struct PreviousRender {
  /// The manifest's scenes by name; empty when there is no intact manifest.
  private var scenes: [String: ExportManifest.SceneEntry] = [:]
  /// The manifest as read (intact or not), for the "nothing changed" comparison.
  private(set) var manifest: ExportManifest?
  /// The stat data the index recorded for this manifest's files.
  private var stats: [String: FileStat] = [:]
  private var stamp: (Int, Int) = (0, 0)
  let directory: URL
  let verifying: Bool
  /// `directory`'s path and a slash: a file's path is this and its relative path, joined as
  /// text (a URL per file cost more than its `lstat`).
  private let directoryPrefix: String

  /// The previous render of `manifestName` in `records`.
  init(records: FolderRecords, manifestName: String, verifying: Bool = false) {
    directory = records.directory
    self.verifying = verifying
    let path = directory.path
    directoryPrefix = path.hasSuffix("/") ? path : path + "/"
    guard let read = records.manifests[manifestName] else { return }
    manifest = read.manifest
    guard read.isIntact else { return }
    scenes = Dictionary(read.manifest.scenes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    if let index = records.indexes[manifestName], let digest = read.digest, index.manifestDigest == digest {
      stats = index.files.compactMapValues { $0 }
      stamp = index.stamp
    }
  }

  /// The earlier entry of the scene `name`, when its inputs and fingerprint are these and its
  /// files are untouched, with each file's stat data now; nil when the scene must be rendered.
  func unchangedEntry(
    named name: String, inputs: String, fingerprint: String
  ) -> (entry: ExportManifest.SceneEntry, stats: [String: FileStat])? {
    guard var entry = scenes[name], entry.inputs == inputs, entry.fingerprint == fingerprint else { return nil }
    var now: [String: FileStat] = [:]
    for frame in entry.frames {
      guard let stat = untouched(frame.path, bytes: frame.bytes, sha256: frame.sha256) else { return nil }
      now[frame.path] = stat
    }
    // The gallery, listed under every scene, is the exporter's to compare and write again.
    for (i, file) in entry.files.enumerated() where file.format != "html" {
      guard let stat = untouched(file.path, bytes: file.bytes, sha256: file.sha256) else { return nil }
      now[file.path] = stat
      // A version 2 record vouched for by its stat data alone: its SHA-256, from now on listed.
      if file.sha256 == nil {
        guard let sha256 = SHA256.hex(ofFileAt: directoryPrefix + file.path) else { return nil }
        entry.files[i].sha256 = sha256
      }
    }
    return (entry, now)
  }

  /// The stat data of the file at `path` (relative to the folder) when it is still the one the
  /// manifest lists; nil otherwise.
  func untouched(_ path: String, bytes: Int, sha256: String?) -> FileStat? {
    let filePath = directoryPrefix + path
    guard let stat = FileStat(path: filePath), stat.bytes == bytes else { return nil }
    if !verifying, let recorded = stats[path], recorded == stat, !stat.changed(notBefore: stamp) { return stat }
    guard let sha256, SHA256.hex(ofFileAt: filePath) == sha256 else { return nil }
    return stat
  }
}
