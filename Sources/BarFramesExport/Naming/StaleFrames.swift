import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Frame files a new render of a scene no longer produces — left by an earlier render at
/// another fps, duration or selection, they would sit beside the new frames (601 files where
/// 301 belong) and the gallery would mix them.
public enum StaleFrames {
  /// Whether `fileName` is one of `names`'s frame files at any scale and digit count:
  /// `<scene>-<digits>[@2x|@3x].png`. Nothing else in the folder (sheets, APNGs, a user's
  /// own files) ever matches.
  public static func isFrameFile(_ fileName: String, scene: String) -> Bool {
    let prefix = scene + "-"
    guard fileName.hasPrefix(prefix), fileName.hasSuffix(".png") else { return false }
    var middle = fileName.dropFirst(prefix.count).dropLast(4)
    if middle.hasSuffix("@2x") || middle.hasSuffix("@3x") { middle = middle.dropLast(3) }
    return !middle.isEmpty && middle.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Removes the frame files of `scene` in `directory` that are not in `kept` (file names) and
  /// that `isOwned` says BarFrames wrote (``FolderRecords``); the others are the user's, and
  /// stay.
  /// - Returns: the removed file names and the frame-named files left because they are not
  ///   ours, each sorted.
  @discardableResult
  public static func remove(
    in directory: URL, scene: String, keeping kept: Set<String>, isOwned: (String) -> Bool
  ) -> (removed: [String], notOurs: [String]) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    var removed: [String] = []
    var notOurs: [String] = []
    for name in names.sorted() where isFrameFile(name, scene: scene) && !kept.contains(name) {
      guard isOwned(name) else {
        notOurs.append(name)
        continue
      }
      if unlink(directory.appendingPathComponent(name).path) == 0 { removed.append(name) }
    }
    return (removed, notOurs)
  }
}
