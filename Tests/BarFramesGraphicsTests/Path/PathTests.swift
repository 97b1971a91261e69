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
