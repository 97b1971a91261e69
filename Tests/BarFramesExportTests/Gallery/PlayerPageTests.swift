import BarFrames
import BarFramesExport
import BarFramesPlayer
import BarFramesTestSupport
import Foundation
import Testing

/// The player page's data, read back from `index.html` as the page reads it.
@Suite struct GalleryDataTests {
  static func embeddedData(_ html: String) throws -> JSONValue {
    let open = "<script type=\"application/json\" id=\"barframes-data\">"
    guard let start = html.range(of: open),
      let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex)
    else {
      throw BrowserDriver.Failure(description: "no embedded data in the page")
    }
    return try JSONValue(
      parsing: String(html[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "<\\/", with: "</"))
  }

  @Test func thePageCarriesEachScenesFramesEventsAndFiles() throws {
    let (directory, _) = try ExportFixtures.export(
      [
        try ExportFixtures.scene(name: "a b&c"),
        try ExportFixtures.scene(name: "d", scale: 2, background: "transparent"),
      ],
      options: ExportFixtures.options(.all))
    defer { try? FileManager.default.removeItem(at: directory) }
    let html = String(decoding: try ExportFixtures.read(directory, "index.html"), as: UTF8.self)
    #expect(!html.contains("http://") && !html.contains("https://"))
    let data = try Self.embeddedData(html)
    guard case .array(let scenes)? = data["scenes"], scenes.count == 2 else {
      Issue.record("expected two scenes in \(data)")
      return
    }
    let d = scenes[1]
    #expect(d.string("name") == "d")
    #expect(d.number("fps") == 10 && d.number("duration") == 1 && d.number("width") == 240 && d.number("height") == 120)
    #expect(d.bool("transparent") == true && d["background"] == .null)
    #expect(
      d["frames"]?.number("count") == 11 && d["frames"]?.string("prefix") == "d/d-"
        && d["frames"]?.string("suffix") == "@2x.png")
    guard case .array(let events)? = d["events"] else {
      Issue.record("no events")
      return
    }
    #expect(events.map { $0.number("at") } == [0, 0.25, 0.5])
    #expect(events.map { $0.string("call") } == ["setProgress", "setProgress", "setProgress"])
    #expect(scenes[0].bool("transparent") == false)
    #expect(scenes[0].string("background")?.lowercased().hasPrefix("#336699") == true, "\(scenes[0])")
    // Every path the page will ask for exists: first and last frame, files, previews.
    for scene in scenes {
      guard let frames = scene["frames"], let prefix = frames.string("prefix"), let suffix = frames.string("suffix"),
        let digits = frames.number("digits"), let count = frames.number("count")
      else {
        Issue.record("no frames in \(scene)")
        continue
      }
      for index in [0, Int(count) - 1] {
        let number = String(index)
        let name = prefix + String(repeating: "0", count: Int(digits) - number.count) + number + suffix
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path), "\(name)")
      }
      var paths: [String] = []
      if case .array(let files)? = scene["files"] { paths += files.compactMap { $0.string("path") } }
      if case .array(let previews)? = scene["previews"] { paths += previews.compactMap { $0.string("path") } }
      #expect(paths.count >= 8)
      for path in paths {
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path), "\(path)")
      }
    }
  }

  @Test func aRepeatingEventIsOneEntryWithItsCount() throws {
    let scene = try Scene.load(contentsOf: TestRendering.packageRoot.appendingPathComponent("Examples/seek-bar.json"))
    let entries = GalleryData.eventEntries(scene, in: 0...10)
    #expect(entries.count == 1)
    #expect(entries.first?.number("count") == 601)
    #expect(entries.first?.number("at") == 0 && entries.first?.number("until") == 10)
  }

  @Test func theBackdropIsChosenByContrast() throws {
    #expect(Backdrop.choose(forStraightRGBA: [255, 255, 255, 255, 0, 0, 0, 0]) == .dark)
    #expect(Backdrop.choose(forStraightRGBA: [20, 20, 20, 255, 255, 255, 255, 0]) == .light)
    #expect(Backdrop.choose(forStraightRGBA: [0, 0, 0, 0]) == .light)
    // seek-bar is a white bar on nothing: invisible on a light checkerboard.
    let seekBar = try Scene.load(contentsOf: TestRendering.packageRoot.appendingPathComponent("Examples/seek-bar.json"))
      .timeline()
    var options = ExportOptions()
    options.selection = .time(0...1)
    let plan = try Exporter(outputDirectory: URL(fileURLWithPath: "/nonexistent"), options: options).plan([seekBar])[0]
    #expect(Backdrop.choose(for: plan) == .dark)
    // An opaque scene covers any backdrop.
    let opaque = try Exporter(outputDirectory: URL(fileURLWithPath: "/nonexistent"), options: ExportOptions()).plan([
      try ExportFixtures.scene()
    ])[0]
    #expect(Backdrop.choose(for: opaque) == .checker)
  }
}

/// The player in real headless Chromium: keys, playback, deep links, lazy loading, backdrops,
/// themes and the console.
@Suite(.enabled(if: BrowserDriver.isAvailable, Comment(rawValue: BrowserDriver.missing ?? "")), .browserPriority)
struct PlayerBrowserTests {
  /// `bar` (opaque, 1 s at 10 fps: 11 frames, events at 0, 0.25, 0.5) and `seek-bar`
  /// (transparent, 0–2 s at 60 fps: 121 frames at @2x).
  static func render() throws -> URL {
    let directory = try TestRendering.temporaryDirectory()
    // Examples/seek-bar.json cut to 2 s.
    let example = try String(
      contentsOf: TestRendering.packageRoot.appendingPathComponent("Examples/seek-bar.json"), encoding: .utf8)
    let cut = example.replacingOccurrences(of: "\"duration\": 10", with: "\"duration\": 2")
      .replacingOccurrences(of: "\"until\": 10", with: "\"until\": 2")
    let file = directory.appendingPathComponent("seek-bar.json")
    try Data(cut.utf8).write(to: file)
    let seekBar = try Scene.load(contentsOf: file, displayName: "seek-bar.json").timeline()
    #expect(seekBar.scene.duration == 2)
    let options = ExportFixtures.options([.png, .apng, .html])
    // One export for both, so one page lists both.
    _ = try Exporter(outputDirectory: directory, options: options, tool: "barframes test").export([
      try ExportFixtures.scene(name: "bar"), seekBar,
    ])
    return directory
  }

  static func page(_ directory: URL, _ hash: String = "") -> String {
    directory.appendingPathComponent("index.html").absoluteString + hash
  }

  @Test func keysStepAndLoopAndEveryMarkerSeeks() async throws {
    try await Self.keysStepAndLoopAndEveryMarkerSeeks(in: .chromium)
  }

  static func keysStepAndLoopAndEveryMarkerSeeks(in engine: BrowserEngine) async throws {
    let directory = try Self.render()
    defer { try? FileManager.default.removeItem(at: directory) }
    typealias B = BrowserDriver
    let run = try await B.run(
      [
        B.step("open", Self.page(directory)), B.waitFor("window.barframesPlayer"), B.observe("initial"),
        B.step("key", "\u{E014}"), B.observe("right"),  // ArrowRight (WebDriver key code)
        B.step("key", "\u{E012}"), B.step("key", "\u{E012}"), B.observe("wrapped"),  // ArrowLeft twice
        B.step("click", ".marker:nth-child(2)"), B.observe("marker"),
      ], engine: engine)
    #expect(run.consoleErrors.isEmpty, "\(run.consoleErrors)")
    let initial = try #require(run.observations["initial"])
    #expect(initial.string("scene") == "bar" && initial.number("position") == 0)
    #expect(initial.string("src") == "bar/bar-00.png" && initial.bool("displayedLoaded") == true)
    #expect(initial.number("naturalWidth") == 120)
    let right = try #require(run.observations["right"])
    #expect(right.number("position") == 1 && right.string("src") == "bar/bar-01.png")
    #expect(right.string("hash") == "#scene=bar&t=0.100000")
    #expect(right.number("scrub") == 1)
    #expect(right.string("clock")?.contains("0.100 s") == true)
    let wrapped = try #require(run.observations["wrapped"])
    #expect(wrapped.number("position") == 10 && wrapped.string("src") == "bar/bar-10.png")
    // Markers: one per event, placed at its time; the one at 0.25 s shows the first frame at or after it.
    guard case .array(let markers)? = initial["markers"] else {
      Issue.record("no markers")
      return
    }
    #expect(markers.map { $0.string("text") } == ["setProgress", "setProgress", "setProgress"])
    #expect(markers.map { $0.number("time") } == [0, 0.25, 0.5])
    #expect(markers.map { $0.string("left") } == ["0%", "25%", "50%"])
    #expect(run.observations["marker"]?.number("position") == 3)
  }

  @Test func playAdvancesAndPauseHolds() async throws {
    try await Self.playAdvancesAndPauseHolds(in: .chromium)
  }

  static func playAdvancesAndPauseHolds(in engine: BrowserEngine) async throws {
    let directory = try Self.render()
    defer { try? FileManager.default.removeItem(at: directory) }
    typealias B = BrowserDriver
    let run = try await B.run(
      [
        B.step("open", Self.page(directory, "#scene=seek-bar&t=0")), B.waitFor("window.barframesPlayer"),
        B.step("key", " "), B.sleep(0.8), B.observe("playing"),
        B.step("key", " "), B.observe("paused"), B.sleep(0.4), B.observe("later"),
      ], engine: engine)
    #expect(run.consoleErrors.isEmpty, "\(run.consoleErrors)")
    let playing = try #require(run.observations["playing"])
    #expect(playing.bool("playing") == true)
    // 0.8 s at 60 fps is about 48 frames; allow for loading and a slow machine, but it moved.
    #expect((playing.number("position") ?? 0) >= 5, "\(playing)")
    let paused = try #require(run.observations["paused"])
    let later = try #require(run.observations["later"])
    #expect(paused.bool("playing") == false)
    #expect(later.number("position") == paused.number("position"))
    #expect(later.string("src") == paused.string("src"))
    // The hash names the paused frame exactly.
    let position = Int(paused.number("position") ?? -1)
    #expect(paused.string("hash") == "#scene=seek-bar&t=\(String(format: "%.6f", Double(position) / 60))")
  }

  /// Speed 0.5× plays seek-bar (60 fps) at no more than about 30 frames a second; with loop off
  /// `bar` stops on its last frame, and play from there starts over.
  @Test func halfSpeedPlaysAtHalfTheRateAndLoopOffStopsAtTheEnd() async throws {
    let directory = try Self.render()
    defer { try? FileManager.default.removeItem(at: directory) }
    typealias B = BrowserDriver
    func sample(_ name: String) -> JSONValue {
      .object([
        .init("eval", .string("[window.barframesPlayer.state.pos, performance.now()]")), .init("as", .string(name)),
      ])
    }
    let run = try await B.run([
      B.step("open", Self.page(directory, "#scene=seek-bar&t=0&speed=0.5")),
      B.waitFor("window.barframesPlayer && document.getElementById('frameA').complete"), B.sleep(0.5),
      B.step("key", " "), B.sleep(0.3), sample("start"), B.sleep(1.2), sample("end"), B.step("key", " "),
      B.step("open", "about:blank"),
      B.step("open", Self.page(directory, "#scene=bar&t=0.800000&loop=0")), B.waitFor("window.barframesPlayer"),
      B.step("key", " "), B.waitFor("window.barframesPlayer.state.playing === false", timeout: 5), B.sleep(0.3),
      B.observe("ended"),
      B.step("key", " "), B.observe("again"),
    ])
    #expect(run.consoleErrors.isEmpty, "\(run.consoleErrors)")
    func pair(_ name: String) -> (Double, Double)? {
      guard case .array(let values)? = run.observations[name]?["value"], values.count == 2,
        case .number(let position) = values[0], case .number(let milliseconds) = values[1]
      else { return nil }
      return (position, milliseconds)
    }
    let start = try #require(pair("start"))
    let end = try #require(pair("end"))
    let rate = (end.0 - start.0) / ((end.1 - start.1) / 1000)
    // 0.5 × 60 = 30 frames a second; at 1× it would be 60.
    #expect(rate > 10 && rate < 36, "\(rate) frames a second")
    let ended = try #require(run.observations["ended"])
    #expect(ended.bool("playing") == false && ended.number("position") == 10 && ended.string("src") == "bar/bar-10.png")
    #expect(ended.string("hash") == "#scene=bar&t=1.000000&loop=0")
    let again = try #require(run.observations["again"])
    // Play at the end starts over: playing again, from before the last frame (how far it got
    // by the time of the observation depends on the machine's load).
    #expect(again.bool("playing") == true && (again.number("position") ?? 99) < 10, "\(again)")
  }

  @Test func aDeepLinkReproducesTheViewAndLoadsOnlyFramesNearThePlayhead() async throws {
    let directory = try Self.render()
    defer { try? FileManager.default.removeItem(at: directory) }
    typealias B = BrowserDriver
    let run = try await B.run([
      B.step("open", Self.page(directory, "#scene=seek-bar&t=1.000000&backdrop=light&zoom=4")),
      B.waitFor("window.barframesPlayer && document.getElementById('frameA').complete"), B.sleep(0.5),
      B.observe("deep"),
      .object([
        .init("eval", .string("performance.getEntriesByType('resource').filter(e => /\\.apng/.test(e.name)).length")),
        .init("as", .string("apng")),
      ]),
      B.step("open", "about:blank"),
      B.step("open", Self.page(directory, "#scene=seek-bar")), B.waitFor("window.barframesPlayer"), B.observe("auto"),
    ])
    #expect(run.consoleErrors.isEmpty, "\(run.consoleErrors)")
    let deep = try #require(run.observations["deep"])
    #expect(deep.string("scene") == "seek-bar" && deep.number("position") == 60)
    #expect(deep.string("src") == "seek-bar/seek-bar-060@2x.png" && deep.bool("displayedLoaded") == true)
    #expect(deep.number("cssWidth") == 3000 && deep.bool("pixelated") == true)
    #expect(deep.string("stageClass")?.contains("bd-light") == true)
    #expect(deep.string("hash") == "#scene=seek-bar&t=1.000000&backdrop=light&zoom=4")
    // Lazy: the frames around the playhead (4 behind, 24 ahead), not the 121 of the scene nor the APNG.
    let requested = deep.number("requested") ?? -1
    #expect(requested == 29, "\(deep)")
    #expect((deep.number("pngResources") ?? -1) <= 29)
    #expect(run.observations["apng"]?["value"] == .number(0))
    // A transparent white bar gets the dark backdrop by contrast; the stage is padded.
    let auto = try #require(run.observations["auto"])
    #expect(auto.string("stageClass")?.contains("bd-dark") == true)
    #expect(auto.string("stageBackground") == "rgb(30, 30, 30)")
    #expect(auto.string("stagePadding") == "16px")
  }

  @Test func backRestoresTheSceneAndTheScrubberAgreesWithThePicture() async throws {
    let directory = try Self.render()
    defer { try? FileManager.default.removeItem(at: directory) }
    typealias B = BrowserDriver
    let run = try await B.run([
      B.step("open", Self.page(directory, "#scene=bar&t=0.300000")), B.waitFor("window.barframesPlayer"),
      .object([.init("select", .string("#scene")), .init("value", .string("seek-bar"))]), B.observe("switched"),
      .object([.init("back", .bool(true))]), B.sleep(0.3), B.observe("back"),
      .object([.init("select", .string("#compare")), .init("value", .string("seek-bar"))]),
      .object([.init("select", .string("#mode")), .init("value", .string("diff"))]), B.observe("diff"),
    ])
    #expect(run.consoleErrors.isEmpty, "\(run.consoleErrors)")
    let switched = try #require(run.observations["switched"])
    #expect(switched.string("scene") == "seek-bar" && switched.number("position") == 18)  // 0.3 s at 60 fps
    let back = try #require(run.observations["back"])
    #expect(back.string("scene") == "bar" && back.number("position") == 3)
    #expect(back.number("scrub") == 3 && back.string("src") == "bar/bar-03.png")
    let diff = try #require(run.observations["diff"])
    #expect(diff.bool("overlayVisible") == true && diff.string("overlayClass") == "overlay diff")
    #expect(diff.string("overlaySrc") == "seek-bar/seek-bar-018@2x.png")
    #expect(diff.string("hash")?.contains("compare=seek-bar&mode=diff") == true)
  }

  @Test(arguments: [false, true])
  func thePageThemeFollowsTheSystem(dark: Bool) async throws {
    let directory = try Self.render()
    defer { try? FileManager.default.removeItem(at: directory) }
    typealias B = BrowserDriver
    let run = try await B.run(
      [B.step("open", Self.page(directory)), B.waitFor("window.barframesPlayer"), B.observe("page")],
      darkColorScheme: dark)
    #expect(run.observations["page"]?.string("bodyBackground") == (dark ? "rgb(27, 27, 27)" : "rgb(244, 244, 244)"))
  }
}
