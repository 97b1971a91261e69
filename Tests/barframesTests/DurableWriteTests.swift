import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// What a render leaves on disk when it dies at any moment, and the order of the system calls
/// that make a finished file survive a power cut.
@Suite struct DurableWriteTests {
  /// Kills `barframes render` with SIGKILL (no handler runs, no cleanup) at moments spread over
  /// its whole progress — before its first file, after each of its 34 files has been named, and
  /// at a random point after that — and checks that the output holds only files byte-identical
  /// to a clean render's: no partial file and no temporary file, ever; and that a render into the
  /// killed run's folder then leaves it byte-identical to the clean render (a killed render has
  /// no manifest, so none of its scenes is taken as finished). Then kills re-renders into an
  /// existing folder (where a file is briefly linked under a temporary name before it replaces
  /// the old one) and checks that the next render leaves the folder clean.
  ///
  /// The kills follow the render's progress on disk rather than a clock: a delay measured once
  /// misses the render on a machine whose load changes (on CI, under the rest of the suite, 41
  /// of 50 such kills came after the render had ended).
  @Test func aRenderKilledAtAnyMomentLeavesOnlyCompleteFiles() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("k", in: directory, duration: 1, fps: 30)
    let arguments = ["render", scene, "--format", "png,apng,webp", "--jobs", "2", "--quiet"]

    let clean = directory.appendingPathComponent("clean")
    try #require(try CommandRunner.run(arguments + ["-o", clean.path]).exitCode == 0)
    let expected = try Self.contents(of: clean)
    try #require(expected.count == 34, "31 frames, the APNG, the WebP and the manifest: \(expected.keys.sorted())")

    var killedRuns = 0
    /// Starts a render into `out`, waits until it has named `files` files (or ended), waits a
    /// random part of `within` seconds more, and kills it.
    func killRender(into out: URL, afterFiles files: Int, within: Double = 0.001) throws -> String {
      let process = Process()
      process.executableURL = CommandRunner.executable
      process.arguments = arguments + ["-o", out.path]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      var named = 0
      while process.isRunning {
        named = RenderCommandTests.files(under: out).count { !$0.hasSuffix("/") && $0.contains(".") }
        if named >= files { break }
        usleep(200)
      }
      usleep(UInt32(Double.random(in: 0..<within) * 1_000_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      // Foundation on Linux reports a signal death as status 9 with an unreliable reason.
      let killed = process.terminationStatus == SIGKILL
      if killed { killedRuns += 1 }
      return "\(killed ? "killed" : "ended before its kill") after \(named) files were named"
    }

    // Files 0 through 33: the manifest, the 34th, is the render's last act.
    let runs = expected.count
    var completeFiles = 0
    for run in 0..<runs {
      let out = directory.appendingPathComponent("killed-\(run)")
      let context = "run \(run), " + (try killRender(into: out, afterFiles: run))
      for (path, bytes) in try Self.contents(of: out) {
        guard let reference = expected[path] else {
          Issue.record("\(path) is not a file of the clean render (\(context))")
          continue
        }
        #expect(bytes == reference, "\(path) differs from the clean render (\(context))")
        completeFiles += 1
      }
      try #require(try CommandRunner.run(arguments + ["-o", out.path]).exitCode == 0)
      #expect(try Self.contents(of: out) == expected, "the render after the killed one differs (\(context))")
    }
    // The kills must land during the render, or the test checks nothing. A kill waits for a
    // file to be named, so only the last few can come after the render's end.
    #expect(killedRuns >= runs * 3 / 4, "only \(killedRuns) of \(runs) runs were still rendering when killed")
    #expect(completeFiles > 0, "no run had written anything when killed")

    // Re-renders over a complete render, killed; then one that completes. The folder already
    // holds every file, so these kills spread by the random delay alone, over a render's
    // lifetime measured here.
    let again = directory.appendingPathComponent("again")
    try #require(try CommandRunner.run(arguments + ["-o", again.path]).exitCode == 0)
    let renderTime = try Self.lifetime(of: arguments + ["-o", directory.appendingPathComponent("timed").path])
    for _ in 0..<10 { _ = try killRender(into: again, afterFiles: 0, within: renderTime) }
    try #require(try CommandRunner.run(arguments + ["-o", again.path]).exitCode == 0)
    #expect(
      try Self.contents(of: again) == expected,
      "a re-render after killed ones differs from the clean render or left files")
  }

  /// Every file's data is flushed before it gets its name and the folder after, observed with
  /// strace on `barframes still`: the file is created without a name (O_TMPFILE), flushed, then
  /// linked under its final name.
  @Test(.enabled(if: canTrace, "strace is not installed or may not trace here"))
  func aFileIsFlushedBeforeItIsNamedAndItsFolderAfter() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("s", in: directory)
    let image = directory.appendingPathComponent("s.png").path
    let log = directory.appendingPathComponent("strace.log").path
    let result = try ExternalTools.run(
      "/usr/bin/strace",
      [
        "-f", "-qq", "-e", "trace=openat,fsync,close,linkat,rename,renameat,renameat2", "-o", log,
        CommandRunner.executable.path, "still", scene, "--at", "0.5", "-o", image,
      ])
    try #require(result.status == 0, "\(result.stderr)")
    // Lines look like `1234 fsync(5)      = 0`; keep the call and its result, spaces collapsed.
    let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { line in
      line.drop { $0 != " " }.split(separator: " ").joined(separator: " ")
    }
    let linkIndex = try #require(
      calls.firstIndex { $0.hasPrefix("linkat") && $0.contains("\"\(image)\"") && $0.hasSuffix("= 0") },
      "the image is not linked into place: \(calls.filter { $0.contains(image) })")
    let source = try #require(calls[linkIndex].firstMatch(of: /"\/proc\/self\/fd\/(\d+)"/)?.1)
    let unnamedOpen = calls[..<linkIndex].lastIndex {
      $0.hasPrefix("openat") && $0.contains("O_TMPFILE") && $0.hasSuffix("= \(source)")
    }
    let opened = try #require(
      unnamedOpen, "descriptor \(source) was not opened with O_TMPFILE: \(calls[..<linkIndex].suffix(20))")
    #expect(
      calls[opened..<linkIndex].contains("fsync(\(source)) = 0"),
      "no fsync of the file before it is named: \(calls[opened...linkIndex])")
    #expect(!calls.contains { $0.contains(".barframes-tmp") }, "a temporary name was used for a new file")
    let folderOpen = try #require(
      calls[linkIndex...].firstIndex {
        $0.hasPrefix("openat") && $0.contains("\"\(directory.path)\"") && $0.contains("O_DIRECTORY")
      },
      "the folder is not opened after the link: \(calls[linkIndex...])")
    let folderDescriptor = try #require(
      calls[folderOpen].split(separator: "=").last?.trimmingCharacters(in: .whitespaces))
    #expect(calls[folderOpen...].contains("fsync(\(folderDescriptor)) = 0"), "no fsync of the folder after the link")
  }

  /// A render flushes a bounded number of times whatever its frame count, observed with strace:
  /// before the first frame, the journal (the folder's index, claiming every path the render
  /// will write) and its folder; no frame is flushed on its own; while the frames are written,
  /// at most 8 flushes of the file system start writing them back (none before 64 files, so
  /// none for 11 frames, one for 101); once every frame is named, one more, which also carries
  /// the manifest's bytes, written before it and named after it; then the manifest's folder.
  /// At most 12 of the fsync family; `--durability frame` flushes each frame and its folder.
  @Test(.enabled(if: canTrace, "strace is not installed or may not trace here"))
  func aRenderFlushesOnceBeforeItsManifestWhateverItsFrameCount() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let flushCalls = ["fsync(", "fdatasync(", "syncfs(", "sync(", "sync_file_range("]
    func trace(fps: Double, _ flags: [String] = []) throws -> [String] {
      let scene = try RenderCommandTests.writeScene("s\(Int(fps))", in: directory, fps: fps)
      let out = directory.appendingPathComponent("out-\(Int(fps))\(flags.joined())")
      let log = directory.appendingPathComponent("strace-\(Int(fps))\(flags.joined()).log").path
      let result = try ExternalTools.run(
        "/usr/bin/strace",
        [
          "-f", "-qq", "-e", "trace=fsync,fdatasync,syncfs,sync,sync_file_range,linkat,rename,renameat,renameat2",
          "-o", log, CommandRunner.executable.path, "render", scene, "-o", out.path, "--format", "png", "--jobs", "2",
          "--quiet",
        ] + flags)
      try #require(result.status == 0, "\(result.stderr)")
      // `1234 fsync(5) = 0`, or `1234 fsync(5 <unfinished ...>` when another thread's call
      // interleaves; its `<... fsync resumed>` line is not a call of its own.
      return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { line in
        String(line.drop { $0 != " " }.drop { $0 == " " })
      }
    }
    var counts: [Int] = []
    for fps in [10.0, 100] {
      let calls = try trace(fps: fps)
      let flushes = calls.filter { call in flushCalls.contains { call.hasPrefix($0) } }
      counts.append(flushes.count)
      #expect(flushes.count <= 12, "\(flushes)")
      let frameLinks = calls.indices.filter { calls[$0].hasPrefix("linkat(") && calls[$0].contains(".png\"") }
      #expect(frameLinks.count == Int(fps) + 1)
      let firstFrame = try #require(frameLinks.first)
      let lastFrame = try #require(frameLinks.last)
      let manifestLink = try #require(
        calls.firstIndex { $0.hasPrefix("linkat(") && $0.contains("/manifest.json\"") }, "the manifest is not linked")
      let fileSystemFlush = try #require(
        calls[..<manifestLink].lastIndex { $0.hasPrefix("syncfs(") }, "no syncfs: \(flushes)")
      #expect(lastFrame < fileSystemFlush)
      // The journal: the index named before the first frame, flushed with its folder.
      let indexLink = try #require(
        calls.firstIndex { $0.contains(".manifest.json.barframes-index\"") }, "the index is not named")
      #expect(indexLink < firstFrame)
      let journal = calls[..<firstFrame].filter { call in flushCalls.contains { call.hasPrefix($0) } }
      #expect(journal.count == 2 && journal.allSatisfy { $0.hasPrefix("fsync(") }, "\(journal)")
      #expect(
        calls[manifestLink...].contains { $0.hasPrefix("fsync(") }, "the manifest's folder is not flushed after it")
      // Between the first frame and the final flush, only the early flushes of the file system
      // (started while frames are written, so perhaps traced after the last): never a file's.
      let early = calls[firstFrame..<fileSystemFlush].filter { call in flushCalls.contains { call.hasPrefix($0) } }
      #expect(early.allSatisfy { $0.hasPrefix("syncfs(") }, "\(early)")
      #expect(early.count == (fps > 64 ? 1 : 0), "\(early)")
    }
    #expect(counts[1] == counts[0] + 1, "flushes for 11 and 101 frames: \(counts)")
    let perFrame = try trace(fps: 10, ["--durability", "frame"]).filter { $0.hasPrefix("fsync(") }
    #expect(perFrame.count >= 2 * 11, "\(perFrame.count) flushes for 11 frames flushed one by one")
  }

  /// Every format's files are named without a flush of their own: with `--format all` (the
  /// animated SVG flushed each of its files once), nothing but the journal and its folder is
  /// flushed before the one flush of the file system, and the render makes the same 4 calls as
  /// a PNG-only one.
  @Test(.enabled(if: canTrace, "strace is not installed or may not trace here"))
  func everyFormatIsNamedWithoutAFlushOfItsOwn() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scenes = try (0..<3).map { try RenderCommandTests.writeScene("s\($0)", in: directory, fps: 10) }
    let log = directory.appendingPathComponent("strace.log").path
    let result = try ExternalTools.run(
      "/usr/bin/strace",
      [
        "-f", "-qq", "-e", "trace=fsync,fdatasync,syncfs,sync,sync_file_range", "-o", log,
        CommandRunner.executable.path, "render",
      ] + scenes + ["-o", directory.appendingPathComponent("out").path, "--format", "all", "--quiet"])
    try #require(result.status == 0, "\(result.stderr)")
    let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { line in
      String(line.drop { $0 != " " }.drop { $0 == " " })
    }.filter { !$0.hasPrefix("<...") }
    let fileSystemFlush = try #require(calls.firstIndex { $0.hasPrefix("syncfs(") }, "\(calls)")
    #expect(fileSystemFlush == 2, "flushed before the file system: \(calls[..<fileSystemFlush])")
    #expect(calls.count == 4, "\(calls)")
  }

  /// Seconds from launching `barframes` with `arguments` until `manifest.json` appears in its
  /// output folder (the last of its `-o` argument), polled every 0.2 ms; the longest of three runs
  /// into fresh folders.
  static func lifetime(of arguments: [String]) throws -> Double {
    let out = try #require(arguments.last.map { URL(fileURLWithPath: $0) })
    // The longest: on a machine busy with other tests a render takes longer than alone, and
    // kills spread over the fastest run's lifetime then all landed before the first file.
    var longest = 0.0
    for run in 0..<3 {
      let folder = out.appendingPathComponent("\(run)")
      let process = Process()
      process.executableURL = CommandRunner.executable
      process.arguments = arguments.dropLast() + [folder.path]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      let started = DispatchTime.now().uptimeNanoseconds
      try process.run()
      let manifest = folder.appendingPathComponent("manifest.json").path
      while !FileManager.default.fileExists(atPath: manifest), process.isRunning { usleep(200) }
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
      process.waitUntilExit()
      try #require(process.terminationStatus == 0 && FileManager.default.fileExists(atPath: manifest))
      longest = max(longest, seconds)
    }
    return longest
  }

  static let canTrace: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else { return false }
    return (try? ExternalTools.run("/usr/bin/strace", ["-o", "/dev/null", "/bin/true"]).status) == 0
  }()

  /// Every regular file under `directory`, by path relative to it, with its bytes.
  static func contents(of directory: URL) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for path in RenderCommandTests.files(under: directory) {
      let url = directory.appendingPathComponent(path)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
        continue
      }
      files[path] = Array(try Data(contentsOf: url))
    }
    return files
  }
}
