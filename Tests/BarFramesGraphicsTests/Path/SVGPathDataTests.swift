import BarFramesGraphics
import Testing

@Suite struct SVGPathDataTests {
  @Test(arguments: [
    "M25 76 L106 91 L295 76",
    "M0 0 Q50 -100 100 0 Z",
    "M1.5 2.25 C3 4 5 6 7 8 L-1 -2.125 Z M10 10 L20 20",
  ])
  func roundTrips(data: String) throws {
    #expect(try Path(svgPathData: data).svgPathData == data)
  }

  @Test func readsRelativeImplicitAndShorthandForms() throws {
    let path = try Path(svgPathData: "m10,10 20 0 v5 h-20 z M0 0 1e1 0")
    #expect(path.svgPathData == "M10 10 L30 10 L30 15 L10 15 Z M0 0 L10 0")
  }

  @Test func writesRoundedNumbers() {
    let path = Path(polyline: [Point(0.12345, 1.0 / 3), Point(-0.0001, 2)])
    #expect(path.svgPathData == "M0.123 0.333 L0 2")
  }

  @Test(arguments: [
    ("L10 10", "must start with M", 0),
    ("M10", "expected a number", 3),
    ("M0 0 X 5", "unsupported command", 5),
    ("M0 0 L1 2 3", "expected a number", 11),
    ("M0 0 Lx", "expected a number", 6),
    ("M0 0 Z 5", "unexpected text after Z", 7),
  ])
  func badInputNamesTheOffendingText(data: String, reason: String, offset: Int) {
    #expect {
      try Path(svgPathData: data)
    } throws: { error in
      guard let error = error as? SVGPathParseError else { return false }
      return error.reason.contains(reason) && error.offset == offset && "\(error)".contains("invalid SVG path data")
    }
  }
}
