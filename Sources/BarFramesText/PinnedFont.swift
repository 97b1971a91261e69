import BarFramesGraphics
import CBarFramesFonts
import CFreeType
import Foundation
import Synchronization

/// The one typeface BarFrames draws text with, Inter (Vendor/Fonts, SIL Open Font License),
/// compiled into the library and turned into outlines that every backend fills.
///
/// Inter stands in for iOS's system font, whose label widths it comes nearest of the fonts we
/// may ship (docs/drawing-conventions.md, "Why Inter"). Being compiled in, the same bytes draw
/// on every machine: no font package, version or path can change a golden.
///
/// Glyphs are loaded unscaled and unhinted (`FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING`): the
/// outline is the font file's own contour in font units, so no FreeType version, hinting setting
/// or rasteriser can change it, and a line is laid out with the font's own advance widths at
/// exact positions — no rounding to pixels, no kerning (`cairo_show_text`, which the renderer
/// used before, did not kern either).
///
/// ```swift
/// let font = try PinnedFont.shared.get()
/// let run = font.run("55%", font: Font(size: 13), in: Rect(x: 0, y: 0, width: 40, height: 20), alignment: .center)
/// run.advance   // the width of "55%" at 13 pt
/// ```
public final class PinnedFont: Sendable {
  /// The shared instance: the compiled-in Inter Regular and Bold.
  public static let shared: Result<PinnedFont, FontError> = {
    do throws(FontError) {
      return .success(
        PinnedFont(
          regular: try FontFace(
            embedded: bf_inter_regular_bytes(), count: bf_inter_regular_count(), name: "Inter-Regular.otf"),
          bold: try FontFace(embedded: bf_inter_bold_bytes(), count: bf_inter_bold_count(), name: "Inter-Bold.otf")))
    } catch {
      return .failure(error)
    }
  }()

  /// Throws when the pinned font cannot be loaded: call before drawing, so that no frame is
  /// ever written with its text missing.
  public static func check() throws(FontError) {
    _ = try shared.get()
  }

  private let regular: FontFace
  private let bold: FontFace

  /// Loads two faces from font files (another typeface than the pinned one, for tests and
  /// comparisons); a missing bold face falls back to the regular one.
  public init(regular regularPath: String, bold boldPath: String) throws(FontError) {
    regular = try FontFace(path: regularPath)
    bold = (try? FontFace(path: boldPath)) ?? regular
  }

  private init(regular: FontFace, bold: FontFace) {
    self.regular = regular
    self.bold = bold
  }

  private func face(_ weight: Font.Weight) -> FontFace { weight == .bold ? bold : regular }

  /// The line box of a single-line label: ascent and descent in points, from the font's
  /// horizontal header (what Cairo reports for an unhinted FreeType face).
  public func lineMetrics(_ font: Font) -> (ascent: Double, descent: Double) {
    let face = face(font.weight)
    let scale = font.size / face.unitsPerEm
    return (face.ascender * scale, face.descender * scale)
  }

  /// The advance width of `string` in points: the sum of its glyphs' advances.
  public func advance(of string: String, font: Font) -> Double {
    let face = face(font.weight)
    let units = string.unicodeScalars.reduce(0.0) { $0 + face.glyph(for: $1).advance }
    return units * font.size / face.unitsPerEm
  }

  /// `string` laid out on a baseline starting at `origin`: each glyph's outline scaled to
  /// `font.size`, flipped to y-down and moved to the pen position, which then advances by the
  /// glyph's advance width.
  public func run(_ string: String, font: Font, origin: Point) -> TextRun {
    let face = face(font.weight)
    let scale = font.size / face.unitsPerEm
    var outline = Path()
    var glyphs: [TextRun.Glyph] = []
    var pen = 0.0
    let size = Transform2D(a: scale, b: 0, c: 0, d: -scale, tx: 0, ty: 0)
    for scalar in string.unicodeScalars {
      let glyph = face.glyph(for: scalar)
      if !glyph.outline.isEmpty {
        let place = Transform2D(a: scale, b: 0, c: 0, d: -scale, tx: origin.x + pen * scale, ty: origin.y)
        outline.addPath(glyph.outline.applying(place))
        glyphs.append(
          TextRun.Glyph(
            character: scalar, outline: glyph.outline.applying(size), position: Point(x: place.tx, y: place.ty)))
      }
      pen += glyph.advance
    }
    return TextRun(
      string: string, font: font, origin: origin, advance: pen * scale, outline: outline, glyphs: glyphs)
  }

  /// `string` laid out as a single-line `UILabel` would in `rect`: the line box (ascent +
  /// descent) centred vertically, the advance placed by `alignment`.
  public func run(_ string: String, font: Font, in rect: Rect, alignment: TextAlignment) -> TextRun {
    let width = advance(of: string, font: font)
    let x: Double =
      switch alignment {
      case .left: rect.minX
      case .center: rect.midX - width / 2
      case .right: rect.maxX - width
      }
    let metrics = lineMetrics(font)
    let baseline = rect.midY - (metrics.ascent + metrics.descent) / 2 + metrics.ascent
    return run(string, font: font, origin: Point(x: x, y: baseline))
  }
}

/// The pinned font could not be loaded.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
  case unavailable(path: String, reason: String)

  public var description: String {
    switch self {
    case .unavailable(let path, let reason):
      "the font \(path) could not be loaded (\(reason))"
    }
  }
}

extension DrawingContext {
  /// Draws one line of text with the pinned font, laid out in `rect` as a single-line
  /// `UILabel` (see ``PinnedFont/run(_:font:in:alignment:)``). Without the font nothing is
  /// drawn: renderers call ``PinnedFont/check()`` first and fail with an install hint.
  public func drawText(_ text: String, in rect: Rect, font: Font, color: Color, alignment: TextAlignment) {
    guard !text.isEmpty, color.alpha > 0, case .success(let pinned) = PinnedFont.shared else { return }
    fillText(pinned.run(text, font: font, in: rect, alignment: alignment), color: color)
  }
}
