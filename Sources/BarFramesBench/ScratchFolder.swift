import BarFramesOutput
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
  /// Whether it is ext4 without a journal, which makes a file created within seconds of many
  /// deletions pay for them (see ``DeferredRemoval``).
  public var isExt4WithoutJournal: Bool

  public init(_ url: URL) {
    self.url = url
    let mount = Self.mount(of: url)
    fileSystem = mount?.type ?? "unknown"
    isExt4WithoutJournal = mount.map(Self.isExt4WithoutJournal) ?? false
  }

  /// ext4 names each mounted device's journal thread in /sys/fs/ext4/<device>/journal_task,
  /// "<none>" without a journal.
  static func isExt4WithoutJournal(_ mount: (device: String, type: String)) -> Bool {
    guard mount.type == "ext4" else { return false }
    let device = URL(fileURLWithPath: mount.device).resolvingSymlinksInPath().lastPathComponent
    let task = try? String(contentsOfFile: "/sys/fs/ext4/\(device)/journal_task", encoding: .utf8)
    return task?.trimmingCharacters(in: .whitespacesAndNewlines) == "<none>"
  }

  /// Whether the folder lives in RAM: what a user's output folder seldom is.
  public var isInMemory: Bool { fileSystem == "tmpfs" || fileSystem == "ramfs" }

  /// The RAM-backed `/dev/shm` where there is one.
  public static var memory: ScratchFolder? {
    let shm = "/dev/shm"
    guard access(shm, W_OK) == 0 else { return nil }
    return ScratchFolder(URL(fileURLWithPath: shm, isDirectory: true))
  }

  /// The device and type of the deepest mount point holding `url`, from `/proc/self/mounts`.
  static func mount(of url: URL) -> (device: String, type: String)? {
    let path = url.resolvingSymlinksInPath().standardized.path
    guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return nil }
    var best: (point: String, device: String, type: String)?
    for line in mounts.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 3 else { continue }
      // Spaces in mount points are written as \040.
      let point = fields[1].replacingOccurrences(of: "\\040", with: " ")
      let holds = point == "/" || path == point || path.hasPrefix(point + "/")
      if holds, point.count >= (best?.point.count ?? -1) { best = (point, String(fields[0]), String(fields[2])) }
    }
    return best.map { ($0.device, $0.type) }
  }
}
