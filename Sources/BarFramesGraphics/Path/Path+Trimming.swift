extension Path {
  /// The total arc length of every drawable segment.
  public var length: Double { segments.reduce(0) { $0 + $1.length } }

  /// The part of the path between two fractions of its arc length, as `CAShapeLayer`'s
  /// `strokeStart`/`strokeEnd` select it. Fractions are clamped to 0…1; curves are split
  /// at the Bézier parameter that reaches the requested length.
  public func trimmed(from start: Double, to end: Double) -> Path {
    let a = min(max(start, 0), 1)
    let b = min(max(end, 0), 1)
    guard b > a else { return Path() }
    if a == 0, b == 1 { return self }
    let pieces = segments
    let lengths = pieces.map(\.length)
    let total = lengths.reduce(0, +)
    guard total > 0 else { return Path() }
    let from = a * total
    let to = b * total
    var result = Path()
    var walked = 0.0
    for (segment, length) in zip(pieces, lengths) {
      defer { walked += length }
      let s0 = walked
      let s1 = walked + length
      guard s1 > from, s0 < to, length > 0 else { continue }
      let t0 = from > s0 ? segment.parameter(atLength: from - s0) : 0
      let t1 = to < s1 ? segment.parameter(atLength: to - s0) : 1
      let piece = segment.subsegment(from: t0, to: t1)
      if result.currentPoint != piece.start { result.move(to: piece.start) }
      result.append(piece)
    }
    return result
  }

  private mutating func append(_ segment: PathSegment) {
    switch segment {
    case .line(_, let b): addLine(to: b)
    case .quad(_, let c, let b): addQuadCurve(to: b, control: c)
    case .cubic(_, let c1, let c2, let b): addCurve(to: b, control1: c1, control2: c2)
    }
  }
}

extension PathSegment {
  /// The Bézier parameter at which the arc length from the start reaches `length`.
  public func parameter(atLength target: Double) -> Double {
    let total = self.length
    guard total > 0 else { return 0 }
    if case .line = self { return min(max(target / total, 0), 1) }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<50 {
      let mid = (lo + hi) / 2
      if length(upTo: mid) < target { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
  }

  /// The piece of the segment between two Bézier parameters (de Casteljau).
  public func subsegment(from t0: Double, to t1: Double) -> PathSegment {
    switch self {
    case .line(let a, let b):
      return .line(a.interpolated(to: b, fraction: t0), a.interpolated(to: b, fraction: t1))
    case .quad(let a, let c, let b):
      // Raise to a cubic and split that: exact, and one code path.
      let cubic = PathSegment.cubic(a, a + (c - a) * (2.0 / 3), b + (c - b) * (2.0 / 3), b)
      return cubic.subsegment(from: t0, to: t1)
    case .cubic:
      let right = split(at: t0).right
      let t = t0 < 1 ? (t1 - t0) / (1 - t0) : 0
      return right.split(at: t).left
    }
  }

  private func split(at t: Double) -> (left: PathSegment, right: PathSegment) {
    guard case .cubic(let p0, let p1, let p2, let p3) = self else { return (self, self) }
    let p01 = p0.interpolated(to: p1, fraction: t)
    let p12 = p1.interpolated(to: p2, fraction: t)
    let p23 = p2.interpolated(to: p3, fraction: t)
    let p012 = p01.interpolated(to: p12, fraction: t)
    let p123 = p12.interpolated(to: p23, fraction: t)
    let mid = p012.interpolated(to: p123, fraction: t)
    return (.cubic(p0, p01, p012, mid), .cubic(mid, p123, p23, p3))
  }
}
