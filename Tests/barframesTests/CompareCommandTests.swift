import BarFrames
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Two renders of one scene — `before/` (with its page, so its timing is known) and `after/`
/// (PNG frames only), the scene given a second event at 0.5 s in between — and the expected
/// differences, computed here from the decoded frames.
enum CompareFixture {
  static let style = """
    {"version": 1, "design": "bent-line", "size": [120, 60], "background": "#223344",
     "origin": [10, 30], "maxOffset": 8, "lineWidth": 3, "fontSize": 9}
    """

  static func scene(secondEvent: Bool) -> String {
    let second = secondEvent ? #", {"at": 0.5, "call": "setProgress", "args": {"value": 0.9}}"# : ""
    return """
      {"version": 1, "style": "style.json", "duration": 1, "fps": 10, "scale": 1,
       "events": [{"at": 0, "call": "setProgress", "args": {"value": 0.3}}\(second)]}
      """
  }

  /// A folder holding `before/` and `after/` (11 frames each, bar-00.png … bar-10.png).
  static func renders() throws -> URL {
    let directory = try TestRendering.temporaryDirectory()
    try Data(style.utf8).write(to: directory.appendingPathComponent("style.json"))
    let scene = directory.appendingPathComponent("bar.json")
    try Data(self.scene(secondEvent: false).utf8).write(to: scene)
    let before = try CommandRunner.run(
      ["render", "bar.json", "-o", "before", "--format", "html", "--quiet"], in: directory)
    #expect(before.exitCode == 0, "\(before.stderr)")
    try Data(self.scene(secondEvent: true).utf8).write(to: scene)
    let after = try CommandRunner.run(["render", "bar.json", "-o", "after", "--quiet"], in: directory)
    #expect(after.exitCode == 0, "\(after.stderr)")
    return directory
  }

  static func frame(_ directory: URL, _ folder: String, _ number: Int) throws -> RGBAImage {
    let name = number < 10 ? "0\(number)" : "\(number)"
    return try PNGDecoder.decode(
      Array(try Data(contentsOf: directory.appendingPathComponent("\(folder)/bar/bar-\(name).png"))))
  }

  /// What a per-pixel comparison of two frames of the same size finds: the pixels where any
  /// channel differs, the largest difference of a channel, and where they are.
  struct Difference {
    var count = 0
    var largest = 0
    var differing: [(x: Int, y: Int, largest: Int)] = []
    var total = 0
  }

  static func difference(_ a: RGBAImage, _ b: RGBAImage) throws -> Difference {
    try #require(a.width == b.width && a.height == b.height)
    var result = Difference(total: a.width * a.height)
    for y in 0..<a.height {
      for x in 0..<a.width {
        let i = (y * a.width + x) * 4
        let d = (0..<4).map { abs(Int(a.pixels[i + $0]) - Int(b.pixels[i + $0])) }.max() ?? 0
        if d > 0 {
          result.count += 1
          result.largest = max(result.largest, d)
          result.differing.append((x, y, d))
        }
      }
    }
    return result
  }

  static func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
    let i = (y * image.width + x) * 4
    return [Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2])]
  }

  static func near(_ colour: [Int], _ expected: [Int], tolerance: Int = 2) -> Bool {
    colour.count == 3 && expected.count == 3 && zip(colour, expected).allSatisfy { abs($0 - $1) <= tolerance }
  }

  /// The points (CSS pixels) of image pixels `(x, y)` of the element `id`, shown at scale 1.
  /// The compositor puts an image at a fractional position on whole device pixels (rounded),
  /// and drive.py rounds the point: +0.3 lands inside the pixel whatever the rounding rule.
  static func points(_ id: String, _ pixels: [(x: Int, y: Int)]) -> String {
    let list = pixels.map { "[Math.round(r.left) + \($0.x) + 0.3, Math.round(r.top) + \($0.y) + 0.3]" }.joined(
      separator: ", ")
    return "(function () { var r = document.getElementById('\(id)').getBoundingClientRect(); return [\(list)]; })()"
  }

  /// The difference view's result, once it has counted.
  static let counted =
    "window.barframesPlayer && (function (d) { return d && d.count !== undefined; })(window.barframesPlayer.difference())"
  static let bothLoaded =
    "window.barframesPlayer && ['frameA', 'overlay'].every(function (id) { var i = document.getElementById(id); return i.complete && i.naturalWidth > 0; })"
}

/// `barframes compare` in real headless Chromium: the served page counts exactly the pixels
/// that differ (the expected counts come from the decoded frames, not from the page), marks
/// them on the screen, follows the frame, and swipes and fades between the renders; the page
/// written with `-o` and opened from a file compares by eye and says why it cannot count.
@Suite(.enabled(if: BrowserDriver.isAvailable, Comment(rawValue: BrowserDriver.missing ?? "")), .browserPriority, .serialized)
struct CompareBrowserTests {
  typealias B = BrowserDriver
  typealias F = CompareFixture

  @Test func theServedPageCountsThePixelsThatDifferAndMarksThem() async throws {
    let directory = try F.renders()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try PreviewServerTests.Server(["before", "after", "--port", "0"], in: directory, command: "compare")
    try #require(server.wait(for: "(Ctrl-C stops)"), "\(server.log)")
    let address = try #require(server.address, "\(server.log)")

    let expected = try [2, 8, 9].map {
      try F.difference(F.frame(directory, "after", $0), F.frame(directory, "before", $0))
    }
    // Before the second event the renders agree; after it they differ.
    try #require(expected[0].count == 0 && expected[1].count > 0 && expected[2].count > 0)
    let after8 = try F.frame(directory, "after", 8)
    let before8 = try F.frame(directory, "before", 8)
    let marked = try #require(expected[1].differing.first)
    let same = (x: 2, y: 2)
    try #require(F.rgb(after8, same.x, same.y) == F.rgb(before8, same.x, same.y))

    let run = try await B.run([
      B.step("open", address + "#scene=bar&t=0.800000"), B.waitFor(F.counted),
      B.evaluate("window.barframesPlayer.difference()", as: "d8"),
      B.evaluate("document.getElementById('diffStats').textContent", as: "text8"),
      B.pixels(F.points("diffmap", [(marked.x, marked.y), same]), as: "marks"),
      B.observe("view8"),
      B.step("key", "\u{E014}"),  // → one frame on
      B.waitFor(F.counted + " && /bar-09\\.png$/.test(window.barframesPlayer.difference().a)"),
      B.evaluate("window.barframesPlayer.difference()", as: "d9"),
      B.step("open", "about:blank"),
      B.step("open", address + "#scene=bar&t=0.200000"), B.waitFor(F.counted),
      B.evaluate("window.barframesPlayer.difference()", as: "d2"),
      B.evaluate("document.getElementById('diffStats').textContent", as: "text2"),
    ])
    #expect(run.consoleErrors.isEmpty, "\(run.consoleErrors)")
    for (name, want) in zip(["d2", "d8", "d9"], expected) {
      let seen = try #require(run.observations[name]?["value"], "\(name)")
      #expect(seen.number("count") == Double(want.count), "\(name): \(seen)")
      #expect(seen.number("largest") == Double(want.largest), "\(name): \(seen)")
      #expect(seen.number("total") == Double(want.total), "\(name): \(seen)")
    }
    #expect(run.observations["d8"]?["value"]?.string("a") == "after/bar/bar-08.png")
    #expect(run.observations["d8"]?["value"]?.string("b") == "before/bar/bar-08.png")
    let text8 = run.observations["text8"]?.string("value") ?? ""
    #expect(text8.hasPrefix("\(expected[1].count) of 7,200 pixels differ"), "\(text8)")
    #expect(text8.contains("largest channel difference \(expected[1].largest) of 255"), "\(text8)")
    #expect(run.observations["text2"]?.string("value")?.hasPrefix("No pixel differs") == true)
    // On the screen: a differing pixel in the difference's colour (yellow for the smallest
    // difference to red for the largest), an equal one as a faded grey of the frame.
    let colours = B.colours(run.observations["marks"])
    try #require(colours.count == 2)
    let shade = Int((200 * (1 - (Double(marked.largest) / 255).squareRoot())).rounded())
    #expect(F.near(colours[0], [255, shade, 0]), "\(colours[0]) at \(marked)")
    let c = F.rgb(after8, same.x, same.y)
    let luma: Double = 0.299 * Double(c[0]) + 0.587 * Double(c[1]) + 0.114 * Double(c[2])
    let grey = Int((255 - (255 - luma) * 0.3).rounded())
    #expect(F.near(colours[1], [grey, grey, grey]), "\(colours[1])")
    let view = try #require(run.observations["view8"])
    #expect(view.bool("overlayVisible") == false && view.string("hash") == "#scene=bar&t=0.800000")
    #expect(server.interruptAndWait())
  }

  @Test func theSwipeAndTheOnionSkinShowEachRenderWhereExpected() async throws {
    let directory = try F.renders()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try PreviewServerTests.Server(["before", "after", "--port", "0"], in: directory, command: "compare")
    try #require(server.wait(for: "(Ctrl-C stops)"), "\(server.log)")
    let address = try #require(server.address, "\(server.log)")
    let after8 = try F.frame(directory, "after", 8)
    let before8 = try F.frame(directory, "before", 8)
    let differing = try F.difference(after8, before8).differing
    // The most different pixel well left of the divider (at 50 %, x = 60) and well right of it.
    let left = try #require(differing.filter { $0.x < 55 }.max { $0.largest < $1.largest })
    let right = try #require(differing.filter { $0.x > 65 }.max { $0.largest < $1.largest })

    let run = try await B.run([
      B.step("open", address + "#scene=bar&t=0.800000&mode=swipe"), B.waitFor(F.bothLoaded), B.sleep(0.2),
      B.pixels(F.points("frameA", [(left.x, left.y), (right.x, right.y)]), as: "swipe"),
      B.step("open", "about:blank"),
      B.step("open", address + "#scene=bar&t=0.800000&mode=onion&onion=25"), B.waitFor(F.bothLoaded), B.sleep(0.2),
      B.pixels(F.points("frameA", [(left.x, left.y)]), as: "onion25"),
      B.step("open", "about:blank"),
      B.step("open", address + "#scene=bar&t=0.800000&mode=side"),
      B.waitFor("window.barframesPlayer && document.getElementById('frameB').complete"),
      B.observe("side"),
    ])
    #expect(run.consoleErrors.isEmpty, "\(run.consoleErrors)")
    // Swipe: the render looked at (after) left of the divider, the baseline right of it.
    let swipe = B.colours(run.observations["swipe"])
    try #require(swipe.count == 2)
    #expect(F.near(swipe[0], F.rgb(after8, left.x, left.y)), "\(swipe[0]) vs after \(F.rgb(after8, left.x, left.y))")
    #expect(
      F.near(swipe[1], F.rgb(before8, right.x, right.y)), "\(swipe[1]) vs before \(F.rgb(before8, right.x, right.y))")
    // Onion skin at 25 %: the baseline at a quarter's opacity over the render looked at.
    let onion = B.colours(run.observations["onion25"])
    let a = F.rgb(after8, left.x, left.y)
    let b = F.rgb(before8, left.x, left.y)
    let blend = zip(a, b).map { Int((0.75 * Double($0) + 0.25 * Double($1)).rounded()) }
    #expect(onion.count == 1 && F.near(onion[0], blend, tolerance: 3), "\(onion) vs \(blend), from \(a) and \(b)")
    let side = try #require(run.observations["side"])
    #expect(
      side.bool("compareVisible") == true && side.string("frameBSrc") == "before/bar/bar-08.png"
        && side.string("src") == "after/bar/bar-08.png")
    #expect(server.interruptAndWait())
  }

  @Test func thePageOpenedFromAFileComparesByEyeAndSaysWhyItCannotCount() async throws {
    let directory = try F.renders()
    defer { try? FileManager.default.removeItem(at: directory) }
    let written = try CommandRunner.run(["compare", "before", "after", "-o", "pages/compare.html"], in: directory)
    try #require(written.exitCode == 0, "\(written.stderr)")
    #expect(
      written.stderr.contains("to count differing pixels serve it: barframes compare before after"), "\(written.stderr)"
    )
    let page = directory.appendingPathComponent("pages/compare.html").absoluteString
    let after8 = try F.frame(directory, "after", 8)
    let before8 = try F.frame(directory, "before", 8)
    let differing = try F.difference(after8, before8).differing
    let left = try #require(differing.filter { $0.x < 55 }.max { $0.largest < $1.largest })
    let right = try #require(differing.filter { $0.x > 65 }.max { $0.largest < $1.largest })
    let run = try await B.run([
      B.step("open", page + "#scene=bar&t=0.800000"), B.waitFor(F.bothLoaded),
      B.waitFor("window.barframesPlayer.difference() && window.barframesPlayer.difference().error"),
      B.observe("file"),
      B.evaluate("window.barframesPlayer.difference().error", as: "error"),
      B.evaluate("document.getElementById('diffStats').textContent", as: "text"),
      B.step("open", "about:blank"),
      B.step("open", page + "#scene=bar&t=0.800000&mode=swipe"), B.waitFor(F.bothLoaded), B.sleep(0.2),
      B.pixels(F.points("frameA", [(left.x, left.y), (right.x, right.y)]), as: "swipe"),
    ])
    #expect(run.consoleErrors.isEmpty, "\(run.consoleErrors)")
    let file = try #require(run.observations["file"])
    // Both folders linked relative to the page, and loaded.
    #expect(file.string("src") == "../after/bar/bar-08.png" && file.bool("displayedLoaded") == true, "\(file)")
    #expect(file.string("overlaySrc") == "../before/bar/bar-08.png", "\(file)")
    // No count: the browser's blend stands in, and the page says why and what to run.
    #expect(run.observations["error"]?.string("value") == "file")
    #expect(file.bool("overlayVisible") == true && file.string("overlayClass") == "overlay diff")
    #expect(run.observations["text"]?.string("value")?.contains("barframes compare") == true)
    let swipe = B.colours(run.observations["swipe"])
    #expect(
      swipe.count == 2 && F.near(swipe[0], F.rgb(after8, left.x, left.y))
        && F.near(swipe[1], F.rgb(before8, right.x, right.y)), "\(swipe)")
  }
}

/// `barframes compare` without a browser: what it refuses (one line naming the folder or the
/// page and the key path, exit 65 or 64, no page written), and what its server will not serve.
@Suite(.serialized) struct CompareCommandTests {
  typealias F = CompareFixture

  static func copy(_ directory: URL, _ from: String, _ to: String) throws {
    try FileManager.default.copyItem(
      at: directory.appendingPathComponent(from), to: directory.appendingPathComponent(to))
  }

  @Test func badRenderFoldersAreOneLineNamingTheFolderAndNoPageIsWritten() throws {
    let directory = try F.renders()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fm = FileManager.default
    try fm.createDirectory(at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
    // A scene the other render does not have.
    try fm.createDirectory(at: directory.appendingPathComponent("other/baz"), withIntermediateDirectories: true)
    try fm.copyItem(
      at: directory.appendingPathComponent("after/bar/bar-00.png"),
      to: directory.appendingPathComponent("other/baz/baz-00.png"))
    // A frame missing in the middle, and a page naming a frame that is gone.
    try Self.copy(directory, "after", "gappy")
    try fm.removeItem(at: directory.appendingPathComponent("gappy/bar/bar-05.png"))
    try Self.copy(directory, "before", "stale")
    try fm.removeItem(at: directory.appendingPathComponent("stale/bar/bar-10.png"))
    // The same without a manifest: only the frames' names and the page can tell.
    for (from, name) in [("after", "gappy"), ("before", "stale")] {
      try Self.copy(directory, from, "\(name)-unlisted")
      try fm.removeItem(at: directory.appendingPathComponent("\(name)-unlisted/manifest.json"))
    }
    try fm.removeItem(at: directory.appendingPathComponent("gappy-unlisted/bar/bar-05.png"))
    try fm.removeItem(at: directory.appendingPathComponent("stale-unlisted/bar/bar-10.png"))
    // Pages that are not ours, or point outside their folder.
    try Self.copy(directory, "before", "garbled")
    let garbled = directory.appendingPathComponent("garbled/index.html")
    let page = try String(contentsOf: garbled, encoding: .utf8)
    try Data(page.replacingOccurrences(of: "\"scenes\":[", with: "\"scenes\":[,").utf8).write(to: garbled)
    try Self.copy(directory, "before", "escaping")
    let escaping = directory.appendingPathComponent("escaping/index.html")
    try Data(page.replacingOccurrences(of: "\"prefix\":\"bar/bar-\"", with: "\"prefix\":\"../../bar/bar-\"").utf8)
      .write(to: escaping)
    #expect(try String(contentsOf: escaping, encoding: .utf8) != page)

    let cases: [(arguments: [String], status: Int32, message: String)] = [
      (["nope", "after"], 65, "nope: no such folder"),
      (
        ["bar.json", "after"], 65, "bar.json: is a file; give the folder a render wrote (barframes render … -o FOLDER)"
      ),
      (
        ["empty", "after"], 65,
        "empty: holds no rendered frames (expected SCENE/SCENE-NNN.png files, as barframes render writes them)"
      ),
      (["before", "other"], 65, "before and other have no scene in common (before: bar; other: baz)"),
      (
        ["before", "gappy"], 65,
        "gappy/manifest.json: scenes[0].frames[5].path: lists bar/bar-05.png, which the folder does not hold; the render is incomplete — render it again"
      ),
      (
        ["stale", "after"], 65,
        "stale/manifest.json: scenes[0].frames[10].path: lists bar/bar-10.png, which the folder does not hold; the render is incomplete — render it again"
      ),
      (
        ["before", "gappy-unlisted"], 65,
        "gappy-unlisted/bar: frames 0…10 are not evenly numbered (4 is followed by 6); a partial render (--shard) cannot be compared, render every frame"
      ),
      (
        ["stale-unlisted", "after"], 65,
        "stale-unlisted/index.html: scenes[0].frames: names bar/bar-10.png, which the folder does not hold; render again or remove the stale page"
      ),
      (
        ["escaping", "after"], 65,
        "escaping/index.html: scenes[0].frames.prefix: expected a path inside the render folder, got \"../../bar/bar-\""
      ),
      (
        ["before", "after", "-o", "page.png"], 64,
        "'-o' names the page to write, ending in .html (e.g. -o compare.html); got 'page.png'"
      ),
      (
        ["before", "after", "-o", "before/index.html"], 64,
        "'-o before/index.html' would replace the render's own page; choose another name (e.g. -o compare.html)"
      ),
    ]
    for (arguments, status, message) in cases {
      let result = try CommandRunner.run(
        ["compare"] + arguments + (arguments.contains("-o") ? [] : ["-o", "page.html"]), in: directory)
      #expect(result.exitCode == status, "\(arguments): \(result.stderr)")
      let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
      #expect(first == "barframes: error: \(message)" || first == "Error: \(message)", "\(arguments): \(result.stderr)")
    }
    let garbledRun = try CommandRunner.run(["compare", "garbled", "after", "-o", "page.html"], in: directory)
    #expect(garbledRun.exitCode == 65)
    #expect(
      garbledRun.stderr.hasPrefix("barframes: error: garbled/index.html: its player data is not JSON: line 1, column "),
      "\(garbledRun.stderr)")
    #expect(!fm.fileExists(atPath: directory.appendingPathComponent("page.html").path))
    // preview --against reads its baseline before it renders or listens.
    let preview = try CommandRunner.run(
      ["preview", "bar.json", "--against", "gappy", "--port", "0", "-o", "live"], in: directory)
    #expect(preview.exitCode == 65)
    #expect(
      preview.stderr.hasPrefix("barframes: error: gappy/manifest.json: scenes[0].frames[5].path: lists bar/bar-05.png"),
      "\(preview.stderr)")
    #expect(!fm.fileExists(atPath: directory.appendingPathComponent("live").path))
    #expect(try String(contentsOf: directory.appendingPathComponent("before/index.html"), encoding: .utf8) == page)
  }

  @Test func aPortInUseIsOneLineAtOnceAndTheServerServesNothingOutsideTheFolders() throws {
    let directory = try F.renders()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try PreviewServerTests.Server(["before", "after", "--port", "0"], in: directory, command: "compare")
    try #require(server.wait(for: "(Ctrl-C stops)"), "\(server.log)")
    // The summary follows the address line (only once listening works: a port in use is one
    // line), so it may still be on its way.
    #expect(server.wait(for: "compare: before → after: 1 scene in both"), "\(server.log)")
    let address = try #require(server.address, "\(server.log)")
    let port = try #require(UInt16(address.split(separator: ":").last?.dropLast() ?? ""))
    let started = Date()
    let second = try CommandRunner.run(["compare", "before", "after", "--port", String(port)], in: directory)
    #expect(second.exitCode == 1)
    #expect(
      second.stderr
        == "barframes: error: compare: cannot listen on port \(port): Address already in use (another server? --port 0 picks a free one)\n"
    )
    #expect(Date().timeIntervalSince(started) < 5)

    #expect(try Self.status(port: port, path: "/before/bar/bar-00.png") == "HTTP/1.1 200 OK")
    #expect(try Self.status(port: port, path: "/after/bar/bar-10.png") == "HTTP/1.1 200 OK")
    // The server resolves `..` itself; encoded dots reach the handler as `..` after decoding.
    for path in [
      "/before/%2E%2E/bar.json", "/before/%2e%2e/%2e%2e/etc/passwd", "/after/bar/..%2Fbar.json", "/before/.hidden",
      "/before/../bar.json",
    ] {
      #expect(try Self.status(port: port, path: path) == "HTTP/1.1 404 Not Found", "\(path)")
    }
    #expect(server.interruptAndWait())
    #expect(server.log.contains("compare: stopped (Ctrl-C)"), "\(server.log)")
  }

  /// The status line of `GET path` on 127.0.0.1:`port`, the path sent exactly as given.
  static func status(port: UInt16, path: String) throws -> String {
    try RawHTTP.get(path, port: port).components(separatedBy: "\r\n").first ?? ""
  }
}
