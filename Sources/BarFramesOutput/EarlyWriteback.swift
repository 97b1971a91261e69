import Foundation

/// Starts writing a render's files back to storage while the render goes on, so that the one
/// flush at its end (``Durability/render``) finds little left to write.
///
/// Without it, every frame waits in memory until the final `syncfs`, which then writes them all
/// while the render waits. Every ``every`` files, this asks for the same flush of the file
/// system on a thread of its own (``StableStorage/flushFileSystem(containing:)``), while the
/// drawing goes on; at most one at a time, and at most ``limit`` per render, so that a render
/// makes a bounded number of flushes whatever its frame count. Such a flush makes no promise:
/// its error is the final flush's to report, and nothing waits for it but ``finish()``.
/// Why it is worth it, with figures: docs/performance.md.
public final class EarlyWriteback: Sendable {
  /// Files between two early flushes.
  public let every: Int
  /// The most early flushes one render makes.
  public let limit: Int
  private let folder: URL
  /// Guards the counts below, and signals the end of a flush.
  private let condition = NSCondition()
  nonisolated(unsafe) private var files = 0
  nonisolated(unsafe) private var started = 0
  nonisolated(unsafe) private var isRunning = false

  /// - Parameters:
  ///   - folder: A folder on the file system the render writes to.
  ///   - files: How many files the render will write, about: the flushes are spread over them.
  ///   - limit: The most early flushes.
  public init(folder: URL, files: Int, limit: Int = 8) {
    self.folder = folder
    self.limit = max(0, limit)
    // At least this many files apart: fewer are cheaper to write at the end than to flush twice.
    every = max(Self.fewestFilesBetween, files / (self.limit + 1))
  }

  /// Files fewer than this are left to the final flush.
  static let fewestFilesBetween = 64

  /// Counts a file written; every ``every`` files, starts a flush unless one is running or the
  /// limit is reached.
  public func fileWritten() {
    let starts = condition.withLock { () -> Bool in
      files += 1
      guard files % every == 0, !isRunning, started < limit else { return false }
      started += 1
      isRunning = true
      return true
    }
    guard starts else { return }
    Thread.detachNewThread { [self] in
      try? StableStorage.flushFileSystem(containing: folder)
      condition.withLock {
        isRunning = false
        condition.broadcast()
      }
    }
  }

  /// Waits until no early flush is running.
  public func finish() {
    condition.withLock {
      while isRunning { condition.wait() }
    }
  }

  /// How many early flushes have been started.
  public var flushesStarted: Int { condition.withLock { started } }
}
