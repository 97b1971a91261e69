import BarFramesGraphics
import Foundation

/// The customizable bar's parameters (BNCommonProgressBar's initializer plus the hit slop and
/// two initial flags), defaulting to the original demo: a 247 × 20 pt bar (a 375 pt screen
/// minus 64 pt margins) on a black screen.
public struct CustomizableBarStyle: DesignStyle {
  /// What `pauseAnimation` does, so the bug the article explains can be rendered next to the fix.
  public enum PauseStrategy: String, Hashable, Sendable, CaseIterable {
    /// The article's fix (QA1673): the dot's and the fill's clocks stop, so the bar stays at
    /// the presented value B and `resumeAnimation` plays the rest of the tween.
    case layerTime
    /// `removeAllAnimations` on the dot and the fill: the bar jumps to the end value C.
    case removeAnimations
    /// Nothing is done: the in-flight tween slides on to C, the bug the article starts from.
    case none
  }

  /// The track's and the fill's height (`barHeight`, 1.5). 0 is allowed: the original then
  /// uses 2 for the large-bar maths.
  public var barHeight: Double = 1.5
  /// The icon's side (`dotHeight`, 15). Ignored without an icon, as in the original.
  public var dotHeight: Double = 15
  /// The track (`defaultColor`, white at α 0.1).
  public var defaultColor: Color = Color(red: 1, green: 1, blue: 1, alpha: 0.1)
  /// The fill and the icon-less dot (`inProgressColor`, white).
  public var inProgressColor: Color = .white
  /// The fill while the large bar shows (`dragColor`, white); the pan never uses it.
  public var dragColor: Color = .white
  /// The track's and the fill's corner radius (`cornerRadius`, 0.5); 0 is square.
  public var cornerRadius: Double = 0.5
  /// The dot's image (`progressBarIconImage`), read from a PNG file next to the style.
  public var progressBarIconImage: EmbeddedImage? = nil
  /// Whether the bar has its pan recognizer (`enablePanProgressIcon`, true).
  public var enablePanProgressIcon: Bool = true
  /// The hit slop on every side (`BNResponseWidHeight / 2`, 20; a macro in the original).
  public var responseInset: Double = 20
  /// `showLargeBar` right after init (false).
  public var showLargeBar: Bool = false
  /// `showAnchorPoint` right after init (false: the dot is hidden).
  public var showAnchorPoint: Bool = false
  /// What `pauseAnimation` does (`layerTime`).
  public var pauseStrategy: PauseStrategy = .layerTime

  /// Every parameter at the original demo's value.
  public init() {}

  public static let defaultSize = Size(247, 20)
  public static let defaultBackground: Color? = .black
  public static let parameters: [StyleParameter<CustomizableBarStyle>] = [
    // Read first, as the original loads the image before anything is drawn: a bad icon path
    // is the error reported even when other keys are wrong too.
    StyleParameter(
      "progressBarIconImage", \.progressBarIconImage, type: .string,
      "The dot's image: a PNG file path relative to the style file, read when the style loads.",
      json: { $0.map { .string($0.name) } },
      read: { reader, key, value, directory throws(InputError) in
        guard let path = try reader.optionalString(key) else { return value }
        return try CustomizableBarStyle.readIcon(path, directory: directory, reader: reader)
      }),
    .number(
      "barHeight", \.barHeight, .range(0...1000), unit: .points,
      "The track's and the fill's height (0 uses 2 for the large bar)."),
    .number("dotHeight", \.dotHeight, .range(0...1000), unit: .points, "The icon's side; ignored without an icon."),
    .color("defaultColor", \.defaultColor, "The track."),
    .color("inProgressColor", \.inProgressColor, "The fill and the icon-less dot."),
    .color("dragColor", \.dragColor, "The fill while the large bar shows."),
    .number(
      "cornerRadius", \.cornerRadius, .range(0...1000), unit: .points,
      "The track's and the fill's corner radius; 0 is square."),
    .bool("enablePanProgressIcon", \.enablePanProgressIcon, "Whether the bar has its pan recognizer."),
    .number("responseInset", \.responseInset, .range(0...1000), unit: .points, "The hit slop on every side."),
    .bool("showLargeBar", \.showLargeBar, "`showLargeBar` right after init."),
    .bool("showAnchorPoint", \.showAnchorPoint, "`showAnchorPoint` right after init (false hides the dot)."),
    .choice(
      "pauseStrategy", \.pauseStrategy,
      "What `pauseAnimation` does: the article's fix, removing the animations, or nothing."),
  ]

  /// Loads the icon's bytes now, so a style is a complete value and a missing or undecodable
  /// file fails at load time, naming the style and the key, rather than mid-render. The core
  /// does not decode PNGs (a renderer does), but it checks the whole file (``PNGCheck``): the
  /// size limits from the header first, then every chunk and the image data.
  static func readIcon(_ path: String, directory: String, reader: JSONObjectReader) throws(InputError) -> EmbeddedImage
  {
    let key = "progressBarIconImage"
    guard !path.isEmpty else { throw reader.error(key, "expected a PNG file path, got an empty string") }
    let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: directory, isDirectory: true))
      .standardizedFileURL
    let file = InputText.quotedPath(url.path)
    let bytes: [UInt8]
    do {
      bytes = try InputBytes.read(url, limit: InputFile.maximumSize)
    } catch {
      switch error {
      case .missing:
        throw reader.error(key, "the icon file \(file) does not exist; give a PNG path relative to the style file")
      case .tooLarge: throw reader.error(key, "the icon file \(file) is larger than \(InputFile.maximumSize >> 20) MiB")
      case .notRegularFile, .unreadable: throw reader.error(key, "the icon file \(file) \(error)")
      }
    }
    // 64 bytes of file can claim 30000 × 30000 pixels (3.4 GB decoded): the limits are checked
    // from the header before anything else is read.
    let side = InputLimits.iconSide
    let decoded = InputLimits.iconDecodedBytes
    do {
      _ = try PNGCheck.check(bytes, maximumSide: side, maximumDecodedBytes: decoded)
    } catch {
      if case .tooLarge(let width, let height) = error {
        throw reader.error(
          key,
          "the icon file \(file) is \(width) × \(height) px; at most \(side) px a side and \(decoded >> 20) MiB decoded (the limit)")
      }
      throw reader.error(key, "the icon file \(file) is \(error.description)")
    }
    return EmbeddedImage(name: url.lastPathComponent, pngData: bytes)
  }
}
