import BarFramesTestSupport
import Foundation
import Testing

/// A message that cannot be written must not crash the tool: the exit code still says what
/// happened (issue 15).
@Suite("Diagnostics: standard error closed or full")
struct DiagnosticsTests {
  /// `timing` on a missing file writes one error line and exits 65 (an input file, as for a
  /// missing scene); with standard error closed (`2>&-`) or full (`/dev/full`) it must exit 65
  /// all the same, not trap (132/133) or die of SIGPIPE.
  @Test(arguments: ["2>&-", "2>/dev/full"])
  func anUnwritableStandardErrorKeepsTheExitCode(redirect: String) throws {
    let missing = "/nonexistent-\(UUID().uuidString).json"
    let result = try ExternalTools.run(
      "/bin/sh", ["-c", "\"$0\" timing \(missing) \(redirect); echo \"status=$?\"", CommandRunner.executable.path])
    let stdout = String(decoding: result.stdout, as: UTF8.self)
    #expect(stdout.contains("status=65\n"), "\(stdout) \(result.stderr)")
  }
}
