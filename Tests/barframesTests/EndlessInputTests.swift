import BarFramesTestSupport
import Foundation
import Testing

/// `/dev/zero` reports a size of 0 and never ends: as a probe, scene, style or icon it must be
/// refused at the 16 MiB limit (exit 65), not read until memory runs out (issue 15).
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")))
struct EndlessInputTests {
  @Test func anEndlessProbeFileIsTooLarge() throws {
    let result = try CommandRunner.run(["timing", "/dev/zero"])
    #expect(result.exitCode == 65)
    #expect(result.stderr == "/dev/zero: is larger than 16 MiB (the limit)\n")
  }

  @Test func anEndlessSceneFileIsTooLarge() throws {
    let result = try CommandRunner.run(["validate", "/dev/zero"])
    #expect(result.exitCode == 65)
    #expect(result.stderr.contains("/dev/zero: is larger than 16 MiB (the limit)"), "\(result.stderr)")
  }

  @Test(arguments: [
    (#""style": "/dev/zero""#, "/dev/zero: is larger than 16 MiB (the limit)"),
    (
      #""style": {"version": 1, "design": "customizable-bar", "progressBarIconImage": "/dev/zero"}"#,
      #"style.progressBarIconImage: the icon file "/dev/zero" is larger than 16 MiB"#
    ),
  ])
  func anEndlessStyleOrIconIsTooLarge(style: String, message: String) throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = directory.appendingPathComponent("endless.json")
    try Data(#"{"version": 1, \#(style), "duration": 1}"#.utf8).write(to: scene)
    let result = try CommandRunner.run(["validate", scene.path])
    #expect(result.exitCode == 65)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }
}
