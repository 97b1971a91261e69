/// An axis-aligned rectangle: an origin (its top-left corner) and a size, in points.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var origin: Point
  public var size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Double { min(origin.x, origin.x + size.width) }
  public var minY: Double { min(origin.y, origin.y + size.height) }
  public var maxX: Double { max(origin.x, origin.x + size.width) }
  public var maxY: Double { max(origin.y, origin.y + size.height) }
  public var midX: Double { origin.x + size.width / 2 }
  public var midY: Double { origin.y + size.height / 2 }
  public var width: Double { abs(size.width) }
  public var height: Double { abs(size.height) }
  public var center: Point { Point(x: midX, y: midY) }

  /// The same rectangle with a non-negative width and height.
  public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

  /// A rectangle grown (negative `dx`/`dy`) or shrunk (positive) on every side, as `CGRect.insetBy`.
  public func insetBy(dx: Double, dy: Double) -> Rect {
    let r = standardized
    return Rect(x: r.minX + dx, y: r.minY + dy, width: r.width - 2 * dx, height: r.height - 2 * dy)
  }

  /// Whether the point lies inside, edges included.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
  }

  /// The smallest rectangle containing both.
  public func union(_ other: Rect) -> Rect {
    let x0 = min(minX, other.minX)
    let y0 = min(minY, other.minY)
    return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  /// The bounding box of the four corners after a transform.
  public func applying(_ t: Transform2D) -> Rect {
    let corners = [
      Point(x: minX, y: minY), Point(x: maxX, y: minY),
      Point(x: minX, y: maxY), Point(x: maxX, y: maxY),
    ].map { t.apply(to: $0) }
    return Rect.bounding(corners)!
  }

  /// The bounding box of a set of points, or nil when there are none.
  public static func bounding(_ points: some Sequence<Point>) -> Rect? {
    var iterator = points.makeIterator()
    guard let first = iterator.next() else { return nil }
    var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
    while let p = iterator.next() {
      x0 = min(x0, p.x)
      y0 = min(y0, p.y)
      x1 = max(x1, p.x)
      y1 = max(y1, p.y)
    }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  public var description: String {
    "(\(origin.x.compactDescription), \(origin.y.compactDescription), \(size.width.compactDescription), \(size.height.compactDescription))"
  }
}
