import BarFramesGraphics

/// The bent-line progress layer's parameters (LXDProgressLayer), defaulting to the original
/// demo: a 320 × 320 pt view on a light-gray background.
public struct BentLineStyle: DesignStyle {
  /// The line's start, S (`origin`, (25, 76) in the demo).
  public var origin: Point = Point(25, 76)
  /// How far the knee dips at p = 0.5 (`maxOffset`, 25).
  public var maxOffset: Double = 25
  /// Both lines' width (5).
  public var lineWidth: Double = 5
  /// The gray line, RGB(204, 204, 204) — the original's `backgroundColor`, renamed so it
  /// cannot be confused with the canvas `background`.
  public var trackColor: Color = Color(red8: 204, green8: 204, blue8: 204)
  /// The green line and the label, RGB(66, 255, 66).
  public var strokeColor: Color = Color(red8: 66, green8: 255, blue8: 66)
  /// The label's font size (13, the system font in the original; Inter here).
  public var fontSize: Double = 13
  /// Also draws the author's first attempt, two `CAShapeLayer`s at y = 150 whose green
  /// `strokeEnd` is measured along the arc and animates implicitly over 0.25 s (designs.md §3.4).
  public var comparisonPair: Bool = false
  /// Which revision of `drawInContext:` draws: HEAD's (gray first, green on top, nothing green
  /// at p = 0) or the earlier one in the author's iOS recording (green first, covered by the
  /// gray; a green dot at p = 0).
  public var revision: BentLineRevision = .head

  /// Every parameter at the original demo's value.
  public init() {}

  public static let defaultSize = Size(320, 320)
  public static let defaultBackground: Color? = .lightGray
  public static let parameters: [StyleParameter<BentLineStyle>] = [
    .point("origin", \.origin, unit: .points, "The line's start, S."),
    .number("maxOffset", \.maxOffset, .nonNegative, unit: .points, "How far the knee dips at progress 0.5."),
    .number("lineWidth", \.lineWidth, .positive, unit: .points, "Both lines' width."),
    .color("trackColor", \.trackColor, "The gray line (the original's `backgroundColor`)."),
    .color("strokeColor", \.strokeColor, "The green line and the label."),
    .number(
      "fontSize", \.fontSize, .range(1...200), unit: .points, "The label's font size (Inter for the system font)."
    ),
    .bool("comparisonPair", \.comparisonPair, "Also draws the author's first attempt, two shape layers at y = 150."),
    .choice(
      "revision", \.revision,
      "Which revision of drawInContext: draws: head (gray first, green on top) or recording (green first, as in the author's iOS recording)."
    ),
  ]
}

/// The revisions of LXDProgressLayer's `drawInContext:` (designs.md §3.2).
public enum BentLineRevision: String, CaseIterable, Hashable, Sendable {
  /// The repository's HEAD: the gray line, then the green one over it; no green at p = 0.
  case head
  /// The revision the author's iOS recording shows: the green line first, the gray over it,
  /// and no `p == 0` case.
  case recording
}
