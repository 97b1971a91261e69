import BarFramesGraphics
import Foundation
import Testing

@Suite struct Transform2DTests {
  func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-12) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
  }

  @Test func concatenationAppliesSelfFirst() {
    // Scale by 2, then translate by (10, 0): (1, 1) → (2, 2) → (12, 2), as CGAffineTransformConcat.
    let t = Transform2D(scaleX: 2, y: 2).concatenating(Transform2D(translationX: 10, y: 0))
    #expect(t.apply(to: Point(1, 1)) == Point(12, 2))
    // CGAffineTransformTranslate(scale, 10, 0) translates in the scaled space: (1,1) → (22, 2).
    #expect(Transform2D(scaleX: 2, y: 2).translatedBy(x: 10, y: 0).apply(to: Point(1, 1)) == Point(22, 2))
  }

  @Test func positiveRotationTurnsClockwiseOnScreen() {
    // With y down, rotating +x by 90° points it down the screen (+y).
    #expect(close(Transform2D(rotationAngle: .pi / 2).apply(to: Point(1, 0)), Point(0, 1)))
  }

  @Test func yAxisRotationIsAnXScaleByCosine() {
    let t = Transform2D(yAxisRotation: .pi / 3)
    #expect(close(t.apply(to: Point(10, 7)), Point(5, 7)))
    #expect(close(Transform2D(yAxisRotation: .pi).apply(to: Point(10, 7)), Point(-10, 7)))
  }

  @Test func inverseUndoes() throws {
    let t = Transform2D(rotationAngle: 0.3).scaledBy(x: 2, y: 0.5).translatedBy(x: 3, y: -4)
    let inverse = try #require(t.inverted)
    #expect(close(inverse.apply(to: t.apply(to: Point(7, 9))), Point(7, 9), 1e-9))
    #expect(Transform2D(scaleX: 0, y: 1).inverted == nil)
  }

  @Test func rectApplyingGivesTheBoundingBoxOfTheCorners() {
    let r = Rect(x: 0, y: 0, width: 10, height: 10).applying(Transform2D(rotationAngle: .pi / 4))
    #expect(abs(r.width - 10 * 2.0.squareRoot()) < 1e-9)
    #expect(abs(r.minX + 10 / 2.0.squareRoot()) < 1e-9)
  }
}
