import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Inode change times (`st_ctime`), which ``PreviousRender`` compares with the manifest's.
enum ChangeTime {
  /// Returns once any file changed from now on gets a later change time than every file
  /// changed before the call.
  ///
  /// Linux stamps a change with its coarse clock (one tick: 1–10 ms), so files named just
  /// before the manifest can share its change time, which would make them look changed after
  /// it. The wait lasts until that clock passes the present, at most one tick, and usually
  /// nothing: flushing the render takes longer.
  static func waitForTheNextTick() {
    #if os(Linux)
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      var coarse = timespec()
      while true {
        clock_gettime(CLOCK_REALTIME_COARSE, &coarse)
        if (coarse.tv_sec, coarse.tv_nsec) > (now.tv_sec, now.tv_nsec) { return }
        usleep(250)
      }
    #endif
  }
}
