import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every temporary file the process has open, so an interrupted run leaves none behind.
///
/// Files are written as `.<final name>.<pid>.<n>.barframes-tmp` beside their final name, where
/// *n* counts the writes of this process, so two writers of one file never share a temporary
/// (the later rename wins with a complete file). Git's lockfiles and SQLite's journal are the
/// model for what follows: the file is flushed with `fsync` before it is renamed into place and
/// its folder after, so a power cut leaves either the old file or the new one, complete.
/// ``installInterruptHandler()`` makes SIGINT, SIGTERM (what
/// Kubernetes and CI runners send) and SIGHUP remove every registered temporary file and exit
/// with 128 + the signal number. Renames and that cleanup take the same lock, and once the
/// cleanup has run no rename happens, so a file is either complete under its final name or gone.
public final class TemporaryFiles: @unchecked Sendable {
  /// The registry the exporter, the goldens and the command line use.
  public static let shared = TemporaryFiles()

  /// The suffix of every temporary file, for cleanup scripts and tests.
  public static let suffix = ".barframes-tmp"

  private let lock = NSLock()
  private var paths: Set<String> = []
  private var isShuttingDown = false
  private var writeCount = 0
  private var signalSources: [any DispatchSourceSignal] = []

  /// A registry of its own (tests use one each; everything else shares ``shared``).
  package init() {}

  /// Creates and opens the temporary file for `destination`, registered for cleanup; returns
  /// its path and a write-only descriptor the caller closes.
  ///
  /// The file is created under the registry's lock, so the interrupt handler either sees it
  /// registered (and removes it) or has already refused it.
  /// - Throws: ``OutputError/interrupted`` once an interrupt is being handled, or
  ///   ``OutputError/cannotWrite(path:reason:)``.
  public func create(for destination: URL) throws(OutputError) -> (url: URL, descriptor: Int32) {
    let folder = destination.deletingLastPathComponent()
    let process = getpid()
    lock.lock()
    defer { lock.unlock() }
    guard !isShuttingDown else { throw .interrupted }
    // O_EXCL: never reuse a name, even a stale one that a killed process with our pid left;
    // O_NOFOLLOW: never write through a link planted under that name.
    while true {
      writeCount += 1
      let temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).\(process).\(writeCount)\(Self.suffix)")
      let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if descriptor >= 0 {
        paths.insert(temporary.path)
        return (temporary, descriptor)
      }
      guard errno == EEXIST else { throw .cannotWrite(path: destination.path, reason: String(cString: strerror(errno))) }
    }
  }

  /// Makes the open temporary file `descriptor` durable, closes it and renames it to
  /// `destination` (replacing it atomically), then makes the rename durable; forgets it.
  ///
  /// The order is the one that survives a power cut: `fsync` of the file, then `rename`, then
  /// `fsync` of the folder. On any failure before the rename the temporary file is removed and
  /// `destination` is untouched.
  /// - Throws: ``OutputError/interrupted`` once an interrupt is being handled, or
  ///   ``OutputError/cannotWrite(path:reason:)``.
  public func commit(_ temporary: URL, descriptor: Int32, to destination: URL) throws(OutputError) {
    // Outside the lock: frames written by other jobs need not wait for this file's flush.
    guard Self.synchronize(descriptor) else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      discard(temporary)
      throw .cannotWrite(path: destination.path, reason: reason)
    }
    guard close(descriptor) == 0 else {
      let reason = String(cString: strerror(errno))
      discard(temporary)
      throw .cannotWrite(path: destination.path, reason: reason)
    }
    try moveIntoPlace(temporary, to: destination)
    let folder = open(destination.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { throw .cannotWrite(path: destination.path, reason: String(cString: strerror(errno))) }
    defer { close(folder) }
    guard Self.synchronize(folder) else {
      throw .cannotWrite(path: destination.path, reason: "cannot flush its folder: \(String(cString: strerror(errno)))")
    }
  }

  /// `fsync`, retried when a signal interrupts it; a file system that cannot sync (EINVAL) is
  /// taken as having nothing to flush, as SQLite does.
  static func synchronize(_ descriptor: Int32) -> Bool {
    while fsync(descriptor) != 0 {
      if errno == EINTR { continue }
      return errno == EINVAL
    }
    return true
  }

  private func moveIntoPlace(_ temporary: URL, to destination: URL) throws(OutputError) {
    lock.lock()
    defer { lock.unlock() }
    guard !isShuttingDown else { throw .interrupted }
    guard rename(temporary.path, destination.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary.path)
      paths.remove(temporary.path)
      throw .cannotWrite(path: destination.path, reason: reason)
    }
    paths.remove(temporary.path)
  }

  /// Removes `temporary` after a failure and forgets it.
  public func discard(_ temporary: URL) {
    lock.lock()
    defer { lock.unlock() }
    unlink(temporary.path)
    paths.remove(temporary.path)
  }

  /// The temporary files currently registered (for tests).
  public var registeredPaths: Set<String> {
    lock.lock()
    defer { lock.unlock() }
    return paths
  }

  /// Removes every registered file and refuses further registrations and renames for good;
  /// returns how many were removed. Used by the interrupt handler just before the process exits.
  @discardableResult
  public func removeAllForExit() -> Int {
    lock.lock()
    defer { lock.unlock() }
    isShuttingDown = true
    for path in paths { unlink(path) }
    let count = paths.count
    paths.removeAll()
    return count
  }

  /// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove the temporary files, print
  /// `message` on standard error and exit with 128 + the signal. Safe to call more than once.
  public func installInterruptHandler(message: String = "barframes: interrupted; temporary files removed") {
    lock.lock()
    defer { lock.unlock() }
    guard signalSources.isEmpty else { return }
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global(qos: .userInteractive))
      source.setEventHandler { [unowned self] in
        self.removeAllForExit()
        FileHandle.standardError.write(Data(("\n" + message + "\n").utf8))
        _exit(128 + signalNumber)
      }
      source.resume()
      signalSources.append(source)
    }
  }
}
