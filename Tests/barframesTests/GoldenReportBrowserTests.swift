import BarFrames
import BarFramesTestSupport
import Foundation
import Testing

/// `golden verify --report` as a reviewer opens it: the player page in real headless Chromium,
/// stepping through every failing frame, swiping between reference and actual (checked on the
/// screen's pixels), zooming and switching backdrops, with no console errors.
@Suite(.enabled(if: BrowserDriver.isAvailable, Comment(rawValue: BrowserDriver.missing ?? "")), .browserPriority, .serialized)
struct GoldenReportBrowserTests {
  static func style(background: String) -> String {
    #"{"version": 1, "design": "bent-line", "size": [160, 100], "background": "\#(background)"}"#
  }

  /// Two scenes recorded on #223344 and verified on #AA3344 at 0 s and 1 s: four failing frames.
  static func report() throws -> URL {
    let directory = try TestRendering.temporaryDirectory()
    let style = directory.appendingPathComponent("style.json")
    try Data(Self.style(background: "#223344").utf8).write(to: style)
    for name in ["a", "b"] {
      try Data(
        #"{"version": 1, "style": "style.json", "duration": 1, "events": [{"at": 0.5, "call": "setProgress", "args": {"value": 0.5}}]}"#
          .utf8
      )
      .write(to: directory.appendingPathComponent("\(name).json"))
    }
    let times = ["--at", "0", "--at", "1"]
    let record = try CommandRunner.run(
      ["golden", "record", "a.json", "b.json", "--golden", "goldens"] + times, in: directory)
    #expect(record.exitCode == 0, "\(record.stderr)")
    try Data(Self.style(background: "#AA3344").utf8).write(to: style)
    let verify = try CommandRunner.run(
      ["golden", "verify", "a.json", "b.json", "--golden", "goldens", "--report", "report"] + times, in: directory)
    #expect(verify.exitCode == 2, "\(verify.stderr)")
    return directory
  }

  /// Two points in the top band of the displayed frame (background only): a quarter and three
  /// quarters across.
  static let points = """
    (function () { var r = document.getElementById('frameA').getBoundingClientRect();
      return [[r.left + r.width * 0.25, r.top + 3], [r.left + r.width * 0.75, r.top + 3]]; })()
    """

  static func colours(_ value: JSONValue?) -> [[Double]] {
    guard case .array(let points)? = value?["value"] else { return [] }
    return points.map { point in
      guard case .array(let channels) = point else { return [] }
      return channels.compactMap { if case .number(let n) = $0 { n } else { nil } }
    }
  }

  static func near(_ colour: [Double], _ expected: [Double]) -> Bool {
    colour.count == 3 && zip(colour, expected).allSatisfy { abs($0 - $1) <= 2 }
  }

  @Test func itStepsThroughEveryFailingFrameAndTheSwipeMovesBetweenReferenceAndActual() async throws {
    let directory = try Self.report()
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appendingPathComponent("report/index.html").absoluteString
    let loaded =
      "window.barframesPlayer && ['frameA', 'overlay', 'frameC'].every(function (id) { var i = document.getElementById(id); return i.complete && i.naturalWidth > 0; })"
    typealias B = BrowserDriver
    func eval(_ js: String, _ name: String) -> JSONValue {
      .object([.init("eval", .string(js)), .init("as", .string(name))])
    }
    func pixels(_ name: String) -> JSONValue {
      .object([.init("pixels", .string(Self.points)), .init("as", .string(name))])
    }
    let run = try await B.run([
      B.step("open", page), B.waitFor(loaded), B.observe("0"),
      eval("document.getElementById('frameC').getAttribute('src')", "diff0"),
      eval("document.getElementById('note').textContent", "note0"),
      pixels("half"),
      // Real input on the slider: End puts the divider at the right edge, Home at the left.
      B.step("click", "#swipe"), B.step("key", "\u{E010}"), B.sleep(0.2), pixels("end"),
      eval("location.hash", "hashEnd"),
      B.step("key", "\u{E011}"), B.sleep(0.2), pixels("home"),
      B.step("key", "\u{E014}"), B.waitFor(loaded), B.observe("1"),
      B.step("key", "\u{E014}"), B.waitFor(loaded), B.observe("2"),
      B.step("key", "\u{E014}"), B.waitFor(loaded), B.observe("3"),
      .object([.init("select", .string("#zoom")), .init("value", .string("4"))]),
      .object([.init("select", .string("#backdrop")), .init("value", .string("dark"))]), B.observe("zoomed"),
    ])
    #expect(run.consoleErrors.isEmpty, "\(run.consoleErrors)")

    // Every failing frame, in order: reference under the swipe, actual over it, diff beside.
    let frames = ["a_t0.000", "a_t1.000", "b_t0.000", "b_t1.000"]
    for (position, frame) in frames.enumerated() {
      let seen = try #require(run.observations[String(position)])
      #expect(seen.number("position") == Double(position))
      #expect(seen.string("src") == "\(frame)/reference.png", "\(seen)")
      #expect(seen.string("overlaySrc") == "\(frame)/actual.png", "\(seen)")
      #expect(seen.bool("displayedLoaded") == true && seen.number("naturalWidth") == 160)
      #expect(seen.bool("overlayVisible") == true)
      #expect(seen.string("clock") == "\(position + 1) of 4 · \(frame)")
      #expect(seen.string("scene") == "reference")
    }
    #expect(
      run.observations["3"]?.string("hash")?.hasPrefix("#scene=reference&t=3") == true,
      "\(run.observations["3"] ?? .null)")
    #expect(run.observations["diff0"]?["value"] == .string("a_t0.000/diff.png"))
    if case .string(let note)? = run.observations["note0"]?["value"] {
      #expect(note.hasPrefix("a_t0.000 does not match its golden"), "\(note)")
    } else {
      Issue.record("no note")
    }
    guard case .array(let markers)? = run.observations["0"]?["markers"] else {
      Issue.record("no markers")
      return
    }
    #expect(markers.map { $0.string("text") } == ["a ×2", "b ×2"])

    // The swipe, on the screen: reference (#223344) left of the divider, actual (#AA3344) right of it.
    let reference: [Double] = [0x22, 0x33, 0x44]
    let actual: [Double] = [0xAA, 0x33, 0x44]
    let half = Self.colours(run.observations["half"])
    let end = Self.colours(run.observations["end"])
    let home = Self.colours(run.observations["home"])
    #expect(half.count == 2 && Self.near(half[0], reference) && Self.near(half[1], actual), "\(half)")
    #expect(end.count == 2 && end.allSatisfy { Self.near($0, reference) }, "\(end)")
    #expect(home.count == 2 && home.allSatisfy { Self.near($0, actual) }, "\(home)")
    #expect(run.observations["hashEnd"]?["value"] == .string("#scene=reference&t=0&swipe=100"))

    // The player's zoom to pixels and backdrop toggle.
    let zoomed = try #require(run.observations["zoomed"])
    #expect(zoomed.number("cssWidth") == 640 && zoomed.bool("pixelated") == true)
    #expect(zoomed.string("stageClass") == "stage bd-dark")
  }
}
