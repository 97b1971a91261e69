extension Path {
  /// SVG path data at its shortest: relative commands (`m l h v q t c z`), no separator the
  /// grammar can do without, a command letter left out where it repeats, a line back to
  /// the start of a subpath left out where `z` draws it, and a quadratic curve whose control
  /// point is the reflection of the one before (TrueType outlines are made of them) written
  /// as `t`, without it, where the rounded points reflect exactly.
  ///
  /// Every point is rounded to `decimals` digits first, and each number written is the exact
  /// difference between two rounded points, so a reader adding them up lands on the rounded
  /// points (to its own arithmetic's precision): no rounding error piles up along the path,
  /// as it would if each step were rounded on its own. For a glyph's outline, defined once
  /// and placed many times, this is about a third shorter than ``svgPathData(decimals:)``.
  public func relativeSVGPathData(decimals: Int = 3) -> String {
    var writer = RelativePathWriter(decimals: decimals)
    var start = (x: 0, y: 0)
    var index = 0
    while index < elements.count {
      let element = elements[index]
      index += 1
      switch element {
      case .move(let p):
        start = writer.fixed(p)
        writer.command("m", [start], repeats: false)
      case .line(let p):
        let end = writer.fixed(p)
        // A line back to where the subpath began, then `z`: the `z` alone draws it.
        if end == start, index < elements.count, elements[index] == .closeSubpath { continue }
        writer.line(to: end)
      case .quadCurve(let p, let c):
        writer.quadCurve(to: writer.fixed(p), control: writer.fixed(c))
      case .curve(let p, let c1, let c2):
        writer.command("c", [writer.fixed(c1), writer.fixed(c2), writer.fixed(p)])
      case .closeSubpath:
        writer.close(to: start)
      }
    }
    return String(decoding: writer.output, as: UTF8.self)
  }
}

/// Writes relative path data in whole units of 10^-decimals, tracking the current point as
/// the reader will.
private struct RelativePathWriter {
  let scale: Double
  let decimals: Int
  var output: [UInt8] = []
  var current = (x: 0, y: 0)
  var lastCommand: UInt8 = 0
  /// Whether the last number written has a decimal point (nil after a command letter).
  var lastHasPoint: Bool?
  /// The control point of the last command if it was a quadratic curve (`q` or `t`).
  var quadControl: (x: Int, y: Int)?

  init(decimals: Int) {
    self.decimals = max(0, min(decimals, 9))
    var scale = 1.0
    for _ in 0..<self.decimals { scale *= 10 }
    self.scale = scale
  }

  /// The point in whole units; a coordinate too large for that is clamped (no path we draw
  /// comes near it).
  func fixed(_ p: Point) -> (x: Int, y: Int) {
    func unit(_ v: Double) -> Int {
      let scaled = (v * scale).rounded()
      guard scaled.isFinite else { return 0 }
      return Int(max(-9e15, min(9e15, scaled)))
    }
    return (unit(p.x), unit(p.y))
  }

  mutating func line(to end: (x: Int, y: Int)) {
    quadControl = nil
    if end.y == current.y {
      writeCommand("h", repeats: true)
      number(end.x - current.x)
    } else if end.x == current.x {
      writeCommand("v", repeats: true)
      number(end.y - current.y)
    } else {
      command("l", [end])
      return
    }
    current = end
  }

  /// A command whose points are given absolute; the last is the new current point.
  mutating func command(_ letter: Character, _ points: [(x: Int, y: Int)], repeats: Bool = true) {
    quadControl = nil
    writeCommand(letter, repeats: repeats)
    for p in points {
      number(p.x - current.x)
      number(p.y - current.y)
    }
    if let last = points.last { current = last }
  }

  /// A quadratic curve: `t` where `control` is exactly the reflection of the last curve's
  /// control point in the current point (as a reader computes the control point of `t`),
  /// else `q`.
  mutating func quadCurve(to end: (x: Int, y: Int), control: (x: Int, y: Int)) {
    if let last = quadControl, control == (2 * current.x - last.x, 2 * current.y - last.y) {
      command("t", [end])
    } else {
      command("q", [control, end])
    }
    quadControl = control
  }

  mutating func close(to start: (x: Int, y: Int)) {
    quadControl = nil
    writeCommand("z", repeats: false)
    current = start
  }

  private mutating func writeCommand(_ letter: Character, repeats: Bool) {
    let byte = letter.asciiValue ?? 0
    if repeats, byte == lastCommand { return }
    output.append(byte)
    lastCommand = byte
    lastHasPoint = nil
  }

  /// Writes `value` units: no zero before the point, no trailing zeros, and a space before
  /// it only where the grammar needs one.
  private mutating func number(_ value: Int) {
    var digits = String(value.magnitude)
    if decimals > 0 {
      if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
      let split = digits.index(digits.endIndex, offsetBy: -decimals)
      var whole = String(digits[..<split])
      var fraction = String(digits[split...])
      while fraction.last == "0" { fraction.removeLast() }
      if whole == "0" && !fraction.isEmpty { whole = "" }
      digits = fraction.isEmpty ? whole : whole + "." + fraction
    }
    let negative = value < 0
    let text = (negative ? "-" : "") + digits
    let hasPoint = text.contains(".")
    if let lastHasPoint, !(negative || (text.first == "." && lastHasPoint)) { output.append(UInt8(ascii: " ")) }
    output += Array(text.utf8)
    lastHasPoint = hasPoint
  }
}
