import BarFrames
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// `barframes preview` as a user runs it: the built binary on 127.0.0.1, a real browser, real
/// file edits.
@Suite(.enabled(if: BrowserDriver.isAvailable, Comment(rawValue: BrowserDriver.missing ?? "")), .browserPriority, .serialized)
struct PreviewCommandTests {
  static func style(lineWidth: Double, width: Int = 120) -> String {
    """
    {"version": 1, "design": "bent-line", "size": [\(width), 60], "background": "#223344",
     "origin": [10, 30], "maxOffset": 8, "lineWidth": \(lineWidth), "fontSize": 9}
    """
  }

  @Test func anEditedStyleReloadsThePageAndABadEditShowsItsErrorOverTheLastGoodFrames() async throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let styles = directory.appendingPathComponent("Styles")
    try FileManager.default.createDirectory(at: styles, withIntermediateDirectories: true)
    let style = styles.appendingPathComponent("bar.json")
    try Data(Self.style(lineWidth: 3).utf8).write(to: style)
    let scene = directory.appendingPathComponent("bar.json")
    try Data(
      """
      {"version": 1, "style": "Styles/bar.json", "duration": 1, "fps": 10, "scale": 1,
       "events": [{"at": 0, "call": "setProgress", "args": {"value": 0.5}}]}
      """.utf8
    ).write(to: scene)

    let server = Process()
    server.executableURL = CommandRunner.executable
    server.arguments = ["preview", scene.path, "--port", "0", "-o", directory.appendingPathComponent("out").path]
    let errors = Pipe()
    server.standardError = errors
    server.standardOutput = FileHandle.nullDevice
    try server.run()
    defer { if server.isRunning { server.terminate() } }
    // The first line names the address, then the first render ends; bounded wait.
    var log = ""
    let deadline = Date().addingTimeInterval(30)
    while !log.contains("revision 1)"), Date() < deadline {
      let chunk = errors.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      log += String(decoding: chunk, as: UTF8.self)
    }
    let address = try #require(
      log.range(of: #"http://127\.0\.0\.1:\d+/"#, options: .regularExpression).map { String(log[$0]) }, "\(log)")

    typealias B = BrowserDriver
    let run = try await B.run([
      B.step("open", address + "#scene=bar&t=0.500000"),
      B.waitFor("window.barframesPlayer && document.getElementById('frameA').complete"),
      B.observe("first"),
      .object([.init("write", .string(style.path)), .init("text", .string(Self.style(lineWidth: 3, width: 160)))]),
      B.waitFor(
        "window.barframesPlayer && window.barframesPlayer.data.revision === 2 && document.getElementById('frameA').naturalWidth === 160",
        timeout: 10),
      B.observe("reloaded"),
      .object([.init("write", .string(style.path)), .init("text", .string(Self.style(lineWidth: -5, width: 160)))]),
      B.waitFor("!document.getElementById('error').hidden", timeout: 10),
      B.observe("broken"),
    ])
    #expect(run.consoleErrors.isEmpty, "\(run.consoleErrors)")
    let first = try #require(run.observations["first"])
    #expect(first.number("naturalWidth") == 120 && first.number("position") == 5)
    let reloaded = try #require(run.observations["reloaded"])
    // The page came back at the same frame, with the new frames.
    #expect(reloaded.number("position") == 5 && reloaded.number("naturalWidth") == 160)
    #expect(reloaded.string("src") == "bar/bar-05.png?r=2")
    let broken = try #require(run.observations["broken"])
    #expect(broken.string("error")?.hasPrefix("barframes: error: ") == true, "\(broken)")
    #expect(broken.string("error")?.contains("lineWidth: expected a positive number, got -5") == true, "\(broken)")
    // The last good frames stay.
    #expect(broken.bool("displayedLoaded") == true && broken.number("naturalWidth") == 160)

    // Ctrl-C stops it, promptly.
    server.interrupt()
    let stop = Date().addingTimeInterval(10)
    while server.isRunning, Date() < stop { try await Task.sleep(for: .milliseconds(50)) }
    #expect(!server.isRunning)
  }

  /// `preview --against`: the live render compared with a baseline folder. Unchanged, no pixel
  /// differs; after a style edit the page reloads and counts exactly the pixels that now differ
  /// (computed here from the preview's frames and the baseline's).
  @Test func againstABaselineThePageCountsWhatAnEditChanged() async throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let style = directory.appendingPathComponent("style.json")
    try Data(Self.style(lineWidth: 3).utf8).write(to: style)
    try Data(
      """
      {"version": 1, "style": "style.json", "duration": 1, "fps": 10, "scale": 1,
       "events": [{"at": 0, "call": "setProgress", "args": {"value": 0.5}}]}
      """.utf8
    ).write(to: directory.appendingPathComponent("bar.json"))
    let baseline = try CommandRunner.run(
      ["render", "bar.json", "-o", "baseline", "--format", "html", "--quiet"], in: directory)
    try #require(baseline.exitCode == 0, "\(baseline.stderr)")
    let server = try PreviewServerTests.Server(
      ["bar.json", "--against", "baseline", "--port", "0", "-o", "live"], in: directory)
    try #require(server.wait(for: "(Ctrl-C stops)"), "\(server.log)")
    try #require(server.wait(for: "revision 1)"), "\(server.log)")
    let address = try #require(server.address, "\(server.log)")

    typealias B = BrowserDriver
    let counted =
      "window.barframesPlayer && (function (d) { return d && d.count !== undefined; })(window.barframesPlayer.difference())"
    let run = try await B.run([
      B.step("open", address + "#scene=bar&t=0.500000"), B.waitFor(counted),
      B.evaluate("window.barframesPlayer.difference()", as: "same"),
      .object([.init("write", .string(style.path)), .init("text", .string(Self.style(lineWidth: 6)))]),
      B.waitFor("window.barframesPlayer && window.barframesPlayer.data.revision === 2 && " + counted, timeout: 15),
      B.evaluate("window.barframesPlayer.difference()", as: "edited"),
      B.evaluate(
        "document.getElementById('compare').value + ' ' + document.getElementById('mode').value", as: "controls"),
    ])
    #expect(run.consoleErrors.isEmpty, "\(run.consoleErrors)")
    let same = try #require(run.observations["same"]?["value"])
    #expect(
      same.number("count") == 0 && same.string("a") == "bar/bar-05.png?r=1"
        && same.string("b") == "~against/bar/bar-05.png?r=1", "\(same)")
    #expect(run.observations["controls"]?.string("value") == "@against diff")
    func decoded(_ path: String) throws -> RGBAImage {
      try PNGDecoder.decode(Array(try Data(contentsOf: directory.appendingPathComponent(path))))
    }
    let expected = try CompareFixture.difference(decoded("live/bar/bar-05.png"), decoded("baseline/bar/bar-05.png"))
    try #require(expected.count > 0)
    let edited = try #require(run.observations["edited"]?["value"])
    #expect(
      edited.number("count") == Double(expected.count) && edited.number("largest") == Double(expected.largest),
      "\(edited) vs \(expected.count), \(expected.largest)")
    #expect(server.interruptAndWait())
  }

  @Test func itListensOnLoopbackByDefault() throws {
    let result = try CommandRunner.run(["preview", "--help"])
    #expect(result.stdout.contains("(default: 127.0.0.1)"))
  }
}
