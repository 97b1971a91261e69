import BarFramesTestSupport
import Foundation
import Testing

/// Every subcommand's `--help`, compared with a committed snapshot so a flag change shows up as
/// a reviewed diff (as swift-argument-parser does for its own examples). A missing snapshot is
/// written and the test fails; after an intended change, delete the file and run again.
@Suite struct HelpSnapshotTests {
  static let commands = [
    [], ["compare"], ["golden", "record"], ["golden", "verify"], ["inspect"], ["merge"], ["preview"], ["render"],
    ["schema"],
    ["still"], ["test-card"], ["timing"], ["validate"],
  ]

  @Test(arguments: commands)
  func helpMatchesItsSnapshot(command: [String]) throws {
    try check(CommandRunner.executable, command, name: (["barframes"] + command).joined(separator: "-"))
  }

  @Test func benchHelpMatchesItsSnapshot() throws {
    try check(CommandRunner.benchExecutable, [], name: "barframes-bench")
  }

  private func check(_ executable: URL, _ command: [String], name: String) throws {
    // A fixed width, so wrapping does not depend on the terminal running the tests.
    let result = try ExternalTools.run("/usr/bin/env", ["COLUMNS=100", executable.path] + command + ["--help"])
    #expect(result.status == 0, "\(result.stderr)")
    let url = TestRendering.packageRoot.appendingPathComponent(
      "Tests/barframesTests/__Snapshots__/HelpSnapshotTests/\(name).txt")
    guard let snapshot = try? String(contentsOf: url, encoding: .utf8) else {
      if ProcessInfo.processInfo.environment["CI"] == nil { try Data(result.text.utf8).write(to: url) }
      Issue.record(
        "no snapshot of `\(name) --help`; \(ProcessInfo.processInfo.environment["CI"] == nil ? "recorded \(url.path), check and commit it" : "record it outside CI")"
      )
      return
    }
    #expect(
      result.text == snapshot, "`\(name) --help` changed; if intended, delete \(url.path) and run the tests again")
  }
}
