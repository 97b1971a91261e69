import BarFrames
import BarFramesGolden
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import FoundationXML
import Testing

/// The HTML and JUnit reports of `golden verify`, on hand-built results.
@Suite struct GoldenReportTests {
  static let nasty = "a<b & \"c\" 'd'\nline two\u{1}"

  let report = GoldenReport(
    tolerance: .default,
    frames: [
      .init(scene: "bar", name: "bar_t0.000", status: .matched, seconds: 0.25),
      .init(scene: "bar", name: "bar_t0.500", status: .failed(message: nasty, artifacts: nil), seconds: 0.5),
      .init(scene: "x&y", name: "x&y_t1.000", status: .error(message: "unreadable"), seconds: 0.125),
    ])

  @Test func escapingCoversMarkupQuotesLineBreaksAndForbiddenControls() {
    #expect(GoldenReport.escaped(Self.nasty) == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&#10;line two\u{FFFD}")
  }

  @Test func countsAndSummarySayTheTolerance() {
    #expect(report.matched == 1 && report.failures == 1 && report.errors == 1)
    #expect(report.summary == "1 of 3 frames match (tolerance: ±1 per channel, no pixel beyond)")
  }

  @Test func junitIsValidXMLWithOneTestcasePerFrameAndTheMessages() throws {
    let xml = report.junitXML()
    let document = try XMLDocument(data: Data(xml.utf8))
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    #expect(root.attribute(forName: "tests")?.stringValue == "3")
    #expect(root.attribute(forName: "failures")?.stringValue == "1")
    #expect(root.attribute(forName: "errors")?.stringValue == "1")
    #expect(root.attribute(forName: "time")?.stringValue == "0.875")
    let suites = root.elements(forName: "testsuite")
    try #require(suites.count == 2)
    #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["bar", "x&y"])
    let cases = suites.flatMap { $0.elements(forName: "testcase") }
    #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["bar_t0.000", "bar_t0.500", "x&y_t1.000"])
    try #require(cases.count == 3)
    #expect(cases[0].children == nil || cases[0].children?.isEmpty == true)
    let failure = try #require(cases[1].elements(forName: "failure").first)
    // The message survives the round trip, except the control character XML cannot hold.
    let expected = "a<b & \"c\" 'd'\nline two\u{FFFD}"
    #expect(failure.attribute(forName: "message")?.stringValue == expected)
    #expect(failure.stringValue == expected)
    #expect(cases[2].elements(forName: "error").first?.stringValue == "unreadable")
    let property = try #require(suites[0].elements(forName: "properties").first?.elements(forName: "property").first)
    #expect(property.attribute(forName: "value")?.stringValue == "±1 per channel, no pixel beyond")
  }

  @Test func thePageListsWhatItCannotShowEscapedAndSaysTheTolerance() {
    let html = report.html(pageDirectory: URL(fileURLWithPath: "/r"))
    #expect(html.contains("<p>Tolerance: ±1 per channel, no pixel beyond</p>"))
    // Frames without images (here a recorded one and an error) are listed under the player.
    #expect(html.contains("<li><strong>bar_t0.500</strong>: a&lt;b &amp; &quot;c&quot;"))
    #expect(html.contains("<li><strong>x&amp;y_t1.000</strong>: error: unreadable</li>"))
    #expect(!html.contains("bar_t0.000"))
    // It is the player page.
    #expect(html.contains("id=\"barframes-data\"") && html.contains("window.barframesPlayer"))
  }

  /// Two scenes' failures with real images: the page data lines up reference, actual and diff
  /// item by item, with sizes, backdrops by contrast, relative paths and one band per scene.
  @Test func thePlayerDataLinesUpReferenceActualAndDiff() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func artifacts(_ name: String, reference: Bool) throws -> GoldenCheck.Artifacts {
      let folder = directory.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      func write(_ file: String, _ pixel: RGBAImage.Pixel) throws -> URL {
        let url = folder.appendingPathComponent(file)
        try Data(try PNGEncoder().encode(RGBAImage(width: 6, height: 3, filledWith: pixel))).write(to: url)
        return url
      }
      let actual = try write("actual.png", .init(red: 255, green: 255, blue: 255, alpha: 200))
      guard reference else { return .init(directory: folder, reference: nil, actual: actual, diff: nil) }
      return .init(
        directory: folder, reference: try write("reference.png", .init(red: 0, green: 0, blue: 0)), actual: actual,
        diff: try write("diff.png", .init(red: 255, green: 0, blue: 255)))
    }
    let report = GoldenReport(
      tolerance: .default,
      frames: [
        .init(
          scene: "a", name: "a_t0.000",
          status: .failed(message: "one", artifacts: try artifacts("a_t0.000", reference: true)), seconds: 0),
        .init(scene: "a", name: "a_t1.000", status: .matched, seconds: 0),
        .init(
          scene: "a", name: "a_t2.000",
          status: .failed(message: "two", artifacts: try artifacts("a_t2.000", reference: true)), seconds: 0),
        .init(
          scene: "b c", name: "b c_t0.000",
          status: .failed(message: "three", artifacts: try artifacts("b c_t0.000", reference: false)), seconds: 0),
      ],
      scale: 2)
    let data = report.playerData(pageDirectory: directory)
    #expect(data["defaults"]?.string("scene") == "reference" && data["defaults"]?.string("compare") == "actual")
    #expect(data["defaults"]?.string("mode") == "swipe" && data.string("extra") == "diff")
    #expect(data.string("summary") == "1 of 4 frames match (tolerance: ±1 per channel, no pixel beyond)")
    guard case .array(let scenes)? = data["scenes"], scenes.count == 3 else {
      Issue.record("\(data)")
      return
    }
    #expect(scenes.map { $0.string("name") } == ["reference", "actual", "diff"])
    func items(_ scene: JSONValue) -> [JSONValue] {
      if case .array(let list)? = scene["frames"]?["items"] { return list }
      return []
    }
    #expect(items(scenes[0]).map { $0.string("label") } == ["a_t0.000", "a_t2.000", "b c_t0.000"])
    #expect(
      items(scenes[1]).map { $0.string("path") } == [
        "a_t0.000/actual.png", "a_t2.000/actual.png", "b c_t0.000/actual.png",
      ])
    #expect(items(scenes[2]).map { $0.string("path") } == ["a_t0.000/diff.png", "a_t2.000/diff.png", nil])
    #expect(items(scenes[0]).map { $0.string("message") } == ["one", "two", "three"])
    #expect(items(scenes[0])[2].bool("missing") == true)
    let reference = items(scenes[0])[0]
    let actual = items(scenes[1])[0]
    #expect(reference.number("width") == 6 && reference.number("height") == 3 && reference.number("scale") == 2)
    #expect(reference.bool("transparent") == false && reference.string("backdrop") == "checker")
    // A translucent white frame gets the dark backdrop by contrast.
    #expect(actual.bool("transparent") == true && actual.string("backdrop") == "dark")
    guard case .array(let bands)? = scenes[0]["events"] else {
      Issue.record("no bands")
      return
    }
    #expect(bands.map { $0.string("call") } == ["a", "b c"])
    #expect(bands.map { $0.number("at") } == [0, 2] && bands.map { $0.number("count") } == [2, 1])
  }
}
