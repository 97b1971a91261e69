import BarFramesOutput
import Foundation

/// Removes the bench's folders only once it has measured everything: a folder the bench is
/// done with is renamed into a hidden folder beside it, and ``finish()`` removes those.
///
/// On ext4 without a journal, allocating an inode skips every free inode of its group that was
/// freed in the last 60 seconds (300 while the inode table's block is dirty), reading each one's
/// deletion time: creating files within minutes of deleting many pays for those deletions again,
/// once per file created (`RECENTCY_MIN` and `RECENTCY_DIRTY` in the kernel's
/// `fs/ext4/ialloc.c`; what it cost the bench: docs/performance.md). Users seldom delete
/// thousands of files a second before they render, so the bench does not either. A run started within
/// minutes of another still pays for that one's cleanup; the report says so
/// (``ScratchFolder/isExt4WithoutJournal``).
public enum DeferredRemoval {
  private static let state = State()

  private final class State: @unchecked Sendable {
    let lock = NSLock()
    var bins: Set<URL> = []
    var count = 0
  }

  /// Takes `url` out of the way now and removes it in ``finish()``; removes it at once if it
  /// cannot be renamed. Does nothing if it does not exist.
  public static func remove(_ url: URL) {
    guard FileManager.default.fileExists(atPath: url.path) else { return }
    let bin = url.deletingLastPathComponent().appendingPathComponent(".barframes-bench-\(getpid())-removed")
    let target: URL = state.lock.withLock {
      state.bins.insert(bin)
      state.count += 1
      return bin.appendingPathComponent("\(state.count)")
    }
    do {
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      try FileManager.default.moveItem(at: url, to: target)
    } catch {
      try? FileManager.default.removeItem(at: url)
    }
  }

  /// Removes everything ``remove(_:)`` set aside, and flushes the file systems that held it (on
  /// ext4 without a journal, a freed inode is skipped for 60 seconds once its table block is
  /// written, 300 before).
  public static func finish() {
    let bins = state.lock.withLock {
      defer { state.bins = [] }
      return state.bins
    }
    for bin in bins { try? FileManager.default.removeItem(at: bin) }
    for bin in bins { try? StableStorage.flushFileSystem(containing: bin.deletingLastPathComponent()) }
  }
}
