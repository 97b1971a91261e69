import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import FoundationXML
import Testing

/// `barframes golden record|verify` and their exit codes: 0 match, 2 mismatch, 1 error, 64 usage.
@Suite struct GoldenCommandTests {
  /// The customizable bar, 20 × 10 pt on black, bar height 2, square corners, value 0.5: the
  /// top-left pixel is plain black and 200 pixels in all (see BarFramesTestingTests' fixture).
  static let bar = #"""
    {"version": 1, "style": {"version": 1, "design": "customizable-bar", "size": [20, 10], "background": "black",
      "barHeight": 2, "cornerRadius": 0}, "duration": 1, "events": [{"at": 0, "call": "setValue", "args": {"value": 0.5}}]}
    """#

  /// A folder holding `bar.json` and its golden at 1 s whose top-left pixel's red is `red`
  /// instead of the rendered 0.
  func barWithGolden(red: UInt8) throws -> URL {
    let directory = try TestRendering.temporaryDirectory()
    try Data(Self.bar.utf8).write(to: directory.appendingPathComponent("bar.json"))
    let record = try CommandRunner.run(
      ["golden", "record", "bar.json", "--golden", "goldens", "--at", "1"], in: directory)
    #expect(record.exitCode == 0, "\(record.stderr)")
    let url = directory.appendingPathComponent("goldens/bar/bar_t1.000.png")
    var golden = try PNGDecoder.decode(Array(try Data(contentsOf: url)))
    #expect(golden[0, 0] == .init(red: 0, green: 0, blue: 0, alpha: 255))
    golden[0, 0] = .init(red: red, green: 0, blue: 0, alpha: 255)
    try Data(try PNGEncoder().encode(golden)).write(to: url)
    return directory
  }

  func verify(_ arguments: [String], in directory: URL) throws -> CommandRunner.Result {
    try CommandRunner.run(
      ["golden", "verify", "bar.json", "--golden", "goldens", "--at", "1"] + arguments, in: directory)
  }

  @Test func recordThenVerifyThenDetectAStyleChange() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let style = directory.appendingPathComponent("style.json")
    try Data(#"{"version": 1, "design": "bent-line", "size": [160, 100]}"#.utf8).write(to: style)
    try Data(
      #"{"version": 1, "style": "style.json", "duration": 1, "events": [{"at": 0.5, "call": "setProgress", "args": {"value": 0.5}}]}"#
        .utf8
    )
    .write(to: directory.appendingPathComponent("sweep.json"))
    let record = try CommandRunner.run(["golden", "record", "sweep.json", "--golden", "goldens"], in: directory)
    #expect(record.exitCode == 0, "\(record.stderr)")
    // Key times: 0, 0.25, 0.5 (also the event), 0.75, 1.
    let files = try FileManager.default.contentsOfDirectory(
      atPath: directory.appendingPathComponent("goldens/sweep").path
    ).sorted()
    #expect(
      files == ["sweep_t0.000.png", "sweep_t0.250.png", "sweep_t0.500.png", "sweep_t0.750.png", "sweep_t1.000.png"])

    let verify = try CommandRunner.run(["golden", "verify", "sweep.json", "--golden", "goldens"], in: directory)
    #expect(verify.exitCode == 0, "\(verify.stderr)")
    #expect(verify.stdout == "5 of 5 frames match (tolerance: ±1 per channel, no pixel beyond)\n")

    try Data(##"{"version": 1, "design": "bent-line", "size": [160, 100], "strokeColor": "#FF0000"}"##.utf8).write(
      to: style)
    let changed = try CommandRunner.run(
      ["golden", "verify", "sweep.json", "--golden", "goldens", "--report", "report", "--junit", "ci/junit.xml"],
      in: directory)
    #expect(changed.exitCode == 2)
    #expect(changed.stderr.contains("MISMATCH sweep_t0.500"))
    #expect(changed.stderr.contains("tolerance: ±1 per channel, no pixel beyond"))
    // Verify checks the key times, so the hint re-records the key times: no --at.
    #expect(changed.stderr.contains("re-record with: barframes golden record sweep.json --golden goldens\n"))
    let report = try String(contentsOf: directory.appendingPathComponent("report/index.html"), encoding: .utf8)
    #expect(report.contains("sweep_t0.500/reference.png") && report.contains("sweep_t0.500/diff.png"))
    #expect(report.contains("Tolerance: ±1 per channel, no pixel beyond"))
    #expect(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("report/sweep_t0.500/actual.png").path))

    // JUnit: one testcase per frame, a failure for each MISMATCH line.
    let document = try XMLDocument(contentsOf: directory.appendingPathComponent("ci/junit.xml"))
    let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    #expect(cases.compactMap { $0.attribute(forName: "name")?.stringValue } == files.map { String($0.dropLast(4)) })
    let failures = try document.nodes(forXPath: "//testcase/failure").compactMap { $0 as? XMLElement }
    let mismatches = changed.stderr.split(separator: "\n").filter { $0.hasPrefix("MISMATCH ") }
    #expect(failures.count == mismatches.count && !failures.isEmpty)
    #expect(
      failures.compactMap { $0.attribute(forName: "message")?.stringValue }
        == mismatches.map { String($0.dropFirst(9)) })
  }

  @Test func theDefaultFailsOneChannelOffByTwoAndPassesOffByOne() throws {
    let offByOne = try barWithGolden(red: 1)
    defer { try? FileManager.default.removeItem(at: offByOne) }
    #expect(try verify([], in: offByOne).exitCode == 0)

    let offByTwo = try barWithGolden(red: 2)
    defer { try? FileManager.default.removeItem(at: offByTwo) }
    let strict = try verify([], in: offByTwo)
    #expect(strict.exitCode == 2)
    #expect(
      strict.stderr.contains(
        "1 of 200 pixels (0.5 %) differs by more than 1 per channel (largest difference 2, first at x 0, y 0); "
          + "tolerance: ±1 per channel, no pixel beyond"))
    #expect(strict.stderr.contains("re-record with: barframes golden record bar.json --golden goldens --at 1\n"))
    #expect(strict.stdout == "0 of 1 frames match (tolerance: ±1 per channel, no pixel beyond)\n")
    // Looser by explicit choice: 1 of 200 pixels is 0.5 %.
    #expect(try verify(["--tolerance", "2"], in: offByTwo).exitCode == 0)
    #expect(try verify(["--max-pixels", "1"], in: offByTwo).exitCode == 0)
    #expect(try verify(["--max-ratio", "0.005"], in: offByTwo).exitCode == 0)
    #expect(try verify(["--max-ratio", "0.004"], in: offByTwo).exitCode == 2)
    let loose = try verify(["--max-pixels", "1", "--ignore-antialiasing"], in: offByTwo)
    #expect(
      loose.stdout
        == "1 of 1 frames match (tolerance: ±1 per channel, at most 1 pixel beyond, anti-aliased edges ignored)\n")
  }

  @Test(arguments: [
    (["--tolerance", "255"], "'--tolerance' must be 0…254 (255 would pass any image); got 255"),
    (["--tolerance=-1"], "'--tolerance' must be 0…254 (255 would pass any image); got -1"),
    (["--max-ratio", "1"], "'--max-ratio' must be at least 0 and below 1 (1 would pass any image); got 1.0"),
    (["--max-ratio", "nan"], "'--max-ratio' must be at least 0 and below 1 (1 would pass any image); got nan"),
    (["--max-ratio=-0.5"], "'--max-ratio' must be at least 0 and below 1 (1 would pass any image); got -0.5"),
    (["--max-pixels=-3"], "'--max-pixels' must be 0 or more; got -3"),
    // The frame is 20 × 10 = 200 pixels.
    (
      ["--max-pixels", "200"],
      "'--max-pixels' must be fewer than the image's 200 pixels (200 would pass any image); got 200"
    ),
  ])
  func aToleranceThatWouldPassAnyImageIsAUsageErrorOnOneLine(flags: [String], message: String) throws {
    let directory = try barWithGolden(red: 0)
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try verify(flags, in: directory)
    #expect(result.exitCode == 64)
    #expect(result.stderr == "barframes: error: \(message)\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func reportAcceptsAnHTMLFileAsTheREADMESaysOrAFolder() throws {
    let directory = try barWithGolden(red: 9)
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try verify(["--report", "out/report.html"], in: directory).exitCode == 2)
    let page = try String(contentsOf: directory.appendingPathComponent("out/report.html"), encoding: .utf8)
    // The player's data links the images relative to the page.
    #expect(page.contains(#""path":"report/bar_t1.000/diff.png""#))
    #expect(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/report/bar_t1.000/diff.png").path))
    #expect(try verify(["--report", "folder"], in: directory).exitCode == 2)
    let index = try String(contentsOf: directory.appendingPathComponent("folder/index.html"), encoding: .utf8)
    #expect(index.contains(#""path":"bar_t1.000/reference.png""#))
  }

  @Test func junitEscapesWhatMessagesCarry() throws {
    // A scene whose name needs escaping everywhere it appears: suite, testcase and message.
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let name = #"a&b<c>"d'e"#
    try Data(Self.bar.utf8).write(to: directory.appendingPathComponent("\(name).json"))
    let result = try CommandRunner.run(
      ["golden", "verify", "\(name).json", "--golden", "g", "--at", "1", "--junit", "j.xml"], in: directory)
    #expect(result.exitCode == 2)
    let document = try XMLDocument(contentsOf: directory.appendingPathComponent("j.xml"))
    let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
    #expect(suite.attribute(forName: "name")?.stringValue == name)
    let testcase = try #require(suite.elements(forName: "testcase").first)
    #expect(testcase.attribute(forName: "name")?.stringValue == "\(name)_t1.000")
    let message = try #require(testcase.elements(forName: "failure").first?.attribute(forName: "message")?.stringValue)
    #expect(message.hasPrefix("\(name)_t1.000: no golden at "))
  }

  @Test(.enabled(if: ExternalTools.path("xmllint") != nil, "needs xmllint"))
  func junitPassesXmllint() throws {
    let directory = try barWithGolden(red: 9)
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try verify(["--junit", "j.xml"], in: directory).exitCode == 2)
    let lint = try ExternalTools.run(
      try #require(ExternalTools.path("xmllint")), ["--noout", directory.appendingPathComponent("j.xml").path])
    #expect(lint.status == 0, "\(lint.stderr)")
  }

  @Test func errorsAndUsage() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = try CommandRunner.run(["golden", "verify", "none.json", "--golden", "g"], in: directory)
    #expect(missing.exitCode == 65)
    let both = try CommandRunner.run(
      ["golden", "verify", "none.json", "--golden", "g", "--max-pixels", "1", "--max-ratio", "0.1"], in: directory)
    #expect(both.exitCode == 64)
    #expect(both.stderr.contains("'--max-pixels' and '--max-ratio' are mutually exclusive"))
    try Data(#"{"version": 1, "style": {"version": 1, "design": "bent-line"}, "duration": 1}"#.utf8)
      .write(to: directory.appendingPathComponent("s.json"))
    let noGolden = try CommandRunner.run(["golden", "verify", "s.json", "--golden", "g", "--at", "0"], in: directory)
    #expect(noGolden.exitCode == 2)
    #expect(noGolden.stderr.contains("no golden at"))
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("g/s"), withIntermediateDirectories: true)
    try Data("not a png".utf8).write(to: directory.appendingPathComponent("g/s/s_t0.000.png"))
    let unreadable = try CommandRunner.run(
      ["golden", "verify", "s.json", "--golden", "g", "--at", "0", "--junit", "j.xml"], in: directory)
    #expect(unreadable.exitCode == 1)
    #expect(unreadable.stderr.contains("cannot be compared"))
    let junit = try String(contentsOf: directory.appendingPathComponent("j.xml"), encoding: .utf8)
    #expect(junit.contains("errors=\"1\""))
  }

  /// A golden would be written over the icon its scene draws — kept in the golden folder under
  /// the golden's name, or reached from it by a link: refused before any golden is written
  /// (exit 73, one line naming it), the icon left as it was.
  @Test func recordRefusesAGoldenThatIsAnInput() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let icons = directory.appendingPathComponent("goldens/bar")
    try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
    let icon = icons.appendingPathComponent("bar_t1.000.png")
    try FileManager.default.copyItem(
      at: TestRendering.packageRoot.appendingPathComponent("Styles/video-player-icon.png"), to: icon)
    let before = try Data(contentsOf: icon)
    try Data(
      #"{"version": 1, "style": {"version": 1, "design": "customizable-bar", "size": [20, 10], "progressBarIconImage": "goldens/bar/bar_t1.000.png"}, "duration": 1}"#
        .utf8
    ).write(to: directory.appendingPathComponent("bar.json"))
    let linked = directory.appendingPathComponent("linked/bar")
    try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: linked.appendingPathComponent("bar_t1.000.png"), withDestinationURL: icon)
    for golden in ["goldens", "linked"] {
      let result = try CommandRunner.run(
        ["golden", "record", "bar.json", "--golden", golden, "--at", "0", "--at", "1"], in: directory)
      #expect(result.exitCode == 73, "\(golden): \(result.stderr)")
      let target = directory.appendingPathComponent("\(golden)/bar/bar_t1.000.png").path
      #expect(
        result.stderr
          == "barframes: error: \(target) is an input of this render (a scene, style, icon or probe file) and would be overwritten; choose another output\n"
      )
      // Refused before the first golden (at 0 s) was written.
      let first = directory.appendingPathComponent("\(golden)/bar/bar_t0.000.png")
      #expect(!FileManager.default.fileExists(atPath: first.path))
    }
    #expect(try Data(contentsOf: icon) == before)
    let elsewhere = try CommandRunner.run(
      ["golden", "record", "bar.json", "--golden", "other", "--at", "0", "--at", "1"], in: directory)
    #expect(elsewhere.exitCode == 0, "\(elsewhere.stderr)")
  }
}
