import BarFramesGraphics
import BarFramesText
import BarFramesTiming

/// One layer as it is presented at a time: every animatable property evaluated, and the
/// transform from the layer's coordinates to the canvas.
public struct PresentedLayer: Hashable, Sendable {
  public var name: String
  /// Hidden itself or through a superlayer.
  public var isHidden: Bool
  /// The layer's own presented opacity.
  public var opacity: Double
  /// The product of the opacities from the canvas down to this layer.
  public var effectiveOpacity: Double
  public var bounds: Rect
  /// Maps layer coordinates to canvas points.
  public var toCanvas: Transform2D
  public var backgroundColor: Color?
  public var cornerRadius: Double
  public var content: Layer.Content
  /// While a contents action runs, every drawing shown and its weight (``content`` among them,
  /// the weights summing to 1); empty otherwise.
  public var contentsFade: [Layer.WeightedContent] = []

  /// The axis-aligned bounds of the presented geometry in canvas points: the path for a shape
  /// layer (without stroke width), the bounds rectangle otherwise (a text layer's layout box).
  public var frame: Rect {
    if case .shape(let shape) = content {
      if let box = shape.path.applying(toCanvas).boundingBox { return box }
      return Rect(origin: toCanvas.apply(to: .zero), size: .zero)
    }
    return bounds.applying(toCanvas)
  }

  /// The shape's path in canvas points.
  public var canvasPath: Path? {
    if case .shape(let shape) = content { return shape.path.applying(toCanvas) }
    return nil
  }
}

/// The presentation tree at one time: what Core Animation would put on screen.
public struct Presentation: Hashable, Sendable {
  /// The absolute (scene) time.
  public var time: Double
  public var canvasSize: Size
  /// The canvas colour; nil is transparent.
  public var background: Color?
  /// The layers bottom to top.
  public var layers: [PresentedLayer]

  /// The presented layer named `name`.
  public subscript(name: String) -> PresentedLayer? { layers.first { $0.name == name } }

  /// Draws every visible layer, bottom to top, onto `context` (the canvas background is the
  /// surface's business).
  public func draw(in context: some DrawingContext) {
    for layer in layers where !layer.isHidden && layer.effectiveOpacity > 0 {
      let grouped = layer.effectiveOpacity < 1
      context.beginLayer(named: layer.name)
      context.saveState()
      if grouped { context.beginTransparencyLayer(opacity: layer.effectiveOpacity) }
      context.concatenate(layer.toCanvas)
      if let background = layer.backgroundColor, background.alpha > 0 {
        context.fill(Path(roundedRect: layer.bounds, cornerRadius: layer.cornerRadius), color: background)
      }
      if layer.contentsFade.isEmpty {
        Self.draw(layer.content, bounds: layer.bounds, in: context)
      } else {
        let boxes = layer.contentsFade.compactMap { Self.inkBounds(of: $0.content, bounds: layer.bounds) }
        let ink = boxes.dropFirst().reduce(boxes.first) { box, next in box?.union(next) }
        context.beginCrossfade(within: ink ?? Rect(origin: layer.bounds.origin, size: .zero))
        for part in layer.contentsFade {
          context.beginCrossfadePart(weight: part.weight)
          Self.draw(part.content, bounds: layer.bounds, in: context)
          context.endCrossfadePart()
        }
        context.endCrossfade()
      }
      if grouped { context.endTransparencyLayer() }
      context.restoreState()
      context.endLayer()
    }
  }
}

extension Presentation {
  /// Draws one layer's content in its own coordinates.
  static func draw(_ content: Layer.Content, bounds: Rect, in context: some DrawingContext) {
    switch content {
    case .none:
      break
    case .shape(let shape):
      draw(shape, in: context)
    case .drawing(let drawing):
      for shape in drawing.shapes { draw(shape, in: context) }
    case .text(let text):
      context.drawText(text.string, in: bounds, font: text.font, color: text.color, alignment: text.alignment)
    case .image(let image, let mode):
      context.drawImage(image, in: bounds, contentMode: mode)
    }
  }

  /// A rectangle, in the layer's coordinates, that holds everything `content` draws (nil when it
  /// draws nothing): a shape's path outset by as far as its stroke can reach (half the width,
  /// times the miter limit at miter joins) and a point more for antialiasing; the layer's
  /// bounds for text and images.
  static func inkBounds(of content: Layer.Content, bounds: Rect) -> Rect? {
    func ink(_ shape: Layer.Shape) -> Rect? {
      guard let box = shape.path.boundingBox else { return nil }
      let reach = shape.strokeColor == nil ? 0 : shape.lineWidth / 2 * (shape.lineJoin == .miter ? 10 : 2)
      return box.insetBy(dx: -reach - 1, dy: -reach - 1)
    }
    func union(_ boxes: [Rect]) -> Rect? { boxes.dropFirst().reduce(boxes.first) { box, next in box?.union(next) } }
    switch content {
    case .none: return nil
    case .shape(let shape): return ink(shape)
    case .drawing(let drawing): return union(drawing.shapes.compactMap(ink))
    case .text, .image: return bounds
    }
  }

  private static func draw(_ shape: Layer.Shape, in context: some DrawingContext) {
    if let fill = shape.fillColor { context.fill(shape.path, color: fill) }
    if let stroke = shape.strokeColor {
      let visible =
        shape.strokeStart <= 0 && shape.strokeEnd >= 1
        ? shape.path : shape.path.trimmed(from: shape.strokeStart, to: shape.strokeEnd)
      context.stroke(
        visible, color: stroke,
        style: StrokeStyle(lineWidth: shape.lineWidth, lineCap: shape.lineCap, lineJoin: shape.lineJoin))
    }
  }
}

/// The animatable properties the presentation evaluates, parsed once (key paths split their
/// string into components, which is not free at thousands of frames per second).
private enum KeyPaths {
  static let position: AnimationKeyPath = "position"
  static let bounds: AnimationKeyPath = "bounds"
  static let transform: AnimationKeyPath = "transform"
  static let opacity: AnimationKeyPath = "opacity"
  static let path: AnimationKeyPath = "path"
  static let strokeStart: AnimationKeyPath = "strokeStart"
  static let strokeEnd: AnimationKeyPath = "strokeEnd"
  static let lineWidth: AnimationKeyPath = "lineWidth"
  static let fillColor: AnimationKeyPath = "fillColor"
  static let strokeColor: AnimationKeyPath = "strokeColor"
  static let backgroundColor: AnimationKeyPath = "backgroundColor"
  static let cornerRadius: AnimationKeyPath = "cornerRadius"
}

extension LayerTree {
  /// One property of one layer as presented at an absolute time: what ``presentation(at:canvasSize:background:)``
  /// shows for it, without evaluating the other layers and properties.
  /// - Parameters:
  ///   - keyPath: The property, e.g. `bounds` or `position`.
  ///   - model: The layer's model value of it.
  ///   - name: The layer.
  ///   - time: The absolute time, in seconds, converted to the layer's local time.
  public func presentedValue(
    _ keyPath: AnimationKeyPath, model: AnimatableValue, of name: String, at time: Double
  ) -> AnimatableValue {
    let animations = self[name].animations
    guard !animations.isEmpty else { return model }
    return animations.presentedValue(
      forKeyPath: keyPath, model: model, layerTime: localTime(of: name, atAbsoluteTime: time))
  }

  /// The presented crossfade of a layer with a contents action: empty once it has ended.
  private func fade(of layer: Layer, at time: Double) -> [Layer.WeightedContent] {
    let parts = presentedContents(of: layer, at: time)
    return parts.count == 1 && parts[0].content == layer.content ? [] : parts
  }

  /// Evaluates every layer's animations at an absolute time (`presentationLayer` for the tree).
  public func presentation(at time: Double, canvasSize: Size, background: Color?) -> Presentation {
    var presented: [String: PresentedLayer] = [:]
    var result: [PresentedLayer] = []
    for layer in layers {
      let t = localTime(of: layer.name, atAbsoluteTime: time)
      let stack = layer.animations
      func value(_ keyPath: AnimationKeyPath, _ model: AnimatableValue) -> AnimatableValue {
        stack.isEmpty ? model : stack.presentedValue(forKeyPath: keyPath, model: model, layerTime: t)
      }
      func scalar(_ keyPath: AnimationKeyPath, _ model: Double) -> Double {
        value(keyPath, .scalar(model)).scalarValue ?? model
      }
      func color(_ keyPath: AnimationKeyPath, _ model: Color?) -> Color? {
        guard let model else { return nil }
        if case .color(let c) = value(keyPath, .color(model)) { return c }
        return model
      }
      // The position and a path animation's rotation of it come from one pass.
      let (presentedPosition, rotation) =
        stack.isEmpty
        ? (AnimatableValue.point(layer.position), nil)
        : stack.presentedValueAndPathRotation(
          forKeyPath: KeyPaths.position, model: .point(layer.position), layerTime: t)
      let position = presentedPosition.pointValue ?? layer.position
      var bounds = layer.bounds
      if case .rect(let r) = value(KeyPaths.bounds, .rect(layer.bounds)) { bounds = r }
      var transform = layer.transform
      if case .transform(let tr) = value(KeyPaths.transform, .transform(layer.transform)) { transform = tr }
      if let rotation { transform.rotationZ += rotation }
      let opacity = scalar(KeyPaths.opacity, layer.opacity)
      var content = layer.content
      if case .shape(var shape) = content {
        if case .path(let p) = value(KeyPaths.path, .path(shape.path)) { shape.path = p }
        shape.strokeStart = scalar(KeyPaths.strokeStart, shape.strokeStart)
        shape.strokeEnd = scalar(KeyPaths.strokeEnd, shape.strokeEnd)
        shape.lineWidth = scalar(KeyPaths.lineWidth, shape.lineWidth)
        shape.fillColor = color(KeyPaths.fillColor, shape.fillColor)
        shape.strokeColor = color(KeyPaths.strokeColor, shape.strokeColor)
        content = .shape(shape)
      }
      // Layer → parent: move the anchor point to the origin, transform, then place at position.
      let anchor = Point(
        x: bounds.minX + layer.anchorPoint.x * bounds.width, y: bounds.minY + layer.anchorPoint.y * bounds.height)
      let toParent = Transform2D(translationX: -anchor.x, y: -anchor.y)
        .concatenating(transform.transform2D)
        .concatenating(Transform2D(translationX: position.x, y: position.y))
      let parent = layer.parent.flatMap { presented[$0] }
      let item = PresentedLayer(
        name: layer.name,
        isHidden: layer.isHidden || (parent?.isHidden ?? false),
        opacity: opacity,
        effectiveOpacity: opacity * (parent?.effectiveOpacity ?? 1),
        bounds: bounds,
        toCanvas: parent.map { toParent.concatenating($0.toCanvas) } ?? toParent,
        backgroundColor: color(KeyPaths.backgroundColor, layer.backgroundColor),
        cornerRadius: scalar(KeyPaths.cornerRadius, layer.cornerRadius),
        content: content,
        contentsFade: layer.contentsFade.isEmpty ? [] : fade(of: layer, at: time))
      presented[layer.name] = item
      result.append(item)
    }
    return Presentation(time: time, canvasSize: canvasSize, background: background, layers: result)
  }
}
