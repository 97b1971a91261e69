/// A ``DrawingContext`` that passes every command on to another context and keeps a box, in
/// device space, that holds every point the commands can mark: outside it the destination keeps
/// the pixels it had before drawing.
///
/// Animation encoders compare each frame with the one before, and a design often draws in a
/// small part of its frame (bent-line-slider's line and label cross a square canvas in a thin
/// band). Both frames keep the background outside their ink, so only the union of the two boxes
/// needs comparing.
///
/// The box is conservative, never tight:
/// - a fill (and text, which is filled outlines) lies inside its path's control points (a
///   Bézier curve lies in the hull of its control points);
/// - a stroke lies within half the line width of its path, except where a square cap
///   (√2 times as far) or a miter join (at most the miter limit times as far) reaches further:
///   the control points' box is grown by half the line width times the largest of those, in
///   user space, before it is transformed, so it holds the pen however the transform skews it;
/// - an image lies in its rectangle (it is clipped to it);
/// - clips are ignored (they only remove marks), and a transparency layer marks only where
///   its contents do (compositing transparent pixels over others leaves them as they were).
///
/// A value that is not finite makes the box unbounded: ``bounds`` is then nil and
/// ``isUnbounded`` true.
///
/// ```swift
/// let ink = InkBoundsContext(drawingInto: cairo, deviceTransform: Transform2D(scaleX: 2, y: 2))
/// presentation.draw(in: ink)
/// ink.bounds   // in device pixels; nil if nothing was drawn (or unbounded)
/// ```
public final class InkBoundsContext: DrawingContext {
  private let inner: any DrawingContext
  /// The current transform, user space to device space, and the ones saved.
  private var transform: Transform2D
  private var saved: [Transform2D] = []
  private var minX = Double.infinity
  private var minY = Double.infinity
  private var maxX = -Double.infinity
  private var maxY = -Double.infinity
  /// A mark's box was not finite.
  public private(set) var isUnbounded = false

  /// - Parameters:
  ///   - inner: Receives every command, unchanged.
  ///   - deviceTransform: `inner`'s transform when drawing starts (from points to pixels).
  public init(drawingInto inner: any DrawingContext, deviceTransform: Transform2D = .identity) {
    self.inner = inner
    transform = deviceTransform
  }

  /// The box holding every mark so far, in device space; nil if nothing was marked or the box
  /// is unbounded.
  public var bounds: Rect? {
    guard !isUnbounded, minX <= maxX, minY <= maxY else { return nil }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  public func saveState() {
    saved.append(transform)
    inner.saveState()
  }

  public func restoreState() {
    if let last = saved.popLast() { transform = last }
    inner.restoreState()
  }

  public func concatenate(_ t: Transform2D) {
    // As Cairo's context does: a singular transform becomes a tiny scale about the offset.
    let applied =
      t.determinant != 0 && t.determinant.isFinite ? t : Transform2D(a: 1e-9, b: 0, c: 0, d: 1e-9, tx: t.tx, ty: t.ty)
    transform = applied.concatenating(transform)
    inner.concatenate(t)
  }

  public func clip(to path: Path, rule: FillRule) { inner.clip(to: path, rule: rule) }

  public func fill(_ path: Path, color: Color, rule: FillRule) {
    mark(path, outset: 0)
    inner.fill(path, color: color, rule: rule)
  }

  public func stroke(_ path: Path, color: Color, style: StrokeStyle) {
    var reach = 1.0
    if style.lineCap == .square { reach = 2.0.squareRoot() }
    if style.lineJoin == .miter {
      if !style.miterLimit.isFinite { isUnbounded = true }
      reach = max(reach, style.miterLimit)
    }
    mark(path, outset: abs(style.lineWidth) / 2 * reach)
    inner.stroke(path, color: color, style: style)
  }

  public func beginTransparencyLayer(opacity: Double) { inner.beginTransparencyLayer(opacity: opacity) }
  public func endTransparencyLayer() { inner.endTransparencyLayer() }
  public func beginCrossfade(within bounds: Rect) { inner.beginCrossfade(within: bounds) }
  public func beginCrossfadePart(weight: Double) { inner.beginCrossfadePart(weight: weight) }
  public func endCrossfadePart() { inner.endCrossfadePart() }
  public func endCrossfade() { inner.endCrossfade() }

  public func fillText(_ run: TextRun, color: Color) {
    mark(run.outline, outset: 0)
    inner.fillText(run, color: color)
  }

  public func drawImage(_ image: EmbeddedImage, in rect: Rect, contentMode: EmbeddedImage.ContentMode) {
    mark(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY)
    inner.drawImage(image, in: rect, contentMode: contentMode)
  }

  public func beginLayer(named name: String) { inner.beginLayer(named: name) }
  public func endLayer() { inner.endLayer() }

  /// Adds the box of `path`'s points and control points, grown by `outset` on every side (in
  /// user space).
  private func mark(_ path: Path, outset: Double) {
    var x0 = Double.infinity
    var y0 = Double.infinity
    var x1 = -Double.infinity
    var y1 = -Double.infinity
    func add(_ p: Point) {
      x0 = min(x0, p.x)
      y0 = min(y0, p.y)
      x1 = max(x1, p.x)
      y1 = max(y1, p.y)
      // min and max drop NaN: note it here.
      if !p.x.isFinite || !p.y.isFinite { isUnbounded = true }
    }
    for element in path.elements {
      switch element {
      case .move(let p), .line(let p): add(p)
      case .quadCurve(let p, let c):
        add(p)
        add(c)
      case .curve(let p, let c1, let c2):
        add(p)
        add(c1)
        add(c2)
      case .closeSubpath: break
      }
    }
    guard x0 <= x1 else { return }
    mark(minX: x0 - outset, minY: y0 - outset, maxX: x1 + outset, maxY: y1 + outset)
  }

  /// Adds a user-space box: its four corners, transformed.
  private func mark(minX x0: Double, minY y0: Double, maxX x1: Double, maxY y1: Double) {
    for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
      let p = transform.apply(to: Point(x: x, y: y))
      guard p.x.isFinite, p.y.isFinite else {
        isUnbounded = true
        return
      }
      minX = min(minX, p.x)
      minY = min(minY, p.y)
      maxX = max(maxX, p.x)
      maxY = max(maxY, p.y)
    }
  }
}
