import BarFramesGraphics

/// The download bar's geometry for a bar of W × H points (designs.md §2.2), exactly as
/// `ZYProgressBar` and `ZYProgressIndicator` compute it. Worked numbers are for the demo's
/// 200 × 80.
///
/// The original mixes sizes that scale with the bar and absolute offsets (the hop of 40, the
/// rest height of 7.5, the arc's 100, the fall to y = 200); both are kept as they are, so a
/// bar of another height keeps the original's absolute offsets.
public struct DownloadBarGeometry: Hashable, Sendable {
  /// W, the bar's length.
  public var width: Double
  /// H, the icon's side.
  public var height: Double
  /// `kProgressWidth`.
  public var progressWidth: Double

  /// How far the indicator hops up before it drops to the bar (`.m:352`).
  public static let hopHeight = 40.0
  /// How far above the bar's centre line the tag rests, so the pointer touches the track.
  public static let restLift = 7.5
  /// The nudge to the right before the slide to the start.
  public static let nudge = 20.0
  /// How far above the centre the resume arc's control point lies.
  public static let arcLift = 100.0

  public init(width: Double, height: Double, progressWidth: Double) {
    self.width = width
    self.height = height
    self.progressWidth = progressWidth
  }

  /// (W/2, H/2): the square's centre, the indicator's model position, the container's anchor.
  public var center: Point { Point(width / 2, height / 2) }

  /// The square `((W − H)/2, 0, H, H)`: the container's path and the indicator's frame.
  public var square: Rect { Rect(x: (width - height) / 2, y: 0, width: height, height: height) }

  /// The container's held scale `(W/H, 4/H)` about (W/2, H/2): the H × H square becomes the
  /// W × 4 track `x ∈ [0, W], y ∈ [H/2 − 2, H/2 + 2]`.
  public var collapsedScale: (x: Double, y: Double) { (width / height, progressWidth / height) }

  // MARK: The indicator, in its own coordinates (side H)

  /// The arrow's shaft: `x ∈ [3H/8, 5H/8], y ∈ [H/4, H/2]`, corner radius 1.
  public var rectangle: Rect { Rect(x: 3 * height / 8, y: height / 4, width: height / 4, height: height / 4) }

  /// The arrow's head, pointing down: (H/4, H/2) → (H/2, 3H/4) → (3H/4, H/2), closed.
  public var trianglePoints: [Point] {
    [Point(height / 4, height / 2), Point(height / 2, 3 * height / 4), Point(3 * height / 4, height / 2)]
  }

  /// The label's frame `(0, H/2 − 17, H, 15)`.
  public var labelFrame: Rect { Rect(x: 0, y: height / 2 - 17, width: height, height: 15) }

  // MARK: Paths in bar coordinates

  /// `indicatorMoveToReadyPath`: from the centre up 40, down to 7.5 above the centre line,
  /// right 20, then left to x = 0 — four line keyframes.
  public var readyPath: Path {
    let s = center
    let rest = s.y - Self.restLift
    return Path(polyline: [
      s, Point(s.x, s.y - Self.hopHeight), Point(s.x, rest), Point(s.x + Self.nudge, rest), Point(0, rest),
    ])
  }

  /// Where the hop ends and the tag's centre rests before the download moves it: (0, H/2 − 7.5).
  public var restPosition: Point { Point(0, height / 2 - Self.restLift) }

  /// The tag's centre while downloading: the held rest position plus the view translation W·p.
  public func tagCenter(progress p: Double) -> Point { Point(width * p, height / 2 - Self.restLift) }

  /// `progressPathWithProgress:`: (0, H/2) → (W·p, H/2), closed — drawn as a round-capped line.
  public func progressPath(progress p: Double) -> Path {
    var path = Path()
    path.move(to: Point(0, height / 2))
    path.addLine(to: Point(width * p, height / 2))
    path.closeSubpath()
    return path
  }

  /// The resume arc: a quadratic from (W·p, H/2 − 7.5) via (W/2, H/2 − 100) to (W/2, H/2).
  public func resumePath(progress p: Double) -> Path {
    var path = Path()
    path.move(to: tagCenter(progress: p))
    path.addQuadCurve(to: center, control: Point(width / 2, height / 2 - Self.arcLift))
    return path
  }

  /// Where the drained line's centre goes: `position.y + kProgressWidth/2` = H/2 + 2, so its
  /// bottom edge stays put while the scale y goes to 0.
  public var drainedY: Double { height / 2 + progressWidth / 2 }

  /// The stream's frame when added: `(W·p, H/2, 2, 0)`, anchor (0, 0).
  public func streamFrame(progress p: Double) -> Rect { Rect(x: width * p, y: height / 2, width: 2, height: 0) }

  /// The stream's size at the end of the pour: `(1, W·p)`, as long as the drained line.
  public func pouredStreamSize(progress p: Double) -> Size { Size(1, width * p) }

  /// The stream's y at the end of the pour: `W·p/2 + 3` (eased in).
  public func pouredStreamY(progress p: Double) -> Double { width * p / 2 + 3 }

  /// The label's text while downloading: `"%d%%"` of `(int)(100·p)`, truncating (0.29 → "28%").
  public static func labelText(progress p: Double) -> String { "\(Int(100 * p))%" }
}
