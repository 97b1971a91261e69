import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every temporary file the exporter has open, so an interrupted run leaves none behind.
///
/// Files are written as `.<final name>.<pid>.barframes-tmp` beside their final name and renamed
/// into place when complete. ``installInterruptHandler()`` makes SIGINT, SIGTERM (what
/// Kubernetes and CI runners send) and SIGHUP remove every registered temporary file and exit
/// with 128 + the signal number. Renames and that cleanup take the same lock, and once the
/// cleanup has run no rename happens, so a file is either complete under its final name or gone.
public final class TemporaryFiles: @unchecked Sendable {
  /// The registry the exporter uses.
  public static let shared = TemporaryFiles()

  /// The suffix of every temporary file, for cleanup scripts and tests.
  public static let suffix = ".barframes-tmp"

  private let lock = NSLock()
  private var paths: Set<String> = []
  private var isShuttingDown = false
  private var signalSources: [any DispatchSourceSignal] = []

  init() {}

  /// Creates and opens the temporary file for `destination`, registered for cleanup; returns
  /// its path and a write-only descriptor the caller closes.
  ///
  /// The file is created under the registry's lock, so the interrupt handler either sees it
  /// registered (and removes it) or has already refused it.
  /// - Throws: ``ExportError/interrupted`` once an interrupt is being handled, or
  ///   ``ExportError/cannotWrite(path:reason:)``.
  public func create(for destination: URL) throws(ExportError) -> (url: URL, descriptor: Int32) {
    let temporary = destination.deletingLastPathComponent().appendingPathComponent(
      ".\(destination.lastPathComponent).\(getpid())\(Self.suffix)")
    lock.lock()
    defer { lock.unlock() }
    guard !isShuttingDown else { throw .interrupted }
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .cannotWrite(path: destination.path, reason: String(cString: strerror(errno))) }
    paths.insert(temporary.path)
    return (temporary, descriptor)
  }

  /// Renames `temporary` to `destination` (replacing it atomically) and forgets it.
  public func commit(_ temporary: URL, to destination: URL) throws(ExportError) {
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
