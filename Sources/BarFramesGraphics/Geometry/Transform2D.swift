import Foundation

/// A 2-D affine transform with Core Graphics' layout: a point maps to
/// `(a·x + c·y + tx, b·x + d·y + ty)`.
///
/// `concatenating(_:)` follows `CGAffineTransformConcat(t1, t2)`: the result applies `self`
/// first, then `other`.
public struct Transform2D: Hashable, Sendable, CustomStringConvertible {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  public init(translationX tx: Double, y ty: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  public init(scaleX sx: Double, y sy: Double) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A rotation about the z axis. With y pointing down, a positive angle turns clockwise on
  /// screen, as `CGAffineTransform(rotationAngle:)` does in UIKit.
  public init(rotationAngle angle: Double) {
    let cosine = cos(angle)
    let sine = sin(angle)
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// A rotation about the y axis seen without perspective (`m34 == 0`): an x-scale by cos θ.
  ///
  /// Core Animation's `transform.rotation.y` on a layer without perspective projects to
  /// exactly this; the download bar's success flip relies on it.
  public init(yAxisRotation angle: Double) {
    self.init(scaleX: cos(angle), y: 1)
  }

  public var isIdentity: Bool { self == .identity }

  /// The transform that applies `self`, then `other`.
  public func concatenating(_ other: Transform2D) -> Transform2D {
    Transform2D(
      a: a * other.a + b * other.c,
      b: a * other.b + b * other.d,
      c: c * other.a + d * other.c,
      d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx,
      ty: tx * other.b + ty * other.d + other.ty)
  }

  /// `self` preceded by a translation (as `CGAffineTransformTranslate`).
  public func translatedBy(x: Double, y: Double) -> Transform2D {
    Transform2D(translationX: x, y: y).concatenating(self)
  }

  /// `self` preceded by a scale (as `CGAffineTransformScale`).
  public func scaledBy(x: Double, y: Double) -> Transform2D {
    Transform2D(scaleX: x, y: y).concatenating(self)
  }

  /// `self` preceded by a rotation (as `CGAffineTransformRotate`).
  public func rotated(by angle: Double) -> Transform2D {
    Transform2D(rotationAngle: angle).concatenating(self)
  }

  /// The determinant of the linear part.
  public var determinant: Double { a * d - b * c }

  /// The inverse transform, or nil when the transform is singular.
  public var inverted: Transform2D? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    let ia = d / det
    let ib = -b / det
    let ic = -c / det
    let id = a / det
    return Transform2D(
      a: ia, b: ib, c: ic, d: id,
      tx: -(tx * ia + ty * ic),
      ty: -(tx * ib + ty * id))
  }

  public func apply(to p: Point) -> Point {
    Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
  }

  /// `[a, b, c, d, tx, ty]`, the order `inspect` prints.
  public var components: [Double] { [a, b, c, d, tx, ty] }

  public var description: String {
    "[" + components.map(\.compactDescription).joined(separator: ", ") + "]"
  }
}
