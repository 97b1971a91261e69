import BarFramesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Started with no argument vector at all, barframes must say it cannot read its command line
/// and exit 1 — it used to print the help and exit 0, as if nothing had been asked (issue 15).
/// (Without /proc it reads its arguments all the same: ``WithoutProcTests``.)
@Suite struct UnreadableCommandLineTests {
  static let message =
    "barframes: error: cannot read the command line (is /proc mounted? was the program started with no arguments?)\n"

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
