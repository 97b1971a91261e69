import BarFrames
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// The command-line cases a new user tripped over (issue 17), each as the built binary behaves.
@Suite struct CommandLineFrictionTests {
  static func scratch() throws -> URL { try TestRendering.temporaryDirectory() }

  @Test func reRenderingAtAnotherFpsLeavesNoStaleFrames() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("b", in: directory)
    let out = directory.appendingPathComponent("out")
    #expect(try CommandRunner.run(["render", scene, "-o", out.path, "--format", "png,sheet", "--quiet"]).exitCode == 0)
    #expect(RenderCommandTests.files(under: out).filter { $0.hasPrefix("b/b-") }.count == 12)  // 11 frames + sheet
    // Files that are not our frames stay.
    try Data("mine".utf8).write(to: out.appendingPathComponent("b/b-notes.png.txt"))
    try Data("mine".utf8).write(to: out.appendingPathComponent("b/b-final.png"))
    let again = try CommandRunner.run(["render", scene, "-o", out.path, "--fps", "5", "--quiet"])
    #expect(again.exitCode == 0, "\(again.stderr)")
    #expect(
      RenderCommandTests.files(under: out) == [
        "b", "b/b-0.png", "b/b-1.png", "b/b-2.png", "b/b-3.png", "b/b-4.png", "b/b-5.png", "b/b-final.png",
        "b/b-notes.png.txt", "b/b-sheet.png", "manifest.json",
      ])
  }

  @Test func aMistypedSubcommandSuggestsTheNearestOne() throws {
    let result = try CommandRunner.run(["rendr", "Examples"])
    #expect(result.exitCode == 64)
    #expect(result.stderr.contains("unknown subcommand 'rendr'; did you mean 'render'?"), "\(result.stderr)")
    let far = try CommandRunner.run(["xyzzyq"])
    #expect(far.exitCode == 64 && !far.stderr.contains("did you mean") && far.stderr.contains("subcommands: "))
  }

  /// ArgumentParser suggests the nearest flag for a mistyped option (a usage error, exit 64).
  @Test func aMistypedOptionSuggestsTheNearestFlag() throws {
    let result = try CommandRunner.run(["render", "Examples/bent-line-slider.json", "--fomat", "png"])
    #expect(result.exitCode == 64)
    #expect(result.stderr.contains("Unknown option '--fomat'. Did you mean '--format'?"), "\(result.stderr)")
    let preview = try CommandRunner.run(["preview", "--prot", "0"])
    #expect(preview.exitCode == 64)
    #expect(preview.stderr.contains("Did you mean '--port'?"), "\(preview.stderr)")
  }

  @Test(arguments: [
    ["render", "Examples/bent-line-slider.json", "-o", "/nonexistent/x"],
    ["still", "Examples/bent-line-slider.json", "-o", "/nonexistent/x.png"],
  ])
  func aNegativeTimeIsRefusedWithItsRange(command: [String]) throws {
    let result = try CommandRunner.run(command + ["--at", "-1"])
    #expect(result.exitCode == 64)
    #expect(
      result.stderr.contains("The value '-1' is invalid for '--at <T>': must be a time in seconds ≥ 0"),
      "\(result.stderr)")
    #expect(!result.stderr.contains("Missing value"))
  }

  /// Times and scales are typed arguments: every subcommand that takes one refuses the same
  /// values with the same reason, before reading any scene.
  @Test(arguments: [
    (
      ["inspect", "Examples/seek-bar.json", "--at", "-0.5"],
      "The value '-0.5' is invalid for '--at <T>': must be a time in seconds ≥ 0"
    ),
    (
      ["still", "Examples/seek-bar.json", "-o", "/nonexistent/x.png", "--at", "inf"],
      "The value 'inf' is invalid for '--at <T>'"
    ),
    (
      ["golden", "verify", "Examples/seek-bar.json", "--golden", "/nonexistent", "--at", "nan"],
      "The value 'nan' is invalid for '--at <T>'"
    ),
    (
      ["golden", "record", "Examples/seek-bar.json", "--golden", "/nonexistent", "--scale", "0"],
      "invalid for '--scale <1|2|3>': must be 1, 2 or 3"
    ),
    (
      ["still", "Examples/seek-bar.json", "-o", "/nonexistent/x.png", "--at", "1", "--scale", "1.5"],
      "invalid for '--scale <1|2|3>'"
    ),
  ])
  func typedArgumentsRefuseTheSameValuesEverywhere(command: [String], message: String) throws {
    let result = try CommandRunner.run(command)
    #expect(result.exitCode == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func anImageOutputWithOneFrameWritesThatFile() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("s", in: directory)
    let png = directory.appendingPathComponent("out.png")
    let result = try CommandRunner.run(["render", scene, "-o", png.path, "--at", "0.5"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    var isDirectory: ObjCBool = true
    #expect(FileManager.default.fileExists(atPath: png.path, isDirectory: &isDirectory) && !isDirectory.boolValue)
    let image = try PNGDecoder.decode(Array(try Data(contentsOf: png)))
    #expect(image.width == 80 && image.height == 40)
    // The same pixels as `still` draws.
    let still = directory.appendingPathComponent("still.png")
    #expect(try CommandRunner.run(["still", scene, "--at", "0.5", "-o", still.path]).exitCode == 0)
    #expect(try PNGDecoder.decode(Array(try Data(contentsOf: still))).pixels == image.pixels)
    // A sequence cannot go into one image: refused, nothing written.
    let many = directory.appendingPathComponent("many.png")
    let refused = try CommandRunner.run(["render", scene, "-o", many.path])
    #expect(refused.exitCode == 64)
    #expect(refused.stderr.contains("names an image file"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: many.path))
  }

  @Test func aTimeBeyondTheSceneIsAnErrorUnlessClamped() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("s", in: directory)  // 1 s
    let beyond = try CommandRunner.run([
      "still", scene, "--at", "99", "-o", directory.appendingPathComponent("a.png").path,
    ])
    #expect(beyond.exitCode == 64)
    #expect(
      beyond.stderr.contains("'--at' 99 is beyond the end of") && beyond.stderr.contains("give a time in 0…1"),
      "\(beyond.stderr)")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("a.png").path))
    let render = try CommandRunner.run([
      "render", scene, "--at", "1.5", "-o", directory.appendingPathComponent("r").path,
    ])
    #expect(render.exitCode == 64 && render.stderr.contains("beyond the end"))
    let clamped = try CommandRunner.run([
      "still", scene, "--at", "99", "--clamp", "-o", directory.appendingPathComponent("c.png").path,
    ])
    #expect(clamped.exitCode == 0)
    #expect(
      clamped.stderr.contains("warning: '--at' 99 is beyond the end") && clamped.stderr.contains("drawing 1 s instead"))
    #expect(
      try CommandRunner.run(["still", scene, "--at", "1", "-o", directory.appendingPathComponent("end.png").path])
        .exitCode == 0)
    #expect(
      try Data(contentsOf: directory.appendingPathComponent("c.png"))
        == Data(contentsOf: directory.appendingPathComponent("end.png")))
  }

  @Test func htmlAloneRendersTheFramesThePageShows() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("h", in: directory)
    let out = directory.appendingPathComponent("out")
    let result = try CommandRunner.run(["render", scene, "-o", out.path, "--format", "html"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let files = RenderCommandTests.files(under: out)
    #expect(files.contains("index.html") && files.contains("h/h-00.png") && files.contains("h/h-10.png"))
    // Plain lines (not a terminal) carry the overall percent.
    #expect(result.stderr.contains("overall 100% of 11 frames"), "\(result.stderr)")
  }

  @Test(arguments: [["render"], ["still"]])
  func helpHasExamples(command: [String]) throws {
    let result = try CommandRunner.run(command + ["--help"])
    #expect(result.exitCode == 0)
    #expect(result.stdout.contains("Examples:\n  barframes \(command[0]) Examples"), "\(result.stdout)")
  }
}
