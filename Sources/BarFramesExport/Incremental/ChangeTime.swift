import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Inode change times (`st_ctime`), which ``PreviousRender`` compares with the manifest's.
enum ChangeTime {
  /// A moment on the real-time clock, read with its full precision: every file changed before
  /// it has a change time no later than it.
  struct Instant: Comparable {
    fileprivate var seconds: Int
    fileprivate var nanoseconds: Int

    static func < (a: Instant, b: Instant) -> Bool { (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds) }
  }

  /// The present.
  static func now() -> Instant { read(CLOCK_REALTIME) }

  /// Returns once any file changed from now on gets a later change time than every file
  /// changed before `instant`; returns how many times it slept (a quarter of a millisecond each).
  ///
  /// Linux stamps a change with its coarse clock (one tick: 1–10 ms), so files named just
  /// before the manifest can share its change time, which would make them look changed after
  /// it. The wait lasts until that clock passes `instant`: at most one tick, and nothing when a
  /// tick has passed since, as when the render's files were flushed to a disk in between.
  @discardableResult
  static func waitUntilPast(_ instant: Instant) -> Int {
    #if os(Linux)
      var sleeps = 0
      while read(CLOCK_REALTIME_COARSE) <= instant {
        usleep(250)
        sleeps += 1
      }
      return sleeps
    #else
      return 0
    #endif
  }

  private static func read(_ clock: clockid_t) -> Instant {
    var time = timespec()
    clock_gettime(clock, &time)
    return Instant(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
  }
}
