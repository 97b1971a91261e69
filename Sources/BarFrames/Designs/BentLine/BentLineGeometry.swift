import BarFramesGraphics

/// The bent line's geometry at a progress p and a strokeEnd s (designs.md §3.2), exactly as
/// LXDProgressLayer's `drawInContext:` computes it.
///
/// With L = width − 2·origin.x: the knee K = (O.x + L·p, O.y + bend(p)) where
/// bend(q) = maxOffset·(1 − |q − 0.5|·2); the end E = (O.x + L, O.y). The contact point C, where
/// green turns gray, is at x = O.x + L·s — **strokeEnd is measured along x**, per segment, not
/// along the arc as `CAShapeLayer` measures it.
public struct BentLineGeometry: Hashable, Sendable {
  public var start: Point
  public var knee: Point
  public var end: Point
  public var contact: Point
  public var progress: Double
  public var strokeEnd: Double

  /// - Parameters:
  ///   - progress: Clamped to 0…1 (the layer's setter clamps).
  ///   - strokeEnd: Not clamped, as in the original; values outside 0…1 extrapolate.
  ///   - origin: The start O; the end E is as far from the right edge (`width`) as O is from the left.
  ///   - maxOffset: The knee's vertical offset at p = 0.5, falling linearly to 0 at p = 0 and 1.
  ///   - width: The layer's width; the original used the screen width, equal in the demo.
  public init(progress: Double, strokeEnd: Double, origin: Point, maxOffset: Double, width: Double) {
    let p = min(max(progress, 0), 1)
    let s = strokeEnd
    let length = width - 2 * origin.x
    let bend = maxOffset * (1 - abs(p - 0.5) * 2)
    start = origin
    knee = Point(x: origin.x + length * p, y: origin.y + bend)
    end = Point(x: origin.x + length, y: origin.y)
    // The original writes `_progress == 0 ?: expr`, which is 1 when p == 0.
    let scale: Double
    if s > p {
      scale = p == 0 ? 1 : 1 - (s - p) / (1 - p)
    } else {
      scale = p == 0 ? 1 : s / p
    }
    contact = Point(x: origin.x + length * s, y: origin.y + (knee.y - origin.y) * scale)
    self.progress = p
    self.strokeEnd = s
  }

  /// The gray line: C → E when s > p, else C → K → E (drawn first).
  public var trackPath: Path {
    strokeEnd > progress ? Path(polyline: [contact, end]) : Path(polyline: [contact, knee, end])
  }

  /// The green line: S → (K if s > p) → C; a flat S → C when p = 0 and s ∉ {0, 1}; else nothing.
  public var progressPath: Path? {
    if progress != 0 {
      return strokeEnd > progress ? Path(polyline: [start, knee, contact]) : Path(polyline: [start, contact])
    }
    if strokeEnd != 0, strokeEnd != 1 { return Path(polyline: [start, contact]) }
    return nil
  }

  /// The green line of the revision in the author's recording, which has no `p == 0` case:
  /// S → (K if s > p) → C whatever p, so at p = 0 a dot of green sits at S (under the gray's cap).
  public var recordedProgressPath: Path {
    strokeEnd > progress ? Path(polyline: [start, knee, contact]) : Path(polyline: [start, contact])
  }

  /// The label's text, `"%lu%%"` of `(NSUInteger)(p·100)`: truncating, so 0.29 shows "28%"
  /// exactly as the original does (0.29 × 100 = 28.999…).
  public var labelText: String { "\(Int(progress * 100))%" }

  /// The label's box: 40 × 20, centred on the knee's x, 20 pt above it (`textRect`).
  public var labelRect: Rect {
    Rect(x: knee.x - 20, y: knee.y - 30, width: 40, height: 20)
  }
}
