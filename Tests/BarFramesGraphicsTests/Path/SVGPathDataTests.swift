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

/// Relative path data, read back by our own parser (which follows SVG's grammar), lands on the
/// rounded points with no error piling up, and is shorter than the absolute form.
@Suite struct RelativeSVGPathDataTests {
  /// The path with every point rounded to 3 decimals and each line back to a subpath's start
  /// just before its close left out: what the relative data must read back as.
  static func expected(_ path: Path) -> [PathElement] {
    func r(_ p: Point) -> Point { Point(x: (p.x * 1000).rounded() / 1000, y: (p.y * 1000).rounded() / 1000) }
    var result: [PathElement] = []
    var start = Point(0, 0)
    for (i, element) in path.elements.enumerated() {
      switch element {
      case .move(let p):
        start = r(p)
        result.append(.move(to: start))
      case .line(let p):
        if r(p) == start, i + 1 < path.elements.count, path.elements[i + 1] == .closeSubpath { continue }
        result.append(.line(to: r(p)))
      case .quadCurve(let p, let c): result.append(.quadCurve(to: r(p), control: r(c)))
      case .curve(let p, let c1, let c2): result.append(.curve(to: r(p), control1: r(c1), control2: r(c2)))
      case .closeSubpath: result.append(.closeSubpath)
      }
    }
    return result
  }

  /// The element's points with its kind first (as x: kind), so two elements compare point by point.
  static func points(_ element: PathElement) -> [Point] {
    switch element {
    case .move(let p): [Point(0, 0), p]
    case .line(let p): [Point(1, 0), p]
    case .quadCurve(let p, let c): [Point(2, 0), c, p]
    case .curve(let p, let c1, let c2): [Point(3, 0), c1, c2, p]
    case .closeSubpath: [Point(4, 0)]
    }
  }

  @Test func aHandWrittenPathIsWrittenAtItsShortest() {
    var path = Path()
    path.move(to: Point(10.5, 2))
    path.addLine(to: Point(12, 2))  // h1.5
    path.addLine(to: Point(12, 2.25))  // v.25
    path.addLine(to: Point(12, 3))  // v.75, the letter left out
    path.addQuadCurve(to: Point(11, 4), control: Point(12, 4))  // q0 1-1 1
    path.addLine(to: Point(10.5, 2))  // back to the start: z draws it
    path.closeSubpath()
    path.move(to: Point(0.0004, -0.0006))  // rounds to (0, -.001)
    path.addLine(to: Point(1, 1))
    path.closeSubpath()
    #expect(path.relativeSVGPathData(decimals: 3) == "m10.5 2h1.5v.25.75q0 1-1 1zm-10.5-2.001l1 1.001z")
  }

  /// SVG's `t`: the control point is the reflection of the previous curve's in the current
  /// point. Written only where the rounded points reflect exactly, and never after a line.
  @Test func aQuadraticCurveWhoseControlReflectsThePreviousOneIsWrittenAsT() throws {
    var path = Path()
    path.move(to: Point(0, 0))
    path.addQuadCurve(to: Point(2, 0), control: Point(1, 1))
    path.addQuadCurve(to: Point(4, 0), control: Point(3, -1))  // reflects (1, 1) in (2, 0): t2 0
    path.addQuadCurve(to: Point(6, 0), control: Point(5, 1.001))  // off by a thousandth: q
    path.addLine(to: Point(7, 0))
    path.addQuadCurve(to: Point(9, 0), control: Point(8, 1))  // after a line: q
    let data = path.relativeSVGPathData(decimals: 3)
    #expect(data == "m0 0q1 1 2 0t2 0q1 1.001 2 0h1q1 1 2 0")
    #expect(try Path(svgPathData: data).elements == Self.expected(path))
  }

  @Test(arguments: [0, 1, 2, 3])
  func aPathReadsBackAsItsRoundedPoints(seed: UInt64) throws {
    // A linear congruential sequence: the same paths on every run.
    var state = seed &+ 1
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    func coordinate() -> Double { Double(next() % 2_000_000) / 7919 - 120 }
    var path = Path()
    for _ in 0..<5 {
      let start = Point(coordinate(), coordinate())
      path.move(to: start)
      for _ in 0..<30 {
        switch next() % 4 {
        case 0: path.addLine(to: Point(coordinate(), coordinate()))
        case 1: path.addQuadCurve(to: Point(coordinate(), coordinate()), control: Point(coordinate(), coordinate()))
        case 2:
          path.addCurve(
            to: Point(coordinate(), coordinate()), control1: Point(coordinate(), coordinate()),
            control2: Point(coordinate(), coordinate()))
        default: path.addLine(to: Point(path.currentPoint?.x ?? 0, coordinate()))
        }
      }
      path.addLine(to: start)
      path.closeSubpath()
    }
    let relative = path.relativeSVGPathData(decimals: 3)
    let read = try Path(svgPathData: relative)
    let expected = Self.expected(path)
    try #require(read.elements.count == expected.count)
    for (a, b) in zip(read.elements, expected) {
      #expect(Self.points(a).count == Self.points(b).count, "\(a) vs \(b)")
      for (p, q) in zip(Self.points(a), Self.points(b)) {
        #expect(abs(p.x - q.x) <= 1e-9 && abs(p.y - q.y) <= 1e-9, "\(a) vs \(b)")
      }
    }
    #expect(relative.utf8.count < path.svgPathData(decimals: 3).utf8.count)
  }
}
