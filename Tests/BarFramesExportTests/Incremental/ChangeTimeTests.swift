import Foundation
import Testing

@testable import BarFramesExport

#if os(Linux)
  import Glibc

  /// The manifest's change time must follow every file's: the render waits until the clock that
  /// stamps changes has passed the moment its last file was named, and no longer.
  @Suite struct ChangeTimeTests {
    /// A file changed after the wait has a later change time than the instant waited past,
    /// however soon after it the wait began: the coarse clock lags the precise one, so it sleeps.
    @Test func aFileChangedAfterTheWaitIsLaterThanTheInstant() throws {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("change-time-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let before = folder.appendingPathComponent("before").path
      let after = folder.appendingPathComponent("after").path
      #expect(FileManager.default.createFile(atPath: before, contents: Data([1])))
      let instant = ChangeTime.now()
      #expect(ChangeTime.waitUntilPast(instant) >= 1)
      #expect(FileManager.default.createFile(atPath: after, contents: Data([2])))
      func changed(_ path: String) throws -> (Int, Int) {
        var status = stat()
        try #require(stat(path, &status) == 0)
        return (Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec))
      }
      #expect(try changed(before) < changed(after))
    }

    /// An instant the coarse clock has long passed (a tick is at most 10 ms): no wait at all, as
    /// when flushing the render to a disk took longer than a tick.
    @Test func anInstantTheClockHasPassedIsNotWaitedFor() {
      let instant = ChangeTime.now()
      usleep(30_000)
      #expect(ChangeTime.waitUntilPast(instant) == 0)
    }
  }
#endif
