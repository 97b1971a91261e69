import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The calls that push written data to stable storage (`fsync`, `syncfs`), in one place, so that
/// a render's flushes can be counted (``flushCount``) without tracing the process.
public enum StableStorage {
  /// How many flushes this process has asked the system for so far: each `fsync` of a file or a
  /// folder and each `syncfs` counts one. Subtract two readings to count a render's.
  public static var flushCount: Int { counter.value }

  private static let counter = FlushCounter()

  /// Time added after every flush call, in nanoseconds: what a disk whose flushes are that
  /// much slower makes a render wait (`barframes-bench` sets it to measure just that; nothing
  /// else does, and it is 0 unless set).
  package static var addedLatencyNanoseconds: Int {
    get { counter.latency }
    set { counter.latency = newValue }
  }

  /// Flushes one open file or folder (`fsync`), retried when a signal interrupts it.
  /// - Returns: false with `errno` set when the data may not be on stable storage; a file
  ///   system that cannot sync at all (EINVAL) counts as flushed, as SQLite takes it.
  public static func flush(_ descriptor: Int32) -> Bool {
    counter.increment()
    defer { counter.wait() }
    while fsync(descriptor) != 0 {
      if errno == EINTR { continue }
      return errno == EINVAL
    }
    return true
  }

  /// Flushes the folder `directory` itself: the names created, replaced or removed in it.
  public static func flushFolder(_ directory: URL) throws(OutputError) {
    let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else {
      throw .cannotWrite(path: directory.path, reason: String(cString: strerror(errno)))
    }
    defer { close(folder) }
    guard flush(folder) else {
      throw .cannotWrite(path: directory.path, reason: "cannot flush the folder: \(String(cString: strerror(errno)))")
    }
  }

  /// Flushes everything written to the file system that holds `directory` — every file and
  /// every folder of a render, in one call (Linux's `syncfs`). Where there is no `syncfs`, the
  /// whole system is flushed (`sync`), which on macOS returns before the data is on disk; the
  /// manifest that follows is still flushed on its own.
  public static func flushFileSystem(containing directory: URL) throws(OutputError) {
    counter.increment()
    defer { counter.wait() }
    #if os(Linux)
      if let syncfs = Self.syncfs {
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
          throw .cannotWrite(path: directory.path, reason: String(cString: strerror(errno)))
        }
        defer { close(folder) }
        guard syncfs(folder) == 0 else {
          throw .cannotWrite(
            path: directory.path, reason: "cannot flush its file system: \(String(cString: strerror(errno)))")
        }
        return
      }
    #endif
    sync()
  }

  #if os(Linux)
    /// glibc's `syncfs` (since 2.14), which the Glibc module does not import: looked up once.
    private static let syncfs: (@convention(c) (Int32) -> Int32)? = {
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()
  #endif
}

/// A count shared by every thread that flushes, and the latency added to each flush.
private final class FlushCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  private var added = 0

  var latency: Int {
    get { lock.withLock { added } }
    set { lock.withLock { added = max(0, newValue) } }
  }

  /// Sleeps for the added latency, if any.
  func wait() {
    let nanoseconds = latency
    guard nanoseconds > 0 else { return }
    var time = timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
    var left = timespec()
    while nanosleep(&time, &left) != 0 && errno == EINTR { time = left }
  }

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }

  func increment() {
    lock.lock()
    count += 1
    lock.unlock()
  }
}
