import BarFrames
import Foundation

/// The files a scene's frames are made from — the scene file, its style file and every file
/// the style's design read (icons) — as the loader read them, and a SHA-256 of their bytes.
///
/// `barframes render` records it, folded into the scene's ``SceneInputs``, in the manifest, and
/// leaves a scene alone when it has not changed; `barframes preview` watches the same files.
/// They are the files loading actually opened (``InputBytes/logging(_:)``), so no second copy of
/// the loader's path rules can disagree with it, and the digest is of the bytes loading used: a
/// file edited while a scene loads reads as changed the next time. The digest covers the bytes,
/// in the order of the sorted paths, and not the paths themselves, so two checkouts of one scene
/// agree.
public struct SceneSources: Hashable, Sendable {
  /// The files, as absolute paths, sorted.
  public var paths: [String]
  /// 64 lowercase hexadecimal digits.
  public var digest: String

  /// The sources of files read as `files` (the first reading of each path counts).
  public init(files: [InputFileLog.Entry]) {
    var first: [String: [UInt8]?] = [:]
    for file in files where first[file.path] == nil { first[file.path] = .some(file.bytes) }
    paths = first.keys.sorted()
    var text: [UInt8] = []
    for path in paths {
      if let bytes = first[path] ?? nil {
        text += Array("file \(bytes.count) ".utf8) + SHA256.digest(bytes)
      } else {
        text += Array("missing\n".utf8)
      }
    }
    digest = SHA256.hex(text)
  }

  /// Runs `load`, which reads a scene, and returns what it returned or threw with the sources
  /// it read: also for a scene that fails to load, whose files are then watched for a fix.
  public static func reading<T>(_ load: () throws -> T) -> (result: Result<T, any Error>, sources: SceneSources) {
    let (result, files) = InputBytes.logging(load)
    return (result, SceneSources(files: files))
  }
}
