import BarFrames
import BarFramesGraphics
import Foundation
import Testing

/// `Examples/download-success.json`: tap at 0.5 → READY (0.5–1.6) → DOWNLOADING with +0.01 every
/// 0.1 s from 1.7 → 1.0 at 11.6 → SUCCESS and the flip. Every expected value below is worked
/// out from designs.md §2 in the comment above it.
@Suite struct DownloadBarSuccessTests {
  let timeline: any SceneTimeline

  init() throws { timeline = try DownloadBarFixture.example("download-success") }

  // MARK: READY: the hop (§2.4 A)
  //
  // The group starts at t0 = 0.5 and lasts 0.9 s with easeOut = cubic-bezier(0, 0, 0.58, 1), so
  // its children see the eased fraction e = easeOut((t − 0.5)/0.9). The position path has four
  // line keyframes, a quarter of e each (bar coordinates; canvas = bar + (20, 40)):
  //   (100, 40) → (100, 0) → (100, 32.5) → (120, 32.5) → (0, 32.5)
  // and the tilt is 0 until e = 0.4, 15·(e − 0.4)/0.3 degrees until e = 0.7, then 15°.

  /// e = 0.4 exactly: solving easeOut(u) = 0.4 by bisection gives u = 0.26608047006…, so
  /// t = 0.5 + 0.9u = 0.73947242305…. e = 0.4 lies in the second segment (0.25…0.5) at
  /// s = (0.4 − 0.25)/0.25 = 0.6: y = 0 + 0.6 × 32.5 = 19.5 → (100, 19.5) → canvas (120, 59.5).
  /// The tilt is still 0 (the first key time). A timeline samples on the microsecond grid
  /// (`SceneTime`), 0.739472 here: 0.42 µs early at about 175 pt/s, so within 1e-4.
  @Test func atTheFirstRotationKeyTime() throws {
    let t = 0.7394724230566875
    #expect(close(try timeline.anchor("indicator", at: t), Point(120, 59.5), 1e-4))
    #expect(close(try timeline.rotationDegrees("indicator", at: t), 0, 1e-5))
  }

  /// e = 0.7: u = 0.51442784427…, t = 0.96298505984…. Third segment (0.5…0.75) at
  /// s = (0.7 − 0.5)/0.25 = 0.8: x = 100 + 0.8 × 20 = 116 → (116, 32.5) → canvas (136, 72.5).
  /// The tilt has reached +15° (the second key time) and holds.
  @Test func atTheSecondRotationKeyTime() throws {
    let t = 0.9629850598438421
    #expect(close(try timeline.anchor("indicator", at: t), Point(136, 72.5), 1e-5))
    #expect(close(try timeline.rotationDegrees("indicator", at: t), 15, 1e-5))
  }

  /// t = 0.95: u = 0.5, e = easeOut(0.5) = 0.68464318742… (bisection on the curve) — third
  /// segment, s = (0.68464… − 0.5)/0.25 = 0.73857…, x = 100 + 20s = 114.77145… → canvas
  /// (134.77145, 72.5); tilt = 15 × (0.68464… − 0.4)/0.3 = 14.23216°.
  /// t = 0.59 (u = 0.1): the first segment, still straight up at x = 100 → canvas x = 120, y < 80.
  @Test func duringTheHop() throws {
    #expect(close(try timeline.anchor("indicator", at: 0.95), Point(134.77145499419684, 72.5), 1e-5))
    #expect(close(try timeline.rotationDegrees("indicator", at: 0.95), 14.232159371373028, 1e-5))
    let rising = try timeline.anchor("indicator", at: 0.59)
    #expect(close(rising.x, 120))
    #expect(rising.y < 80 && rising.y > 40)
    #expect(close(try timeline.rotationDegrees("indicator", at: 0.59), 0))
  }

  /// The group ends at 1.4 holding (0, 32.5) → canvas (20, 72.5) and +15°; the swing
  /// (−11.25° → 0 at keyTimes [0.5, 1.0], 0.2 s from 1.4) overrides the tilt at once:
  /// 1.45 (q = 0.25) −11.25°; 1.5 (q = 0.5) −11.25°; 1.55 (q = 0.75) −11.25/2 = −5.625°;
  /// after 1.6, 0°. The position is held by the group throughout.
  @Test func theSwingOverridesTheHeldTilt() throws {
    #expect(close(try timeline.rotationDegrees("indicator", at: 1.399), 15, 1e-3))
    #expect(close(try timeline.rotationDegrees("indicator", at: 1.45), -11.25, 1e-6))
    #expect(close(try timeline.rotationDegrees("indicator", at: 1.5), -11.25, 1e-6))
    #expect(close(try timeline.rotationDegrees("indicator", at: 1.55), -5.625, 1e-6))
    #expect(close(try timeline.rotationDegrees("indicator", at: 1.65), 0, 1e-9))
    #expect(close(try timeline.anchor("indicator", at: 1.5), Point(20, 72.5)))
    #expect(timeline.phase(at: 1.59) == "ready")
    #expect(timeline.phase(at: 1.6) == "downloading")
  }

  /// The arrow's shapes: triangle → scale 0.3, rectangle → (1.5, 0.9), linear over 0.3 s from
  /// 0.5. At 0.65 (half way) the triangle is 1 + (0.3 − 1)/2 = 0.65 and the rectangle
  /// (1.25, 0.95); the tilt is 0 then (e < 0.4), so the scales read straight off the matrix.
  @Test func theArrowMorphsIntoTheTag() throws {
    let triangle = try timeline.scale("indicator.triangle", at: 0.65)
    #expect(close(triangle.x, 0.65) && close(triangle.y, 0.65))
    let rectangle = try timeline.scale("indicator.rectangle", at: 0.65)
    #expect(close(rectangle.x, 1.25) && close(rectangle.y, 0.95))
    let held = try timeline.scale("indicator.rectangle", at: 3.05)
    #expect(close(held.x, 1.5) && close(held.y, 0.9))
  }

  // MARK: The container (§2.2)

  /// Scale (W/H, 4/H) = (2.5, 0.05) about the bar's centre, linear over 0.3 s from 0.5:
  /// at 0.65, (1 + 1.5/2, 1 − 0.95/2) = (1.75, 0.525). Held: the 80 × 80 square becomes
  /// x ∈ [0, 200], y ∈ [38, 42] → canvas [20, 220] × [78, 82], exactly the 4 pt track.
  @Test func theContainerCollapsesIntoTheTrack() throws {
    let half = try timeline.scale("container", at: 0.65)
    #expect(close(half.x, 1.75) && close(half.y, 0.525))
    let held = try timeline.scale("container", at: 5)
    #expect(close(held.x, 2.5) && close(held.y, 0.05))
    let frame = try timeline.layer("container", at: 5).frame
    #expect(close(frame.minX, 20) && close(frame.maxX, 220) && close(frame.minY, 78) && close(frame.maxY, 82))
  }

  // MARK: DOWNLOADING (§2.4 D)

  /// Tick n (n = 0, 1, …) lands at 1.7 + 0.1n with p = 0.01 + 0.01n. At 3.05 the last tick is
  /// n = 13: p = 0.14, the tag's centre is the held (0, 32.5) plus W·p = 28 → canvas
  /// (48, 72.5), the line runs from x = 0 to 28 → canvas 20…48 at y = 80, label "14%" in black.
  /// At 7.95, n = 62: p = 0.63 → tag x = 126 → canvas 146, "63%".
  ///
  /// The tag is a view and jumps; the line is a standalone shape layer whose `path` the display
  /// link sets on every 60 Hz refresh, each set a 0.25 s implicit animation (default curve)
  /// from the presented path. A refresh 1/60 s after the last therefore finds the line a
  /// fraction c = curve(1/15) = 0.0501990 (bisection on (0.25, 0.1, 0.25, 1)) of the way to its
  /// target: x₍ₖ₊₁₎ = xₖ + (Tₖ − xₖ)·c over the refreshes k = 102…183 (1.7 s to 3.05 s), from the
  /// settled x = 0, with Tₖ = 200·(0.01 + 0.01·⌊(k − 102)/6⌋) (a tick at a setProgress time runs
  /// first, and the set restarts from the same presented path).
  @Test func theTagRidesTheLineAndTheLineTrailsIt() throws {
    #expect(close(try timeline.anchor("indicator", at: 3.05), Point(48, 72.5)))
    #expect(close(try timeline.rotationDegrees("indicator", at: 3.05), 0, 1e-9))
    let c = 0.0501989713386670
    var x = 0.0
    for k in 102..<183 { x += (200 * (0.01 + 0.01 * Double((k - 102) / 6)) - x) * c }
    let line = try timeline.layer("progress", at: 3.05)
    let end = try #require(line.canvasPath?.boundingBox?.maxX)
    #expect(abs(end - (20 + x)) < 1e-6, "the line ends at \(end), the recursion gives \(20 + x)")
    #expect(end < 48 - 5)  // several points behind the tag
    let label = try timeline.label(at: 3.05)
    #expect(label.text == "14%" && label.color == .black && !label.hidden)
    #expect(close(try timeline.anchor("indicator", at: 7.95), Point(146, 72.5)))
    #expect(try timeline.label(at: 7.95).text == "63%")
    #expect(timeline.progress(at: 7.95).map { close($0, 0.63) } == true)
  }

  /// The label truncates `(int)(100·p)`: tick n = 6 sets p = 0.01 + 0.06 = 0.06999999999999999
  /// in binary floating point, so 100p = 6.999… and the label reads "6%" (as the original's
  /// accumulated CGFloat does too); the next tick, 0.08, reads "8%".
  @Test func theLabelTruncates() throws {
    #expect(try timeline.label(at: 2.35).text == "6%")
    #expect(try timeline.label(at: 2.45).text == "8%")
  }

  /// Before the first tick after READY the label is empty (it shows nothing until a
  /// `setProgress` reaches it) but not hidden.
  @Test func theLabelIsEmptyUntilTheFirstTick() throws {
    let label = try timeline.label(at: 1.65)
    #expect(label.text == "" && !label.hidden)
  }

  // MARK: SUCCESS (§2.4 E)

  /// The 100th tick (n = 99) at ts = 1.7 + 99 × 0.1 sets p = 0.01 + 0.99 = 1: "done" in green
  /// (0, 1, 0), the tag at x = W = 200 → canvas 220, and once its animation ends the whole line
  /// 0…200.
  @Test func successSaysDoneInGreen() throws {
    let ts = 1.7 + 99 * 0.1
    #expect(timeline.phase(at: ts) == "success")
    let label = try timeline.label(at: ts + 0.3)
    #expect(label.text == "done" && label.color == Color(red: 0, green: 1, blue: 0))
    #expect(close(try timeline.anchor("indicator", at: ts + 0.3), Point(220, 72.5)))
    // The line trails: the link's last refresh, at ts + 0.1 just before it leaves the run loop,
    // starts the last 0.25 s animation, so the line reaches x = 220 at ts + 0.35 and not before.
    let late = try #require(try timeline.layer("progress", at: ts + 0.3).canvasPath?.boundingBox?.maxX)
    #expect(late < 220 && late > 219)
    #expect(try timeline.layer("progress", at: ts + 0.35).canvasPath?.svgPathData == "M20 80 L220 80 Z")
  }

  /// The flip: rotation.y 0 → π over 0.2 s from ts, seen as an x-scale by cos θ on top of the
  /// held scale. θ(ts + 0.05) = π/4, θ(+0.1) = π/2, θ(+0.15) = 3π/4, so the rectangle's
  /// x-scale is 1.5·cos θ = 1.06066, 0, −1.06066; the triangle's 0.3·cos θ; the label's cos θ.
  /// Removed on completion: at ts + 0.25 the tag is unmirrored again (1.5).
  @Test func theFlipIsAnXScaleByCosTheta() throws {
    let ts = 1.7 + 99 * 0.1
    let c = cos(Double.pi / 4)  // 0.70710678…
    for (dt, factor) in [(0.05, c), (0.1, 0.0), (0.15, -c)] {
      #expect(
        close(try timeline.scale("indicator.rectangle", at: ts + dt).x, 1.5 * factor, 1e-6), "rectangle at +\(dt)")
      #expect(close(try timeline.scale("indicator.rectangle", at: ts + dt).y, 0.9, 1e-9))
      #expect(close(try timeline.scale("indicator.triangle", at: ts + dt).x, 0.3 * factor, 1e-6), "triangle at +\(dt)")
      #expect(close(try timeline.scale("indicator.label", at: ts + dt).x, factor, 1e-6), "label at +\(dt)")
    }
    #expect(close(try timeline.scale("indicator.rectangle", at: ts + 0.25).x, 1.5))
    #expect(close(try timeline.scale("indicator.label", at: ts + 0.25).x, 1))
  }
}
