import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// What a render leaves on disk when it dies at any moment, and the order of the system calls
/// that make a finished file survive a power cut.
@Suite struct DurableWriteTests {
  /// Kills `barframes render` with SIGKILL (no handler runs, no cleanup) at spread-out random
  /// moments of a render and checks that the output holds only files byte-identical to a clean
  /// render's, plus temporary files — never a final name with partial or foreign content.
  @Test func aRenderKilledAtAnyMomentLeavesOnlyCompleteFiles() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("k", in: directory, duration: 2, fps: 30)
    let arguments = ["render", scene, "--format", "png,apng", "--jobs", "2", "--quiet"]

    // The second clean render, warm like the killed ones, gives the time the kills spread over.
    let clean = directory.appendingPathComponent("clean")
    try #require(try CommandRunner.run(arguments + ["-o", clean.path]).exitCode == 0)
    let started = Date()
    let cleanRun = try CommandRunner.run(arguments + ["-o", clean.path])
    let renderTime = Date().timeIntervalSince(started)
    try #require(cleanRun.exitCode == 0, "\(cleanRun.stderr)")
    let expected = try Self.contents(of: clean)
    try #require(expected.count == 63, "61 frames, the APNG and the manifest: \(expected.keys.sorted())")

    let runs = 8
    var completeFiles = 0
    var killedRuns = 0
    for run in 0..<runs {
      // One kill per slice of the clean render's time, at a random point inside the slice.
      let delay = renderTime * (Double(run) + Double.random(in: 0..<1)) / Double(runs)
      let out = directory.appendingPathComponent("killed-\(run)")
      let process = Process()
      process.executableURL = CommandRunner.executable
      process.arguments = arguments + ["-o", out.path]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(UInt32(delay * 1_000_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      // Foundation on Linux reports a signal death as status 9 with an unreliable reason.
      if process.terminationStatus == SIGKILL { killedRuns += 1 }

      let context = "run \(run), killed after \(Int(delay * 1000)) ms of a \(Int(renderTime * 1000)) ms render"
      for (path, bytes) in try Self.contents(of: out) {
        let name = (path as NSString).lastPathComponent
        if name.hasPrefix("."), name.hasSuffix(".barframes-tmp") {
          // A temporary file SIGKILL left behind: allowed, but only beside a name we write.
          let final = String(name.dropFirst().split(separator: ".").dropLast(3).joined(separator: "."))
          let folder = (path as NSString).deletingLastPathComponent
          #expect(expected[folder.isEmpty ? final : folder + "/" + final] != nil, "stray temporary \(path) (\(context))")
          continue
        }
        guard let reference = expected[path] else {
          Issue.record("stray final name \(path) (\(context))")
          continue
        }
        #expect(bytes == reference, "\(path) differs from the clean render (\(context))")
        if path.hasSuffix(".png") {
          #expect(throws: Never.self, "\(path) (\(context))") { try PNGDecoder.decode(bytes) }
        }
        completeFiles += 1
      }
    }
    // The kills must land during the render, or the test checks nothing.
    #expect(killedRuns > 0, "every run had finished when killed")
    #expect(completeFiles > 0, "no run had written anything when killed")
  }

  /// Every file's data is flushed before its rename and the folder after it, observed with
  /// strace on `barframes still`.
  @Test(.enabled(if: canTrace, "strace is not installed or may not trace here"))
  func aFileIsFlushedBeforeItsRenameAndItsFolderAfter() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("s", in: directory)
    let image = directory.appendingPathComponent("s.png").path
    let log = directory.appendingPathComponent("strace.log").path
    let result = try ExternalTools.run(
      "/usr/bin/strace",
      ["-f", "-qq", "-e", "trace=openat,fsync,close,rename,renameat,renameat2", "-o", log,
       CommandRunner.executable.path, "still", scene, "--at", "0.5", "-o", image])
    try #require(result.status == 0, "\(result.stderr)")
    // Lines look like `1234 fsync(5)      = 0`; keep the call and its result, spaces collapsed.
    let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { line in
      line.drop { $0 != " " }.split(separator: " ").joined(separator: " ")
    }
    let renameIndex = try #require(calls.firstIndex { $0.hasPrefix("rename") && $0.contains("\"\(image)\"") && $0.hasSuffix("= 0") })
    let temporaryOpen = try #require(calls[..<renameIndex].lastIndex { $0.hasPrefix("openat") && $0.contains(".barframes-tmp\"") })
    let fileDescriptor = try #require(calls[temporaryOpen].split(separator: "=").last?.trimmingCharacters(in: .whitespaces))
    let fileSync = calls[temporaryOpen..<renameIndex].firstIndex { $0 == "fsync(\(fileDescriptor)) = 0" }
    #expect(fileSync != nil, "no fsync of the temporary file before its rename: \(calls[temporaryOpen...renameIndex])")
    let folderOpen = try #require(
      calls[renameIndex...].firstIndex { $0.hasPrefix("openat") && $0.contains("\"\(directory.path)\"") && $0.contains("O_DIRECTORY") },
      "the folder is not opened after the rename: \(calls[renameIndex...])")
    let folderDescriptor = try #require(calls[folderOpen].split(separator: "=").last?.trimmingCharacters(in: .whitespaces))
    #expect(calls[folderOpen...].contains("fsync(\(folderDescriptor)) = 0"), "no fsync of the folder after the rename")
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
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
      files[path] = Array(try Data(contentsOf: url))
    }
    return files
  }
}
