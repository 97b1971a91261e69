/// One line of text laid out as geometry: the string, and the outlines of its glyphs placed
/// at exact (unrounded) positions with the font's own advances.
///
/// Text reaches a ``DrawingContext`` only in this form, so every backend fills the very same
/// outlines: the pixels do not depend on a library's glyph positioning (Cairo 1.16 rounds glyph
/// origins to whole pixels, 1.17.4 and later to quarter pixels), the SVG carries paths instead of
/// font references, and the draw log records what is filled. `BarFramesText` makes runs from the
/// pinned font.
public struct TextRun: Hashable, Sendable {
  /// The text, kept for readers (the SVG's `aria-label`, the draw log).
  public var string: String
  /// The font the outlines were made with.
  public var font: Font
  /// The start of the baseline, in the coordinates of the drawing context.
  public var origin: Point
  /// The advance width of the whole line, in points.
  public var advance: Double
  /// The glyph outlines in the coordinates of the drawing context; filled with the non-zero
  /// rule, as TrueType outlines are meant to be.
  public var outline: Path
  /// The same outlines glyph by glyph, each with its pen position at the origin: a writer can
  /// define each glyph once and place it (SVG's `<use>`), so a label that counts up repeats
  /// its digits instead of their curves. Empty when the run was made without them.
  public var glyphs: [Glyph]

  /// One glyph of a run.
  public struct Glyph: Hashable, Sendable {
    /// The character the glyph draws: with the run's font, it names the outline.
    public var character: Unicode.Scalar
    /// The outline with the pen position (on the baseline) at the origin, y down.
    public var outline: Path
    /// The pen position in the coordinates of the drawing context.
    public var position: Point

    public init(character: Unicode.Scalar, outline: Path, position: Point) {
      self.character = character
      self.outline = outline
      self.position = position
    }
  }

  public init(string: String, font: Font, origin: Point, advance: Double, outline: Path, glyphs: [Glyph] = []) {
    self.string = string
    self.font = font
    self.origin = origin
    self.advance = advance
    self.outline = outline
    self.glyphs = glyphs
  }
}
