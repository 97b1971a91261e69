import BarFramesGraphics
import BarFramesTiming

/// The bent-line progress layer (LXDLayerDemo's `LXDProgressLayer`): a polyline whose knee
/// dips as progress nears one half, a gray track under a green progress line, and a label
/// riding 20 pt above the knee. It has no animations: every change redraws at once, which is
/// the point of the design.
///
/// Layers: `track` (gray), `progress` (green), `label`; with `comparisonPair`, also
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
    var track = Layer(name: "track", frame: full)
    track.content = .shape(
      .init(
        path: Path(), strokeColor: style.trackColor, lineWidth: style.lineWidth, lineCap: round.cap,
        lineJoin: round.join))
    var progressLine = Layer(name: "progress", frame: full)
    progressLine.content = .shape(
      .init(
        path: Path(), strokeColor: style.strokeColor, lineWidth: style.lineWidth, lineCap: round.cap,
        lineJoin: round.join))
    let label = Layer(
      name: "label", frame: .zero,
      content: .text(.init(string: "", font: Font(size: style.fontSize), color: style.strokeColor)))
    layers.add(track)
    layers.add(progressLine)
    layers.add(label)
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
      updateComparisonPair(at: time)
    case .setStrokeEnd(let value):
      strokeEnd = value
    }
    redraw()
  }

  /// `drawInContext:` — the custom layer redraws synchronously, no animation.
  private mutating func redraw() {
    let g = geometry
    layers["track"].shape?.path = g.trackPath
    layers["progress"].shape?.path = g.progressPath ?? Path()
    layers["progress"].isHidden = g.progressPath == nil
    var label = layers["label"]
    label.frame = g.labelRect
    if case .text(var text) = label.content {
      text.string = g.labelText
      label.content = .text(text)
    }
    layers["label"] = label
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
  /// the author wanted to get rid of.
  private mutating func updateComparisonPair(at time: Double) {
    guard style.comparisonPair else { return }
    let path = comparisonPath(progress: progress)
    let presentation = layers.presentation(at: time, canvasSize: canvas.size, background: nil)
    for name in ["comparisonTrack", "comparisonProgress"] {
      guard case .shape(let presented) = presentation[name]?.content else { continue }
      var implicitPath = BasicAnimation(keyPath: "path", from: .path(presented.path), to: .path(path))
      implicitPath.timing.duration = 0.25
      implicitPath.timingFunction = .default
      layers.addAnimation(.basic(implicitPath), forKey: "path", to: name, atAbsoluteTime: time)
      layers[name].shape?.path = path
      if name == "comparisonProgress" {
        var implicitEnd = BasicAnimation(
          keyPath: "strokeEnd", from: .scalar(presented.strokeEnd), to: .scalar(progress))
        implicitEnd.timing.duration = 0.25
        implicitEnd.timingFunction = .default
        layers.addAnimation(.basic(implicitEnd), forKey: "strokeEnd", to: name, atAbsoluteTime: time)
        layers[name].shape?.strokeEnd = progress
      }
    }
  }

  public func state(at time: Double) -> [JSONValue.Member] {
    [.init("progress", .number(progress)), .init("strokeEnd", .number(strokeEnd))]
  }

  public func hitTest(_ point: Point, at time: Double) -> Bool {
    Rect(origin: .zero, size: canvas.size).contains(point)
  }
}
