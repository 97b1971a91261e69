/// How a path is stroked, with Core Graphics' defaults (line width 1, butt caps, miter joins).
public struct StrokeStyle: Hashable, Sendable {
  /// The shape at an open subpath's ends.
  public enum LineCap: String, Hashable, Sendable, CaseIterable {
    case butt, round, square
  }

  /// The shape where two segments meet.
  public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    case miter, round, bevel
  }

  public var lineWidth: Double
  public var lineCap: LineCap
  public var lineJoin: LineJoin
  public var miterLimit: Double

  /// A stroke style; the defaults are Core Graphics' (and `CAShapeLayer`'s).
  /// - Parameters:
  ///   - lineWidth: In points. Core Graphics' default is 1 (Cairo's is 2; the renderer always
  ///     sets the width explicitly).
  ///   - lineCap: The ends of open subpaths: `.round` for a rounded arc or bar end.
  ///   - lineJoin: Where two segments meet.
  ///   - miterLimit: How long a miter join may grow, in line widths, before it is bevelled
  ///     (Core Graphics' 10).
  public init(
    lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
    miterLimit: Double = 10
  ) {
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.miterLimit = miterLimit
  }
}

/// Which regions of a self-intersecting path count as inside.
public enum FillRule: String, Hashable, Sendable {
  case nonZero, evenOdd
}
