/// Where a scene's files go, relative to the output folder.
///
/// ```
/// OUT/index.html
/// OUT/bent-line-slider/bent-line-slider-000@2x.png     frames, numbered with the frame count's digits
/// OUT/bent-line-slider/bent-line-slider@2x.apng
/// OUT/bent-line-slider/bent-line-slider@2x.gif
/// OUT/bent-line-slider/bent-line-slider@2x.webp
/// OUT/bent-line-slider/bent-line-slider-sheet@2x.png
/// OUT/bent-line-slider/bent-line-slider-at-1.000s.svg  previews, named by time
/// OUT/bent-line-slider/bent-line-slider-animated.svg   the whole sequence as one SVG
/// ```
/// Raster files carry `@2x`/`@3x` when the scale is above 1, as iOS asset names do; SVG is
/// resolution-independent and carries none.
public struct SceneFileNames: Hashable, Sendable {
  public var scene: String
  public var scale: Int
  /// Digits of the frame numbers: those of the sequence's frame count.
  public var indexDigits: Int

  public init(scene: String, scale: Int, indexDigits: Int) {
    self.scene = scene
    self.scale = scale
    self.indexDigits = max(1, indexDigits)
  }

  /// The scene's folder.
  public var directory: String { scene }

  /// `@2x`, `@3x`, or nothing at scale 1.
  public var scaleSuffix: String { scale > 1 ? "@\(scale)x" : "" }

  /// The file name of frame `index`, without the folder.
  public func frameFileName(_ index: Int) -> String {
    let digits = String(index)
    return "\(scene)-\(String(repeating: "0", count: max(0, indexDigits - digits.count)))\(digits)\(scaleSuffix).png"
  }

  public func framePath(_ index: Int) -> String { "\(directory)/\(frameFileName(index))" }
  public var apngPath: String { "\(directory)/\(scene)\(scaleSuffix).apng" }
  public var gifPath: String { "\(directory)/\(scene)\(scaleSuffix).gif" }
  public var webpPath: String { "\(directory)/\(scene)\(scaleSuffix).webp" }
  public var sheetPath: String { "\(directory)/\(scene)-sheet\(scaleSuffix).png" }
  /// The animated SVG, e.g. `bar/bar-animated.svg`: vector, so without a scale suffix.
  public var animatedSVGPath: String { "\(directory)/\(scene)-animated.svg" }

  /// The SVG preview at `time` seconds, e.g. `bar/bar-at-1.250s.svg`.
  public func svgPath(time: Double) -> String { "\(directory)/\(scene)-at-\(Self.timeLabel(time))s.svg" }

  /// A time with millisecond precision, as file names and captions print it: `1.250`.
  public static func timeLabel(_ time: Double) -> String {
    let millis = Int((time * 1000).rounded())
    let frac = String(millis % 1000)
    return "\(millis / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
  }

  /// The gallery page.
  public static let galleryPath = "index.html"
}
