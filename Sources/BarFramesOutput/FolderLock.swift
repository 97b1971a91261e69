import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One writer per output folder: an advisory lock (`flock`) on `.barframes.lock` in the folder,
/// held by `render`, `merge`, `golden record` and `preview`'s re-renders while they read and
/// write the folder, so that two of them never interleave their files and records.
///
/// The model is git's `index.lock`, with one difference: the lock is the kernel's, taken on a
/// file that stays, so a process killed at any moment releases it (the kernel drops the lock
/// with the last descriptor) and no stale lock file has to be removed by hand. The holder
/// writes its pid and command into the file, which a second writer reads to say who it waits
/// for. Advisory: only processes that take the lock are kept out — every BarFrames writer does.
public final class FolderLock: @unchecked Sendable {
  /// The lock file's name inside the folder.
  public static let fileName = ".barframes.lock"

  private let descriptor: Int32
  private var released = false

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { release() }

  /// Takes the lock of `folder` (which must exist) for `command` ("barframes render").
  /// - Parameters:
  ///   - waits: When another process holds it: wait (after telling `notify` who holds it, on
  ///     the calling thread), or fail at once (`--no-wait`).
  /// - Throws: ``OutputError/folderBusy(path:holder:)`` when another process holds it and
  ///   `waits` is false, ``OutputError/cannotWrite(path:reason:)`` when the lock file cannot be
  ///   opened.
  public static func acquire(
    in folder: URL, command: String, waits: Bool, notify: (String) -> Void = { _ in }
  ) throws(OutputError) -> FolderLock {
    let path = folder.appendingPathComponent(fileName).path
    // O_NOFOLLOW: a link planted under the lock's name is not written through.
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else {
      throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK else {
        let reason = String(cString: strerror(errno))
        close(descriptor)
        throw .cannotWrite(path: path, reason: reason)
      }
      let holder = Self.holder(descriptor)
      guard waits else {
        close(descriptor)
        throw .folderBusy(path: folder.path, holder: holder)
      }
      notify(holder)
      while flock(descriptor, LOCK_EX) != 0 {
        guard errno == EINTR else {
          let reason = String(cString: strerror(errno))
          close(descriptor)
          throw .cannotWrite(path: path, reason: reason)
        }
      }
    }
    // Who holds it, for the next writer's message; not flushed: it only names a live process.
    let text = Array("pid \(getpid()) (\(command))\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    return FolderLock(descriptor: descriptor)
  }

  /// Gives the lock up (also done when the lock is released from memory or the process ends).
  public func release() {
    guard !released else { return }
    released = true
    _ = ftruncate(descriptor, 0)
    close(descriptor)
  }

  /// What the holder wrote into the lock file: "pid 1234 (barframes render)"; "another
  /// process" when it wrote nothing yet.
  private static func holder(_ descriptor: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return "another process" }
    let text = String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    // Printed on a terminal: no control characters from a file anyone could write.
    let shown = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
    return shown.isEmpty ? "another process" : shown
  }
}
