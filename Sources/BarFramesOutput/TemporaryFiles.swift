import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file being written: its descriptor and, when it has one, its temporary name.
public struct PendingFile: Sendable {
  /// The descriptor, open for reading too (a streamed file is hashed before it is named); the
  /// caller writes through it and never closes it before
  /// ``TemporaryFiles/commit(_:to:flushing:)`` (which closes it).
  public let descriptor: Int32
  /// The temporary name beside the destination; nil for a file that has no name until it is
  /// committed (Linux's `O_TMPFILE`), so a process killed while writing leaves nothing behind.
  public let temporaryURL: URL?
}

/// Every temporary file the process has open, so an interrupted or killed run leaves none behind.
///
/// On Linux a file is created without a name (`O_TMPFILE`) in the destination's folder and
/// linked under its final name only once it is complete: even SIGKILL, which no
/// handler sees, leaves nothing but complete files. Where the final name already exists (a
/// re-render) the file is linked as `.<final name>.<pid>.<n>.barframes-tmp` and renamed over it
/// at once; elsewhere (no `O_TMPFILE`, no `/proc`) it is written under that name from the start.
/// *n* counts the writes of this process, so two writers of one file never share a temporary
/// (the later rename wins with a complete file). A temporary name that a killed process left is
/// removed by the next ``OutputDirectory/prepare(_:)`` of its folder.
///
/// Git's lockfiles and SQLite's journal are the model for the order: by default the file is
/// flushed with `fsync` before it gets its final name and its folder after, so a power cut leaves
/// either the old file or the new one, complete; a caller that writes many files (a render)
/// names them unflushed and flushes them all at once (``StableStorage``, ``Durability``).
/// ``installInterruptHandler()`` makes SIGINT, SIGTERM (what
/// Kubernetes and CI runners send) and SIGHUP remove every registered temporary name and exit
/// with 128 + the signal number. Naming and that cleanup exclude each other (a readers-writer
/// lock: files are named on several threads at once, the cleanup waits for them and then
/// refuses more), so a file is either complete under its final name or gone.
public final class TemporaryFiles: @unchecked Sendable {
  /// The registry the exporter, the goldens and the command line use.
  public static let shared = TemporaryFiles()

  /// The suffix of every temporary name, for cleanup scripts and tests.
  public static let suffix = ".barframes-tmp"

  /// Whether files start without a name: `O_TMPFILE` is asked for, and `/proc/self/fd` is there
  /// to give the file its name when it is committed.
  public let createsUnnamedFiles: Bool

  /// Held shared while a file is created or named, exclusively by the cleanup.
  private let naming = SharedExclusiveLock()
  /// Guards `paths`, `writeCount` and `signalSources`; never held across a system call that
  /// touches a file.
  private let lock = NSLock()
  private var paths: Set<String> = []
  private var isShuttingDown = false
  private var writeCount = 0
  private var signalSources: [any DispatchSourceSignal] = []

  /// A registry of its own (tests use one each; everything else shares ``shared``).
  /// - Parameter unnamedFiles: Whether to start files without a name where the system can;
  ///   false always uses temporary names.
  package init(unnamedFiles: Bool = true) {
    #if os(Linux)
      createsUnnamedFiles = unnamedFiles && access("/proc/self/fd", X_OK) == 0
    #else
      createsUnnamedFiles = false
    #endif
  }

  /// Creates and opens the file that will become `destination`, registered for cleanup when it
  /// has a temporary name.
  ///
  /// A named file is created under the registry's lock, so the interrupt handler either sees it
  /// registered (and removes it) or has already refused it.
  /// - Throws: ``OutputError/interrupted`` once an interrupt is being handled, or
  ///   ``OutputError/cannotWrite(path:reason:)``.
  public func create(for destination: URL) throws(OutputError) -> PendingFile {
    let folder = destination.deletingLastPathComponent()
    return try naming.withShared { () throws(OutputError) -> PendingFile in
      guard !isShuttingDown else { throw .interrupted }
      #if os(Linux)
        if createsUnnamedFiles {
          let descriptor = open(folder.path, Self.unnamedFileFlag | O_RDWR | O_CLOEXEC, 0o644)
          if descriptor >= 0 { return PendingFile(descriptor: descriptor, temporaryURL: nil) }
          // A file system without O_TMPFILE: fall back to a temporary name.
          guard [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) else {
            throw .cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
          }
        }
      #endif
      // O_EXCL: never reuse a name, even a stale one that a killed process with our pid left;
      // O_NOFOLLOW: never write through a link planted under that name.
      while true {
        let temporary = nextTemporaryName(for: destination)
        let descriptor = open(temporary.path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if descriptor >= 0 {
          lock.withLock { _ = paths.insert(temporary.path) }
          return PendingFile(descriptor: descriptor, temporaryURL: temporary)
        }
        guard errno == EEXIST else {
          throw .cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
        }
      }
    }
  }

  #if os(Linux)
    /// `O_TMPFILE`, a C macro Swift does not import: `__O_TMPFILE | O_DIRECTORY`, where
    /// `__O_TMPFILE` is 0o20000000 on x86-64, ARM64 and the generic Linux ABI.
    static let unnamedFileFlag: Int32 = 0o20000000 | O_DIRECTORY
  #endif

  /// `.<name>.<pid>.<n>.barframes-tmp` beside `destination`, n counting this process's names.
  private func nextTemporaryName(for destination: URL) -> URL {
    let count = lock.withLock {
      writeCount += 1
      return writeCount
    }
    return destination.deletingLastPathComponent().appendingPathComponent(
      ".\(destination.lastPathComponent).\(getpid()).\(count)\(Self.suffix)")
  }

  /// Makes the file durable, gives it the name `destination` (replacing a file of that name
  /// atomically), closes it, then makes the name durable; forgets it.
  ///
  /// The order is the one that survives a power cut: `fsync` of the file, then the link or
  /// `rename`, then `fsync` of the folder. With `flushing` false the file is named without
  /// either flush — still complete under its name for every reader and after SIGKILL, but
  /// durable only once the caller flushes (``StableStorage/flushFileSystem(containing:)``, as a
  /// render does once for all its files). On any failure before the naming, the file is
  /// removed and `destination` is untouched.
  /// - Throws: ``OutputError/interrupted`` once an interrupt is being handled, or
  ///   ``OutputError/cannotWrite(path:reason:)``.
  public func commit(_ file: PendingFile, to destination: URL, flushing: Bool = true) throws(OutputError) {
    // Outside the lock: frames written by other jobs need not wait for this file's flush.
    guard !flushing || StableStorage.flush(file.descriptor) else {
      let reason = String(cString: strerror(errno))
      close(file.descriptor)
      discard(file)
      throw .cannotWrite(path: destination.path, reason: reason)
    }
    if let temporary = file.temporaryURL {
      guard close(file.descriptor) == 0 else {
        let reason = String(cString: strerror(errno))
        discard(file)
        throw .cannotWrite(path: destination.path, reason: reason)
      }
      try moveIntoPlace(temporary, to: destination)
    } else {
      defer { close(file.descriptor) }
      try link(file.descriptor, to: destination)
    }
    guard flushing else { return }
    let folder = open(destination.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { throw .cannotWrite(path: destination.path, reason: String(cString: strerror(errno))) }
    defer { close(folder) }
    guard StableStorage.flush(folder) else {
      throw .cannotWrite(path: destination.path, reason: "cannot flush its folder: \(String(cString: strerror(errno)))")
    }
  }

  /// Gives the unnamed file `descriptor` the name `destination`: directly when the name is
  /// free; otherwise under a temporary name renamed over it at once (`linkat` cannot replace).
  private func link(_ descriptor: Int32, to destination: URL) throws(OutputError) {
    let source = "/proc/self/fd/\(descriptor)"
    try naming.withShared { () throws(OutputError) in
      guard !isShuttingDown else { throw .interrupted }
      if linkat(AT_FDCWD, source, AT_FDCWD, destination.path, AT_SYMLINK_FOLLOW) == 0 { return }
      guard errno == EEXIST else {
        throw .cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
      }
      while true {
        let temporary = nextTemporaryName(for: destination)
        if linkat(AT_FDCWD, source, AT_FDCWD, temporary.path, AT_SYMLINK_FOLLOW) == 0 {
          guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .cannotWrite(path: destination.path, reason: reason)
          }
          return
        }
        guard errno == EEXIST else {
          throw .cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
        }
      }
    }
  }

  private func moveIntoPlace(_ temporary: URL, to destination: URL) throws(OutputError) {
    try naming.withShared { () throws(OutputError) in
      guard !isShuttingDown else { throw .interrupted }
      let renamed = rename(temporary.path, destination.path) == 0
      let reason = renamed ? "" : String(cString: strerror(errno))
      if !renamed { unlink(temporary.path) }
      lock.withLock { _ = paths.remove(temporary.path) }
      guard renamed else { throw .cannotWrite(path: destination.path, reason: reason) }
    }
  }

  /// Removes the file's temporary name after a failure and forgets it (an unnamed file goes
  /// away when its descriptor is closed).
  public func discard(_ file: PendingFile) {
    guard let temporary = file.temporaryURL else { return }
    lock.lock()
    defer { lock.unlock() }
    unlink(temporary.path)
    paths.remove(temporary.path)
  }

  /// Removes the temporary files in `folder` that processes no longer running left (killed
  /// before they could clean up); returns their names. A name whose process still runs, or
  /// that is not ours, is kept.
  @discardableResult
  public static func removeAbandoned(in folder: URL) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
    var removed: [String] = []
    for name in names where name.hasPrefix(".") && name.hasSuffix(suffix) {
      // .<final name>.<pid>.<n>.barframes-tmp
      let parts = name.dropLast(suffix.count).split(separator: ".")
      guard parts.count >= 3, let pid = pid_t(parts[parts.count - 2]), Int(parts[parts.count - 1]) != nil, pid > 0
      else { continue }
      guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      if unlink(folder.appendingPathComponent(name).path) == 0 { removed.append(name) }
    }
    return removed
  }

  /// Whether an interrupt is being handled: the cleanup has run and the process is about to
  /// exit with 128 + the signal. An error that comes of it (``OutputError/interrupted``) is not
  /// the run's outcome and should not be reported.
  public var isInterrupted: Bool {
    naming.withShared { isShuttingDown }
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
    naming.withExclusive {
      isShuttingDown = true
      return lock.withLock {
        for path in paths { unlink(path) }
        defer { paths.removeAll() }
        return paths.count
      }
    }
  }

  /// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove the temporary files, print
  /// `message` on standard error and exit with 128 + the signal. Safe to call more than once.
  public func installInterruptHandler(message: String = "barframes: interrupted; temporary files removed") {
    lock.lock()
    defer { lock.unlock() }
    guard signalSources.isEmpty else { return }
    // A serial queue of its own, not a global one: its thread is one libdispatch does not
    // monitor, and monitoring opens /proc/<tid>/stat and traps where /proc is not mounted.
    let queue = DispatchQueue(label: "barframes.interrupt", qos: .userInteractive)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
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

/// A readers-writer lock (`pthread_rwlock_t`) that prefers a waiting writer, so the interrupt
/// cleanup is not kept waiting by files named one after another.
private final class SharedExclusiveLock: @unchecked Sendable {
  private let rwlock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)

  init() {
    rwlock.initialize(to: pthread_rwlock_t())
    var attributes = pthread_rwlockattr_t()
    pthread_rwlockattr_init(&attributes)
    #if os(Linux)
      pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
    #endif
    pthread_rwlock_init(rwlock, &attributes)
    pthread_rwlockattr_destroy(&attributes)
  }

  deinit {
    pthread_rwlock_destroy(rwlock)
    rwlock.deallocate()
  }

  func withShared<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    pthread_rwlock_rdlock(rwlock)
    defer { pthread_rwlock_unlock(rwlock) }
    return try body()
  }

  func withExclusive<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    pthread_rwlock_wrlock(rwlock)
    defer { pthread_rwlock_unlock(rwlock) }
    return try body()
  }
}
