import BarFramesTestSupport
import Foundation
import Testing

/// `render` refuses more than 100 000 frames of one scene (README, Limits): exit 65 naming the
/// file and key when the scene asks for them, exit 64 naming the flag when `--fps` or `--time`
/// does; either way before OUT is created.
@Suite struct FrameCountLimitCommandTests {
  static func scene(duration: Int, fps: Int, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent("long.json")
    try Data(
      #"{"version": 1, "style": {"version": 1, "design": "bent-line", "size": [40, 20]}, "duration": \#(duration), "fps": \#(fps)}"#
        .utf8
    )
    .write(to: url)
    return url.path
  }

  @Test func aLongSceneIsBadInput() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try Self.scene(duration: 3600, fps: 60, in: directory)
    let out = directory.appendingPathComponent("out")
    let result = try CommandRunner.run(["render", scene, "-o", out.path, "--quiet"])
    #expect(result.exitCode == 65)
    #expect(
      result.stderr.hasPrefix(
        "barframes: error: \(scene): duration: 3600 s at 60 fps is 216001 frames; a render draws at most 100000"),
      "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test(arguments: [
    (["--fps", "120"], "1000 s at --fps 120 is 120001 frames"),
    (["--fps", "240", "--time", "0-500"], "--time 0-500 at --fps 240 is 120001 frames"),
  ])
  func flagsPastTheLimitAreAUsageError(flags: [String], fragment: String) throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try Self.scene(duration: 1000, fps: 60, in: directory)
    let out = directory.appendingPathComponent("out")
    let result = try CommandRunner.run(["render", scene, "-o", out.path, "--quiet"] + flags)
    #expect(result.exitCode == 64)
    #expect(
      result.stderr.hasPrefix("barframes: error: \(scene): \(fragment); a render draws at most 100000"),
      "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  /// A still of a long scene draws one frame: no limit applies.
  @Test func aStillOfALongSceneIsDrawn() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try Self.scene(duration: 3600, fps: 240, in: directory)
    let png = directory.appendingPathComponent("still.png")
    let result = try CommandRunner.run(["still", scene, "--at", "3000", "-o", png.path])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: png.path))
  }

  /// `--every-nth` can make one frame last longer than an animated format's delay field holds:
  /// that format is refused naming the flag (exit 64, nothing written); PNG frames are drawn.
  @Test func framesTooLongForAnAnimationAreAUsageErrorAndPNGFramesAreDrawn() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try Self.scene(duration: 3600, fps: 1, in: directory)
    let out = directory.appendingPathComponent("out")
    let refused = try CommandRunner.run(["render", scene, "-o", out.path, "--every-nth", "20000", "--format", "gif"])
    #expect(refused.exitCode == 64)
    #expect(
      refused.stderr
        == "barframes: error: \(scene): --every-nth 20000 at 1 fps makes each GIF frame last 20000 s; a GIF "
        + "frame lasts at most 655.35 s: use a smaller --every-nth\n")
    #expect(!FileManager.default.fileExists(atPath: out.path))
    let drawn = try CommandRunner.run(["render", scene, "-o", out.path, "--every-nth", "20000", "--quiet"])
    #expect(drawn.exitCode == 0, "\(drawn.stderr)")
    let frames = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("long").path)
    #expect(frames == ["long-0000@2x.png"])  // numbered as the scene's 3601 frames are
  }
}
