import BarFramesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Without /proc (a chroot or container that does not mount it) barframes does its work and
/// exits with the right status, every run (issue 15). Two things used to stand in the way:
/// Swift finds `CommandLine.arguments` through /proc/self/maps, so the arguments were empty;
/// and libdispatch, once one of its monitored worker threads had started (any hop to the
/// global concurrent executor), opened /proc/<tid>/stat every second and trapped (SIGILL)
/// when it could not — in about one run of twenty, after or before the output.
@Suite struct WithoutProcTests {
  /// Unmounting /proc in a private mount namespace needs root (CI runs as root).
  static let canHideProc: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
    let probe = try? ExternalTools.run(
      "/usr/bin/unshare", ["-m", "--propagation", "private", "/bin/sh", "-c", "umount -l /proc"])
    return probe?.status == 0
  }()

  /// Runs barframes with `arguments` in a mount namespace of its own where /proc is unmounted.
  static func runWithoutProc(_ arguments: [String]) throws -> ExternalTools.Output {
    try ExternalTools.run(
      "/usr/bin/unshare",
      [
        "-m", "--propagation", "private", "/bin/sh", "-c",
        "umount -l /proc && [ ! -e /proc/self ] && exec \"$0\" \"$@\"", CommandRunner.executable.path,
      ] + arguments,
      in: TestRendering.packageRoot)
  }

  @Test(.enabled(if: canHideProc, "needs root and unshare to unmount /proc in a private mount namespace"))
  func aValidSceneIsValidatedEveryRun() throws {
    for run in 1...10 {
      let result = try Self.runWithoutProc(["validate", "Examples/seek-bar.json"])
      #expect(result.status == 0, "run \(run): \(result.stderr)")
      #expect(result.text == "Examples/seek-bar.json: ok (scene, customizable-bar, 601 events)\n", "run \(run)")
      #expect(result.stderr.isEmpty, "run \(run)")
    }
  }

  @Test(.enabled(if: canHideProc, "needs root and unshare to unmount /proc in a private mount namespace"))
  func anInvalidSceneIsRefusedWith65EveryRun() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = directory.appendingPathComponent("no-style.json")
    try Data(#"{"version": 1, "duration": 1}"#.utf8).write(to: scene)
    for run in 1...10 {
      let result = try Self.runWithoutProc(["validate", scene.path])
      #expect(result.status == 65, "run \(run): \(result.stderr)")
      #expect(
        result.stderr
          == "barframes: error: \(scene.path): style: missing; give a style file path or an inline style object\n",
        "run \(run)")
      #expect(result.text.isEmpty, "run \(run)")
    }
  }

  @Test(.enabled(if: canHideProc, "needs root and unshare to unmount /proc in a private mount namespace"))
  func aRenderWritesEveryFrame() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("s", in: directory)
    for run in 1...3 {
      let out = directory.appendingPathComponent("out\(run)")
      let result = try Self.runWithoutProc(["render", scene, "-o", out.path, "--format", "png,gif", "--jobs", "2"])
      #expect(result.status == 0, "run \(run): \(result.stderr)")
      // 1 s at 10 fps: frames 0 through 10, and the GIF.
      let names = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("s").path)
      #expect(names.filter { $0.hasSuffix(".png") }.count == 11, "run \(run): \(names.sorted())")
      #expect(names.contains { $0.hasSuffix(".gif") }, "run \(run): \(names.sorted())")
    }
  }

  static let canTrace: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else { return false }
    return (try? ExternalTools.run("/usr/bin/strace", ["-o", "/dev/null", "/bin/true"]).status) == 0
  }()

  /// The trap is a race (a queue must hold work when the monitor looks), so the runs above may
  /// miss it; what makes it possible is certain: a monitored worker thread. libdispatch names
  /// each worker after its root queue's label, cut to its last 15 characters: monitored ones
  /// end in "-qos" ("oot.default-qos", "r-initiated-qos"), unmonitored (overcommit) ones in
  /// "-qos.overcommit". None of the first kind may start for a command that does not serve
  /// (``aServingCompareStartsOne`` shows the trace sees them where they do).
  @Test(
    .enabled(if: canTrace, "strace is not installed or may not trace here"),
    arguments: ["validate", "validate an invalid file", "render", "compare -o"])
  func noMonitoredDispatchWorkerStarts(command: String) throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let arguments: [String]
    var status: Int32 = 0
    switch command {
    case "validate": arguments = ["validate", "Examples/seek-bar.json"]
    case "validate an invalid file":
      arguments = ["validate", "Package.swift"]
      status = 65
    case "render":
      let scene = try RenderCommandTests.writeScene("s", in: directory)
      arguments = ["render", scene, "-o", directory.appendingPathComponent("out").path, "--format", "all"]
    default:
      let scene = try RenderCommandTests.writeScene("s", in: directory)
      let renders = ["a", "b"].map { directory.appendingPathComponent($0).path }
      for render in renders { try #require(try CommandRunner.run(["render", scene, "-o", render]).exitCode == 0) }
      arguments = ["compare"] + renders + ["-o", directory.appendingPathComponent("compare.html").path]
    }
    let log = directory.appendingPathComponent("strace.log").path
    let result = try ExternalTools.run(
      "/usr/bin/strace",
      ["-f", "-qq", "-e", "trace=prctl", "-o", log, CommandRunner.executable.path] + arguments,
      in: TestRendering.packageRoot)
    #expect(result.status == status, "\(result.stderr)")
    let names = try String(contentsOfFile: log, encoding: .utf8).matches(of: /PR_SET_NAME, "([^"]*)"/).map {
      String($0.1)
    }
    #expect(!names.contains { $0.hasSuffix("-qos") }, "a monitored dispatch worker started: \(names)")
  }

  /// Ctrl-C's handler (remove the temporary files, exit 130) runs on a thread of its own queue,
  /// not of a global one, so it starts no monitored worker either.
  @Test(.enabled(if: canTrace, "strace is not installed or may not trace here"))
  func anInterruptStartsNoMonitoredDispatchWorker() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("long", in: directory, duration: 60, fps: 60)
    let frames = directory.appendingPathComponent("out/long")
    // Interrupted once frames are being written: the handler is installed and the render under way.
    let (status, names) = try Self.traceInterrupted(
      ["render", scene, "-o", directory.appendingPathComponent("out").path, "--format", "png,gif", "--jobs", "1"],
      in: directory
    ) { _ in ((try? FileManager.default.contentsOfDirectory(atPath: frames.path)) ?? []).count >= 5 }
    #expect(status == 128 + SIGINT, "the render was not interrupted")
    #expect(!names.contains { $0.hasSuffix("-qos") }, "a monitored dispatch worker started: \(names)")
  }

  /// The control: where a command does use the global executor (a serving `compare`'s server),
  /// the trace sees a monitored worker named so.
  @Test(.enabled(if: canTrace, "strace is not installed or may not trace here"))
  func aServingCompareStartsOne() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("s", in: directory)
    let renders = ["a", "b"].map { directory.appendingPathComponent($0).path }
    for render in renders { try #require(try CommandRunner.run(["render", scene, "-o", render]).exitCode == 0) }
    let (status, names) = try Self.traceInterrupted(["compare"] + renders + ["--port", "0"], in: directory) {
      $0.contains("(Ctrl-C stops)")
    }
    #expect(status == 0, "compare did not stop serving on Ctrl-C")
    #expect(names.contains { $0.hasSuffix("-qos") }, "no monitored dispatch worker was seen: \(names)")
  }

  /// Runs barframes under strace, sends it SIGINT once `ready(standard error so far)` holds (or
  /// after 30 s), and returns its exit status and the names its threads were given.
  static func traceInterrupted(
    _ arguments: [String], in directory: URL, until ready: (String) -> Bool
  ) throws -> (status: Int32, names: [String]) {
    let log = directory.appendingPathComponent("strace.log")
    let stderr = directory.appendingPathComponent("stderr.txt")
    _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
    process.arguments = ["-f", "-qq", "-e", "trace=prctl", "-o", log.path, CommandRunner.executable.path] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: stderr)
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    let deadline = Date().addingTimeInterval(30)
    while !ready((try? String(contentsOf: stderr, encoding: .utf8)) ?? ""), Date() < deadline { usleep(20_000) }
    // The traced barframes is strace's child (strace's log is not flushed as it goes).
    let pid = try #require(Self.child(of: process.processIdentifier), "strace started no program")
    kill(pid, SIGINT)
    process.waitUntilExit()
    let names = try String(contentsOf: log, encoding: .utf8).matches(of: /PR_SET_NAME, "([^"]*)"/).map {
      String($0.1)
    }
    return (process.terminationStatus, names)
  }

  /// The process whose parent is `parent`, from /proc/PID/stat ("PID (name) S PPID …").
  static func child(of parent: Int32) -> Int32? {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for name in processes {
      guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let afterName = stat.range(of: ") ", options: .backwards)
      else { continue }
      let fields = stat[afterName.upperBound...].split(separator: " ")
      if fields.count > 1, Int32(fields[1]) == parent { return pid }
    }
    return nil
  }
}
