import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Removing a temporary folder of many files without making the user wait on a busy disk.
enum TemporaryFolder {
  enum Removal {
    case removed
    /// Not done within the time given: a detached `rm -rf` finishes it.
    case finishingInBackground
  }

  /// Moves `folder` out of sight at once (a rename beside it, to a dot-name), then removes its
  /// files for at most `seconds`; whatever is left is handed to a detached `rm -rf`, so the
  /// caller can exit. Unlinking thousands of files waits on the file system's journal, which a
  /// busy disk makes slow.
  static func remove(_ folder: URL, within seconds: Double) -> Removal {
    let hidden = folder.deletingLastPathComponent().appendingPathComponent(".\(folder.lastPathComponent)-removed")
    let target = rename(folder.path, hidden.path) == 0 ? hidden : folder
    let deadline = Date().addingTimeInterval(seconds)
    if removeContents(of: target.path, until: deadline), rmdir(target.path) == 0 { return .removed }
    var pid: pid_t = 0
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A process group of its own: a second Ctrl-C at the terminal does not reach it.
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    let arguments = ["rm", "-rf", target.path]
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    if posix_spawn(&pid, "/bin/rm", nil, &attributes, &argv, environ) != 0 {
      try? FileManager.default.removeItem(at: target)
      return .removed
    }
    return .finishingInBackground
  }

  /// Unlinks everything under `path` depth first until `deadline`; whether it all went.
  private static func removeContents(of path: String, until deadline: Date) -> Bool {
    guard let directory = opendir(path) else { return false }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if name != "." && name != ".." { names.append(name) }
    }
    for (count, name) in names.enumerated() {
      if count % 64 == 0, Date() > deadline { return false }
      let child = path + "/" + name
      if unlink(child) != 0 {
        guard errno == EISDIR || errno == EPERM,
          removeContents(of: child, until: deadline), rmdir(child) == 0
        else { return false }
      }
    }
    return true
  }
}
