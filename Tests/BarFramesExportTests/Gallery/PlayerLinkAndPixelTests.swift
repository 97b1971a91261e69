import BarFrames
import BarFramesExport
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// The player's checks that run in every engine: links that reopen their frame, the picture
/// shown pixel for pixel, the linked files. Chromium's are in ``PlayerBrowserTests``, WebKit's in
/// ``PlayerWebKitTests``.
extension PlayerBrowserTests {
  @Test func everyFramesLinkReopensThatFrame() async throws {
    try await Self.everyFramesLinkReopensThatFrame(in: .chromium)
  }

  @Test func theStageShowsOurPNGsPixelsAndEveryLinkedFileOpens() async throws {
    try await Self.theStageShowsOurPNGsPixelsAndEveryLinkedFileOpens(in: .chromium)
  }

  /// A 60 fps and a 30000/1001 fps scene, 2 s each (121 and 60 frames).
  static let linkScenes: [(name: String, numerator: Double, denominator: Double)] = [
    ("sixty", 60, 1), ("ntsc", 30000, 1001),
  ]

  /// The link of every frame of both scenes reopens that frame. Frame 61 at 60 fps is at
  /// 1.01666… s, which the link writes to the microsecond as 1.016667, after the frame's time;
  /// a 30000/1001 fps scene's times are never round. In one page, → steps to every frame and its
  /// link is kept; then each link is set as the page's hash, read by the code that reads it
  /// when the page opens. A first, a middle and the last frame are also reopened from a fresh
  /// load.
  static func everyFramesLinkReopensThatFrame(in engine: BrowserEngine) async throws {
    let timelines = try linkScenes.map {
      try ExportFixtures.scene(name: $0.name, duration: 2, fps: $0.numerator / $0.denominator)
    }
    let (directory, manifest) = try ExportFixtures.export(timelines, options: ExportFixtures.options([.png, .html]))
    defer { try? FileManager.default.removeItem(at: directory) }
    typealias B = BrowserDriver
    var steps: [JSONValue] = [
      B.step("open", page(directory)), B.waitFor("window.barframesPlayer"),
      B.evaluate(
        "window.barframesPlayer.data.scenes.map(function (s) { return [s.name, s.fpsNum, s.fpsDen]; })", as: "rates"),
    ]
    for (index, scene) in linkScenes.enumerated() {
      let count = manifest.scenes[index].frames.count
      steps += [
        B.select("#scene", scene.name),
        B.evaluateAsync(
          """
          var p = window.barframesPlayer, links = [], seen = [];
          p.seek(0);
          for (var i = 0; i < \(count); i++) { if (i) p.step(1); links.push(p.link()); }
          // The player writes the last step's link within 250 ms; then the URL is the test's.
          await new Promise(function (r) { setTimeout(r, 400); });
          for (var i = 0; i < \(count); i++) {
            var changed = new Promise(function (r) {
              window.addEventListener('hashchange', r, { once: true });
              setTimeout(function () { r('no hashchange'); }, 2000);
            });
            location.hash = links[i];
            if (await changed === 'no hashchange') { seen.push('no hashchange after ' + links[i]); break; }
            seen.push([links[i], p.state.pos, document.getElementById('frameA').getAttribute('src'), location.hash]);
          }
          return seen;
          """, as: scene.name),
      ]
    }
    let run = try await B.run(steps, engine: engine)
    #expect(run.consoleErrors.isEmpty, "\(engine): \(run.consoleErrors)")
    #expect(
      run.observations["rates"]?["value"]
        == .array(linkScenes.map { .array([.string($0.name), .number($0.numerator), .number($0.denominator)]) }))

    var reopen: [JSONValue] = []
    var reopened: [(name: String, position: Int, path: String)] = []
    for (index, scene) in linkScenes.enumerated() {
      let frames = manifest.scenes[index].frames
      #expect(frames.count == (index == 0 ? 121 : 60))
      guard case .array(let seen)? = run.observations[scene.name]?["value"] else {
        Issue.record("\(engine): no links read back for \(scene.name)")
        continue
      }
      #expect(seen.count == frames.count)
      for (position, entry) in seen.enumerated() {
        // The frame's time from the spec: frame k at k × denominator / numerator seconds.
        let time = Double(position) * scene.denominator / scene.numerator
        let link = "#scene=\(scene.name)&t=\(String(format: "%.6f", time))"
        let expected: JSONValue = .array([
          .string(link), .number(Double(position)), .string(frames[position].path), .string(link),
        ])
        #expect(entry == expected, "\(engine), \(scene.name) frame \(position)")
      }
      for position in [1, 61 * frames.count / 121, frames.count - 1] {
        let time = Double(position) * scene.denominator / scene.numerator
        let name = "\(scene.name) \(position)"
        reopen += [
          B.step("open", "about:blank"),
          B.step("open", page(directory, "#scene=\(scene.name)&t=\(String(format: "%.6f", time))")),
          B.waitFor("window.barframesPlayer && document.getElementById('frameA').complete"), B.observe(name),
        ]
        reopened.append((name, position, frames[position].path))
      }
    }
    let fresh = try await B.run(reopen, engine: engine)
    #expect(fresh.consoleErrors.isEmpty, "\(engine): \(fresh.consoleErrors)")
    for (name, position, path) in reopened {
      let view = try #require(fresh.observations[name], "\(engine): \(name)")
      #expect(view.number("position") == Double(position) && view.string("src") == path, "\(engine): \(name): \(view)")
      #expect(view.bool("displayedLoaded") == true, "\(engine): \(name)")
    }
  }

  /// At zoom 1 the stage shows frame 3 of `bar` (opaque) exactly as our PNG holds it, and every
  /// file the page links to (the APNG) is there and opens as a picture.
  static func theStageShowsOurPNGsPixelsAndEveryLinkedFileOpens(in engine: BrowserEngine) async throws {
    let directory = try render()
    defer { try? FileManager.default.removeItem(at: directory) }
    typealias B = BrowserDriver
    let shot = directory.appendingPathComponent("stage.png")
    let run = try await B.run(
      [
        B.step("open", page(directory, "#scene=bar&t=0.300000&zoom=1")),
        B.waitFor("window.barframesPlayer && document.getElementById('frameA').complete"),
        B.shots(
          [
            (
              "await document.getElementById('frameA').decode(); " + B.twoFramesDrawn
                + " return document.getElementById('frameA').getAttribute('src');", shot.path
            )
          ], element: "#frameA", as: "shown"),
        B.evaluateAsync(
          """
          var links = Array.from(document.querySelectorAll('#files a[href]')).map(function (a) { return a.href; });
          var opened = [];
          for (var i = 0; i < links.length; i++) {
            opened.push(await new Promise(function (resolve) {
              var img = new Image();
              img.onload = function () { resolve([img.naturalWidth, img.naturalHeight]); };
              img.onerror = function () { resolve(null); };
              img.src = links[i];
            }));
          }
          return [links, opened];
          """, as: "links"),
      ], engine: engine)
    #expect(run.consoleErrors.isEmpty, "\(engine): \(run.consoleErrors)")
    guard case .array(let shown)? = run.observations["shown"]?["value"], let first = shown.first else {
      Issue.record("\(engine): no screenshot")
      return
    }
    #expect(first["value"] == .string("bar/bar-03.png"))
    let ours = try PNGDecoder.decode(Array(try Data(contentsOf: directory.appendingPathComponent("bar/bar-03.png"))))
    var theirs = try Screenshot.decode(contentsOf: shot)
    // WebKit's is the whole viewport: the stage's picture is cut from where the page put it.
    if first.bool("whole") == true, case .array(let box)? = first["box"], box.count == 4,
      case .number(let x) = box[0], case .number(let y) = box[1]
    {
      theirs = try #require(
        theirs.cropped(x: Int(x.rounded()), y: Int(y.rounded()), width: ours.width, height: ours.height),
        "\(engine): the picture at \(x), \(y) is outside the \(theirs.width)×\(theirs.height) screenshot")
    }
    try #require(theirs.width == ours.width && theirs.height == ours.height, "\(engine): \(theirs.width)×\(theirs.height)")
    var differing = 0
    for y in 0..<ours.height {
      for x in 0..<ours.width where ours[x, y] != theirs[x, y] { differing += 1 }
    }
    #expect(differing == 0, "\(engine): \(differing) of \(ours.width * ours.height) pixels differ from bar-03.png")

    guard case .array(let pair)? = run.observations["links"]?["value"], pair.count == 2,
      case .array(let links) = pair[0], case .array(let opened) = pair[1]
    else {
      Issue.record("\(engine): no links read")
      return
    }
    // bar's files: its APNG (the HTML page is the player itself).
    #expect(links.count == 1, "\(engine): \(links)")
    for (link, size) in zip(links, opened) {
      guard case .string(let address) = link, let url = URL(string: address) else { continue }
      #expect(url.isFileURL && FileManager.default.fileExists(atPath: url.path), "\(engine): \(address)")
      #expect(size == .array([.number(120), .number(60)]), "\(engine): \(address) opened as \(size)")
    }
  }
}

/// The player in WebKitGTK, Safari's engine: it loads without an error, → and ← step, space
/// plays and pauses, links reopen their frame, the stage shows our PNG's pixels, linked files open.
@Suite(.enabled(if: BrowserEngine.webkit.isAvailable, Comment(rawValue: BrowserEngine.webkit.missing ?? "")), .browserPriority)
struct PlayerWebKitTests {
  @Test func keysStepAndLoopAndEveryMarkerSeeks() async throws {
    try await PlayerBrowserTests.keysStepAndLoopAndEveryMarkerSeeks(in: .webkit)
  }

  @Test func playAdvancesAndPauseHolds() async throws {
    try await PlayerBrowserTests.playAdvancesAndPauseHolds(in: .webkit)
  }

  @Test func everyFramesLinkReopensThatFrame() async throws {
    try await PlayerBrowserTests.everyFramesLinkReopensThatFrame(in: .webkit)
  }

  @Test func theStageShowsOurPNGsPixelsAndEveryLinkedFileOpens() async throws {
    try await PlayerBrowserTests.theStageShowsOurPNGsPixelsAndEveryLinkedFileOpens(in: .webkit)
  }
}

extension RGBAImage {
  /// The `width × height` pixels whose top left corner is at `x`, `y`, or nil when they are not
  /// all inside the image.
  func cropped(x: Int, y: Int, width w: Int, height h: Int) -> RGBAImage? {
    guard x >= 0, y >= 0, x + w <= width, y + h <= height else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(w * h * 4)
    for row in y..<(y + h) {
      let start: Int = row * bytesPerRow + x * 4
      bytes += pixels[start..<(start + w * 4)]
    }
    return RGBAImage(width: w, height: h, pixels: bytes)
  }
}
