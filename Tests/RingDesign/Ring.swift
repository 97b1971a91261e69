import BarFrames
import BarFramesGraphics
import BarFramesTiming

/// A ring's look: each parameter is declared once, in `parameters`, and its default is the
/// property's initial value.
public struct RingStyle: DesignStyle {
  public var lineWidth = 6.0
  public var segments = 1
  public var trackColor = Color.lightGray
  public var progressColor = Color.blue
  public var duration = 0.5
  public var needle = false
  /// nil: the needle takes `progressColor`.
  public var needleColor: Color? = nil

  public init() {}

  public static let defaultSize = Size(64, 64)
  public static let defaultBackground: Color? = .white
  public static let parameters: [StyleParameter<RingStyle>] = [
    .number("lineWidth", \.lineWidth, .range(1...32), unit: .points, "The ring's width."),
    .integer("segments", \.segments, 1...60, "How many equal arcs the track is cut into; 1 draws a whole circle."),
    .color("trackColor", \.trackColor, "The full circle under the progress."),
    .color("progressColor", \.progressColor, "The arc that shows the progress."),
    .number("duration", \.duration, .positive(atMost: 10), unit: .seconds, "How long a change of progress animates."),
    .bool("needle", \.needle, "Whether a needle turns with the progress, pointing at the arc's end."),
    // An optional colour: the factories take a plain `Color`, so this one says how to read it
    // (absent: the default, nil) and what the schema shows (nothing, as there is no default).
    StyleParameter(
      "needleColor", \.needleColor, type: .color, "The needle; the progress colour when absent.",
      json: { $0.map { .string($0.hexString) } },
      read: { reader, key, value, _ throws(InputError) in
        guard reader.contains(key) else { return value }
        return try reader.color(key, default: .black)
      }),
  ]
}

/// A circular progress ring: a track circle under an arc that starts at 12 o'clock, runs
/// clockwise, and whose `strokeEnd` animates linearly to each new progress, at once, after a
/// delay or not at all; optionally a needle turns with it.
public struct Ring: Design {
  public enum Call: Sendable {
    case setProgress(Double, delay: Double, animated: Bool)
    /// nil: back to the style's colour.
    case setColor(Color?)
  }

  public static let name = "ring"
  public static let calls: [CallDeclaration<Call>] = [
    // `delay` and `animated` are optional: absent, the change starts at once and animates.
    CallDeclaration("setProgress", arguments: ["value", "delay", "animated"]) { args throws(InputError) in
      let value = try args.number("value", .range(0...1))
      let delay = try args.optionalNumber("delay", .nonNegative)
      let animated = try args.bool("animated", default: true)
      // A jump has nothing to delay: refuse the pair, naming the key, rather than drop one.
      if delay != nil, !animated {
        throw args.error("delay", "a jump (\"animated\": false) cannot be delayed; remove one of them")
      }
      return .setProgress(value, delay: delay ?? 0, animated: animated)
    },
    CallDeclaration("setColor", arguments: ["color"]) { args throws(InputError) in
      // The colour reader takes a default; without `color` the arc goes back to the style's.
      guard args.contains("color") else { return .setColor(nil) }
      return .setColor(try args.color("color", default: .black))
    },
  ]

  public var layers = LayerTree()
  public private(set) var progress = 0.0
  let style: RingStyle
  let canvas: Canvas

  public init(style: RingStyle, canvas: Canvas) {
    self.style = style
    self.canvas = canvas
    let bounds = Rect(origin: .zero, size: canvas.size)
    let radius = (min(canvas.size.width, canvas.size.height) - style.lineWidth) / 2
    var circle = Path()
    circle.addArc(center: bounds.center, radius: radius, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
    // Cut into segments: equal arcs with a gap of a fifth of their share between them.
    var segmented = Path()
    let share = 2 * .pi / Double(style.segments)
    for i in 0..<style.segments {
      let start = -.pi / 2 + Double(i) * share
      var arc = Path()
      arc.addArc(center: bounds.center, radius: radius, startAngle: start, endAngle: start + share * 0.8, clockwise: true)
      segmented.addPath(arc)
    }
    let track = Layer.Shape(
      path: style.segments == 1 ? circle : segmented, strokeColor: style.trackColor, lineWidth: style.lineWidth)
    let arc = Layer.Shape(path: circle, strokeColor: style.progressColor, lineWidth: style.lineWidth, strokeEnd: 0)
    layers.add(Layer(name: "track", frame: bounds, content: .shape(track)))
    layers.add(Layer(name: "progress", frame: bounds, content: .shape(arc)))
    guard style.needle else { return }
    // A hub (filled) and a round-capped line up to the ring: a shape is filled, then stroked.
    var needle = Path(ellipseIn: Rect(x: bounds.center.x - 3, y: bounds.center.y - 3, width: 6, height: 6))
    needle.move(to: bounds.center)
    needle.addLine(to: Point(bounds.center.x, bounds.center.y - radius + style.lineWidth))
    let color = style.needleColor ?? style.progressColor
    let shape = Layer.Shape(path: needle, fillColor: color, strokeColor: color, lineWidth: 2, lineCap: .round)
    // Its frame is the canvas, so its anchor point (the bounds' centre by default) is the
    // ring's centre, about which `transform` turns it.
    layers.add(Layer(name: "needle", frame: bounds, content: .shape(shape)))
  }

  public mutating func perform(_ call: Call, at time: Double) {
    switch call {
    case .setColor(let color):
      // Set as the Objective-C sets them: strokeColor and fillColor animate by themselves.
      let arc = color ?? style.progressColor
      layers["progress"].shape?.strokeColor = arc
      if layers.contains("needle"), style.needleColor == nil {
        layers["needle"].shape?.strokeColor = arc
        layers["needle"].shape?.fillColor = arc
      }
    case .setProgress(let value, let delay, let animated):
      setProgress(value, delay: delay, animated: animated, at: time)
    }
  }

  mutating func setProgress(_ value: Double, delay: Double, animated: Bool, at time: Double) {
    progress = value
    let hasNeedle = layers.contains("needle")
    guard animated else {
      // A jump: an animation still running (or waiting for its delay) would go on showing its
      // own values, so remove it; then set the new values with actions off.
      layers["progress"].animations.removeAnimation(forKey: "strokeEnd")
      if hasNeedle { layers["needle"].animations.removeAnimation(forKey: "transform") }
      layers.withTransaction(.disablingActions, at: time) { layers in
        layers["progress"].shape?.strokeEnd = value
        if hasNeedle { layers["needle"].transform = .rotation(2 * .pi * value) }
      }
      return
    }
    if hasNeedle { turnNeedle(to: value, delay: delay, at: time) }
    guard delay > 0 else {
      // A standalone shape layer animates a new strokeEnd by itself, from what is on screen
      // (Core Animation's implicit action); the transaction sets its duration and curve.
      let ring = Transaction(animationDuration: style.duration, timingFunction: .linear)
      layers.withTransaction(ring, at: time) { $0["progress"].shape?.strokeEnd = value }
      return
    }
    // A delayed start needs an explicit animation, from what is on screen now; added in the
    // same call as the new model value, it takes the implicit action's place.
    let shown = layers.presentation(at: time, canvasSize: canvas.size, background: nil)
    guard case .shape(let presented) = shown["progress"]?.content else { return }
    var animation = BasicAnimation(keyPath: "strokeEnd", from: .scalar(presented.strokeEnd), to: .scalar(value))
    animation.timing.duration = style.duration
    animation.timingFunction = .linear
    // Core Animation's rule for a delayed start: beginTime in the layer's own time, and a
    // backwards fill so the layer shows the from-value, not the new model value, meanwhile.
    animation.timing.beginTime = layers.localTime(of: "progress", atAbsoluteTime: time + delay)
    animation.timing.fillMode = .backwards
    layers.addAnimation(.basic(animation), forKey: "strokeEnd", to: "progress", atAbsoluteTime: time)
    layers["progress"].shape?.strokeEnd = value
  }

  /// Turns the needle about its anchor point in step with the arc. Explicitly, by
  /// `transform.rotation.z`: Core Animation interpolates a whole `transform` (as its implicit
  /// action does) between matrices, the short way round, so 0 to 0.8 of a turn would go
  /// backwards by 0.2; the angle itself goes the long way, as the arc does.
  mutating func turnNeedle(to value: Double, delay: Double, at time: Double) {
    let model = layers["needle"].transform
    // The presented transform, not the model's: a needle still turning starts from where it is.
    let presented = layers.presentedValue("transform", model: .transform(model), of: "needle", at: time)
    // A transform key presents a transform; the model stands in should that ever change.
    let shown = if case .transform(let value) = presented { value } else { model }
    var turn = BasicAnimation(
      keyPath: "transform.rotation.z", from: .scalar(shown.rotationZ), to: .scalar(2 * .pi * value))
    turn.timing.duration = style.duration
    turn.timingFunction = .linear
    if delay > 0 {
      turn.timing.beginTime = layers.localTime(of: "needle", atAbsoluteTime: time + delay)
      turn.timing.fillMode = .backwards
    }
    // Under the key "transform", which the jump removes and a later turn replaces.
    layers.addAnimation(.basic(turn), forKey: "transform", to: "needle", atAbsoluteTime: time)
    layers["needle"].transform = .rotation(2 * .pi * value)
  }

  public func state(at time: Double) -> [JSONValue.Member] {
    [.init("progress", .number(progress))]
  }

  public func hitTest(_ point: Point, at time: Double) -> Bool {
    Rect(origin: .zero, size: canvas.size).contains(point)
  }
}
