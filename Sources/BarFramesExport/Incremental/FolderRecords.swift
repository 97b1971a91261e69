import BarFrames
import BarFramesOutput
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What BarFrames' own records in an output folder say it owns: every file a BarFrames
/// manifest there lists (`manifest.json` and every `manifest.shard-i-of-n.json`), the files
/// their indexes (``RenderIndex``) list — which include the files a render that was killed
/// before its manifest was about to write — and the records themselves.
///
/// A render removes or replaces only those and the files it writes itself. Anything else is the
/// user's: a file named like a frame that no record lists is left (and reported), and a
/// `manifest.json` that is not one of ours refuses the render before anything is drawn.
public struct FolderRecords: Sendable {
  /// A manifest file of ours, as read.
  struct Manifest: Sendable {
    var manifest: ExportManifest
    /// Whether its digest is its own (``ExportManifest/hasValidDigest(_:)``): only then is
    /// any record in it trusted.
    var isIntact: Bool
    /// The digest it carries, when intact.
    var digest: String?
  }

  public let directory: URL
  /// Our manifests, by file name.
  var manifests: [String: Manifest] = [:]
  /// Manifest-named files that are not ours: neither readable as our manifest nor listed by an
  /// index of ours (a damaged manifest of ours is).
  var foreignManifests: Set<String> = []
  /// The indexes, by the name of the manifest they belong to.
  var indexes: [String: RenderIndex] = [:]
  /// Every file our records list, relative to the folder.
  public private(set) var owned: Set<String> = []

  /// Reads the records in `directory` (nothing is written).
  public init(directory: URL) {
    self.directory = directory
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    var manifestNames: [String] = []
    for name in names {
      if let manifest = RenderIndex.manifestName(ofIndex: name), Self.isManifestName(manifest) {
        if let index = RenderIndex(contentsOf: directory.appendingPathComponent(name)) {
          indexes[manifest] = index
          owned.formUnion(index.files.keys)
        }
        owned.insert(name)
      } else if Self.isManifestName(name) {
        manifestNames.append(name)
      }
    }
    for name in manifestNames {
      let url = directory.appendingPathComponent(name)
      if let (manifest, bytes) = try? ExportManifest.readWithBytes(contentsOf: url, displayName: name) {
        let intact = ExportManifest.hasValidDigest(bytes)
        manifests[name] = Manifest(
          manifest: manifest, isIntact: intact, digest: intact ? Self.digest(in: bytes) : nil)
        owned.insert(name)
        for scene in manifest.scenes {
          owned.formUnion(scene.frames.map(\.path))
          owned.formUnion(scene.files.map(\.path))
        }
      } else if Self.isDamagedManifest(at: url, recorded: indexes[name]?.files[name] ?? nil) {
        // Ours, and vouching for nothing.
        owned.insert(name)
      } else {
        foreignManifests.insert(name)
      }
    }
    owned.insert(FolderLock.fileName)
  }

  /// Whether a manifest file that does not read as ours is ours all the same, damaged: JSON
  /// whose `tool` is barframes', or bytes that are not JSON at all in the very file (device
  /// and inode) our index recorded as the manifest. JSON of anyone else's is theirs, whatever
  /// file it is in.
  private static func isDamagedManifest(at url: URL, recorded: FileStat?) -> Bool {
    guard let data = try? Data(contentsOf: url), data.count <= ExportManifest.maximumFileSize else { return false }
    if let json = try? JSONValue(parsing: String(decoding: data, as: UTF8.self)) {
      guard case .string(let tool)? = json["tool"] else { return false }
      return tool == "barframes" || tool.hasPrefix("barframes ")
    }
    guard let recorded, let now = FileStat(path: url.path) else { return false }
    return now.device == recorded.device && now.inode == recorded.inode
  }

  /// `manifest.json` or a shard's manifest name.
  static func isManifestName(_ name: String) -> Bool {
    name == ExportManifest.fileName || ExportManifest.shard(forFileName: name) != nil
  }

  /// The digest an intact manifest's bytes end with.
  private static func digest(in bytes: [UInt8]) -> String {
    String(decoding: bytes.dropLast(4).suffix(64), as: UTF8.self)
  }

  /// Refuses a folder whose file `manifestName` is not a manifest of ours: replacing it would
  /// destroy a user's file.
  func checkManifestIsOurs(_ manifestName: String) throws(ExportError) {
    guard foreignManifests.contains(manifestName) else { return }
    throw .notOurs(
      path: directory.appendingPathComponent(manifestName).path,
      reason: "is not a manifest BarFrames wrote, and a render writes its manifest under that name")
  }

  /// Refuses, before anything is drawn, a render that would overwrite one of its inputs or a
  /// file that no record of ours lists.
  /// - Parameters:
  ///   - paths: Every file the render may write, relative to the folder.
  ///   - inputs: The render's input files.
  func checkTargets(_ paths: [String], inputs: Set<FileIdentity>) throws(ExportError) {
    let prefix = directory.path.hasSuffix("/") ? directory.path : directory.path + "/"
    var foreign: [String] = []
    for path in paths {
      let full = prefix + path
      var info = stat()
      guard lstat(full, &info) == 0 else { continue }
      if let identity = FileIdentity(followingLinksAt: full), inputs.contains(identity) {
        throw .inputAsOutput(path: full)
      }
      if !owned.contains(path) { foreign.append(path) }
    }
    guard let first = foreign.min() else { return }
    let more = foreign.count > 1 ? " (as are \(foreign.count - 1) more file\(foreign.count == 2 ? "" : "s") it would write)" : ""
    throw .notOurs(path: prefix + first, reason: "no BarFrames record in the folder lists it\(more), and this render would replace it")
  }

  /// The names in the top level of `directory` that our records own (manifests, indexes, the
  /// lock, a gallery), which a folder given as both input and output must not read as scenes.
  public static func ownedNames(in directory: URL) -> Set<String> {
    let records = FolderRecords(directory: directory)
    return Set(records.owned.filter { !$0.contains("/") })
  }
}
