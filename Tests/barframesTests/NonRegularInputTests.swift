import BarFramesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every file barframes reads by path must be a regular file (issue 15). A FIFO would block the
/// open until something writes to it, `/dev/stdin` waits for typing, `/dev/zero` never ends and
/// a directory has no bytes: each is refused at once with one line naming the file (and the key
/// that named it), exit 65. Every run has a timeout, so a regression fails instead of hanging.
@Suite struct NonRegularInputTests {
  static let timeout = 20.0

  /// A folder with a FIFO `fifo.json` and a FIFO `icon.png` in it.
  static func folderWithFIFOs() throws -> URL {
    let directory = try TestRendering.temporaryDirectory()
    for name in ["fifo.json", "icon.png"] {
      try #require(mkfifo(directory.appendingPathComponent(name).path, 0o600) == 0)
    }
    return directory
  }

  /// Writes `name` holding a bent-line scene whose `style` value is `style` (JSON).
  static func scene(_ name: String, style: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(#"{"version": 1, "style": \#(style), "duration": 1, "fps": 10, "scale": 1}"#.utf8).write(to: url)
    return url.path
  }

  static func run(_ arguments: [String], in directory: URL) throws -> CommandRunner.Result {
    let result = try CommandRunner.run(arguments, in: directory, timeout: timeout)
    #expect(!result.timedOut, "barframes \(arguments.joined(separator: " ")) blocked")
    return result
  }

  @Test func aFIFOAsTheStyleIsRefusedAtItsKey() throws {
    let directory = try Self.folderWithFIFOs()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try Self.scene("scene.json", style: #""fifo.json""#, in: directory)
    let message =
      "barframes: error: \(scene): style: the style file \"fifo.json\" is a FIFO (named pipe), not a regular file\n"
    for command in [
      ["validate", scene], ["render", scene, "-o", "out"], ["still", scene, "--at", "0", "-o", "s.png"],
    ] {
      let result = try Self.run(command, in: directory)
      #expect(result.exitCode == 65, "\(command)")
      #expect(result.stderr == message, "\(command)")
    }
    // Nothing written: the scene is refused before any output.
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("s.png").path))
  }

  @Test func aFIFOAsTheIconIsRefusedAtItsKey() throws {
    let directory = try Self.folderWithFIFOs()
    defer { try? FileManager.default.removeItem(at: directory) }
    let icon = directory.appendingPathComponent("icon.png").path
    let inline = try Self.scene(
      "inline.json", style: #"{"version": 1, "design": "customizable-bar", "progressBarIconImage": "icon.png"}"#,
      in: directory)
    let result = try Self.run(["validate", inline], in: directory)
    #expect(result.exitCode == 65)
    #expect(
      result.stderr
        == "barframes: error: \(inline): style.progressBarIconImage: the icon file \"\(icon)\" is a FIFO (named pipe), "
        + "not a regular file\n")
    // In a style file of its own, the style file and its key are named.
    let style = directory.appendingPathComponent("style.json")
    try Data(#"{"version": 1, "design": "customizable-bar", "progressBarIconImage": "icon.png"}"#.utf8).write(to: style)
    let byPath = try Self.scene("by-path.json", style: #""style.json""#, in: directory)
    let fromFile = try Self.run(["validate", byPath], in: directory)
    #expect(fromFile.exitCode == 65)
    #expect(
      fromFile.stderr
        == "barframes: error: \(directory.path)/style.json: progressBarIconImage: the icon file \"\(icon)\" is a FIFO "
        + "(named pipe), not a regular file\n")
  }

  @Test(arguments: ["/dev/null", "/dev/zero", "/dev/stdin"])
  func aDeviceAsTheStyleIsRefused(device: String) throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Standard input is empty (/dev/null), so /dev/stdin is a character device too.
    let scene = try Self.scene("scene.json", style: "\"\(device)\"", in: directory)
    let result = try Self.run(["validate", scene], in: directory)
    #expect(result.exitCode == 65)
    #expect(
      result.stderr
        == "barframes: error: \(scene): style: the style file \"\(device)\" is a character device, not a regular file\n"
    )
  }

  @Test func aDirectoryAsTheSceneIsRefused() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("scene.json")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    for command in [["validate", "scene.json"], ["still", "scene.json", "--at", "0", "-o", "s.png"]] {
      let result = try Self.run(command, in: directory)
      #expect(result.exitCode == 65, "\(command)")
      #expect(result.stderr == "barframes: error: scene.json: is a directory, not a regular file\n", "\(command)")
    }
  }

  @Test func aFIFOAsTheSceneOrProbeFileIsRefused() throws {
    let directory = try Self.folderWithFIFOs()
    defer { try? FileManager.default.removeItem(at: directory) }
    let validate = try Self.run(["validate", "fifo.json"], in: directory)
    #expect(validate.exitCode == 65)
    #expect(validate.stderr == "barframes: error: fifo.json: is a FIFO (named pipe), not a regular file\n")
    let timing = try Self.run(["timing", "fifo.json"], in: directory)
    #expect(timing.exitCode == 65)
    #expect(timing.stderr == "fifo.json: is a FIFO (named pipe), not a regular file\n")
    let endless = try Self.run(["timing", "/dev/zero"], in: directory)
    #expect(endless.exitCode == 65)
    #expect(endless.stderr == "/dev/zero: is a character device, not a regular file\n")
  }

  @Test func aFIFOInAShardIsRefusedByMerge() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("s", in: directory)
    for shard in 1...2 {
      let render = try Self.run(["render", scene, "--shard", "\(shard)/2", "-o", "part\(shard)"], in: directory)
      try #require(render.exitCode == 0, "\(render.stderr)")
    }
    // A frame the manifest lists, then the manifest itself, replaced by a FIFO.
    let frame = try #require(
      try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("part1/s").path).sorted()
        .first)
    try FileManager.default.removeItem(at: directory.appendingPathComponent("part1/s/\(frame)"))
    try #require(mkfifo(directory.appendingPathComponent("part1/s/\(frame)").path, 0o600) == 0)
    let frameResult = try Self.run(["merge", "part1", "part2", "-o", "merged"], in: directory)
    #expect(frameResult.exitCode == 65)
    #expect(
      frameResult.stderr
        == "barframes: error: part1/s/\(frame): listed in part1/manifest.shard-1-of-2.json but is a FIFO (named pipe), "
        + "not a regular file\n")
    let manifest = directory.appendingPathComponent("part1/manifest.shard-1-of-2.json")
    try FileManager.default.removeItem(at: manifest)
    try #require(mkfifo(manifest.path, 0o600) == 0)
    let manifestResult = try Self.run(["merge", "part1", "part2", "-o", "merged"], in: directory)
    #expect(manifestResult.exitCode == 65)
    #expect(
      manifestResult.stderr
        == "barframes: error: part1/manifest.shard-1-of-2.json: is a FIFO (named pipe), not a regular file\n")
  }

  @Test func aFIFOAsARenderedFrameIsRefusedByCompare() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("s", in: directory)
    for folder in ["before", "after"] {
      try #require(try Self.run(["render", scene, "-o", folder], in: directory).exitCode == 0)
    }
    let first = try #require(
      try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("after/s").path).sorted()
        .first)
    let frame = directory.appendingPathComponent("after/s/\(first)")
    try FileManager.default.removeItem(at: frame)
    try #require(mkfifo(frame.path, 0o600) == 0)
    let result = try Self.run(["compare", "before", "after", "-o", "compare.html"], in: directory)
    #expect(result.exitCode == 65)
    #expect(result.stderr == "barframes: error: after/s/\(first): is a FIFO (named pipe), not a regular file\n")
  }

  /// A golden that is not a regular file cannot be compared (exit 1, as for any unreadable
  /// golden), and is named.
  @Test func aFIFOAsAGoldenCannotBeCompared() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("s", in: directory)
    try #require(
      try Self.run(["golden", "record", scene, "--golden", "goldens", "--at", "0.5"], in: directory).exitCode == 0)
    let golden = directory.appendingPathComponent("goldens/s/s_t0.500.png")
    try FileManager.default.removeItem(at: golden)
    try #require(mkfifo(golden.path, 0o600) == 0)
    let result = try Self.run(["golden", "verify", scene, "--golden", "goldens", "--at", "0.5"], in: directory)
    #expect(result.exitCode == 1)
    #expect(
      result.stderr.contains(
        "ERROR s_t0.500: the golden \(golden.path) cannot be compared: is a FIFO (named pipe), not a regular file;"),
      "\(result.stderr)")
  }
}
