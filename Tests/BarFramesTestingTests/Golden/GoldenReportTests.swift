import BarFramesGolden
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

  @Test func htmlShowsFailuresAndTheToleranceEscaped() {
    let html = report.html(pageDirectory: URL(fileURLWithPath: "/r"))
    #expect(html.contains("<p>Tolerance: ±1 per channel, no pixel beyond</p>"))
    #expect(html.contains("<h2>bar_t0.500</h2><p>a&lt;b &amp; &quot;c&quot;"))
    #expect(!html.contains("<h2>bar_t0.000</h2>"))
    #expect(html.contains("<h2>x&amp;y_t1.000</h2><p>error: unreadable</p>"))
  }
}
