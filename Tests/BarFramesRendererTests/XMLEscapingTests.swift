import Testing

@testable import BarFramesRenderer

/// Text in an SVG document: what XML needs escaped is escaped, what it cannot carry is replaced,
/// and everything else (most values: numbers, path data, ids) comes back as it is.
@Suite struct XMLEscapingTests {
  @Test(arguments: [
    ("M10 20.5L-3 .25Z", "M10 20.5L-3 .25Z"),
    ("a & b < c > d \"e\" 'f'", "a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;"),
    ("tab\there\nline\rend", "tab&#9;here&#10;line&#13;end"),
    ("bell\u{07}", "bell\u{FFFD}"),
    ("not a character: \u{FFFE}\u{FFFF}", "not a character: \u{FFFD}\u{FFFD}"),
    ("café 100 % ✓ \u{FFFD} \u{F000}", "café 100 % ✓ \u{FFFD} \u{F000}"),
    ("", ""),
  ])
  func escapesWhatXMLNeedsAndKeepsTheRest(_ text: String, _ escaped: String) {
    #expect(text.xmlEscaped == escaped)
  }
}
