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

  public init() {}

  public static let defaultSize = Size(64, 64)
  public static let defaultBackground: Color? = .white
  public static let parameters: [StyleParameter<RingStyle>] = [
    .number("lineWidth", \.lineWidth, .range(1...32), unit: .points, "The ring's width."),
    .integer("segments", \.segments, 1...60, "How many equal arcs the track is cut into; 1 draws a whole circle."),
    .color("trackColor", \.trackColor, "The full circle under the progress."),
    .color("progressColor", \.progressColor, "The arc that shows the progress."),
    .number("duration", \.duration, .positive(atMost: 10), unit: .seconds, "How long a change of progress animates."),
  ]
}

/// A circular progress ring: a track circle under an arc that starts at 12 o'clock, runs
/// clockwise, and whose `strokeEnd` animates linearly to each new progress, at once or after
/// a delay.
public struct Ring: Design {
  public enum Call: Sendable {
    case setProgress(Double, delay: Double)
  }

  public static let name = "ring"
  public static let calls: [CallDeclaration<Call>] = [
    // `delay` is optional: absent, the change starts at once.
    CallDeclaration("setProgress", arguments: ["value", "delay"]) { args throws(InputError) in
      .setProgress(try args.number("value", .range(0...1)), delay: try args.optionalNumber("delay", .nonNegative) ?? 0)
    }
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
  }

  public mutating func perform(_ call: Call, at time: Double) {
    guard case .setProgress(let value, let delay) = call else { return }
    progress = value
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

  public func state(at time: Double) -> [JSONValue.Member] {
    [.init("progress", .number(progress))]
  }

  public func hitTest(_ point: Point, at time: Double) -> Bool {
    Rect(origin: .zero, size: canvas.size).contains(point)
  }
}
