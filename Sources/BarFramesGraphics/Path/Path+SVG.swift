extension Path {
  /// SVG path data with absolute `M L Q C Z` commands and numbers rounded to `decimals` digits.
  public func svgPathData(decimals: Int = 3) -> String {
    var out = ""
    out.reserveCapacity(elements.count * 24)
    func add(_ point: Point) {
      out += point.x.formatted(decimals: decimals)
      out += " "
      out += point.y.formatted(decimals: decimals)
    }
    for (i, element) in elements.enumerated() {
      if i > 0 { out += " " }
      switch element {
      case .move(let to):
        out += "M"
        add(to)
      case .line(let to):
        out += "L"
        add(to)
      case .quadCurve(let to, let control):
        out += "Q"
        add(control)
        out += " "
        add(to)
      case .curve(let to, let control1, let control2):
        out += "C"
        add(control1)
        out += " "
        add(control2)
        out += " "
        add(to)
      case .closeSubpath:
        out += "Z"
      }
    }
    return out
  }

  /// SVG path data rounded to 1e-3, the form logs and `inspect` print.
  public var svgPathData: String { svgPathData(decimals: 3) }

  /// Parses SVG path data: `M L H V Q T C Z` in absolute and relative (lower-case) forms, with
  /// implicit repetition of coordinates as SVG allows (`M0 0 10 0` is a move and a line).
  ///
  /// - Throws: ``SVGPathParseError`` naming the offending text and its offset.
  public init(svgPathData text: String) throws(SVGPathParseError) {
    var parser = SVGPathParser(text: text)
    self = try parser.parse()
  }
}

/// SVG path data that could not be parsed.
public struct SVGPathParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong, e.g. "expected a number"; it quotes nothing from the input.
  public var reason: String
  /// The text from the offending position (up to 16 characters), as it is: a message for a
  /// terminal escapes it (BarFramesJSON's `InputText`).
  public var near: String
  /// The character offset of the problem in the input.
  public var offset: Int

  public var description: String {
    near.isEmpty
      ? "invalid SVG path data: \(reason) at the end"
      : "invalid SVG path data: \(reason) at offset \(offset), near \"\(near)\""
  }
}

private struct SVGPathParser {
  let chars: [Character]
  var index = 0

  init(text: String) {
    chars = Array(text)
  }

  func error(_ reason: String, at position: Int? = nil) -> SVGPathParseError {
    let at = position ?? index
    let end = min(chars.count, at + 16)
    return SVGPathParseError(reason: reason, near: at < chars.count ? String(chars[at..<end]) : "", offset: at)
  }

  mutating func skipSeparators() {
    while index < chars.count, chars[index].isWhitespace || chars[index] == "," { index += 1 }
  }

  mutating func atNumber() -> Bool {
    skipSeparators()
    guard index < chars.count else { return false }
    let c = chars[index]
    return c.isNumber || c == "-" || c == "+" || c == "."
  }

  mutating func number() throws(SVGPathParseError) -> Double {
    skipSeparators()
    let start = index
    if index < chars.count, chars[index] == "-" || chars[index] == "+" { index += 1 }
    var sawDigit = false
    var sawDot = false
    while index < chars.count {
      let c = chars[index]
      if c.isASCII, c.isNumber {
        sawDigit = true
      } else if c == ".", !sawDot {
        sawDot = true
      } else {
        break
      }
      index += 1
    }
    if sawDigit, index < chars.count, chars[index] == "e" || chars[index] == "E" {
      var probe = index + 1
      if probe < chars.count, chars[probe] == "-" || chars[probe] == "+" { probe += 1 }
      if probe < chars.count, chars[probe].isASCII, chars[probe].isNumber {
        index = probe
        while index < chars.count, chars[index].isASCII, chars[index].isNumber { index += 1 }
      }
    }
    guard sawDigit, let value = Double(String(chars[start..<index])), value.isFinite else {
      index = start
      throw error("expected a number", at: start)
    }
    return value
  }

  mutating func point(relativeTo base: Point, relative: Bool) throws(SVGPathParseError) -> Point {
    let x = try number()
    let y = try number()
    return relative ? Point(x: base.x + x, y: base.y + y) : Point(x: x, y: y)
  }

  mutating func parse() throws(SVGPathParseError) -> Path {
    var path = Path()
    var current = Point.zero
    var subpathStart = Point.zero
    var command: Character?
    // The control point of the last command if it was a quadratic curve, which `T` reflects.
    var quadControl: Point?
    skipSeparators()
    if index < chars.count, chars[index] != "M", chars[index] != "m" {
      throw error("path data must start with M")
    }
    while index < chars.count {
      let c = chars[index]
      if c.isLetter {
        command = c
        index += 1
      } else if command == nil || command == "Z" || command == "z" {
        throw error(command == nil ? "expected a command (M, L, H, V, Q, T, C or Z)" : "unexpected text after Z")
      }
      guard let cmd = command else { break }
      let relative = cmd.isLowercase
      let previousQuadControl = quadControl
      quadControl = nil
      switch cmd {
      case "M", "m":
        current = try point(relativeTo: current, relative: relative)
        subpathStart = current
        path.move(to: current)
        command = relative ? "l" : "L"  // further pairs are implicit line-tos
      case "L", "l":
        current = try point(relativeTo: current, relative: relative)
        path.addLine(to: current)
      case "H", "h":
        let x = try number()
        current = Point(x: relative ? current.x + x : x, y: current.y)
        path.addLine(to: current)
      case "V", "v":
        let y = try number()
        current = Point(x: current.x, y: relative ? current.y + y : y)
        path.addLine(to: current)
      case "Q", "q":
        let control = try point(relativeTo: current, relative: relative)
        let to = try point(relativeTo: current, relative: relative)
        path.addQuadCurve(to: to, control: control)
        current = to
        quadControl = control
      case "T", "t":
        // The reflection of the last curve's control point in the current point; without a
        // quadratic curve just before, the current point itself.
        let control = previousQuadControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
        let to = try point(relativeTo: current, relative: relative)
        path.addQuadCurve(to: to, control: control)
        current = to
        quadControl = control
      case "C", "c":
        let c1 = try point(relativeTo: current, relative: relative)
        let c2 = try point(relativeTo: current, relative: relative)
        let to = try point(relativeTo: current, relative: relative)
        path.addCurve(to: to, control1: c1, control2: c2)
        current = to
      case "Z", "z":
        path.closeSubpath()
        current = subpathStart
      default:
        // The command is in `near`: a reason never quotes input, which readers escape.
        throw error("unsupported command (BarFrames reads M, L, H, V, Q, T, C and Z)", at: index - 1)
      }
      skipSeparators()
      if index < chars.count, !chars[index].isLetter, cmd == "Z" || cmd == "z" {
        throw error("unexpected text after Z")
      }
      if index < chars.count, !chars[index].isLetter, !atNumber() {
        throw error("expected a number or a command")
      }
    }
    return path
  }
}
