import BarFrames
import Foundation

/// The files a scene's frames are made from — the scene file, the style file it names and every
/// file a string of the style names (icons) — and a SHA-256 of their bytes.
///
/// `barframes render` records it, folded into the scene's ``SceneInputs``, in the manifest, and
/// leaves a scene alone when it has not changed; `barframes preview` watches the same files.
/// Paths are resolved as the loader resolves them: relative to the style file, or to the scene
/// for an inline style. The digest covers the bytes, in the order of the sorted paths, and not
/// the paths themselves, so two checkouts of one scene agree.
public struct SceneSources: Hashable, Sendable {
  /// The files, as absolute paths, sorted.
  public var paths: [String]
  /// 64 lowercase hexadecimal digits.
  public var digest: String

  /// Reads the files of the scene file `sceneFile`. A file that cannot be read counts as
  /// "missing" in the digest (loading the scene will then fail, or not need it).
  public init(sceneFile: String) {
    paths = Self.paths(ofScene: sceneFile).sorted()
    var text: [UInt8] = []
    for path in paths {
      if let bytes = try? InputBytes.read(URL(fileURLWithPath: path)) {
        text += Array("file \(bytes.count) ".utf8) + SHA256.digest(bytes)
      } else {
        text += Array("missing\n".utf8)
      }
    }
    digest = SHA256.hex(text)
  }

  /// The files a scene's frames depend on; see ``SceneSources``.
  public static func paths(ofScene scene: String) -> Set<String> {
    let sceneURL = URL(fileURLWithPath: scene).standardized
    var paths: Set<String> = [sceneURL.path]
    let folder = sceneURL.deletingLastPathComponent()
    guard let bytes = try? InputBytes.read(sceneURL),
      let json = try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self))
    else { return paths }
    var style: (json: JSONValue, folder: URL)?
    switch json["style"] {
    case .string(let path)?:
      let url = folder.appendingPathComponent(path).standardized
      paths.insert(url.path)
      if let bytes = try? InputBytes.read(url),
        let parsed = try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self))
      {
        style = (parsed, url.deletingLastPathComponent())
      }
    case let inline?: style = (inline, folder)
    case nil: break
    }
    func strings(_ value: JSONValue) -> [String] {
      switch value {
      case .string(let text): [text]
      case .array(let items): items.flatMap(strings)
      case .object(let members): members.flatMap { strings($0.value) }
      default: []
      }
    }
    if let style {
      for text in strings(style.json) where !text.isEmpty && !text.hasPrefix("#") {
        let url = style.folder.appendingPathComponent(text).standardized
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
          paths.insert(url.path)
        }
      }
    }
    return paths
  }
}
