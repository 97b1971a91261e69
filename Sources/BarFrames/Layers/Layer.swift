import BarFramesGraphics
import BarFramesTiming

/// One named layer of a design, with its model values, its timing and its animations — the
/// value-type counterpart of a `CALayer` (or `CAShapeLayer`/`CATextLayer`).
///
/// Geometry follows Core Animation: `position` is where the `anchorPoint` (a unit fraction of
/// `bounds`) sits in the parent, and `transform` applies about that point.
public struct Layer: Hashable, Sendable {
  /// What the layer draws besides its background.
  public enum Content: Hashable, Sendable {
    case none
    case shape(Shape)
    case text(Text)
    case image(EmbeddedImage, EmbeddedImage.ContentMode)
    /// What a custom layer's `drawInContext:` draws: shapes stroked and filled in order, as one
    /// picture (a new drawing crossfades in, as ``LayerProperty/contents`` does).
    case drawing(Drawing)
  }

  /// A custom layer's drawing: its shapes, bottom to top, each filled then stroked in full
  /// (`strokeStart`/`strokeEnd` trim a stroke as on a shape layer).
  public struct Drawing: Hashable, Sendable {
    public var shapes: [Shape]

    public init(_ shapes: [Shape]) { self.shapes = shapes }
  }

  /// `CAShapeLayer`'s properties; `path` is in the layer's own coordinates.
  public struct Shape: Hashable, Sendable {
    public var path: Path
    public var fillColor: Color?
    public var strokeColor: Color?
    public var lineWidth: Double
    public var lineCap: StrokeStyle.LineCap
    public var lineJoin: StrokeStyle.LineJoin
    /// The visible part of the stroke, as fractions of the path's arc length.
    public var strokeStart: Double
    public var strokeEnd: Double

    public init(
      path: Path, fillColor: Color? = nil, strokeColor: Color? = nil, lineWidth: Double = 1,
      lineCap: StrokeStyle.LineCap = .butt, lineJoin: StrokeStyle.LineJoin = .miter,
      strokeStart: Double = 0, strokeEnd: Double = 1
    ) {
      self.path = path
      self.fillColor = fillColor
      self.strokeColor = strokeColor
      self.lineWidth = lineWidth
      self.lineCap = lineCap
      self.lineJoin = lineJoin
      self.strokeStart = strokeStart
      self.strokeEnd = strokeEnd
    }
  }

  /// A single line of text laid out in the layer's bounds, as a `UILabel`.
  public struct Text: Hashable, Sendable {
    public var string: String
    public var font: Font
    public var color: Color
    public var alignment: TextAlignment

    public init(string: String, font: Font, color: Color, alignment: TextAlignment = .center) {
      self.string = string
      self.font = font
      self.color = color
      self.alignment = alignment
    }
  }

  public var name: String
  /// The superlayer's name; nil for a layer directly on the canvas.
  public var parent: String?
  public var position: Point
  public var bounds: Rect
  public var anchorPoint: Point
  public var transform: TransformComponents
  public var opacity: Double
  public var isHidden: Bool
  public var backgroundColor: Color?
  public var cornerRadius: Double
  public var content: Content
  /// The layer's own `CAMediaTiming` (beginTime, speed, timeOffset).
  public var timing: LayerTiming
  /// The attached animations.
  public var animations: LayerAnimations
  /// Whether this is a `UIView`'s own layer: the view, its layer's delegate, answers every
  /// action with `NSNull` outside an animation block, so property changes never animate
  /// implicitly. A standalone layer (`addSublayer:` of a `CALayer` made by the design) does
  /// animate them (``LayerTree/commitActions(since:at:transaction:)``). Part of each design's
  /// layer declaration; false, as for a plain `CALayer`, unless said.
  public var isViewBacking: Bool
  /// Keys whose action is switched off, as `layer.actions = @{key: [NSNull null]}`.
  public var disabledActions: Set<String>
  /// While a contents action runs: the drawings the layer fades from, weighted (summing to 1);
  /// set by the action, read by the presentation (`LayerTree.presentedContents(of:at:)`).
  public var contentsFade: [WeightedContent]

  /// A layer whose frame is `frame` in its parent (anchor in the centre, as `CALayer`).
  public init(
    name: String, parent: String? = nil, frame: Rect, content: Content = .none,
    backgroundColor: Color? = nil, cornerRadius: Double = 0, isViewBacking: Bool = false
  ) {
    self.name = name
    self.parent = parent
    let f = frame.standardized
    self.position = f.center
    self.bounds = Rect(x: 0, y: 0, width: f.width, height: f.height)
    self.anchorPoint = Point(0.5, 0.5)
    self.transform = .identity
    self.opacity = 1
    self.isHidden = false
    self.backgroundColor = backgroundColor
    self.cornerRadius = cornerRadius
    self.content = content
    self.timing = LayerTiming()
    self.animations = LayerAnimations()
    self.isViewBacking = isViewBacking
    self.disabledActions = []
    self.contentsFade = []
  }

  /// The layer's frame in its parent, ignoring `transform` (as `CALayer.frame` with identity).
  public var frame: Rect {
    get {
      Rect(
        x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
        width: bounds.width, height: bounds.height)
    }
    set {
      let f = newValue.standardized
      bounds.size = f.size
      position = Point(x: f.minX + anchorPoint.x * f.width, y: f.minY + anchorPoint.y * f.height)
    }
  }

  /// The shape content, when the layer is a shape layer.
  public var shape: Shape? {
    get {
      if case .shape(let s) = content { return s }
      return nil
    }
    set {
      if let newValue { content = .shape(newValue) }
    }
  }
}
