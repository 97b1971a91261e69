import BarFramesTestSupport
import Foundation
import Testing

/// The command line as a user meets it: the built binary, its output and its exit codes.
@Suite struct CommandLineTests {
  @Test func helpListsTheSubcommandsAndExitCodes() throws {
    let result = try CommandRunner.run(["--help"])
    #expect(result.exitCode == 0)
    #expect(result.stdout.contains("USAGE: barframes"))
    #expect(result.stdout.contains("test-card"))
    #expect(result.stdout.contains("65 invalid input file"))
  }

  @Test func versionPrintsOneLine() throws {
    let result = try CommandRunner.run(["--version"])
    #expect(result.exitCode == 0)
    #expect(result.stdout.split(separator: "\n").count == 1)
    #expect(result.stdout.first?.isNumber == true)
  }

  @Test func usageErrorsExit64() throws {
    let unknown = try CommandRunner.run(["no-such-command"])
    #expect(unknown.exitCode == 64)
    let badScale = try CommandRunner.run(["test-card", "--scale", "7"])
    #expect(badScale.exitCode == 64)
    #expect(badScale.stderr.contains("The value '7' is invalid for '--scale <1|2|3>': must be 1, 2 or 3"))
  }

  @Test func failuresExit1WithOneLineNamingWhatFailed() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let blocker = directory.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    // The output "directory" is a regular file: nothing can be written under it.
    let result = try CommandRunner.run(["test-card", "-o", blocker.appendingPathComponent("out").path])
    #expect(result.exitCode == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("barframes: error: cannot create the output directory") == true)
  }

  @Test func testCardWritesAPNGAndAnSVG() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CommandRunner.run(["test-card", "-o", directory.path, "--scale", "1"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(files == ["test-card.png", "test-card.svg"])
  }
}
