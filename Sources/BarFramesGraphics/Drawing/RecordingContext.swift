/// A ``DrawingContext`` that records every command as a line of text.
///
/// Numbers are rounded to 1e-3, so a log is stable across machines and renderer versions and a
/// geometry change shows up as a readable diff.
///
/// ```swift
/// let recording = RecordingContext()
/// recording.fill(Path(rect: Rect(x: 0, y: 0, width: 10, height: 5)), color: .white)
/// recording.log  // "fill M0 0 L10 0 L10 5 L0 5 Z color=#FFFFFFFF rule=nonZero"
/// ```
public final class RecordingContext: DrawingContext {
  /// The commands recorded so far, one per line.
  public private(set) var lines: [String] = []

  public init() {}

  /// The commands joined with newlines.
  public var log: String { lines.joined(separator: "\n") }

  private func n(_ v: Double) -> String { v.formatted(decimals: 3) }

  public func saveState() { lines.append("save") }
  public func restoreState() { lines.append("restore") }

  public func concatenate(_ t: Transform2D) {
    lines.append("concat [" + t.components.map(n).joined(separator: " ") + "]")
  }

  public func clip(to path: Path, rule: FillRule) {
    lines.append("clip \(path.svgPathData) rule=\(rule.rawValue)")
  }

  public func fill(_ path: Path, color: Color, rule: FillRule) {
    lines.append("fill \(path.svgPathData) color=\(color.hexString) rule=\(rule.rawValue)")
  }

  public func stroke(_ path: Path, color: Color, style: StrokeStyle) {
    lines.append(
      "stroke \(path.svgPathData) color=\(color.hexString) width=\(n(style.lineWidth)) cap=\(style.lineCap.rawValue) join=\(style.lineJoin.rawValue)")
  }

  public func beginTransparencyLayer(opacity: Double) { lines.append("begin-group opacity=\(n(opacity))") }
  public func endTransparencyLayer() { lines.append("end-group") }
  public func beginCrossfade(within bounds: Rect) {
    lines.append("begin-crossfade within [\(n(bounds.minX)) \(n(bounds.minY)) \(n(bounds.width)) \(n(bounds.height))]")
  }
  public func beginCrossfadePart(weight: Double) { lines.append("begin-part weight=\(n(weight))") }
  public func endCrossfadePart() { lines.append("end-part") }
  public func endCrossfade() { lines.append("end-crossfade") }

  /// Logs the string, where its baseline starts, its advance and the outlines that are filled,
  /// so a change of text layout shows in the log as it would in the pixels.
  public func fillText(_ run: TextRun, color: Color) {
    lines.append(
      "text \(quoted(run.string)) origin=(\(n(run.origin.x)), \(n(run.origin.y))) advance=\(n(run.advance)) size=\(n(run.font.size)) weight=\(run.font.weight.rawValue) color=\(color.hexString) outline=\(run.outline.svgPathData)")
  }

  public func drawImage(_ image: EmbeddedImage, in rect: Rect, contentMode: EmbeddedImage.ContentMode) {
    lines.append("image \(quoted(image.name)) rect=\(rect) mode=\(contentMode.rawValue)")
  }

  /// A string in double quotes with quotes, backslashes and control characters escaped, so a
  /// log line stays one line whatever the text.
  private func quoted(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        out += "\\u{" + String(scalar.value, radix: 16) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
