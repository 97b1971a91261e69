import BarFramesGraphics

/// The customizable bar's frames (designs.md §1.2), in the bar's own coordinates, which are
/// the canvas's: a bar of W × H, a bar height b and the dot's side.
///
/// ```swift
/// let g = CustomizableBarGeometry(style: CustomizableBarStyle(), size: Size(247, 20))
/// g.fillFrame(width: 247 * 0.5, largeBar: false)  // (0, 9.25, 123.5, 1.5)
/// g.dotSide                                      // 7.5: 5 × barHeight without an icon
/// ```
public struct CustomizableBarGeometry: Hashable, Sendable {
  /// The bar, W × H.
  public var size: Size
  /// `barHeight`, b.
  public var barHeight: Double
  /// The dot's side: dotHeight with an icon, 5·b without one (dotHeight is ignored then).
  public var dotSide: Double
  /// The grown hit area's inset on every side.
  public var responseInset: Double
  /// `cornerRadius` as given, r.
  public var cornerRadius: Double

  public init(style: CustomizableBarStyle, size: Size) {
    self.size = size
    barHeight = style.barHeight
    dotSide = style.progressBarIconImage == nil ? 5 * style.barHeight : style.dotHeight
    responseInset = style.responseInset
    cornerRadius = style.cornerRadius
  }

  /// The track's and fill's height as `setShowLargeBar:` sets it: m = b (or 2 when b ≤ 0),
  /// doubled for the large bar. At init the views take b itself.
  public func lineHeight(showLargeBar: Bool) -> Double {
    let m = barHeight > 0 ? barHeight : 2
    return showLargeBar ? 2 * m : m
  }

  /// The track: `(0, H/2 − h/2, W, h)`.
  public func trackFrame(height h: Double) -> Rect {
    Rect(x: 0, y: size.height / 2 - h / 2, width: size.width, height: h)
  }

  /// The fill: `(0, H/2 − h/2, w, h)`; its x origin is always 0, only the width changes.
  public func fillFrame(width w: Double, height h: Double) -> Rect {
    Rect(x: 0, y: size.height / 2 - h / 2, width: w, height: h)
  }

  /// The dot, a square of ``dotSide`` centred on `(x, H/2)`; with no clipping on the bar, half
  /// of it hangs outside at either end.
  public func dotFrame(centerX x: Double) -> Rect {
    Rect(x: x - dotSide / 2, y: size.height / 2 - dotSide / 2, width: dotSide, height: dotSide)
  }

  /// The corner radius after `setShowLargeBar:` when r > 0: a full pill, h/2 (never restored
  /// to r, a quirk of the original).
  public func pillRadius(height h: Double) -> Double {
    cornerRadius > 0 ? h / 2 : 0
  }

  /// The fill's width for a value: W·v.
  public func x(forValue v: Double) -> Double { size.width * v }

  /// `hitTest:withEvent:`'s rectangle, `(−s, −s, W + 2s, H + 2s)`.
  public var responseRect: Rect {
    Rect(
      x: -responseInset, y: -responseInset, width: size.width + 2 * responseInset,
      height: size.height + 2 * responseInset)
  }

  /// Whether `p` lies in ``responseRect``, every edge included: a touch exactly
  /// `responseInset` points outside any side of the bar is a hit.
  ///
  /// The original uses `CGRectContainsPoint`, which leaves the right and bottom edges out; the
  /// brief asks for "inside at exactly 20 pt" on every side, so the edges count here (a
  /// difference on a line of zero width, documented in docs/customizable-bar.md). Outside the
  /// rectangle the original falls back to `super`, which rejects every point outside the bar's
  /// bounds — all of them inside the response rectangle — so this is the whole test.
  public func hits(_ p: Point) -> Bool {
    responseRect.contains(p)
  }
}
