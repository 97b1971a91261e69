import BarFrames
import BarFramesImageIO

/// The options a render's bytes depend on, as its manifest records them (`"render"`): what
/// `barframes merge` compares to know that shards belong to one render, and what it needs to
/// build their animations. The frame rate and scale, which `--fps` and `--scale` may override,
/// are recorded per scene; `--jobs` changes no byte and is not recorded.
public struct RenderSettings: Hashable, Sendable {
  public var formats: ExportFormats
  /// "scene", "transparent" or the colour as `#RRGGBBAA`.
  public var background: String
  /// The time selector: "all", "at 1.5", "time 0.5-1.5", "frames 10-20", "progress 0.5" or
  /// "progress 0.25-0.75".
  public var selection: String
  public var everyNth: Int
  public var png: PNGCompressionPreset
  /// The lossy WebP's quality; nil for lossless.
  public var webpQuality: Int?
  /// Frames on the contact sheet.
  public var sheetFrames: Int

  public init(
    formats: ExportFormats, background: String, selection: String, everyNth: Int, png: PNGCompressionPreset,
    webpQuality: Int?, sheetFrames: Int
  ) {
    self.formats = formats
    self.background = background
    self.selection = selection
    self.everyNth = everyNth
    self.png = png
    self.webpQuality = webpQuality
    self.sheetFrames = sheetFrames
  }

  /// The settings of a render with `options`.
  public init(options: ExportOptions) {
    let background: String
    switch options.background {
    case .scene: background = "scene"
    case .transparent: background = "transparent"
    case .color(let color): background = color.hexString
    }
    self.init(
      formats: options.formats, background: background, selection: options.selection.manifestText,
      everyNth: options.everyNth, png: options.pngPreset, webpQuality: options.webpQuality,
      sheetFrames: options.sheetFrameCount)
  }

  public var json: JSONValue {
    .object([
      .init("formats", .string(formats.description)),
      .init("background", .string(background)),
      .init("selection", .string(selection)),
      .init("everyNth", .number(Double(everyNth))),
      .init("png", .string(png.rawValue)),
      .init("webpQuality", webpQuality.map { .number(Double($0)) } ?? .null),
      .init("sheetFrames", .number(Double(sheetFrames))),
    ])
  }
}

extension FrameSelection {
  /// How the manifest records the selection: "all", "at 1.5", "time 0.5-1.5", …
  public var manifestText: String {
    func number(_ value: Double) -> String { JSONValue.numberText(value, decimals: 9) }
    switch self {
    case .all: return "all"
    case .at(let t): return "at \(number(t))"
    case .time(let range): return "time \(number(range.lowerBound))-\(number(range.upperBound))"
    case .frames(let range): return "frames \(range.lowerBound)-\(range.upperBound)"
    case .progress(let p): return "progress \(number(p))"
    case .progressRange(let range): return "progress \(number(range.lowerBound))-\(number(range.upperBound))"
    }
  }
}
