import BarFramesGraphics
import BarFramesText
import Foundation
import Testing

/// Expected values come from Inter Regular's own tables (Vendor/Fonts/Inter-Regular.otf, read
/// with fontTools, not with this code): unitsPerEm 2816, hhea ascender 2728 and descender −680,
/// advances `5` 1712, `%` 2288, `d` 1748, `o` 1680, `n` 1648, `e` 1640, `.` 776, and the full
/// stop's contour, a circle of four cubic curves through (388, −16) (568, 164) (388, 344)
/// (208, 164), the first with controls (487, −16) (568, 65).
@Suite struct PinnedFontTests {
  let font: PinnedFont

  init() throws {
    font = try PinnedFont.shared.get()
  }

  @Test func advancesAreTheFontsOwnAtExactPositions() {
    #expect(font.advance(of: "55%", font: Font(size: 13)) == Double(1712 * 2 + 2288) * 13 / 2816)
    #expect(font.advance(of: "done", font: Font(size: 10)) == Double(1748 + 1680 + 1648 + 1640) * 10 / 2816)
    #expect(font.advance(of: "", font: Font(size: 13)) == 0)
  }

  @Test func lineBoxIsTheHorizontalHeaderScaled() {
    let metrics = font.lineMetrics(Font(size: 28.16))
    #expect(abs(metrics.ascent - 27.28) < 1e-9)
    #expect(abs(metrics.descent - 6.80) < 1e-9)
  }

  @Test func glyphOutlineIsTheFontsContourFlippedAndPlacedAtThePen() throws {
    // 28.16 pt is 0.01 pt per font unit.
    let run = font.run("5.", font: Font(size: 28.16), origin: Point(10, 50))
    #expect(abs(run.advance - (17.12 + 7.76)) < 1e-9)
    // The full stop starts where the 5's advance ends: x = 10 + 17.12; y is flipped.
    let start = try #require(run.outline.elements.lastIndex { if case .move = $0 { true } else { false } })
    let stop = Array(run.outline.elements[start...])
    let x = 27.12
    let expected: [Point] = [
      Point(x + 3.88, 50.16), Point(x + 5.68, 48.36), Point(x + 3.88, 46.56), Point(x + 2.08, 48.36),
      Point(x + 3.88, 50.16),
    ]
    let points = stop.compactMap(\.endPoint)
    try #require(points.count >= 5)
    for (p, e) in zip(points, expected) {
      #expect(abs(p.x - e.x) < 1e-9 && abs(p.y - e.y) < 1e-9, "\(p) ≠ \(e)")
    }
    guard case .curve(let to, let control1, let control2) = stop[1] else {
      Issue.record("the full stop's first segment is not a cubic curve: \(stop)")
      return
    }
    #expect(abs(control1.x - (x + 4.87)) < 1e-9 && abs(control1.y - 50.16) < 1e-9)
    #expect(abs(control2.x - (x + 5.68)) < 1e-9 && abs(control2.y - 49.35) < 1e-9)
    #expect(to == points[1])
    #expect(stop.last == .closeSubpath)
  }

  @Test func labelIsCentredInItsBoxLikeASingleLineUILabel() {
    let box = Rect(x: 0, y: 0, width: 40, height: 20)
    let size = 13.0
    let advance = Double(1712 * 2 + 2288) * size / 2816
    let centred = font.run("55%", font: Font(size: size), in: box, alignment: .center)
    #expect(abs(centred.origin.x - (20 - advance / 2)) < 1e-12)
    // Baseline: the line box (ascent + descent) centred, then down by the ascent.
    #expect(abs(centred.origin.y - (10 + Double(2728 - 680) / 2 * size / 2816)) < 1e-12)
    #expect(font.run("55%", font: Font(size: size), in: box, alignment: .left).origin.x == 0)
    #expect(abs(font.run("55%", font: Font(size: size), in: box, alignment: .right).origin.x - (40 - advance)) < 1e-12)
  }

  /// Measured against the bent-line author's iOS recording (docs/drawing-conventions.md): the
  /// ink of "48%" at 13 pt is 25.3 pt wide on iOS; Inter's outlines span 25.08 pt.
  @Test func theLabelsInkIsAsWideAsIOSs() throws {
    let run = font.run("48%", font: Font(size: 13), origin: .zero)
    let box = try #require(run.outline.boundingBox)
    #expect(abs(box.width - 25.08) < 0.01)
    #expect(abs(box.width - 25.33) < 0.5)
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

  @Test func aMissingFontFileIsAnErrorNamingIt() {
    #expect(throws: FontError.self) {
      try PinnedFont(regular: "/nonexistent/Other.ttf", bold: "/nonexistent/b.ttf")
    }
    let error = FontError.unavailable(path: "/x.ttf", reason: "no such file")
    #expect(error.description == "the font /x.ttf could not be loaded (no such file)")
  }
}
