import BarFramesGraphics
import Foundation

/// A value a Core Animation property can take and an animation can interpolate.
///
/// Arithmetic follows the additive rules of `CAPropertyAnimation`: numbers, points, sizes,
/// rects and colours work component by component; transforms concatenate (translations and
/// angles add, scales multiply, see ``TransformComponents``); paths work point by point when
/// both have the same element structure.
///
/// ```swift
/// let a = AnimatableValue.point(Point(0, 0))
/// a.interpolated(to: .point(Point(10, 20)), fraction: 0.5)  // .point((5, 10))
/// ```
public enum AnimatableValue: Hashable, Sendable, CustomStringConvertible {
  case scalar(Double)
  case point(Point)
  case size(Size)
  case rect(Rect)
  case color(Color)
  case transform(TransformComponents)
  case path(Path)

  /// The case, without its payload.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    case scalar, point, size, rect, color, transform, path
  }

  /// Which case the value is.
  public var kind: Kind {
    switch self {
    case .scalar: .scalar
    case .point: .point
    case .size: .size
    case .rect: .rect
    case .color: .color
    case .transform: .transform
    case .path: .path
    }
  }

  /// The number, for a ``scalar(_:)``.
  public var scalarValue: Double? {
    if case .scalar(let v) = self { return v }
    return nil
  }

  /// The point, for a ``point(_:)``.
  public var pointValue: Point? {
    if case .point(let v) = self { return v }
    return nil
  }

  /// The components as a flat list: `[v]`, `[x, y]`, `[w, h]`, `[x, y, w, h]`, `[r, g, b, a]`,
  /// `[tx, ty, rz, ry, sx, sy]`, or every path point in order.
  public var numbers: [Double] {
    switch self {
    case .scalar(let v): [v]
    case .point(let p): [p.x, p.y]
    case .size(let s): [s.width, s.height]
    case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
    case .color(let c): [c.red, c.green, c.blue, c.alpha]
    case .transform(let t): [t.translationX, t.translationY, t.rotationZ, t.rotationY, t.scaleX, t.scaleY]
    case .path(let p): p.elements.flatMap(\.points).flatMap { [$0.x, $0.y] }
    }
  }

  /// The same kind with every component replaced, in ``numbers`` order.
  /// - Precondition: `numbers.count` matches.
  func withNumbers(_ n: [Double]) -> AnimatableValue {
    switch self {
    case .scalar: return .scalar(n[0])
    case .point: return .point(Point(n[0], n[1]))
    case .size: return .size(Size(n[0], n[1]))
    case .rect: return .rect(Rect(x: n[0], y: n[1], width: n[2], height: n[3]))
    case .color: return .color(Color(red: n[0], green: n[1], blue: n[2], alpha: n[3]))
    case .transform:
      return .transform(
        TransformComponents(
          translationX: n[0], translationY: n[1], rotationZ: n[2], rotationY: n[3], scaleX: n[4], scaleY: n[5]))
    case .path(let path):
      var index = 0
      func next() -> Point {
        defer { index += 2 }
        return Point(n[index], n[index + 1])
      }
      return .path(Path(elements: path.elements.map { $0.replacingPoints(next) }))
    }
  }

  /// Whether two values can be combined component by component (same kind, and for paths the
  /// same element structure).
  public func isCompatible(with other: AnimatableValue) -> Bool {
    switch (self, other) {
    case (.path(let a), .path(let b)):
      a.elements.count == b.elements.count
        && zip(a.elements, b.elements).allSatisfy { $0.structure == $1.structure }
    default:
      kind == other.kind
    }
  }

  /// `self + (other − self)·t`, component by component. Incompatible values (different kinds,
  /// paths with different elements) cannot be interpolated and switch at t = 0.5.
  public func interpolated(to other: AnimatableValue, fraction t: Double) -> AnimatableValue {
    guard isCompatible(with: other) else { return t < 0.5 ? self : other }
    if case .transform(let a) = self, case .transform(let b) = other {
      return .transform(a.interpolated(to: b, fraction: t))
    }
    return withNumbers(zip(numbers, other.numbers).map { a, b in a + (b - a) * t })
  }

  /// The additive combination `self ⊕ other`: component sums; transforms concatenate.
  /// Incompatible values give `other` (it replaces rather than adds).
  public func adding(_ other: AnimatableValue) -> AnimatableValue {
    guard isCompatible(with: other) else { return other }
    if case .transform(let a) = self, case .transform(let b) = other { return .transform(a.concatenating(b)) }
    return withNumbers(zip(numbers, other.numbers).map(+))
  }

  /// The inverse of ``adding(_:)``: `a.adding(b).subtracting(b) == a`.
  public func subtracting(_ other: AnimatableValue) -> AnimatableValue {
    guard isCompatible(with: other) else { return self }
    if case .transform(let a) = self, case .transform(let b) = other { return .transform(a.removing(b)) }
    return withNumbers(zip(numbers, other.numbers).map(-))
  }

  /// `self` added to itself `count` times (`count` may be 0).
  public func repeated(_ count: Double) -> AnimatableValue {
    if case .transform(let t) = self { return .transform(t.repeated(count)) }
    return withNumbers(numbers.map { $0 * count })
  }

  /// The neutral element of ``adding(_:)`` for this kind: zeros, or the identity transform.
  public var additiveIdentity: AnimatableValue {
    if case .transform = self { return .transform(.identity) }
    return withNumbers(numbers.map { _ in 0 })
  }

  /// The Euclidean distance between the components (paced keyframes); 0 when incompatible.
  public func distance(to other: AnimatableValue) -> Double {
    guard isCompatible(with: other) else { return 0 }
    var sum = 0.0
    for (a, b) in zip(numbers, other.numbers) {
      let difference = b - a
      sum += difference * difference
    }
    return sum.squareRoot()
  }

  public var description: String {
    switch self {
    case .scalar(let v): v.compactDescription
    case .point(let p): p.description
    case .size(let s): s.description
    case .rect(let r): r.description
    case .color(let c): c.description
    case .transform(let t): t.description
    case .path(let p): p.svgPathData
    }
  }
}

extension PathElement {
  /// The element's points in storage order (end point first, then control points).
  var points: [Point] {
    switch self {
    case .move(let p), .line(let p): [p]
    case .quadCurve(let p, let c): [p, c]
    case .curve(let p, let c1, let c2): [p, c1, c2]
    case .closeSubpath: []
    }
  }

  /// The element with its points replaced in ``points`` order.
  func replacingPoints(_ next: () -> Point) -> PathElement {
    switch self {
    case .move: return .move(to: next())
    case .line: return .line(to: next())
    case .quadCurve:
      let p = next()
      return .quadCurve(to: p, control: next())
    case .curve:
      let p = next()
      let c1 = next()
      return .curve(to: p, control1: c1, control2: next())
    case .closeSubpath: return .closeSubpath
    }
  }

  /// A tag for the element's kind, to compare path structures.
  var structure: Int {
    switch self {
    case .move: 0
    case .line: 1
    case .quadCurve: 2
    case .curve: 3
    case .closeSubpath: 4
    }
  }
}
