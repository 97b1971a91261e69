import BarFrames
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// `barframes render` as a user runs it: the built binary, its files, output and exit codes.
@Suite struct RenderCommandTests {
  /// A small scene file (bent line, 1 s at 10 fps, 80 × 40 pt) in `directory`.
  static func writeScene(_ name: String, in directory: URL, duration: Double = 1, fps: Double = 10) throws -> String {
    let json = """
      {"version": 1,
       "style": {"version": 1, "design": "bent-line", "size": [80, 40], "background": "#223344",
                 "origin": [8, 20], "maxOffset": 6, "lineWidth": 3, "fontSize": 8},
       "duration": \(duration), "fps": \(fps), "scale": 1,
       "events": [{"at": 0, "call": "setProgress", "args": {"value": 0.2}},
                  {"at": 0.5, "call": "setProgress", "args": {"value": 0.8}}]}
      """
    let url = directory.appendingPathComponent("\(name).json")
    try Data(json.utf8).write(to: url)
    return url.path
  }

  static func files(under directory: URL) -> [String] {
    (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []).filter {
      !TestRendering.isFolderBookkeeping($0)
    }.sorted()
  }

  @Test func rendersEverySceneOfAFolderInOrderWithAManifest() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scenes = directory.appendingPathComponent("scenes")
    try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
    _ = try Self.writeScene("b", in: scenes)
    _ = try Self.writeScene("a", in: scenes, duration: 0.5)
    let out = directory.appendingPathComponent("out")
    let result = try CommandRunner.run([
      "render", scenes.path, "-o", out.path, "--format", "png,apng,html", "--json", "--jobs", "2",
    ])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let manifest = try JSONValue(parsing: result.stdout)
    #expect(manifest["version"] == .number(3))
    guard case .string(let tool)? = manifest["tool"], case .array(let list)? = manifest["scenes"] else {
      Issue.record("no scenes in \(result.stdout)")
      return
    }
    #expect(tool.hasPrefix("barframes "))
    #expect(list.map { $0["name"] } == [.string("a"), .string("b")])
    guard case .array(let frames)? = list[1]["frames"] else {
      Issue.record("no frames in \(list[1])")
      return
    }
    #expect(frames.count == 11)
    #expect(frames[3]["path"] == .string("b/b-03.png"))
    #expect(frames[3]["time"] == .number(0.3))
    let files = Self.files(under: out)
    #expect(files.contains("index.html") && files.contains("a/a.apng") && files.contains("b/b-10.png"))
    // Not a terminal: plain progress lines on stderr.
    #expect(result.stderr.contains("render: [1/2] a: 6 frames"))
    #expect(!result.stderr.contains("\u{1B}["))
  }

  @Test func quietPrintsNothing() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try Self.writeScene("q", in: directory)
    let result = try CommandRunner.run([
      "render", scene, "-o", directory.appendingPathComponent("out").path, "--quiet", "--at", "0.5",
    ])
    #expect(result.exitCode == 0)
    #expect(result.stderr.isEmpty && result.stdout.isEmpty)
    #expect(Self.files(under: directory.appendingPathComponent("out")) == ["manifest.json", "q", "q/q-0.png"])
  }

  @Test(arguments: [
    (["--shard", "0/2"], "'--shard' must be i/n"),
    (["--shard", "3/2"], "'--shard' must be i/n"),
    (["--at", "1", "--time", "0-1"], "mutually exclusive"),
    (["--frames", "0-3", "--progress", "0.5"], "mutually exclusive"),
    (["--scale", "4"], "The value '4' is invalid for '--scale <1|2|3>': must be 1, 2 or 3"),
    (["--format", "png,jpeg"], "invalid for '--format <list>': unknown format 'jpeg'"),
    (["--time", "2-1"], "The value '2-1' is invalid for '--time <A-B>': must not end before it starts"),
    (["--time", "1"], "invalid for '--time <A-B>': takes A-B in seconds with 0 ≤ A ≤ B (for example 0.5-1.5)"),
    (
      ["--frames", "0...10"],
      "invalid for '--frames <A-B>': takes A-B in frame numbers with 0 ≤ A ≤ B (for example 0-120)"
    ),
    (
      ["--progress", "a-b"],
      "invalid for '--progress <P>': takes A-B in fractions with 0 ≤ A ≤ B (for example 0.25-0.75)"
    ),
    (["--frames", "1.5-3"], "invalid for '--frames <A-B>': takes whole frame numbers"),
    (["--fps", "0"], "invalid for '--fps <N>': must be a number of frames per second in (0, 240]"),
    (["--fps", "241"], "invalid for '--fps <N>': must be a number of frames per second in (0, 240]"),
    (["--png", "huge"], "invalid for '--png <preset>': must be fast, balanced or small"),
    (["--progress", "1.5"], "invalid for '--progress <P>': must be a fraction between 0 and 1"),
    (["--progress", "0.5-1.5"], "invalid for '--progress <P>': fractions must be between 0 and 1"),
    (["--every-nth", "0"], "'--every-nth' must be at least 1"),
    (["--background", "nope"], "invalid for '--background <COLOR|transparent>': must be a colour or 'transparent'"),
    (["--quality", "101"], "'--quality' must be 0…100"),
    (["--quality", "-1"], "'--quality' must be 0…100"),
  ])
  func usageErrorsExit64(arguments: [String], message: String) throws {
    let result = try CommandRunner.run(["render", "Examples", "-o", "/nonexistent/never"] + arguments)
    #expect(result.exitCode == 64, "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func aBadSceneExits65WithOneLine() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bad = directory.appendingPathComponent("bad.json")
    try Data(#"{"version": 1, "style": "missing.json", "duration": 1}"#.utf8).write(to: bad)
    let result = try CommandRunner.run(["render", bad.path, "-o", directory.appendingPathComponent("out").path])
    #expect(result.exitCode == 65)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.hasPrefix("barframes: error: "))
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
  }

  @Test func anUnwritableOutputExits1BeforeRendering() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try Self.writeScene("s", in: directory)
    let blocker = directory.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    let result = try CommandRunner.run(["render", scene, "-o", blocker.appendingPathComponent("out").path])
    #expect(result.exitCode == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(lines.first?.hasPrefix("barframes: error: cannot create the output directory") == true)
  }

  @Test func framesOutsideTheSceneExit64() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try Self.writeScene("s", in: directory)
    let result = try CommandRunner.run([
      "render", scene, "-o", directory.appendingPathComponent("out").path, "--frames", "20-30",
    ])
    #expect(result.exitCode == 64)
    #expect(result.stderr.contains("past the last frame, 10"))
  }

  /// GNU parallel on one machine, or pods sharing a volume: every shard writes into one folder,
  /// which `barframes merge` turns into the unsharded output.
  @Test func shardsSharingOneFolderMergeIntoTheFullOutput() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try Self.writeScene("s", in: directory)
    let full = directory.appendingPathComponent("full")
    let shared = directory.appendingPathComponent("shared")
    let merged = directory.appendingPathComponent("merged")
    #expect(try CommandRunner.run(["render", scene, "-o", full.path, "--format", "all", "--quiet"]).exitCode == 0)
    for i in 1...2 {
      let result = try CommandRunner.run([
        "render", scene, "-o", shared.path, "--format", "all", "--quiet", "--shard", "\(i)/2",
      ])
      #expect(result.exitCode == 0, "\(result.stderr)")
    }
    let parts = Self.files(under: shared)
    #expect(parts.contains("manifest.shard-1-of-2.json") && parts.contains("manifest.shard-2-of-2.json"))
    #expect(!parts.contains("s/s.apng") && !parts.contains("manifest.json"))
    let merge = try CommandRunner.run(["merge", shared.path, "-o", merged.path, "--quiet"])
    #expect(merge.exitCode == 0, "\(merge.stderr)")
    let names = Self.files(under: full)
    #expect(names.contains("s/s.apng") && names.contains("manifest.json"))
    #expect(names == Self.files(under: merged))
    for name in names {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: full.appendingPathComponent(name).path, isDirectory: &isDirectory)
      if isDirectory.boolValue { continue }
      let same =
        try Data(contentsOf: full.appendingPathComponent(name)) == Data(contentsOf: merged.appendingPathComponent(name))
      #expect(same, "\(name)")
    }
  }

  @Test func ctrlCLeavesNoFileUnderAFinalNameHalfWritten() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try Self.writeScene("long", in: directory, duration: 60, fps: 30)
    let out = directory.appendingPathComponent("out")
    let process = Process()
    process.executableURL = CommandRunner.executable
    process.arguments = [
      "render", scene, "-o", out.path, "--format", "png,apng,gif", "--scale", "3", "--jobs", "2", "--quiet",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait until frames are being written, then interrupt.
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline, Self.files(under: out).count < 20 { usleep(20_000) }
    process.interrupt()
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    let files = Self.files(under: out)
    #expect(!files.isEmpty)
    #expect(!files.contains { $0.hasSuffix(".barframes-tmp") }, "\(files.filter { $0.contains("tmp") })")
    #expect(!files.contains("long/long@3x.apng") && !files.contains("long/long@3x.gif"))
    for file in files where file.hasSuffix(".png") {
      #expect(throws: Never.self) {
        try PNGDecoder.decode(Array(try Data(contentsOf: out.appendingPathComponent(file))))
      }
    }
  }
}
