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
  public var containerColor: Color = .gray
  /// The square's corner radius (5).
  public var containerCornerRadius: Double = 5
  /// The progress line (white).
  public var progressColor: Color = .white
  /// The progress line's width and the collapsed track's height (`kProgressWidth`, 4).
  public var progressWidth: Double = 4
  /// The arrow, the tag and the failure stream (white).
  public var indicatorColor: Color = .white
  /// The label while downloading (UILabel's default black).
  public var labelColor: Color = .black
  /// "done" (`greenColor`).
  public var successColor: Color = .green
  /// "failed" (`redColor`).
  public var failureColor: Color = .red
  /// The label's font size (the system font at 10 pt; Inter here).
  public var fontSize: Double = 10

  // MARK: Angles

  /// The tilt the indicator reaches while hopping to the start (`kHighSpeedAngle`, π/12).
  public var highSpeedAngle: Double = .pi / 12
  /// The backward swing when downloading begins (`kLowSpeedAngle`, π/16).
  public var lowSpeedAngle: Double = .pi / 16
  /// The tilt of the "failed" tag (`M_PI_4/3` in the indicator, π/12).
  public var failedAngle: Double = .pi / 12
  /// Where the failure stream falls to, in bar coordinates (200, absolute in the original).
  public var fallTargetY: Double = 200
  /// The bar's distance from the canvas edges, `[x, y]` ([0, 0]): the bar is the canvas inset
  /// by it. The original demo's screen leaves room around the bar, so the hop, the tag at both
  /// ends and the fall show; `[0, 0]` makes the canvas exactly the bar's frame.
  public var inset: Point = .zero

  // MARK: Durations (designs.md §2.1)

  /// The indicator's `duration`: the arrow ↔ tag morphs of ready and resume (0.3).
  public var morphDuration: Double = 0.3
  /// The container's collapse into the track (0.3).
  public var collapseDuration: Double = 0.3
  /// The indicator's hop to the start, a group with an easeOut timing function (0.9).
  public var readyDuration: Double = 0.9
  /// The −11.25° → 0 swing that ends the ready phase (0.2).
  public var swingDuration: Double = 0.2
  /// The y-axis flip at success (0.2).
  public var flipDuration: Double = 0.2
  /// The delay before the display link leaves the run loop at success (0.1).
  public var displayLinkRemovalDelay: Double = 0.1
  /// The drain and the stream last this many seconds per unit of progress (0.5·p).
  public var drainDurationPerProgress: Double = 0.5
  /// The stream's fall (0.7).
  public var fallDuration: Double = 0.7
  /// When the label turns "failed" and the stream is removed (1.4).
  public var failedDelay: Double = 1.4
  /// The failed tag's tilt (0.2).
  public var failedTiltDuration: Double = 0.2
  /// When `resume` is accepted again after a failure (1.7).
  public var failureUnlockDelay: Double = 1.7
  /// The container's growth back into the square and the indicator's arc home (0.3).
  public var resumeDuration: Double = 0.3
  /// The indicator's un-tilt on resume (0.1).
  public var untiltDuration: Double = 0.1
  /// The progress line's fade on resume (0.05).
  public var fadeDuration: Double = 0.05
  /// When the bar is rebuilt in its original state after `resume` (0.5).
  public var rebuildDelay: Double = 0.5

  /// Every parameter at the original demo's value.
  public init() {}

  public static let defaultSize = Size(200, 80)
  /// The demo's screen colour, RGB(142, 206, 237).
  public static let defaultBackground: Color? = Color(red8: 142, green8: 206, blue8: 237)

  /// The bounds of every duration and delay: positive, at most a minute.
  static let duration = NumberBounds.positive(atMost: 60)
  static let angle = NumberBounds.range(-Double.pi...Double.pi)

  public static let parameters: [StyleParameter<DownloadBarStyle>] = [
    .color("containerColor", \.containerColor, "The rounded square that collapses into the track."),
    .number(
      "containerCornerRadius", \.containerCornerRadius, .nonNegative, unit: .points, "The square's corner radius."),
    .color("progressColor", \.progressColor, "The progress line."),
    .number(
      "progressWidth", \.progressWidth, .positive, unit: .points,
      "The progress line's width and the collapsed track's height."),
    .color("indicatorColor", \.indicatorColor, "The arrow, the tag and the failure stream."),
    .color("labelColor", \.labelColor, "The label while downloading."),
    .color("successColor", \.successColor, "The label's \"done\"."),
    .color("failureColor", \.failureColor, "The label's \"failed\"."),
    .number(
      "fontSize", \.fontSize, .range(1...200), unit: .points, "The label's font size (Inter for the system font)."
    ),
    .number(
      "highSpeedAngle", \.highSpeedAngle, angle, unit: .radians,
      "The tilt the indicator reaches while hopping to the start."),
    .number("lowSpeedAngle", \.lowSpeedAngle, angle, unit: .radians, "The backward swing when downloading begins."),
    .number("failedAngle", \.failedAngle, angle, unit: .radians, "The tilt of the \"failed\" tag."),
    .number("fallTargetY", \.fallTargetY, unit: .points, "Where the failure stream falls to, in bar coordinates."),
    .point(
      "inset", \.inset, .range(0...1000), unit: .points,
      "The bar's distance from the canvas edges: the bar is the canvas inset by it."),
    .number("morphDuration", \.morphDuration, duration, unit: .seconds, "The arrow ↔ tag morphs of ready and resume."),
    .number(
      "collapseDuration", \.collapseDuration, duration, unit: .seconds, "The container's collapse into the track."),
    .number("readyDuration", \.readyDuration, duration, unit: .seconds, "The indicator's hop to the start."),
    .number(
      "swingDuration", \.swingDuration, duration, unit: .seconds, "The swing back to upright that ends the ready phase."
    ),
    .number("flipDuration", \.flipDuration, duration, unit: .seconds, "The y-axis flip at success."),
    .number(
      "displayLinkRemovalDelay", \.displayLinkRemovalDelay, duration, unit: .seconds,
      "The delay before the display link leaves the run loop at success."),
    .number(
      "drainDurationPerProgress", \.drainDurationPerProgress, duration, unit: .seconds,
      "The drain and the stream last this long per unit of progress."),
    .number("fallDuration", \.fallDuration, duration, unit: .seconds, "The stream's fall."),
    .number(
      "failedDelay", \.failedDelay, duration, unit: .seconds,
      "When the label turns \"failed\" and the stream is removed."),
    .number("failedTiltDuration", \.failedTiltDuration, duration, unit: .seconds, "The failed tag's tilt."),
    .number(
      "failureUnlockDelay", \.failureUnlockDelay, duration, unit: .seconds,
      "When `resume` is accepted again after a failure."),
    .number(
      "resumeDuration", \.resumeDuration, duration, unit: .seconds,
      "The container's growth back into the square and the indicator's arc home."),
    .number("untiltDuration", \.untiltDuration, duration, unit: .seconds, "The indicator's un-tilt on resume."),
    .number("fadeDuration", \.fadeDuration, duration, unit: .seconds, "The progress line's fade on resume."),
    .number(
      "rebuildDelay", \.rebuildDelay, duration, unit: .seconds,
      "When the bar is rebuilt in its original state after `resume`."),
  ]
}
