import BarFramesGraphics
import CFreeType
import Foundation
import Synchronization

/// A glyph in font units, y up: the outline as the font file stores it and the advance width.
struct Glyph: Sendable {
  var outline: Path
  var advance: Double
}

/// One TrueType or OpenType (CFF) face read through FreeType, with a cache of the glyphs asked for so far.
///
/// An `FT_Face` must not be used from two threads at once, so the face and the cache sit behind
/// one lock; after its first use a glyph is a dictionary lookup.
final class FontFace: Sendable {
  let unitsPerEm: Double
  /// `hhea` ascender and (positive) descender in font units.
  let ascender: Double
  let descender: Double

  private struct State: ~Copyable {
    let library: FT_Library
    let face: FT_Face
    var glyphs: [Unicode.Scalar: Glyph] = [:]

    deinit {
      FT_Done_Face(face)
      FT_Done_FreeType(library)
    }
  }

  private let state: Mutex<State>

  convenience init(path: String) throws(FontError) {
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw .unavailable(path: path, reason: "no such file")
    }
    try self.init(name: path) { library, face in FT_New_Face(library, path, 0, &face) }
  }

  /// A face read from font file bytes that live as long as the process (a font compiled in).
  convenience init(embedded bytes: UnsafePointer<UInt8>, count: Int, name: String) throws(FontError) {
    try self.init(name: name) { library, face in FT_New_Memory_Face(library, bytes, FT_Long(count), 0, &face) }
  }

  private init(name: String, open: (FT_Library, inout FT_Face?) -> FT_Error) throws(FontError) {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw .unavailable(path: name, reason: "FreeType could not start")
    }
    var loaded: FT_Face?
    guard open(library, &loaded) == 0, let face = loaded else {
      FT_Done_FreeType(library)
      throw .unavailable(path: name, reason: "FreeType could not read it")
    }
    guard face.pointee.units_per_EM > 0, face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
      FT_Done_Face(face)
      FT_Done_FreeType(library)
      throw .unavailable(path: name, reason: "it has no scalable outlines")
    }
    unitsPerEm = Double(face.pointee.units_per_EM)
    ascender = Double(face.pointee.ascender)
    descender = -Double(face.pointee.descender)
    state = Mutex(State(library: library, face: face))
  }

  /// The glyph that draws `scalar`: the font's `.notdef` box when the font has none for it.
  func glyph(for scalar: Unicode.Scalar) -> Glyph {
    state.withLock { state in
      if let cached = state.glyphs[scalar] { return cached }
      let glyph = FontFace.load(scalar, from: state.face)
      state.glyphs[scalar] = glyph
      return glyph
    }
  }

  private static func load(_ scalar: Unicode.Scalar, from face: FT_Face) -> Glyph {
    let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
    let flags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
    guard FT_Load_Glyph(face, index, flags) == 0, let slot = face.pointee.glyph else {
      return Glyph(outline: Path(), advance: 0)
    }
    let advance = Double(slot.pointee.metrics.horiAdvance)
    guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return Glyph(outline: Path(), advance: advance) }
    return Glyph(outline: outline(of: &slot.pointee.outline), advance: advance)
  }

  /// Walks an outline with `FT_Outline_Decompose`, closing every contour (TrueType contours
  /// are closed by definition; the decomposer starts each with a move and never closes it).
  private static func outline(of source: UnsafeMutablePointer<FT_Outline>) -> Path {
    var funcs = FT_Outline_Funcs(
      move_to: { to, user in
        OutlineBuilder.from(user).move(Point(to))
        return 0
      },
      line_to: { to, user in
        OutlineBuilder.from(user).path.addLine(to: Point(to))
        return 0
      },
      conic_to: { control, to, user in
        OutlineBuilder.from(user).path.addQuadCurve(to: Point(to), control: Point(control))
        return 0
      },
      cubic_to: { c1, c2, to, user in
        OutlineBuilder.from(user).path.addCurve(to: Point(to), control1: Point(c1), control2: Point(c2))
        return 0
      },
      shift: 0, delta: 0)
    let result = OutlineBuilder()
    let status = withExtendedLifetime(result) {
      FT_Outline_Decompose(source, &funcs, Unmanaged.passUnretained(result).toOpaque())
    }
    guard status == 0 else { return Path() }
    if result.open { result.path.closeSubpath() }
    return result.path
  }
}

/// Collects `FT_Outline_Decompose`'s callbacks into a ``Path``.
private final class OutlineBuilder {
  var path = Path()
  var open = false

  func move(_ p: Point) {
    if open { path.closeSubpath() }
    path.move(to: p)
    open = true
  }

  static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
    Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
  }
}

extension Point {
  fileprivate init(_ vector: UnsafePointer<FT_Vector>?) {
    self.init(x: Double(vector?.pointee.x ?? 0), y: Double(vector?.pointee.y ?? 0))
  }
}
