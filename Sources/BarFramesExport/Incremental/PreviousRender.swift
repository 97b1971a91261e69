import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The render an output folder already holds, as far as its manifest vouches for it: which
/// scenes a new render may leave as they are (``unchangedEntry(for:inputs:fingerprint:)``).
///
/// The manifest is the render's commit record: a folder without one (a render that was killed
/// or lost power before its end, or never ran) vouches for nothing, and every scene is rendered.
///
/// A scene is unchanged when the manifest records the same ``SceneInputs`` and
/// ``SceneFingerprint`` for it and every file it lists is still the file the render wrote. That
/// is checked without reading the files: each must be a regular file of the recorded size whose
/// inode changed (`st_ctime`) before the manifest's did. A render names every file before it
/// writes the manifest, and the system sets a file's change time to the current time on every
/// write, truncation, rename or link, and no call lets a user set it back: a file modified
/// since its manifest was written has a later change time. Before it writes the manifest, the
/// render waits until the coarse clock that stamps changes has passed the moment its last file
/// was named (``ChangeTime/waitUntilPast(_:)``), so its own files are always earlier; a file
/// with the manifest's very change time was changed within that tick, after the manifest, and
/// is read and compared with its SHA-256 where the manifest has one (the PNG frames), and counts
/// as changed otherwise. What this trusts is the clock: set back by hand between a render and
/// an edit of its files, it could hide that edit, and `--force` renders everything.
struct PreviousRender {
  /// The manifest's scenes by name; empty when there is no readable manifest.
  private var scenes: [String: ExportManifest.SceneEntry] = [:]
  /// The manifest's change time.
  private var manifestChanged: timespec?
  /// The manifest as read.
  private(set) var manifest: ExportManifest?
  let directory: URL
  /// `directory`'s path and a slash: a file's path is this and its relative path, joined as
  /// text (a URL per file cost more than its `lstat`).
  private let directoryPrefix: String

  /// Reads `directory`'s manifest for `shard`.
  init(directory: URL, manifestName: String) {
    self.directory = directory
    let path = directory.path
    directoryPrefix = path.hasSuffix("/") ? path : path + "/"
    let url = directory.appendingPathComponent(manifestName)
    var info = stat()
    guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      let manifest = try? ExportManifest.read(contentsOf: url, displayName: manifestName)
    else { return }
    manifestChanged = info.st_ctim
    self.manifest = manifest
    scenes = Dictionary(manifest.scenes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// Whether a manifest was read.
  var exists: Bool { manifestChanged != nil }

  /// The earlier entry of the scene `name`, when its inputs and fingerprint are these and its
  /// files are untouched; nil when the scene must be rendered.
  func unchangedEntry(named name: String, inputs: String, fingerprint: String) -> ExportManifest.SceneEntry? {
    guard let entry = scenes[name], entry.inputs == inputs, entry.fingerprint == fingerprint else { return nil }
    for frame in entry.frames where !isUntouched(frame.path, bytes: frame.bytes, sha256: frame.sha256) { return nil }
    // The gallery, listed under every scene, is the exporter's to compare and write again.
    for file in entry.files where file.format != "html" && !isUntouched(file.path, bytes: file.bytes, sha256: nil) {
      return nil
    }
    return entry
  }

  /// Whether the file at `path` (relative to the folder) is still the one the manifest lists.
  func isUntouched(_ path: String, bytes: Int, sha256: String?) -> Bool {
    guard let manifestChanged else { return false }
    var info = stat()
    let filePath = directoryPrefix + path
    guard lstat(filePath, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == bytes else {
      return false
    }
    let changed = info.st_ctim
    if (changed.tv_sec, changed.tv_nsec) < (manifestChanged.tv_sec, manifestChanged.tv_nsec) { return true }
    guard (changed.tv_sec, changed.tv_nsec) == (manifestChanged.tv_sec, manifestChanged.tv_nsec), let sha256,
      let data = try? Data(contentsOf: URL(fileURLWithPath: filePath))
    else { return false }
    return SHA256.hex(Array(data)) == sha256
  }
}
