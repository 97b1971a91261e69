import BarFramesGraphics
import Foundation

/// A layer transform kept as the components Core Animation's `transform.*` key paths address:
/// translation, rotation about z and about y, and scale.
///
/// The matrix is `T · Rz · Ry · S` (scale first, then the y rotation, the z rotation and the
/// translation). Without perspective (`m34 == 0`) a y rotation projects to an x-scale by
/// cos θ, so every value here is a 2-D affine transform. Animations interpolate the
/// components one by one, which is what Core Animation does for the `transform.*` key paths.
///
/// ```swift
/// var t = TransformComponents(scaleX: 1.5, scaleY: 0.9)
/// t.rotationZ = .pi / 12
/// t.transform2D  // scale, then rotate 15° clockwise on screen
/// ```
public struct TransformComponents: Hashable, Sendable, CustomStringConvertible {
  public var translationX: Double
  public var translationY: Double
  /// Radians about z; positive turns clockwise on screen (y points down).
  public var rotationZ: Double
  /// Radians about y; seen without perspective as an x-scale by cos θ.
  public var rotationY: Double
  public var scaleX: Double
  public var scaleY: Double

  public init(
    translationX: Double = 0, translationY: Double = 0, rotationZ: Double = 0, rotationY: Double = 0,
    scaleX: Double = 1, scaleY: Double = 1
  ) {
    self.translationX = translationX
    self.translationY = translationY
    self.rotationZ = rotationZ
    self.rotationY = rotationY
    self.scaleX = scaleX
    self.scaleY = scaleY
  }

  /// The identity: no translation or rotation, scale 1.
  public static let identity = TransformComponents()

  /// A pure scale, as `CATransform3DMakeScale(sx, sy, 1)`.
  public static func scale(_ sx: Double, _ sy: Double) -> TransformComponents {
    TransformComponents(scaleX: sx, scaleY: sy)
  }

  /// A pure z rotation, as `CATransform3DMakeRotation(angle, 0, 0, 1)`.
  public static func rotation(_ angle: Double) -> TransformComponents {
    TransformComponents(rotationZ: angle)
  }

  /// A pure translation, as `CATransform3DMakeTranslation(tx, ty, 0)`.
  public static func translation(_ tx: Double, _ ty: Double) -> TransformComponents {
    TransformComponents(translationX: tx, translationY: ty)
  }

  /// The 2-D matrix `T · Rz · Ry · S`.
  public var transform2D: Transform2D {
    Transform2D(scaleX: scaleX, y: scaleY)
      .concatenating(Transform2D(yAxisRotation: rotationY))
      .concatenating(Transform2D(rotationAngle: rotationZ))
      .concatenating(Transform2D(translationX: translationX, y: translationY))
  }

  /// Component-wise linear interpolation.
  public func interpolated(to other: TransformComponents, fraction t: Double) -> TransformComponents {
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
    return TransformComponents(
      translationX: mix(translationX, other.translationX), translationY: mix(translationY, other.translationY),
      rotationZ: mix(rotationZ, other.rotationZ), rotationY: mix(rotationY, other.rotationY),
      scaleX: mix(scaleX, other.scaleX), scaleY: mix(scaleY, other.scaleY))
  }

  /// The additive combination: translations and rotations add, scales multiply.
  ///
  /// Core Animation concatenates matrices for additive transforms; for the aligned
  /// components this model keeps, concatenation adds angles and multiplies scales. The
  /// translation is not rotated by the other transform's rotation (a simplification).
  public func concatenating(_ other: TransformComponents) -> TransformComponents {
    TransformComponents(
      translationX: translationX + other.translationX, translationY: translationY + other.translationY,
      rotationZ: rotationZ + other.rotationZ, rotationY: rotationY + other.rotationY,
      scaleX: scaleX * other.scaleX, scaleY: scaleY * other.scaleY)
  }

  /// The inverse of ``concatenating(_:)``: `a.concatenating(b).removing(b) == a`.
  public func removing(_ other: TransformComponents) -> TransformComponents {
    TransformComponents(
      translationX: translationX - other.translationX, translationY: translationY - other.translationY,
      rotationZ: rotationZ - other.rotationZ, rotationY: rotationY - other.rotationY,
      scaleX: other.scaleX == 0 ? 0 : scaleX / other.scaleX,
      scaleY: other.scaleY == 0 ? 0 : scaleY / other.scaleY)
  }

  /// `self` concatenated with itself `count` times (for `cumulative`).
  public func repeated(_ count: Double) -> TransformComponents {
    TransformComponents(
      translationX: translationX * count, translationY: translationY * count,
      rotationZ: rotationZ * count, rotationY: rotationY * count,
      scaleX: pow(scaleX, count), scaleY: pow(scaleY, count))
  }

  public var description: String {
    "translate(\(translationX.compactDescription), \(translationY.compactDescription)) rotateZ(\(rotationZ.compactDescription)) rotateY(\(rotationY.compactDescription)) scale(\(scaleX.compactDescription), \(scaleY.compactDescription))"
  }
}
