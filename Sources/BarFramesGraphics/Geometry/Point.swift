/// A location in a two-dimensional coordinate space, in points, with y growing downward.
///
/// BarFrames follows UIKit and Core Graphics conventions on screen: the origin is the
/// top-left corner and a positive y moves down.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public init(_ x: Double, _ y: Double) {
    self.init(x: x, y: y)
  }

  public static let zero = Point(x: 0, y: 0)

  /// The Euclidean distance to another point.
  public func distance(to other: Point) -> Double {
    let dx = other.x - x
    let dy = other.y - y
    return (dx * dx + dy * dy).squareRoot()
  }

  /// Linear interpolation: `self` at `t = 0`, `other` at `t = 1`.
  public func interpolated(to other: Point, fraction t: Double) -> Point {
    Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
  }

  public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
  public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
  public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }

  public var description: String { "(\(x.compactDescription), \(y.compactDescription))" }
}
