import BarFramesGraphics

/// The bent-line progress layer's parameters (LXDProgressLayer), defaulting to the original
/// demo: a 320 × 320 pt view on a light-gray background.
public struct BentLineStyle: DesignStyle {
  /// The line's start, S (`origin`, (25, 76) in the demo).
  public var origin: Point
  /// How far the knee dips at p = 0.5 (`maxOffset`, 25).
  public var maxOffset: Double
  /// Both lines' width (5).
  public var lineWidth: Double
  /// The gray line, RGB(204, 204, 204) — the original's `backgroundColor`, renamed so it
  /// cannot be confused with the canvas `background`.
  public var trackColor: Color
  /// The green line and the label, RGB(66, 255, 66).
  public var strokeColor: Color
  /// The label's font size (13, the system font in the original; DejaVu Sans here).
  public var fontSize: Double
  /// Also draws the author's first attempt, two `CAShapeLayer`s at y = 150 whose green
  /// `strokeEnd` is measured along the arc and animates implicitly over 0.25 s (designs.md §3.4).
  public var comparisonPair: Bool

  public init(
    origin: Point = Point(25, 76), maxOffset: Double = 25, lineWidth: Double = 5,
    trackColor: Color = Color(red8: 204, green8: 204, blue8: 204),
    strokeColor: Color = Color(red8: 66, green8: 255, blue8: 66), fontSize: Double = 13, comparisonPair: Bool = false
  ) {
    self.origin = origin
    self.maxOffset = maxOffset
    self.lineWidth = lineWidth
    self.trackColor = trackColor
    self.strokeColor = strokeColor
    self.fontSize = fontSize
    self.comparisonPair = comparisonPair
  }

  public static let defaultSize = Size(320, 320)
  public static let defaultBackground: Color? = .lightGray
  public static let parameterKeys = ["origin", "maxOffset", "lineWidth", "trackColor", "strokeColor", "fontSize", "comparisonPair"]

  public static let parameterTypes: [String: ParameterType] = [
    "origin": .point, "maxOffset": .number(minimum: 0), "lineWidth": .number(exclusiveMinimum: 0),
    "trackColor": .color, "strokeColor": .color, "fontSize": .number(minimum: 1, maximum: 200),
    "comparisonPair": .bool,
  ]

  public static func read(from reader: inout JSONObjectReader, directory: String) throws(InputError) -> BentLineStyle {
    let d = BentLineStyle()
    return BentLineStyle(
      origin: try reader.point("origin", default: d.origin),
      maxOffset: try reader.number("maxOffset", default: d.maxOffset, .nonNegative),
      lineWidth: try reader.number("lineWidth", default: d.lineWidth, .positive),
      trackColor: try reader.color("trackColor", default: d.trackColor),
      strokeColor: try reader.color("strokeColor", default: d.strokeColor),
      fontSize: try reader.number("fontSize", default: d.fontSize, .range(1...200)),
      comparisonPair: try reader.bool("comparisonPair", default: d.comparisonPair))
  }
}
