import BarFramesTestSupport
import Foundation
import Testing

/// One frame may hold at most 4096 × 4096 = 16 777 216 pixels (canvas × scale²), whether the
/// scale comes from the scene file (bad input, 65) or from `--scale` (a usage error, 64), and
/// nothing is written when it is refused.
@Suite struct FramePixelLimitTests {
  static func scene(size: Int, scale: Int, in directory: URL) throws -> String {
    let json = """
      {"version": 1, "style": {"version": 1, "design": "bent-line", "size": [\(size), \(size)]},
       "duration": 1, "fps": 1, "scale": \(scale)}
      """
    let url = directory.appendingPathComponent("big.json")
    try Data(json.utf8).write(to: url)
    return url.path
  }

  @Test func aSceneWhoseScaleMakesTooManyPixelsIsBadInput() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 4096 pt at @2x: 8192 × 8192 = 67 108 864 pixels, four times the limit.
    let path = try Self.scene(size: 4096, scale: 2, in: directory)
    let out = directory.appendingPathComponent("out")
    let result = try CommandRunner.run(["render", path, "-o", out.path])
    #expect(result.exitCode == 65)
    #expect(
      result.stderr.contains("scale: a 4096 × 4096 pt canvas at @2x is 67108864 pixels a frame; the limit is 16777216"),
      "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func theSameCanvasAtOneXIsAccepted() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 4096 × 4096 at @1x is exactly the limit.
    let path = try Self.scene(size: 4096, scale: 1, in: directory)
    let result = try CommandRunner.run(["validate", path])
    #expect(result.exitCode == 0, "\(result.stderr)")
  }

  @Test func aScaleFlagPastTheLimitIsAUsageError() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 2000 pt at @3x: 6000 × 6000 = 36 000 000 pixels.
    let path = try Self.scene(size: 2000, scale: 1, in: directory)
    let out = directory.appendingPathComponent("out")
    let render = try CommandRunner.run(["render", path, "-o", out.path, "--scale", "3"])
    #expect(render.exitCode == 64)
    #expect(render.stderr.contains("6000 × 6000 = 36000000 pixels; the limit is 16777216"), "\(render.stderr)")
    let still = try CommandRunner.run([
      "still", path, "--at", "0", "--scale", "3", "-o", out.appendingPathComponent("x.png").path,
    ])
    #expect(still.exitCode == 64)
    #expect(still.stderr.contains("36000000 pixels; the limit is 16777216"), "\(still.stderr)")
    // render prepares OUT before planning; no file may be in it.
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).isEmpty)
  }
}
