import BarFramesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `barframes preview` as a process, without a browser: what it re-renders after an edit, how
/// Ctrl-C stops it, and the addresses it listens on.
@Suite(.serialized) struct PreviewServerTests {
  /// A running `barframes preview` (or `compare`) and what it printed so far.
  final class Server: @unchecked Sendable {
    let process = Process()
    let errors = Pipe()
    private let lock = NSLock()
    private var text = ""

    init(_ arguments: [String], in directory: URL, command: String = "preview") throws {
      process.executableURL = CommandRunner.executable
      process.arguments = [command] + arguments
      process.currentDirectoryURL = directory
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      // Read as it arrives, so waiting never blocks on a pipe that stays silent.
      errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
        let chunk = handle.availableData
        guard let self, !chunk.isEmpty else { return }
        self.lock.lock()
        self.text += String(decoding: chunk, as: UTF8.self)
        self.lock.unlock()
      }
      try process.run()
    }

    deinit {
      errors.fileHandleForReading.readabilityHandler = nil
      if process.isRunning { process.terminate() }
    }

    var log: String {
      lock.lock()
      defer { lock.unlock() }
      return text
    }

    /// Waits (bounded) until `text` has been printed; returns whether it was.
    @discardableResult
    func wait(for text: String, seconds: Double = 30) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while !log.contains(text), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
      return log.contains(text)
    }

    var address: String? {
      let log = self.log
      return log.range(of: #"http://(127\.0\.0\.1|\[::1\]):\d+/"#, options: .regularExpression).map { String(log[$0]) }
    }

    func interruptAndWait() -> Bool {
      process.interrupt()
      let stop = Date().addingTimeInterval(10)
      while process.isRunning, Date() < stop { Thread.sleep(forTimeInterval: 0.05) }
      Thread.sleep(forTimeInterval: 0.2)  // the last lines
      return !process.isRunning
    }
  }

  static func modified(_ url: URL) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
  }

  /// Scene `a` on the video player's style with its icon, scene `b` on a bent-line style: an
  /// edit of b's style re-renders b only, a new icon re-renders a only.
  @Test func onlyTheScenesWhoseFilesChangedAreRenderedAgain() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let styles = directory.appendingPathComponent("Styles")
    try FileManager.default.createDirectory(at: styles, withIntermediateDirectories: true)
    let root = TestRendering.packageRoot.appendingPathComponent("Styles")
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("video-player-icon.json"), to: styles.appendingPathComponent("a.json"))
    let icon = styles.appendingPathComponent("video-player-icon.png")
    try FileManager.default.copyItem(at: root.appendingPathComponent("video-player-icon.png"), to: icon)
    let bStyle = styles.appendingPathComponent("b.json")
    try Data(##"{"version": 1, "design": "bent-line", "size": [120, 60], "background": "#223344"}"##.utf8).write(
      to: bStyle)
    try Data(
      #"{"version": 1, "style": "Styles/a.json", "duration": 0.5, "fps": 10, "scale": 1, "events": [{"at": 0, "call": "setValue", "args": {"value": 0.5}}]}"#
        .utf8
    )
    .write(to: directory.appendingPathComponent("a.json"))
    try Data(
      #"{"version": 1, "style": "Styles/b.json", "duration": 0.5, "fps": 10, "scale": 1, "events": [{"at": 0, "call": "setProgress", "args": {"value": 0.5}}]}"#
        .utf8
    )
    .write(to: directory.appendingPathComponent("b.json"))

    let server = try Server(["a.json", "b.json", "--port", "0", "-o", "out", "--interval", "0.1"], in: directory)
    #expect(server.wait(for: "(Ctrl-C stops)"), "\(server.log)")
    #expect(server.wait(for: "preview: rendered a, b (2 of 2 scenes, revision 1)"), "\(server.log)")
    let aFrame = directory.appendingPathComponent("out/a/a-0.png")
    let bFrame = directory.appendingPathComponent("out/b/b-0.png")
    let aFirst = try #require(Self.modified(aFrame))
    let bFirst = try #require(Self.modified(bFrame))

    Thread.sleep(forTimeInterval: 0.05)
    try Data(##"{"version": 1, "design": "bent-line", "size": [140, 60], "background": "#223344"}"##.utf8).write(
      to: bStyle)
    #expect(server.wait(for: "revision 2)"), "\(server.log)")
    #expect(server.log.contains("preview: rendered b (1 of 2 scenes, revision 2)"), "\(server.log)")
    #expect(Self.modified(aFrame) == aFirst)
    let bSecond = try #require(Self.modified(bFrame))
    #expect(bSecond > bFirst)

    // A new icon (another PNG's bytes) is a change of scene a's files only.
    try FileManager.default.removeItem(at: icon)
    try FileManager.default.copyItem(at: directory.appendingPathComponent("out/b/b-0.png"), to: icon)
    #expect(server.wait(for: "revision 3)"), "\(server.log)")
    #expect(server.log.contains("preview: rendered a (1 of 2 scenes, revision 3)"), "\(server.log)")
    #expect(Self.modified(bFrame) == bSecond)
    let aThird = try #require(Self.modified(aFrame))
    #expect(aThird > aFirst)
    #expect(server.interruptAndWait())

    // A new server on the same folder finds both scenes as the last one left them: it renders
    // neither, and its page still shows both.
    let next = try Server(["a.json", "b.json", "--port", "0", "-o", "out", "--interval", "0.1"], in: directory)
    #expect(next.wait(for: "(Ctrl-C stops)"), "\(next.log)")
    #expect(next.wait(for: "preview: 2 of 2 scenes unchanged in "), "\(next.log)")
    #expect(Self.modified(aFrame) == aThird && Self.modified(bFrame) == bSecond)
    let address = try #require(next.address, "\(next.log)")
    let port = try #require(UInt16(address.split(separator: ":").last?.dropLast() ?? ""))
    let page = try RawHTTP.get("/", port: port)
    #expect(page.contains(#""prefix":"a/a-""#) && page.contains(#""prefix":"b/b-""#), "\(page.suffix(400))")
    #expect(next.interruptAndWait())
  }

  /// The scene given by a relative path, its style `../Styles/…`: an edit of the style is seen
  /// (the watched path once came out as `/Styles/…`). A scene file added to the watched folder
  /// appears, and one deleted disappears.
  @Test func relativePathsNewScenesAndDeletedScenesAreFollowed() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let examples = directory.appendingPathComponent("Examples")
    let styles = directory.appendingPathComponent("Styles")
    for folder in [examples, styles] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
    let style = styles.appendingPathComponent("b.json")
    try Data(##"{"version": 1, "design": "bent-line", "size": [120, 60], "background": "#223344"}"##.utf8).write(to: style)
    let scene = #"{"version": 1, "style": "../Styles/b.json", "duration": 0.3, "fps": 10, "scale": 1, "events": []}"#
    try Data(scene.utf8).write(to: examples.appendingPathComponent("a.json"))

    let server = try Server(["Examples", "--port", "0", "-o", "out", "--interval", "0.1"], in: directory)
    #expect(server.wait(for: "(Ctrl-C stops)"), "\(server.log)")
    #expect(server.wait(for: "revision 1)"), "\(server.log)")
    try Data(##"{"version": 1, "design": "bent-line", "size": [140, 60], "background": "#223344"}"##.utf8).write(to: style)
    #expect(server.wait(for: "preview: rendered a (1 of 1 scene, revision 2)"), "\(server.log)")

    try Data(scene.utf8).write(to: examples.appendingPathComponent("b.json"))
    #expect(server.wait(for: "preview: rendered b (1 of 2 scenes, revision 3)"), "\(server.log)")
    try FileManager.default.removeItem(at: examples.appendingPathComponent("a.json"))
    #expect(server.wait(for: "revision 4)"), "\(server.log)")
    let address = try #require(server.address, "\(server.log)")
    let port = try #require(UInt16(address.split(separator: ":").last?.dropLast() ?? ""))
    let page = try RawHTTP.get("/", port: port)
    #expect(page.contains("\"b\""), "\(page.prefix(300))")
    #expect(!page.contains("\"name\":\"a\""), "the deleted scene is gone from the page")
    #expect(server.interruptAndWait())
  }

  /// Ctrl-C ends the server's loop rather than the process: the listening socket closes, the
  /// temporary frames folder goes, and it exits 0 saying so.
  @Test func ctrlCStopsTheServerAndRemovesTheTemporaryFrames() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(
      #"{"version": 1, "style": {"version": 1, "design": "bent-line", "size": [120, 60]}, "duration": 0.3, "fps": 10, "scale": 1, "events": []}"#
        .utf8
    )
    .write(to: directory.appendingPathComponent("s.json"))
    let server = try Server(["s.json", "--port", "0"], in: directory)
    #expect(server.wait(for: "(Ctrl-C stops)"), "\(server.log)")
    #expect(server.wait(for: "revision 1)"), "\(server.log)")
    let frames = URL(fileURLWithPath: NSTemporaryDirectory() + "barframes-preview-\(server.process.processIdentifier)")
    #expect(FileManager.default.fileExists(atPath: frames.appendingPathComponent("s/s-0.png").path))
    let address = try #require(server.address, "\(server.log)")
    #expect(try Data(contentsOf: URL(string: address)!).count > 1000)
    // The address comes at once, then the first render's progress, then its summary.
    let log = server.log
    let address0 = try #require(log.range(of: "(Ctrl-C stops)"))
    let progress = try #require(log.range(of: "preview: [1/1] s: 4 frames"), "\(log)")
    let rendered = try #require(log.range(of: "preview: rendered s (1 of 1 scene, revision 1)"), "\(log)")
    #expect(address0.lowerBound < progress.lowerBound && progress.lowerBound < rendered.lowerBound, "\(log)")
    // Stopping waits for nothing once the pages' connections are closed (it used to sit out a
    // one-second timeout of the server's).
    let stopping = Date()
    server.process.interrupt()
    while server.process.isRunning, Date().timeIntervalSince(stopping) < 10 { Thread.sleep(forTimeInterval: 0.01) }
    let took = Date().timeIntervalSince(stopping)
    #expect(!server.process.isRunning)
    #expect(took < 0.9, "stopping took \(took) s")
    Thread.sleep(forTimeInterval: 0.2)  // the last lines
    #expect(server.process.terminationStatus == 0, "\(server.log)")
    #expect(server.log.contains("preview: stopped (Ctrl-C); temporary frames removed"), "\(server.log)")
    #expect(!FileManager.default.fileExists(atPath: frames.path))
    #expect((try? Data(contentsOf: URL(string: address)!)) == nil)
  }

  static let hasIPv6Loopback =
    (try? String(contentsOfFile: "/proc/net/if_inet6", encoding: .utf8))?.contains("00000000000000000000000000000001")
    ?? false

  @Test(.enabled(if: hasIPv6Loopback, "no IPv6 loopback (::1) on this machine"))
  func itListensOnAnIPv6Literal() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(
      #"{"version": 1, "style": {"version": 1, "design": "bent-line", "size": [120, 60]}, "duration": 0.3, "fps": 10, "scale": 1, "events": []}"#
        .utf8
    )
    .write(to: directory.appendingPathComponent("s.json"))
    let server = try Server(["s.json", "--port", "0", "--host", "::1", "-o", "out"], in: directory)
    #expect(server.wait(for: "(Ctrl-C stops)"), "\(server.log)")
    let address = try #require(server.address, "\(server.log)")
    #expect(address.hasPrefix("http://[::1]:"))
    // Foundation's URL loading refuses bracketed IPv6 hosts here, so ask over a plain socket.
    let port = try #require(UInt16(address.split(separator: ":").last?.dropLast() ?? ""))
    let page = try RawHTTP.get("/", port: port, on: .ipv6)
    #expect(page.hasPrefix("HTTP/1.1 200"), "\(page.prefix(200))")
    #expect(page.contains("id=\"barframes-data\""))
    #expect(server.interruptAndWait())
  }

  @Test func aHostThatIsNoAddressIsAUsageError() throws {
    let result = try CommandRunner.run([
      "preview", "Examples/seek-bar.json", "--host", "localhost:80", "--port", "0", "-o",
      "/tmp/barframes-preview-refused-\(UUID().uuidString)",
    ])
    #expect(result.exitCode == 64)
    #expect(result.stderr.contains("'--host' localhost:80 is not an IPv4 or IPv6 address"), "\(result.stderr)")
  }
}
