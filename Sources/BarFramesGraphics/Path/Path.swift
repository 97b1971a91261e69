import Foundation

/// One drawing instruction of a ``Path``.
public enum PathElement: Hashable, Sendable {
  case move(to: Point)
  case line(to: Point)
  case quadCurve(to: Point, control: Point)
  case curve(to: Point, control1: Point, control2: Point)
  case closeSubpath

  /// The element's end point, or nil for `closeSubpath`.
  public var endPoint: Point? {
    switch self {
    case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): p
    case .closeSubpath: nil
    }
  }

  /// Whether the two elements are of one kind with every point within `tolerance` on each axis.
  func isNearly(_ other: PathElement, within tolerance: Double) -> Bool {
    func near(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance }
    switch (self, other) {
    case (.move(let a), .move(let b)), (.line(let a), .line(let b)): return near(a, b)
    case (.quadCurve(let a, let c), .quadCurve(let b, let d)): return near(a, b) && near(c, d)
    case (.curve(let a, let c1, let c2), .curve(let b, let d1, let d2)):
      return near(a, b) && near(c1, d1) && near(c2, d2)
    case (.closeSubpath, .closeSubpath): return true
    default: return false
    }
  }

  /// The element with every point mapped by `transform`.
  public func applying(_ transform: Transform2D) -> PathElement {
    switch self {
    case .move(let p): .move(to: transform.apply(to: p))
    case .line(let p): .line(to: transform.apply(to: p))
    case .quadCurve(let p, let c): .quadCurve(to: transform.apply(to: p), control: transform.apply(to: c))
    case .curve(let p, let c1, let c2):
      .curve(to: transform.apply(to: p), control1: transform.apply(to: c1), control2: transform.apply(to: c2))
    case .closeSubpath: .closeSubpath
    }
  }
}

/// A resolution-independent outline made of ``PathElement``s, like `CGPath`.
///
/// Shapes (rectangles, rounded rectangles, ellipses, arcs) are stored as lines and cubic
/// Bézier curves, so every path can be written as SVG path data with `M L Q C Z` and two paths
/// built the same way can be interpolated element by element.
///
/// ```swift
/// var path = Path()
/// path.move(to: Point(25, 76))
/// path.addLine(to: Point(106, 91))
/// path.svgPathData  // "M25 76 L106 91"
/// ```
public struct Path: Hashable, Sendable, CustomStringConvertible {
  public var elements: [PathElement]

  public init(elements: [PathElement] = []) {
    self.elements = elements
  }

  public var isEmpty: Bool { elements.isEmpty }

  /// The point a new element would start from, or nil before the first `move`.
  public var currentPoint: Point? {
    var start: Point?
    var current: Point?
    for element in elements {
      switch element {
      case .move(let p):
        start = p
        current = p
      case .closeSubpath: current = start
      default: current = element.endPoint
      }
    }
    return current
  }

  // MARK: Building

  public mutating func move(to p: Point) { elements.append(.move(to: p)) }
  public mutating func addLine(to p: Point) { elements.append(.line(to: p)) }
  public mutating func addQuadCurve(to p: Point, control: Point) {
    elements.append(.quadCurve(to: p, control: control))
  }
  public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
    elements.append(.curve(to: p, control1: control1, control2: control2))
  }
  public mutating func closeSubpath() { elements.append(.closeSubpath) }

  /// Appends the elements of another path.
  public mutating func addPath(_ other: Path) { elements += other.elements }

  /// A polyline through the points (no close).
  public init(polyline points: [Point]) {
    self.init()
    guard let first = points.first else { return }
    move(to: first)
    for p in points.dropFirst() { addLine(to: p) }
  }

  /// A closed rectangle, drawn clockwise on screen from the top-left corner, as `CGPath(rect:)`.
  public init(rect: Rect) {
    let r = rect.standardized
    self.init(elements: [
      .move(to: Point(r.minX, r.minY)), .line(to: Point(r.maxX, r.minY)),
      .line(to: Point(r.maxX, r.maxY)), .line(to: Point(r.minX, r.maxY)), .closeSubpath,
    ])
  }

  /// A closed rectangle with circular corners, as `CGPath(roundedRect:cornerWidth:cornerHeight:)`
  /// and a layer's `cornerRadius`. The radius is limited to half the shorter side.
  public init(roundedRect rect: Rect, cornerRadius: Double) {
    let r = rect.standardized
    let radius = max(0, min(cornerRadius, r.width / 2, r.height / 2))
    guard radius > 0 else {
      self.init(rect: r)
      return
    }
    self.init()
    elements.reserveCapacity(10)
    elements.append(.move(to: Point(r.minX + radius, r.minY)))
    elements.append(.line(to: Point(r.maxX - radius, r.minY)))
    addCorner(Self.corners[0], center: Point(r.maxX - radius, r.minY + radius), radius: radius)
    elements.append(.line(to: Point(r.maxX, r.maxY - radius)))
    addCorner(Self.corners[1], center: Point(r.maxX - radius, r.maxY - radius), radius: radius)
    elements.append(.line(to: Point(r.minX + radius, r.maxY)))
    addCorner(Self.corners[2], center: Point(r.minX + radius, r.maxY - radius), radius: radius)
    elements.append(.line(to: Point(r.minX, r.minY + radius)))
    addCorner(Self.corners[3], center: Point(r.minX + radius, r.minY + radius), radius: radius)
    elements.append(.closeSubpath)
  }

  /// The sines and cosines of a rounded rectangle's four quarter turns (clockwise from the top
  /// right corner), computed once as ``addArc(center:radius:startAngle:endAngle:clockwise:)``
  /// computes them for each arc, so that the corners it adds are the very points that method
  /// would add.
  private struct Corner {
    var cosStart, sinStart, cosEnd, sinEnd, k: Double
  }

  private static let corners: [Corner] = [
    (-Double.pi / 2, 0.0), (0.0, Double.pi / 2), (Double.pi / 2, Double.pi), (Double.pi, 3 * Double.pi / 2),
  ].map(corner)

  /// One piece of `end - start` (a quarter turn, to an ulp), as `addEllipticArc` divides it.
  private static func corner(from start: Double, to end: Double) -> Corner {
    let step: Double = end - start
    let next: Double = start + step
    let k: Double = 4.0 / 3.0 * tan(step / 4)
    return Corner(cosStart: cos(start), sinStart: sin(start), cosEnd: cos(next), sinEnd: sin(next), k: k)
  }

  /// Appends a quarter-turn arc as ``addArc(center:radius:startAngle:endAngle:clockwise:)``
  /// does after a line: the same operations on the same values, without the trigonometry.
  private mutating func addCorner(_ corner: Corner, center: Point, radius: Double) {
    let start = Point(x: center.x + radius * corner.cosStart, y: center.y + radius * corner.sinStart)
    if case .line(let current) = elements.last, current != start { elements.append(.line(to: start)) }
    let end = Point(x: center.x + radius * corner.cosEnd, y: center.y + radius * corner.sinEnd)
    let c1 = Point(x: start.x - corner.k * radius * corner.sinStart, y: start.y + corner.k * radius * corner.cosStart)
    let c2 = Point(x: end.x + corner.k * radius * corner.sinEnd, y: end.y - corner.k * radius * corner.cosEnd)
    elements.append(.curve(to: end, control1: c1, control2: c2))
  }

  /// The rectangle and corner radius of a path made by ``init(roundedRect:cornerRadius:)``
  /// (radius 0 for ``init(rect:)``), or nil for any other path. A writer can then name the
  /// shape instead of listing its curves: SVG's `<rect rx>` is a few numbers, and an animation
  /// of a growing bar changes one of them.
  ///
  /// The path must be the one that initializer makes of that rectangle and radius, point for
  /// point to within 10⁻⁹ of its size: a path built otherwise, or moved by a transform that
  /// is not a translation and a scale, is not one.
  public var roundedRectangle: (rect: Rect, cornerRadius: Double)? {
    guard elements.count >= 5, case .move(let start) = elements[0], elements.last == .closeSubpath else { return nil }
    var (minX, minY, maxX, maxY) = (start.x, start.y, start.x, start.y)
    for element in elements {
      guard let p = element.endPoint else { continue }
      (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
    }
    let rect = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    let radius = start.x - minX
    let rebuilt = Path(roundedRect: rect, cornerRadius: radius)
    let tolerance = 1e-9 * max(1, abs(minX), abs(minY), abs(maxX), abs(maxY))
    guard radius >= 0, rebuilt.elements.count == elements.count,
      zip(rebuilt.elements, elements).allSatisfy({ $0.isNearly($1, within: tolerance) })
    else { return nil }
    return (rect, radius)
  }

  /// A closed ellipse inscribed in the rectangle, as `CGPath(ellipseIn:)`, made of four cubics.
  public init(ellipseIn rect: Rect) {
    let r = rect.standardized
    let rx = r.width / 2
    let ry = r.height / 2
    let c = r.center
    self.init()
    move(to: Point(c.x + rx, c.y))
    addEllipticArc(center: c, radiusX: rx, radiusY: ry, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
    closeSubpath()
  }

  /// A closed circle.
  public init(circleCenter center: Point, radius: Double) {
    self.init(ellipseIn: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
  }

  /// Appends a circular arc, as `UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`.
  ///
  /// Angles are in radians measured from the +x axis; with y down, `clockwise` means increasing
  /// angles (UIKit's convention). A line joins the current point to the arc's start; without a
  /// current point the arc starts with a move. The arc is stored as cubics of at most 90°.
  public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
    addEllipticArc(
      center: center, radiusX: radius, radiusY: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise
    )
  }

  private mutating func addEllipticArc(
    center: Point, radiusX: Double, radiusY: Double, startAngle: Double, endAngle: Double, clockwise: Bool
  ) {
    func point(_ angle: Double) -> Point {
      Point(x: center.x + radiusX * cos(angle), y: center.y + radiusY * sin(angle))
    }
    var sweep = endAngle - startAngle
    let fullTurn = 2 * Double.pi
    if clockwise {
      if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: fullTurn) + fullTurn }
      if sweep > fullTurn { sweep = fullTurn }
    } else {
      if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: fullTurn) - fullTurn }
      if sweep < -fullTurn { sweep = -fullTurn }
    }
    let start = point(startAngle)
    if let current = currentPoint {
      if current != start { addLine(to: start) }
    } else {
      move(to: start)
    }
    guard sweep != 0 else { return }
    let pieces = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
    let step = sweep / Double(pieces)
    // Standard cubic approximation of a circular arc of angle `step`.
    let k = 4.0 / 3.0 * tan(step / 4)
    var angle = startAngle
    for _ in 0..<pieces {
      let next = angle + step
      let p0 = point(angle)
      let p3 = point(next)
      let c1 = Point(x: p0.x - k * radiusX * sin(angle), y: p0.y + k * radiusY * cos(angle))
      let c2 = Point(x: p3.x + k * radiusX * sin(next), y: p3.y - k * radiusY * cos(next))
      addCurve(to: p3, control1: c1, control2: c2)
      angle = next
    }
  }

  // MARK: Transforming and measuring

  /// The path with every point mapped by `transform`.
  public func applying(_ transform: Transform2D) -> Path {
    Path(elements: elements.map { $0.applying(transform) })
  }

  /// The drawable pieces of the path, each with its start point.
  public var segments: [PathSegment] {
    var result: [PathSegment] = []
    var start: Point?
    var current: Point?
    for element in elements {
      switch element {
      case .move(let p):
        start = p
        current = p
      case .line(let p):
        if let from = current { result.append(.line(from, p)) }
        current = p
      case .quadCurve(let p, let c):
        if let from = current { result.append(.quad(from, c, p)) }
        current = p
      case .curve(let p, let c1, let c2):
        if let from = current { result.append(.cubic(from, c1, c2, p)) }
        current = p
      case .closeSubpath:
        if let from = current, let to = start, from != to { result.append(.line(from, to)) }
        current = start
      }
    }
    return result
  }

  /// The smallest rectangle containing the path's geometry (curve extrema, not control points),
  /// as `CGPath.boundingBoxOfPath` but exact; nil for an empty path.
  public var boundingBox: Rect? {
    var points: [Point] = []
    for element in elements {
      if case .move(let p) = element { points.append(p) }
    }
    for segment in segments { points += segment.extremePoints }
    return Rect.bounding(points)
  }

  public var description: String { svgPathData }
}

/// A single drawable piece of a path: a line or a quadratic or cubic Bézier, with its start.
public enum PathSegment: Hashable, Sendable {
  case line(Point, Point)
  case quad(Point, Point, Point)
  case cubic(Point, Point, Point, Point)

  public var start: Point {
    switch self {
    case .line(let p, _), .quad(let p, _, _), .cubic(let p, _, _, _): p
    }
  }

  public var end: Point {
    switch self {
    case .line(_, let p), .quad(_, _, let p), .cubic(_, _, _, let p): p
    }
  }

  /// The point at Bézier parameter `t` in 0…1.
  public func point(at t: Double) -> Point {
    let u = 1 - t
    switch self {
    case .line(let a, let b):
      return a.interpolated(to: b, fraction: t)
    case .quad(let a, let c, let b):
      return Point(
        x: u * u * a.x + 2 * u * t * c.x + t * t * b.x,
        y: u * u * a.y + 2 * u * t * c.y + t * t * b.y)
    case .cubic(let a, let c1, let c2, let b):
      let w0 = u * u * u
      let w1 = 3 * u * u * t
      let w2 = 3 * u * t * t
      let w3 = t * t * t
      return Point(
        x: w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * b.x,
        y: w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * b.y)
    }
  }

  /// The derivative with respect to `t` (the tangent direction, not normalised).
  public func derivative(at t: Double) -> Point {
    let u = 1 - t
    switch self {
    case .line(let a, let b):
      return b - a
    case .quad(let a, let c, let b):
      return (c - a) * (2 * u) + (b - c) * (2 * t)
    case .cubic(let a, let c1, let c2, let b):
      return (c1 - a) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (b - c2) * (3 * t * t)
    }
  }

  /// The arc length, by adaptive Gauss–Legendre-free subdivision (exact for lines).
  public var length: Double {
    if case .line(let a, let b) = self { return a.distance(to: b) }
    return length(upTo: 1)
  }

  /// The arc length from t = 0 to `t`, by composite Simpson integration of |B′|.
  public func length(upTo t: Double) -> Double {
    if case .line(let a, let b) = self { return a.distance(to: b) * t }
    let steps = 64
    let h = t / Double(steps)
    func speed(_ s: Double) -> Double {
      let d = derivative(at: s)
      return (d.x * d.x + d.y * d.y).squareRoot()
    }
    var sum = speed(0) + speed(t)
    for i in 1..<steps {
      sum += speed(Double(i) * h) * (i % 2 == 1 ? 4 : 2)
    }
    return sum * h / 3
  }

  /// The end points plus every interior point where x or y has a local extremum.
  var extremePoints: [Point] {
    var ts: [Double] = []
    switch self {
    case .line:
      break
    case .quad(let a, let c, let b):
      for (p0, p1, p2) in [(a.x, c.x, b.x), (a.y, c.y, b.y)] {
        let denominator = p0 - 2 * p1 + p2
        if denominator != 0 { ts.append((p0 - p1) / denominator) }
      }
    case .cubic(let a, let c1, let c2, let b):
      for (p0, p1, p2, p3) in [(a.x, c1.x, c2.x, b.x), (a.y, c1.y, c2.y, b.y)] {
        // Roots of the derivative, a quadratic: qa·t² + qb·t + qc.
        let qa = -p0 + 3 * p1 - 3 * p2 + p3
        let qb = 2 * (p0 - 2 * p1 + p2)
        let qc = p1 - p0
        if abs(qa) < 1e-12 {
          if qb != 0 { ts.append(-qc / qb) }
        } else {
          let disc = qb * qb - 4 * qa * qc
          if disc >= 0 {
            let root = disc.squareRoot()
            ts.append((-qb + root) / (2 * qa))
            ts.append((-qb - root) / (2 * qa))
          }
        }
      }
    }
    return [start, end] + ts.filter { $0 > 0 && $0 < 1 }.map { point(at: $0) }
  }
}
