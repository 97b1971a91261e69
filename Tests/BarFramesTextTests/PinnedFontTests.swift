import BarFramesGraphics
import BarFramesText
import Foundation
import Testing

/// Expected values come from DejaVu Sans's own tables (read with fontTools, not with this
/// code): unitsPerEm 2048, hhea ascender 1901 and descender −483, advances `5` 1303, `%` 1946,
/// `d` 1300, `o` 1253, `n` 1298, `e` 1260, and the full stop's contour
/// (219, 254) (430, 254) (430, 0) (219, 0).
@Suite(.enabled(if: FileManager.default.fileExists(atPath: PinnedFont.regularPath), "needs fonts-dejavu-core"))
struct PinnedFontTests {
  let font: PinnedFont

  init() throws {
    font = try PinnedFont.shared.get()
  }

  @Test func advancesAreTheFontsOwnAtExactPositions() {
    #expect(font.advance(of: "55%", font: Font(size: 13)) == Double(1303 * 2 + 1946) * 13 / 2048)
    #expect(font.advance(of: "done", font: Font(size: 10)) == Double(1300 + 1253 + 1298 + 1260) * 10 / 2048)
    #expect(font.advance(of: "", font: Font(size: 13)) == 0)
  }

  @Test func lineBoxIsTheHorizontalHeaderScaled() {
    let metrics = font.lineMetrics(Font(size: 20.48))
    #expect(abs(metrics.ascent - 19.01) < 1e-9)
    #expect(abs(metrics.descent - 4.83) < 1e-9)
  }

  @Test func glyphOutlineIsTheFontsContourFlippedAndPlacedAtThePen() throws {
    // 20.48 pt is 0.01 pt per font unit.
    let run = font.run("5.", font: Font(size: 20.48), origin: Point(10, 50))
    #expect(abs(run.advance - (13.03 + 6.51)) < 1e-9)
    // The full stop starts where the 5's advance ends: x = 10 + 13.03. FreeType's decomposer
    // ends each contour with a line back to its first point; the subpath is then closed.
    let stop = run.outline.elements.suffix(6)
    let first = Point(23.03 + 2.19, 47.46)
    let expected: [Point] = [
      first, Point(23.03 + 4.30, 47.46), Point(23.03 + 4.30, 50), Point(23.03 + 2.19, 50), first,
    ]
    let points = stop.compactMap(\.endPoint)
    try #require(points.count == 5)
    if case .move = stop.first {} else { Issue.record("the full stop's contour does not start with a move: \(stop)") }
    for (p, e) in zip(points, expected) {
      #expect(abs(p.x - e.x) < 1e-9 && abs(p.y - e.y) < 1e-9, "\(p) ≠ \(e)")
    }
    #expect(stop.last == .closeSubpath)
  }

  @Test func labelIsCentredInItsBoxLikeASingleLineUILabel() {
    let box = Rect(x: 0, y: 0, width: 40, height: 20)
    let size = 13.0
    let advance = Double(1303 * 2 + 1946) * size / 2048
    let centred = font.run("55%", font: Font(size: size), in: box, alignment: .center)
    #expect(abs(centred.origin.x - (20 - advance / 2)) < 1e-12)
    // Baseline: the line box (ascent + descent) centred, then down by the ascent.
    #expect(abs(centred.origin.y - (10 + Double(1901 - 483) / 2 * size / 2048)) < 1e-12)
    #expect(font.run("55%", font: Font(size: size), in: box, alignment: .left).origin.x == 0)
    #expect(abs(font.run("55%", font: Font(size: size), in: box, alignment: .right).origin.x - (40 - advance)) < 1e-12)
  }

  @Test func aCharacterTheFontLacksDrawsItsNotdefBoxAndStillAdvances() {
    let run = font.run("\u{10FFFD}", font: Font(size: 10), origin: .zero)
    #expect(run.advance > 0)
    #expect(!run.outline.isEmpty)
  }

  @Test func drawTextFillsTheRunsOutlineOnAnyContext() {
    let recording = RecordingContext()
    recording.drawText(
      "5", in: Rect(x: 0, y: 0, width: 40, height: 20), font: Font(size: 13), color: .black, alignment: .left)
    let expected = font.run("5", font: Font(size: 13), in: Rect(x: 0, y: 0, width: 40, height: 20), alignment: .left)
    #expect(recording.lines.count == 1)
    #expect(recording.lines.first?.hasSuffix("outline=" + expected.outline.svgPathData) == true)
  }

  @Test func aMissingFontFileIsAnErrorThatSaysHowToInstallIt() {
    #expect(throws: FontError.self) {
      try PinnedFont(regular: "/nonexistent/DejaVuSans.ttf", bold: "/nonexistent/b.ttf")
    }
    let error = FontError.unavailable(path: "/x.ttf", reason: "no such file")
    #expect(error.description.contains("apt-get install fonts-dejavu-core"))
  }
}
