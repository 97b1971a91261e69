import BarFrames
import BarFramesTestSupport
import Foundation
import Testing

/// The output folder is shared ground (issue 43): a render removes or replaces only what a
/// BarFrames record lists or what it writes, never an input, one writer at a time, and its
/// manifest never claims what is not there — tried on real folders, real processes, SIGKILL
/// and a full file system.
@Suite struct OutputFolderSafetyTests {
  static func render(_ arguments: [String]) throws -> CommandRunner.Result {
    try CommandRunner.run(["render"] + arguments)
  }

  /// Every frame a folder's manifest lists is there with its listed size. A folder without a
  /// manifest (a render killed before its commit) claims nothing, so it always holds.
  static func expectManifestHolds(_ out: URL, _ context: String) throws {
    let url = out.appendingPathComponent("manifest.json")
    if !FileManager.default.fileExists(atPath: url.path) { return }
    let manifest = try JSONValue(parsing: String(contentsOf: url, encoding: .utf8))
    guard case .array(let scenes)? = manifest["scenes"] else {
      Issue.record("no scenes in \(url.path) (\(context))")
      return
    }
    for scene in scenes {
      guard case .array(let frames)? = scene["frames"] else { continue }
      for frame in frames {
        guard case .string(let path)? = frame["path"], case .number(let bytes)? = frame["bytes"] else { continue }
        let attributes = try? FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(path).path)
        #expect(
          (attributes?[.size] as? Int) == Int(bytes), "\(path) is listed with \(Int(bytes)) bytes (\(context))")
      }
    }
  }

  @Test func aManifestJSONThatIsNotOursIsRefusedBeforeAnythingIsDrawn() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("s", in: directory)
    let out = directory.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let mine = Data(#"{"name": "my web app"}"#.utf8)
    try mine.write(to: out.appendingPathComponent("manifest.json"))
    let result = try Self.render([scene, "-o", out.path, "--quiet"])
    #expect(result.exitCode == 73, "\(result.stderr)")
    #expect(result.stderr.contains("manifest.json: is not a manifest BarFrames wrote"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(try Data(contentsOf: out.appendingPathComponent("manifest.json")) == mine)
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("s").path), "something was drawn")
  }

  /// Frame-named files no record lists stay, in a folder that never held a manifest and after
  /// a complete render, and the render says so in one line.
  @Test func frameNamedFilesBarFramesDidNotWriteStay() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("s", in: directory)
    let out = directory.appendingPathComponent("out")
    let folder = out.appendingPathComponent("s")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let names = ["s-999.png", "s-0000.png", "s-05@2x.png", "s-3@3x.png"]
    for name in names { try Data(name.utf8).write(to: folder.appendingPathComponent(name)) }
    let first = try Self.render([scene, "-o", out.path])
    #expect(first.exitCode == 0, "\(first.stderr)")
    #expect(
      first.stderr.contains("left 4 files named like frames that no BarFrames record lists, such as \(out.path)/s/s-0000.png"),
      "\(first.stderr)")
    let late = folder.appendingPathComponent("s-77.png")
    try Data("mine".utf8).write(to: late)
    let again = try Self.render([scene, "-o", out.path])
    #expect(again.exitCode == 0 && again.stderr.contains("unchanged, skipped"), "\(again.stderr)")
    #expect(again.stderr.contains("left 5 files"), "\(again.stderr)")
    for name in names + ["s-77.png"] {
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name) was removed")
    }
    // A file no record lists under a name the render writes is refused, not replaced.
    try FileManager.default.removeItem(at: out.appendingPathComponent("manifest.json"))
    try FileManager.default.removeItem(at: out.appendingPathComponent(".manifest.json.barframes-index"))
    let refused = try Self.render([scene, "-o", out.path, "--quiet"])
    #expect(refused.exitCode == 73, "\(refused.stderr)")
    #expect(refused.stderr.contains("s/s-00.png: no BarFrames record in the folder lists it"), "\(refused.stderr)")
  }

  /// `render D -o D`: a scene named manifest.json is refused, never overwritten; our own
  /// manifest is never read as a scene by the next run.
  @Test func aFolderThatIsInputAndOutputNeverLosesOrRereadsFiles() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let both = directory.appendingPathComponent("D")
    try FileManager.default.createDirectory(at: both, withIntermediateDirectories: true)
    let scene = try RenderCommandTests.writeScene("a", in: both)
    _ = try RenderCommandTests.writeScene("manifest", in: both)
    let userScene = try Data(contentsOf: both.appendingPathComponent("manifest.json"))
    let refused = try Self.render([both.path, "-o", both.path, "--quiet"])
    #expect(refused.exitCode == 73, "\(refused.stderr)")
    #expect(try Data(contentsOf: both.appendingPathComponent("manifest.json")) == userScene)

    try FileManager.default.removeItem(at: both.appendingPathComponent("manifest.json"))
    for run in 1...2 {
      let result = try Self.render([both.path, "-o", both.path, "--quiet"])
      #expect(result.exitCode == 0, "run \(run): \(result.stderr)")
    }
    #expect(FileManager.default.fileExists(atPath: scene))
  }

  /// An output that is an input — the icon a scene's style draws, reached directly or through a
  /// link — is refused before drawing (exit 73) and left as it was.
  @Test func anInputGivenAsTheOutputIsRefused() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let styles = directory.appendingPathComponent("Styles")
    try FileManager.default.createDirectory(at: styles, withIntermediateDirectories: true)
    let root = TestRendering.packageRoot.appendingPathComponent("Styles")
    for name in ["video-player-icon.json", "video-player-icon.png"] {
      try FileManager.default.copyItem(at: root.appendingPathComponent(name), to: styles.appendingPathComponent(name))
    }
    let scene = directory.appendingPathComponent("scene.json")
    try Data(
      #"{"version": 1, "style": "Styles/video-player-icon.json", "duration": 1, "fps": 10, "scale": 1, "events": []}"#
        .utf8
    ).write(to: scene)
    let icon = styles.appendingPathComponent("video-player-icon.png")
    let before = try Data(contentsOf: icon)
    let link = directory.appendingPathComponent("link.png")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: icon)
    for arguments in [
      ["still", scene.path, "--at", "0.5", "-o", icon.path], ["still", scene.path, "--at", "0.5", "-o", link.path],
      ["render", scene.path, "--at", "0.5", "-o", link.path],
    ] {
      let result = try CommandRunner.run(arguments)
      #expect(result.exitCode == 73, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("is an input of this render"), "\(result.stderr)")
    }
    #expect(try Data(contentsOf: icon) == before)
  }

  /// Two real processes: while one renders, a second with --no-wait fails at once naming the
  /// first (exit 75), and one without waits, says so, and finishes after it.
  @Test func oneWriterAtATime() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let long = try RenderCommandTests.writeScene("long", in: directory, duration: 20, fps: 60)
    let out = directory.appendingPathComponent("out")
    let first = Process()
    first.executableURL = CommandRunner.executable
    first.arguments = ["render", long, "-o", out.path, "--jobs", "1", "--quiet"]
    try first.run()
    defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
    let lockFile = out.appendingPathComponent(".barframes.lock").path
    var holder = ""
    for _ in 0..<400 where !holder.contains("pid") {
      usleep(25_000)
      holder = (try? String(contentsOfFile: lockFile, encoding: .utf8)) ?? ""
    }
    try #require(holder == "pid \(first.processIdentifier) (barframes render)\n", "\(holder)")
    let short = try RenderCommandTests.writeScene("short", in: directory)
    let busy = try Self.render([short, "-o", out.path, "--no-wait", "--quiet"])
    #expect(busy.exitCode == 75, "\(busy.stderr)")
    #expect(busy.stderr.contains("is being written by pid \(first.processIdentifier) (barframes render)"), "\(busy.stderr)")
    #expect(first.isRunning, "the first render ended before the second was tried")
    let waiting = try Self.render([short, "-o", out.path, "--quiet"])
    first.waitUntilExit()
    #expect(first.terminationStatus == 0)
    #expect(waiting.exitCode == 0, "\(waiting.stderr)")
    #expect(waiting.stderr.contains("waiting for it"), "\(waiting.stderr)")
    try Self.expectManifestHolds(out, "after both")
  }

  /// A byte flipped in a frame (same size) followed by a `chmod` of the manifest, or a digest
  /// edited in the manifest: the next render trusts neither and repairs the frame.
  @Test func staleRecordsAreNotTrusted() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("s", in: directory)
    let out = directory.appendingPathComponent("out")
    #expect(try Self.render([scene, "-o", out.path, "--quiet"]).exitCode == 0)
    let frame = out.appendingPathComponent("s/s-04.png")
    let original = try Data(contentsOf: frame)
    let handle = try FileHandle(forWritingTo: frame)
    try handle.seek(toOffset: UInt64(original.count - 20))
    try handle.write(contentsOf: Data([original[original.count - 20] ^ 0xFF]))
    try handle.close()
    chmod(out.appendingPathComponent("manifest.json").path, 0o644)
    let repaired = try Self.render([scene, "-o", out.path])
    #expect(!repaired.stderr.contains("skipped"), "\(repaired.stderr)")
    #expect(try Data(contentsOf: frame) == original)

    let manifestURL = out.appendingPathComponent("manifest.json")
    var text = try String(contentsOf: manifestURL, encoding: .utf8)
    let range = try #require(text.range(of: #""sha256": ""#))
    let digit = text.index(range.upperBound, offsetBy: 0)
    text.replaceSubrange(digit...digit, with: text[digit] == "0" ? "1" : "0")
    try Data(text.utf8).write(to: manifestURL)
    let edited = try Self.render([scene, "-o", out.path])
    #expect(!edited.stderr.contains("skipped"), "an edited manifest was trusted: \(edited.stderr)")
    let unchanged = try Self.render([scene, "-o", out.path])
    #expect(unchanged.stderr.contains("unchanged, skipped"), "\(unchanged.stderr)")
  }

  /// SIGKILL at spread-out moments of a re-render at another frame rate: the manifest never
  /// lists a file that is not there with its bytes, and the next render leaves exactly what a
  /// clean render leaves — the killed run's new frames, which no manifest lists, are the
  /// index's and are removed.
  @Test func aKilledRenderLeavesNoRecordClaimingWhatIsNotThere() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("k", in: directory, duration: 2, fps: 10)
    let clean = directory.appendingPathComponent("clean")
    #expect(try Self.render([scene, "-o", clean.path, "--quiet"]).exitCode == 0)
    let expected = try DurableWriteTests.contents(of: clean)
    for run in 0..<8 {
      let out = directory.appendingPathComponent("out-\(run)")
      #expect(try Self.render([scene, "-o", out.path, "--quiet"]).exitCode == 0)
      let process = Process()
      process.executableURL = CommandRunner.executable
      process.arguments = ["render", scene, "-o", out.path, "--fps", "120", "--jobs", "1", "--quiet"]
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(UInt32(50_000 + run * 60_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      try Self.expectManifestHolds(out, "run \(run), killed")
      let next = try Self.render([scene, "-o", out.path, "--quiet"])
      #expect(next.exitCode == 0, "run \(run): \(next.stderr)")
      #expect(try DurableWriteTests.contents(of: out) == expected, "run \(run): not a clean render's folder")
    }
  }

  /// compare and merge refuse a render folder with a frame missing — the last or one in the
  /// middle, which names alone cannot tell — with exit 65, writing nothing.
  @Test(arguments: ["s-10.png", "s-05.png"])
  func anIncompleteRenderFolderIsRefused(missing: String) throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("s", in: directory)
    let before = directory.appendingPathComponent("before")
    let after = directory.appendingPathComponent("after")
    for out in [before, after] { #expect(try Self.render([scene, "-o", out.path, "--quiet"]).exitCode == 0) }
    try FileManager.default.removeItem(at: after.appendingPathComponent("s/\(missing)"))
    let page = directory.appendingPathComponent("page.html")
    let compare = try CommandRunner.run(["compare", before.path, after.path, "-o", page.path])
    #expect(compare.exitCode == 65, "\(compare.stderr)")
    #expect(compare.stderr.contains("s/\(missing), which the folder does not hold"), "\(compare.stderr)")
    #expect(!FileManager.default.fileExists(atPath: page.path))

    let shards = (1...2).map { directory.appendingPathComponent("shard-\($0)") }
    for (i, shard) in shards.enumerated() {
      #expect(try Self.render([scene, "-o", shard.path, "--shard", "\(i + 1)/2", "--quiet"]).exitCode == 0)
    }
    let owner = try #require(shards.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("s/\(missing)").path) })
    try FileManager.default.removeItem(at: owner.appendingPathComponent("s/\(missing)"))
    let merged = directory.appendingPathComponent("merged")
    let merge = try CommandRunner.run(["merge"] + shards.map(\.path) + ["-o", merged.path, "--quiet"])
    #expect(merge.exitCode == 65, "\(merge.stderr)")
    #expect(!FileManager.default.fileExists(atPath: merged.appendingPathComponent("manifest.json").path))
    #expect(!FileManager.default.fileExists(atPath: merged.appendingPathComponent("s").path))
  }

  /// Whether the test may mount a small tmpfs (root, with the right to mount).
  static let canMount: Bool = {
    guard getuid() == 0 else { return false }
    let probe = FileManager.default.temporaryDirectory.appendingPathComponent("barframes-mount-probe-\(getpid())")
    try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: probe) }
    guard (try? ExternalTools.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]).status) == 0
    else { return false }
    _ = try? ExternalTools.run("/bin/umount", [probe.path])
    return true
  }()

  /// Out of space: scene A rendered, then A and B (B too large for what is left) fail with
  /// ENOSPC — A's record stays in the manifest, every file it lists is there with its bytes,
  /// and the next render of A alone skips it.
  @Test(.enabled(if: canMount, "needs root and the right to mount a tmpfs"))
  func aFullDiskKeepsTheRecordsOfUntouchedScenes() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let mount = directory.appendingPathComponent("small")
    try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
    try #require(
      try ExternalTools.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.path]).status == 0)
    defer { _ = try? ExternalTools.run("/bin/umount", [mount.path]) }
    let a = try RenderCommandTests.writeScene("a", in: directory, duration: 1, fps: 10)
    let b = try RenderCommandTests.writeScene("b", in: directory, duration: 30, fps: 60)
    let out = mount.appendingPathComponent("out")
    let first = try Self.render([a, "-o", out.path, "--format", "all", "--quiet"])
    try #require(first.exitCode == 0, "\(first.stderr)")
    let full = try Self.render([a, b, "-o", out.path, "--format", "all", "--quiet"])
    #expect(full.exitCode != 0 && full.stderr.contains("No space left"), "\(full.stderr)")
    try Self.expectManifestHolds(out, "after ENOSPC")
    let manifest = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
    #expect(manifest.contains(#""name": "a""#) && !manifest.contains(#""name": "b""#))
    let again = try Self.render([a, "-o", out.path, "--format", "all"])
    #expect(again.stderr.contains("a: unchanged, skipped"), "\(again.stderr)")
  }
}
