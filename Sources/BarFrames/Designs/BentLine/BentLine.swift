import BarFramesGraphics
import BarFramesTiming

/// The bent-line progress layer (LXDLayerDemo's `LXDProgressLayer`): a polyline whose knee
/// dips as progress nears one half, a gray track and a green progress line drawn by the layer
/// itself, and a label riding 20 pt above the knee.
///
/// The custom layer redraws on every change (`setNeedsDisplay`), and it is a standalone layer
/// (the demo adds it with `addSublayer:`), so Core Animation crossfades each new drawing in
/// over 0.25 s (its implicit `contents` action, visible in the author's own recording); the
/// label is a `UILabel`, a view's own layer, and jumps. The design only sets model values, as
/// the original does: the layer model runs the actions (``LayerTree/commitActions(since:at:transaction:)``).
///
/// Layers: `progressLayer` (the drawing) and `label`; with `comparisonPair`, also
/// `comparisonTrack` and `comparisonProgress`, the `CAShapeLayer` pair at y = 150.
public struct BentLine: Design {
  public enum Call: Hashable, Sendable {
    /// `progressView.progress = value`: clamps, and sets strokeEnd to the same value, as the
    /// demo's LXDProgressView does.
    case setProgress(Double)
    /// `layer.strokeEnd = value`: not clamped (the original does not clamp).
    case setStrokeEnd(Double)
  }

  public static let name = "bent-line"
  public static let calls: [CallDeclaration<Call>] = [
    CallDeclaration("setProgress", arguments: ["value"]) { args throws(InputError) in
      .setProgress(try args.number("value"))
    },
    CallDeclaration("setStrokeEnd", arguments: ["value"]) { args throws(InputError) in
      .setStrokeEnd(try args.number("value"))
    },
  ]

  /// The layer names.
  public enum LayerName {
    /// The custom layer: the gray and the green line, drawn by `drawInContext:`.
    public static let progressLayer = "progressLayer"
    public static let label = "label"
  }

  public let style: BentLineStyle
  public let canvas: Canvas
  public private(set) var progress: Double = 0
  /// The original's initial strokeEnd is 1; the demo view sets it to the progress on every change.
  public private(set) var strokeEnd: Double = 0
  public var layers = LayerTree()

  /// The comparison pair's y (view coordinates in the original).
  static let comparisonY = 150.0

  public init(style: BentLineStyle, canvas: Canvas) {
    self.style = style
    self.canvas = canvas
    let full = Rect(origin: .zero, size: canvas.size)
    let round = (cap: StrokeStyle.LineCap.round, join: StrokeStyle.LineJoin.round)
    layers.add(Layer(name: LayerName.progressLayer, frame: full, content: .drawing(.init([]))))
    layers.add(
      Layer(
        name: LayerName.label, frame: .zero,
        content: .text(.init(string: "", font: Font(size: style.fontSize), color: style.strokeColor)),
        isViewBacking: true))
    if style.comparisonPair {
      let path = comparisonPath(progress: 0)
      var background = Layer(name: "comparisonTrack", frame: full)
      background.content = .shape(
        .init(
          path: path, strokeColor: style.trackColor, lineWidth: style.lineWidth, lineCap: round.cap,
          lineJoin: round.join))
      var top = Layer(name: "comparisonProgress", frame: full)
      top.content = .shape(
        .init(
          path: path, strokeColor: style.strokeColor, lineWidth: style.lineWidth, lineCap: round.cap,
          lineJoin: round.join, strokeEnd: 0))
      layers.add(background)
      layers.add(top)
    }
    redraw()
  }

  public var geometry: BentLineGeometry {
    BentLineGeometry(
      progress: progress, strokeEnd: strokeEnd, origin: style.origin, maxOffset: style.maxOffset,
      width: canvas.size.width)
  }

  public mutating func perform(_ call: Call, at time: Double) {
    switch call {
    case .setProgress(let value):
      progress = min(max(value, 0), 1)
      strokeEnd = progress
      updateComparisonPair()
    case .setStrokeEnd(let value):
      strokeEnd = value
    }
    redraw()
  }

  /// `setNeedsDisplay` → `drawInContext:`: the layer's new drawing (crossfaded in by the
  /// contents action), and the label moved and retitled at once.
  private mutating func redraw() {
    let g = geometry
    let round = (cap: StrokeStyle.LineCap.round, join: StrokeStyle.LineJoin.round)
    let track = Layer.Shape(
      path: g.trackPath, strokeColor: style.trackColor, lineWidth: style.lineWidth, lineCap: round.cap,
      lineJoin: round.join)
    var shapes = [track]
    let green: Path? =
      switch style.revision {
      case .head: g.progressPath
      case .recording: g.recordedProgressPath
      }
    if let green {
      let line = Layer.Shape(
        path: green, strokeColor: style.strokeColor, lineWidth: style.lineWidth, lineCap: round.cap,
        lineJoin: round.join)
      switch style.revision {
      case .head: shapes.append(line)
      // The revision the author recorded strokes the green line first, so the gray covers its end.
      case .recording: shapes.insert(line, at: 0)
      }
    }
    layers[LayerName.progressLayer].content = .drawing(.init(shapes))
    var label = layers[LayerName.label]
    label.frame = g.labelRect
    if case .text(var text) = label.content {
      text.string = g.labelText
      label.content = .text(text)
    }
    layers[LayerName.label] = label
  }

  private func comparisonPath(progress p: Double) -> Path {
    let length = canvas.size.width - 2 * style.origin.x
    let x0 = style.origin.x
    let y = BentLine.comparisonY
    return Path(polyline: [
      Point(x0, y), Point(x0 + length * p, y + style.maxOffset * (1 - abs(p - 0.5) * 2)), Point(x0 + length, y),
    ])
  }

  /// `updatePath`: the shape layers are standalone, so setting `path` and `strokeEnd` starts
  /// 0.25 s implicit animations from the presented value (default timing function) — the lag
  /// the author wanted to get rid of. The layer model runs them.
  private mutating func updateComparisonPair() {
    guard style.comparisonPair else { return }
    let path = comparisonPath(progress: progress)
    layers["comparisonTrack"].shape?.path = path
    layers["comparisonProgress"].shape?.path = path
    layers["comparisonProgress"].shape?.strokeEnd = progress
    // Set on every call, equal or not: each set runs the action again.
    for name in ["comparisonTrack", "comparisonProgress"] { layers.noteAssignment(.path, of: name) }
    layers.noteAssignment(.strokeEnd, of: "comparisonProgress")
  }

  public func state(at time: Double) -> [JSONValue.Member] {
    [.init("progress", .number(progress)), .init("strokeEnd", .number(strokeEnd))]
  }

  public func hitTest(_ point: Point, at time: Double) -> Bool {
    Rect(origin: .zero, size: canvas.size).contains(point)
  }
}
