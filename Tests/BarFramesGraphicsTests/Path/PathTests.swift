import BarFramesGraphics
import Foundation
import Testing

@Suite struct PathTests {
  @Test func roundedRectStaysInsideItsRectAndTouchesEachEdge() throws {
    let path = Path(roundedRect: Rect(x: 10, y: 20, width: 100, height: 8), cornerRadius: 4)
    let box = try #require(path.boundingBox)
    #expect(abs(box.minX - 10) < 1e-9 && abs(box.maxX - 110) < 1e-9)
    #expect(abs(box.minY - 20) < 1e-9 && abs(box.maxY - 28) < 1e-9)
  }

  @Test func cornerRadiusIsLimitedToHalfTheShortSide() {
    // A 5 pt radius on a 4 pt tall rect draws a pill of radius 2: the first point is at x + 2.
    let path = Path(roundedRect: Rect(x: 0, y: 0, width: 20, height: 4), cornerRadius: 5)
    #expect(path.elements.first == .move(to: Point(2, 0)))
  }

  @Test(
    arguments: [
      (Rect(x: 0, y: 9.25, width: 246.5, height: 1.5), 0.75), (Rect(x: -3.1, y: 0.7, width: 0.053, height: 1.5), 0.75),
      (Rect(x: 1e5, y: 2, width: 40, height: 40), 20), (Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4), 0),
    ] as [(Rect, Double)])
  func aRoundedRectangleIsRecognizedWithItsRectAndClampedRadius(rect: Rect, radius: Double) throws {
    let found = try #require(Path(roundedRect: rect, cornerRadius: radius).roundedRectangle)
    for (a, b) in [
      (found.rect.minX, rect.minX), (found.rect.minY, rect.minY), (found.rect.maxX, rect.maxX),
      (found.rect.maxY, rect.maxY), (found.cornerRadius, min(radius, rect.width / 2, rect.height / 2)),
    ] {
      #expect(abs(a - b) <= 1e-9 * max(1, abs(b)), "\(found) for \(rect), \(radius)")
    }
  }

  /// The corners are added without trigonometry (their sines and cosines are computed once):
  /// the points must be exactly those the arcs of `addArc`, as UIKit's path API draws them,
  /// give, bit for bit, or PNGs, SVGs and the C reference's frames would change.
  @Test func roundedRectCornersAreExactlyTheArcsAddArcMakes() {
    var generator = SystemRandomNumberGenerator()
    var rects = [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: -3.25, y: 1e-7, width: 1e6, height: 0.5)]
    for _ in 0..<500 {
      rects.append(
        Rect(
          x: .random(in: -1000...1000, using: &generator), y: .random(in: -1000...1000, using: &generator),
          width: .random(in: 0.001...2000, using: &generator), height: .random(in: 0.001...2000, using: &generator)))
    }
    for rect in rects {
      let radius = min(rect.width, rect.height) * Double.random(in: 0.01...0.6, using: &generator)
      let r = max(0, min(radius, rect.width / 2, rect.height / 2))
      var arcs = Path()
      arcs.move(to: Point(rect.minX + r, rect.minY))
      arcs.addLine(to: Point(rect.maxX - r, rect.minY))
      arcs.addArc(
        center: Point(rect.maxX - r, rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
      arcs.addLine(to: Point(rect.maxX, rect.maxY - r))
      arcs.addArc(
        center: Point(rect.maxX - r, rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: true)
      arcs.addLine(to: Point(rect.minX + r, rect.maxY))
      arcs.addArc(
        center: Point(rect.minX + r, rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi, clockwise: true)
      arcs.addLine(to: Point(rect.minX, rect.minY + r))
      arcs.addArc(
        center: Point(rect.minX + r, rect.minY + r), radius: r, startAngle: .pi, endAngle: 3 * .pi / 2,
        clockwise: true)
      arcs.closeSubpath()
      #expect(Path(roundedRect: rect, cornerRadius: radius) == arcs, "\(rect) radius \(radius)")
    }
  }

  @Test func otherShapesAreNotRoundedRectangles() {
    let rect = Rect(x: 1, y: 2, width: 10, height: 4)
    var bentCorner = Path(roundedRect: rect, cornerRadius: 2)
    // One corner's control point moved: a shape a rectangle's `rx` would not draw.
    if case .curve(let p, let c1, let c2) = bentCorner.elements[2] {
      bentCorner.elements[2] = .curve(to: p, control1: Point(c1.x + 0.1, c1.y), control2: c2)
    }
    let rotated = Path(roundedRect: rect, cornerRadius: 2).applying(Transform2D(rotationAngle: 0.3))
    var open = Path(rect: rect)
    open.elements.removeLast()
    for path in [bentCorner, rotated, open, Path(ellipseIn: rect), Path(polyline: [Point(0, 0), Point(1, 1)]), Path()] {
      #expect(path.roundedRectangle == nil, "\(path)")
    }
    // Moved and scaled, it is still one.
    #expect(Path(rect: rect).applying(Transform2D(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: -1)).roundedRectangle != nil)
  }

  @Test func circleBoundsAreExactNotControlPoints() throws {
    let box = try #require(Path(circleCenter: Point(50, 50), radius: 10).boundingBox)
    #expect(abs(box.minX - 40) < 1e-9 && abs(box.maxX - 60) < 1e-9)
    #expect(abs(box.minY - 40) < 1e-9 && abs(box.maxY - 60) < 1e-9)
    // A quadratic hump: control point at y = -100, the curve only reaches y = -50.
    var hump = Path()
    hump.move(to: Point(0, 0))
    hump.addQuadCurve(to: Point(100, 0), control: Point(50, -100))
    #expect(try #require(hump.boundingBox).minY == -50)
  }

  @Test func arcApproximationStaysOnTheCircle() {
    var path = Path()
    path.addArc(center: Point(0, 0), radius: 100, startAngle: 0, endAngle: 3 * .pi / 2, clockwise: true)
    for segment in path.segments {
      for step in 0...10 {
        let p = segment.point(at: Double(step) / 10)
        // The standard 4/3·tan(θ/4) cubic deviates by at most 2.7e-4 of the radius.
        #expect(abs(p.distance(to: .zero) - 100) < 0.03)
      }
    }
    #expect(path.segments.count == 3)
    #expect(path.currentPoint.map { abs($0.x) < 1e-9 && abs($0.y + 100) < 1e-9 } == true)
  }

  @Test func segmentLengthsAndTangents() {
    let line = PathSegment.line(Point(0, 0), Point(3, 4))
    #expect(line.length == 5)
    let quad = PathSegment.quad(Point(0, 0), Point(50, 0), Point(100, 0))
    #expect(abs(quad.length - 100) < 1e-9)
    #expect(quad.derivative(at: 0.5) == Point(100, 0))
  }

  @Test func closeSubpathAddsTheClosingSegment() {
    let triangle = Path(polyline: [Point(20, 40), Point(40, 60), Point(60, 40)])
    var closed = triangle
    closed.closeSubpath()
    #expect(triangle.segments.count == 2)
    #expect(closed.segments.count == 3)
    #expect(closed.segments.last == .line(Point(60, 40), Point(20, 40)))
  }
}
