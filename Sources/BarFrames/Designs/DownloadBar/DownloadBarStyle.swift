import BarFramesGraphics

/// The download bar's parameters (ZYDownloadProgress's `ZYProgressBar` + `ZYProgressIndicator`,
/// designs.md §2.1), defaulting to the original demo: a 200 × 80 pt bar on RGB(142, 206, 237).
///
/// The canvas is the bar's frame: its width W is the bar's length and its height H the side of
/// the square icon ("frame.width = bar length, frame.height = icon side"). Angles are radians;
/// durations and delays are seconds.
public struct DownloadBarStyle: DesignStyle {
  // MARK: Look

  /// The rounded square that collapses into the track (`grayColor`, fill and stroke).
  public var containerColor: Color
  /// The square's corner radius (5).
  public var containerCornerRadius: Double
  /// The progress line (white).
  public var progressColor: Color
  /// The progress line's width and the collapsed track's height (`kProgressWidth`, 4).
  public var progressWidth: Double
  /// The arrow, the tag and the failure stream (white).
  public var indicatorColor: Color
  /// The label while downloading (UILabel's default black).
  public var labelColor: Color
  /// "done" (`greenColor`).
  public var successColor: Color
  /// "failed" (`redColor`).
  public var failureColor: Color
  /// The label's font size (the system font at 10 pt; DejaVu Sans here).
  public var fontSize: Double

  // MARK: Angles

  /// The tilt the indicator reaches while hopping to the start (`kHighSpeedAngle`, π/12).
  public var highSpeedAngle: Double
  /// The backward swing when downloading begins (`kLowSpeedAngle`, π/16).
  public var lowSpeedAngle: Double
  /// The tilt of the "failed" tag (`M_PI_4/3` in the indicator, π/12).
  public var failedAngle: Double
  /// Where the failure stream falls to, in bar coordinates (200, absolute in the original).
  public var fallTargetY: Double
  /// The bar's distance from the canvas edges, `[x, y]` ([0, 0]): the bar is the canvas inset
  /// by it. The original demo's screen leaves room around the bar, so the hop, the tag at both
  /// ends and the fall show; `[0, 0]` makes the canvas exactly the bar's frame.
  public var inset: Point

  // MARK: Durations (designs.md §2.1)

  /// The indicator's `duration`: the arrow ↔ tag morphs of ready and resume (0.3).
  public var morphDuration: Double
  /// The container's collapse into the track (0.3).
  public var collapseDuration: Double
  /// The indicator's hop to the start, a group with an easeOut timing function (0.9).
  public var readyDuration: Double
  /// The −11.25° → 0 swing that ends the ready phase (0.2).
  public var swingDuration: Double
  /// The y-axis flip at success (0.2).
  public var flipDuration: Double
  /// The delay before the display link leaves the run loop at success (0.1).
  public var displayLinkRemovalDelay: Double
  /// The drain and the stream last this many seconds per unit of progress (0.5·p).
  public var drainDurationPerProgress: Double
  /// The stream's fall (0.7).
  public var fallDuration: Double
  /// When the label turns "failed" and the stream is removed (1.4).
  public var failedDelay: Double
  /// The failed tag's tilt (0.2).
  public var failedTiltDuration: Double
  /// When `resume` is accepted again after a failure (1.7).
  public var failureUnlockDelay: Double
  /// The container's growth back into the square and the indicator's arc home (0.3).
  public var resumeDuration: Double
  /// The indicator's un-tilt on resume (0.1).
  public var untiltDuration: Double
  /// The progress line's fade on resume (0.05).
  public var fadeDuration: Double
  /// When the bar is rebuilt in its original state after `resume` (0.5).
  public var rebuildDelay: Double

  public init(
    containerColor: Color = .gray, containerCornerRadius: Double = 5, progressColor: Color = .white,
    progressWidth: Double = 4, indicatorColor: Color = .white, labelColor: Color = .black,
    successColor: Color = .green, failureColor: Color = .red, fontSize: Double = 10,
    highSpeedAngle: Double = .pi / 12, lowSpeedAngle: Double = .pi / 16, failedAngle: Double = .pi / 12,
    fallTargetY: Double = 200, inset: Point = .zero,
    morphDuration: Double = 0.3, collapseDuration: Double = 0.3, readyDuration: Double = 0.9,
    swingDuration: Double = 0.2, flipDuration: Double = 0.2, displayLinkRemovalDelay: Double = 0.1,
    drainDurationPerProgress: Double = 0.5, fallDuration: Double = 0.7, failedDelay: Double = 1.4,
    failedTiltDuration: Double = 0.2, failureUnlockDelay: Double = 1.7, resumeDuration: Double = 0.3,
    untiltDuration: Double = 0.1, fadeDuration: Double = 0.05, rebuildDelay: Double = 0.5
  ) {
    self.containerColor = containerColor
    self.containerCornerRadius = containerCornerRadius
    self.progressColor = progressColor
    self.progressWidth = progressWidth
    self.indicatorColor = indicatorColor
    self.labelColor = labelColor
    self.successColor = successColor
    self.failureColor = failureColor
    self.fontSize = fontSize
    self.highSpeedAngle = highSpeedAngle
    self.lowSpeedAngle = lowSpeedAngle
    self.failedAngle = failedAngle
    self.fallTargetY = fallTargetY
    self.inset = inset
    self.morphDuration = morphDuration
    self.collapseDuration = collapseDuration
    self.readyDuration = readyDuration
    self.swingDuration = swingDuration
    self.flipDuration = flipDuration
    self.displayLinkRemovalDelay = displayLinkRemovalDelay
    self.drainDurationPerProgress = drainDurationPerProgress
    self.fallDuration = fallDuration
    self.failedDelay = failedDelay
    self.failedTiltDuration = failedTiltDuration
    self.failureUnlockDelay = failureUnlockDelay
    self.resumeDuration = resumeDuration
    self.untiltDuration = untiltDuration
    self.fadeDuration = fadeDuration
    self.rebuildDelay = rebuildDelay
  }

  public static let defaultSize = Size(200, 80)
  /// The demo's screen colour, RGB(142, 206, 237).
  public static let defaultBackground: Color? = Color(red8: 142, green8: 206, blue8: 237)

  static let colorKeys = ["containerColor", "progressColor", "indicatorColor", "labelColor", "successColor", "failureColor"]
  static let angleKeys = ["highSpeedAngle", "lowSpeedAngle", "failedAngle"]
  static let durationKeys = [
    "morphDuration", "collapseDuration", "readyDuration", "swingDuration", "flipDuration",
    "displayLinkRemovalDelay", "drainDurationPerProgress", "fallDuration", "failedDelay",
    "failedTiltDuration", "failureUnlockDelay", "resumeDuration", "untiltDuration", "fadeDuration",
    "rebuildDelay",
  ]

  public static let parameterKeys =
    colorKeys + ["containerCornerRadius", "progressWidth", "fontSize", "fallTargetY", "inset"] + angleKeys + durationKeys

  public static var parameterTypes: [String: ParameterType] {
    var types: [String: ParameterType] = [
      "containerCornerRadius": .number(minimum: 0), "progressWidth": .number(exclusiveMinimum: 0),
      "fontSize": .number(minimum: 1, maximum: 200), "fallTargetY": .number(), "inset": .point,
    ]
    for key in colorKeys { types[key] = .color }
    for key in angleKeys { types[key] = .number(minimum: -Double.pi, maximum: Double.pi) }
    for key in durationKeys { types[key] = .number(exclusiveMinimum: 0, maximum: 60) }
    return types
  }

  public static func read(from reader: inout JSONObjectReader, directory: String) throws(InputError) -> DownloadBarStyle {
    let d = DownloadBarStyle()
    func duration(_ key: String, _ value: Double, _ reader: inout JSONObjectReader) throws(InputError) -> Double {
      let v = try reader.number(key, default: value, .positive)
      guard v <= 60 else { throw reader.error(key, "expected at most 60 seconds, got \(v.compactJSON)") }
      return v
    }
    func inset(_ reader: inout JSONObjectReader, _ value: Point) throws(InputError) -> Point {
      guard let (x, y) = try reader.pair("inset", .range(0...1000)) else { return value }
      return Point(x, y)
    }
    let angle = JSONObjectReader.NumberRule.range(-Double.pi...Double.pi)
    return DownloadBarStyle(
      containerColor: try reader.color("containerColor", default: d.containerColor),
      containerCornerRadius: try reader.number("containerCornerRadius", default: d.containerCornerRadius, .nonNegative),
      progressColor: try reader.color("progressColor", default: d.progressColor),
      progressWidth: try reader.number("progressWidth", default: d.progressWidth, .positive),
      indicatorColor: try reader.color("indicatorColor", default: d.indicatorColor),
      labelColor: try reader.color("labelColor", default: d.labelColor),
      successColor: try reader.color("successColor", default: d.successColor),
      failureColor: try reader.color("failureColor", default: d.failureColor),
      fontSize: try reader.number("fontSize", default: d.fontSize, .range(1...200)),
      highSpeedAngle: try reader.number("highSpeedAngle", default: d.highSpeedAngle, angle),
      lowSpeedAngle: try reader.number("lowSpeedAngle", default: d.lowSpeedAngle, angle),
      failedAngle: try reader.number("failedAngle", default: d.failedAngle, angle),
      fallTargetY: try reader.number("fallTargetY", default: d.fallTargetY),
      inset: try inset(&reader, d.inset),
      morphDuration: try duration("morphDuration", d.morphDuration, &reader),
      collapseDuration: try duration("collapseDuration", d.collapseDuration, &reader),
      readyDuration: try duration("readyDuration", d.readyDuration, &reader),
      swingDuration: try duration("swingDuration", d.swingDuration, &reader),
      flipDuration: try duration("flipDuration", d.flipDuration, &reader),
      displayLinkRemovalDelay: try duration("displayLinkRemovalDelay", d.displayLinkRemovalDelay, &reader),
      drainDurationPerProgress: try duration("drainDurationPerProgress", d.drainDurationPerProgress, &reader),
      fallDuration: try duration("fallDuration", d.fallDuration, &reader),
      failedDelay: try duration("failedDelay", d.failedDelay, &reader),
      failedTiltDuration: try duration("failedTiltDuration", d.failedTiltDuration, &reader),
      failureUnlockDelay: try duration("failureUnlockDelay", d.failureUnlockDelay, &reader),
      resumeDuration: try duration("resumeDuration", d.resumeDuration, &reader),
      untiltDuration: try duration("untiltDuration", d.untiltDuration, &reader),
      fadeDuration: try duration("fadeDuration", d.fadeDuration, &reader),
      rebuildDelay: try duration("rebuildDelay", d.rebuildDelay, &reader))
  }
}
