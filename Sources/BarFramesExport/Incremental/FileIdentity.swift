import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file as the system knows it — device and inode, after symbolic links — so that an output
/// path that reaches an input by another name (a link, `..`, a hard link, a bind mount of the
/// same device) is still recognised as that input.
public struct FileIdentity: Hashable, Sendable {
  public var device: UInt64
  public var inode: UInt64

  /// The file `path` names, links followed; nil when there is none.
  public init?(followingLinksAt path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}
