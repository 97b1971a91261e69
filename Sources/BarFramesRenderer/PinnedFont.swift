import CCairo
import Foundation
import BarFramesGraphics

/// The one font face every renderer uses: DejaVu Sans, loaded from its file through FreeType so
/// that no fontconfig substitution can change how text looks from one machine to another.
final class PinnedFont: @unchecked Sendable {
  // @unchecked: the FreeType library and face are created once and then only read through
  // Cairo, which locks an FT_Face around every use.
  let regular: OpaquePointer
  let bold: OpaquePointer
  private let library: FT_Library

  /// Where Debian's fonts-dejavu-core puts the faces.
  static let directory = "/usr/share/fonts/truetype/dejavu"
  static let regularPath = directory + "/DejaVuSans.ttf"
  static let boldPath = directory + "/DejaVuSans-Bold.ttf"

  /// The shared instance, loaded on first use.
  static let shared: Result<PinnedFont, RendererError> = {
    do throws(RendererError) {
      return .success(try PinnedFont())
    } catch {
      return .failure(error)
    }
  }()

  private init() throws(RendererError) {
    var lib: FT_Library?
    guard FT_Init_FreeType(&lib) == 0, let lib else {
      throw .fontUnavailable(path: PinnedFont.regularPath, reason: "FreeType could not start")
    }
    library = lib
    regular = try PinnedFont.loadFace(PinnedFont.regularPath, library: lib)
    // Bold falls back to regular: only the regular face is required.
    bold = (try? PinnedFont.loadFace(PinnedFont.boldPath, library: lib)) ?? regular
  }

  private static func loadFace(_ path: String, library: FT_Library) throws(RendererError) -> OpaquePointer {
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw .fontUnavailable(path: path, reason: "no such file")
    }
    var face: FT_Face?
    guard FT_New_Face(library, path, 0, &face) == 0, let face else {
      throw .fontUnavailable(path: path, reason: "FreeType could not read it")
    }
    guard let cairoFace = cairo_ft_font_face_create_for_ft_face(face, 0) else {
      throw .fontUnavailable(path: path, reason: "Cairo could not wrap it")
    }
    try RendererError.check(cairo_font_face_status(cairoFace), "load the font face \(path)")
    return cairoFace
  }

  func face(for weight: Font.Weight) -> OpaquePointer {
    weight == .bold ? bold : regular
  }

  /// Font options that do not depend on the machine: no hinting, grey antialiasing.
  static func applyDeterministicOptions(to cr: OpaquePointer) {
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_set_font_options(cr, options)
    cairo_font_options_destroy(options)
  }
}
