import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder the bench writes frames into, and the kind of file system that holds it.
public struct ScratchFolder: Sendable {
  public var url: URL
  /// "ext4", "tmpfs", "xfs", … as the system's list of mounts names it.
  public var fileSystem: String

  public init(_ url: URL) {
    self.url = url
    fileSystem = Self.fileSystemName(of: url)
  }

  /// Whether the folder lives in RAM: what a user's output folder seldom is.
  public var isInMemory: Bool { fileSystem == "tmpfs" || fileSystem == "ramfs" }

  /// The RAM-backed `/dev/shm` where there is one.
  public static var memory: ScratchFolder? {
    let shm = "/dev/shm"
    guard access(shm, W_OK) == 0 else { return nil }
    return ScratchFolder(URL(fileURLWithPath: shm, isDirectory: true))
  }

  /// The type `/proc/self/mounts` gives the deepest mount point holding `url` ("ext4",
  /// "tmpfs", "xfs", …); "unknown" where there is no such list.
  static func fileSystemName(of url: URL) -> String {
    let path = url.resolvingSymlinksInPath().standardized.path
    guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return "unknown" }
    var best: (point: String, type: String)?
    for line in mounts.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 3 else { continue }
      // Spaces in mount points are written as \040.
      let point = fields[1].replacingOccurrences(of: "\\040", with: " ")
      let holds = point == "/" || path == point || path.hasPrefix(point + "/")
      if holds, point.count >= (best?.point.count ?? -1) { best = (point, String(fields[2])) }
    }
    return best?.type ?? "unknown"
  }
}
