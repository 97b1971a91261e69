import BarFramesGraphics
import BarFramesTiming

/// The customizable video-player bar (BNCommonProgressBar, designs.md §1): a track, a fill
/// and a dot that player callbacks move with additive UIKit tweens, that pauses on the
/// presented value by stopping the layers' clocks, and that a pan drags without fighting
/// the player.
///
/// Layers: `bar` (the view itself, holding the others), then bottom to top `track`, `fill`
/// and `dot`. The fill is a `UIView`, so, as UIKit does for a `frame` change, a tween animates
/// its `bounds` width and its `position` x (half the width, the anchor being the centre).
///
/// The `bar` layer's clock runs ``mediaTimeOrigin`` seconds ahead of scene time. It stands
/// for `CACurrentMediaTime()` on a device that has been up a while: the original's clock
/// recipes move a layer's local time back near 0, which pushes earlier tweens about one
/// uptime into the future — never, on a device — and with a clock starting at 0 they would
/// come back seconds later instead.
public struct CustomizableBar: Design {
  /// A pan's recognizer state, as the scene names it.
  public enum PanState: String, Hashable, Sendable, CaseIterable {
    case began, changed, ended, cancelled
  }

  public enum Call: Hashable, Sendable {
    /// `setValue:` (duration nil) or `setValue:animateWithDuration:time:`. The original's
    /// public method drops `time` (it passes 0 on), so the scene's `time` is read and
    /// discarded here too.
    case setValue(Double, duration: Double?)
    /// QA1673's pause on the dot and fill layers (or the style's other ``CustomizableBarStyle/PauseStrategy``).
    case pauseAnimation
    case resumeAnimation
    /// `removeAllAnimations` on the dot and fill layers.
    case removeProgressAnimation
    /// `setValue:0`, then no large bar and no anchor point.
    case reset
    case setShowLargeBar(Bool)
    case setShowAnchorPoint(Bool)
    /// One callback of the bar's pan recognizer, with the finger in bar coordinates.
    case pan(PanState, Point)
  }

  public static let name = "customizable-bar"
  public static let calls: [CallDeclaration<Call>] = [
    CallDeclaration("setValue", arguments: ["value", "duration", "time"]) { args throws(InputError) in
      let value = try args.number("value")
      let duration = try args.optionalNumber("duration", .nonNegative)
      // Accepted for the original's signature and discarded, as the original discards it.
      _ = try args.optionalNumber("time", .nonNegative)
      if duration == nil, args.contains("time") {
        throw args.error("time", "only goes with \"duration\" (setValue:animateWithDuration:time:)")
      }
      return .setValue(value, duration: duration)
    },
    .plain("pauseAnimation", .pauseAnimation),
    .plain("resumeAnimation", .resumeAnimation),
    .plain("removeProgressAnimation", .removeProgressAnimation),
    .plain("reset", .reset),
    CallDeclaration("setShowLargeBar", arguments: ["value"]) { args throws(InputError) in
      .setShowLargeBar(try requiredBool("value", in: &args))
    },
    CallDeclaration("setShowAnchorPoint", arguments: ["value"]) { args throws(InputError) in
      .setShowAnchorPoint(try requiredBool("value", in: &args))
    },
    CallDeclaration("pan", arguments: ["state", "x", "y"]) { args throws(InputError) in
      guard args.contains("state") else {
        throw args.error(
          "state", "missing; expected one of \(PanState.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
      }
      let state = try args.choice("state", default: PanState.began)
      let x = try args.number("x")
      // Only x matters, as in the original (`locationInView:`.x); y is accepted for readability.
      let y = try args.optionalNumber("y") ?? 0
      return .pan(state, Point(x, y))
    },
  ]

  /// A Boolean argument that must be given.
  private static func requiredBool(_ key: String, in args: inout JSONObjectReader) throws(InputError) -> Bool {
    guard args.contains(key) else { throw args.error(key, "missing; expected true or false") }
    return try args.bool(key, default: false)
  }

  /// `CACurrentMediaTime()` at scene time 0, in seconds: longer than any scene (3600 s).
  public static let mediaTimeOrigin = 10_000.0
  /// `updateUIWithValue:` skips moves smaller than this, in points (`0.1 / 3`).
  public static let tinyMove = 0.1 / 3
  /// With a 1.0 s duration, changes of at most this value are applied without a tween.
  public static let tinyValue = 0.001

  public let style: CustomizableBarStyle
  public let canvas: Canvas
  public let geometry: CustomizableBarGeometry
  public var layers = LayerTree()

  /// `valueNum`: the last requested target (or the pan's value), the model value.
  public private(set) var value: Double = 0
  /// `progressIconButton.selected`: a pan is in progress, so player updates are ignored.
  public private(set) var isDragging = false
  /// Whether `pauseAnimation` was called and neither `resumeAnimation` nor a pan followed.
  public private(set) var isPaused = false
  public private(set) var showLargeBar = false
  public private(set) var showAnchorPoint = false
  /// The x of the last applied update; 0 means "unset", and pans do not update it.
  private var lastX: Double = 0
  /// Numbers the tweens so their keys are unique: UIKit's additive animations never replace
  /// one another.
  private var tweenCount = 0

  /// The layers a tween, a pause or a pan touches (the track is never animated).
  static let movingLayers = ["dot", "fill"]

  public init(style: CustomizableBarStyle, canvas: Canvas) {
    self.style = style
    self.canvas = canvas
    let g = CustomizableBarGeometry(style: style, size: canvas.size)
    geometry = g
    let h = style.barHeight
    let r = style.cornerRadius > 0 ? style.cornerRadius : 0
    // Every layer is a view's own (the bar, the track, the fill and the dot are UIViews), so
    // no property change animates implicitly: only the bar's explicit animations move them.
    var bar = Layer(name: "bar", frame: Rect(origin: .zero, size: canvas.size), isViewBacking: true)
    bar.timing.beginTime = -CustomizableBar.mediaTimeOrigin
    layers.add(bar)
    layers.add(
      Layer(
        name: "track", parent: "bar", frame: g.trackFrame(height: h), backgroundColor: style.defaultColor,
        cornerRadius: r, isViewBacking: true))
    layers.add(
      Layer(
        name: "fill", parent: "bar", frame: g.fillFrame(width: 0, height: h), backgroundColor: style.inProgressColor,
        cornerRadius: r, isViewBacking: true))
    var dot: Layer
    if let icon = style.progressBarIconImage {
      dot = Layer(
        name: "dot", parent: "bar", frame: g.dotFrame(centerX: 0), content: .image(icon, .aspectFill),
        isViewBacking: true)
    } else {
      dot = Layer(
        name: "dot", parent: "bar", frame: g.dotFrame(centerX: 0), backgroundColor: style.inProgressColor,
        cornerRadius: g.dotSide / 2, isViewBacking: true)
    }
    dot.isHidden = true
    layers.add(dot)
    // The style's flags go through the setters, as a host app sets them after init.
    setShowLargeBar(style.showLargeBar)
    setShowAnchorPoint(style.showAnchorPoint)
  }

  public mutating func perform(_ call: Call, at time: Double) {
    pruneFinishedTweens(at: time)
    switch call {
    case .setValue(let v, nil):
      setValue(v, at: time)
    case .setValue(let v, let duration?):
      setValue(v, duration: duration, at: time)
    case .pauseAnimation:
      pauseAnimation(at: time)
    case .resumeAnimation:
      resumeAnimation(at: time)
    case .removeProgressAnimation:
      removeProgressAnimation()
    case .reset:
      setValue(0, at: time)
      setShowLargeBar(false)
      setShowAnchorPoint(false)
    case .setShowLargeBar(let on):
      setShowLargeBar(on)
    case .setShowAnchorPoint(let on):
      setShowAnchorPoint(on)
    case .pan(let state, let point):
      pan(state, x: point.x, at: time)
    }
  }

  // MARK: Value updates (the player-callback path)

  /// `setValue:`: rejected (not clamped) outside 0…1 or while dragging.
  private mutating func setValue(_ v: Double, at time: Double) {
    guard checkProgressValueValid(v) else { return }
    value = v
    updateUI(v, tween: nil, at: time)
  }

  /// `setValue:animateWithDuration:time:0 completion:`.
  private mutating func setValue(_ v: Double, duration: Double, at time: Double) {
    guard checkProgressValueValid(v) else { return }
    updateUI(v, tween: shouldAnimate(to: v, duration: duration) ? duration : nil, at: time)
  }

  /// `checkProgressValueValid:`: every rejection also removes the running tweens, which is
  /// what keeps a drag free of player tweens (the stutter fix).
  private mutating func checkProgressValueValid(_ v: Double) -> Bool {
    if isDragging || v < 0 || v > 1 {
      removeProgressAnimation()
      return false
    }
    return true
  }

  /// `shoudAnimateToProgress:duration:time:` with time 0: only the tiny-value filter is left,
  /// and only for a duration of exactly 1.0. The bar is always on screen here.
  private func shouldAnimate(to v: Double, duration: Double) -> Bool {
    // `self.value` is `valueNum.floatValue`: the comparison sees the target as a Float.
    if duration == 1.0, abs(v - Double(Float(value))) <= CustomizableBar.tinyValue { return false }
    // UIKit makes no animation for a duration of 0: the change is applied at once.
    return duration > 0
  }

  /// `updateUIWithValue:`, inside a UIView animation block when `tween` is a duration: the
  /// model jumps to the new value and additive ease-in-out tweens carry the old − new
  /// difference to 0, so each call glides on from wherever the bar is presented.
  private mutating func updateUI(_ v: Double, tween duration: Double?, at time: Double) {
    guard checkProgressValueValid(v) else { return }
    value = v
    let x = geometry.x(forValue: v)
    if lastX != 0, abs(x - lastX) < CustomizableBar.tinyMove { return }
    lastX = x
    // Only the numbers: a copy of the fill layer held across `addTween` would share its
    // animation list and make each add copy every running tween (O(n²) over a scene).
    let oldDotX = layers["dot"].position.x
    let oldFillBounds = layers["fill"].bounds
    let oldFillX = layers["fill"].position.x
    layers["dot"].position.x = x
    layers["fill"].frame = geometry.fillFrame(width: x, height: oldFillBounds.height)
    guard let duration else { return }
    tweenCount += 1
    addTween(Self.positionX, from: oldDotX, to: x, duration: duration, layer: "dot", at: time)
    addTween(
      Self.boundsWidth, from: oldFillBounds.width, to: layers["fill"].bounds.width, duration: duration,
      layer: "fill", at: time)
    addTween(Self.positionX, from: oldFillX, to: layers["fill"].position.x, duration: duration, layer: "fill", at: time)
  }

  /// The tweened key paths, parsed once rather than at every call (a scene may tween 100 000
  /// times).
  private static let positionX: AnimationKeyPath = "position.x"
  private static let boundsWidth: AnimationKeyPath = "bounds.size.width"

  private mutating func addTween(
    _ keyPath: AnimationKeyPath, from old: Double, to new: Double, duration: Double, layer: String, at time: Double
  ) {
    guard old != new else { return }
    let tween = BasicAnimation.additiveTween(keyPath: keyPath, from: .scalar(old), to: .scalar(new), duration: duration)
    layers.addAnimation(.basic(tween), forKey: "setValue#\(tweenCount).\(keyPath)", to: layer, atAbsoluteTime: time)
  }

  /// Core Animation removes a tween once it completes; dropping them at the next call keeps
  /// long scenes small and leaves nothing for a later clock change to replay.
  private mutating func pruneFinishedTweens(at time: Double) {
    for name in CustomizableBar.movingLayers {
      let local = layers.localTime(of: name, atAbsoluteTime: time)
      // O(log n) per finished tween, never a pass over the running ones.
      layers[name].animations.removeCompleted(atLayerTime: local)
    }
  }

  /// `removeProgressAnimation`: the presented bar jumps to the model value.
  private mutating func removeProgressAnimation() {
    for name in CustomizableBar.movingLayers { layers[name].animations.removeAll() }
  }

  // MARK: Pause and resume (the article's topic)

  private mutating func pauseAnimation(at time: Double) {
    isPaused = true
    switch style.pauseStrategy {
    case .layerTime:
      for name in CustomizableBar.movingLayers { layers.pause(name, atAbsoluteTime: time) }
    case .removeAnimations:
      removeProgressAnimation()
    case .none:
      break
    }
  }

  /// `resumeLayer:` runs whether or not the layers are paused, as in the original; on a
  /// running layer it moves the local clock back to 0 and so hides the in-flight tweens.
  private mutating func resumeAnimation(at time: Double) {
    isPaused = false
    guard style.pauseStrategy == .layerTime else { return }
    for name in CustomizableBar.movingLayers { layers.resume(name, atAbsoluteTime: time) }
  }

  // MARK: Gestures

  /// `onPanProgressIcon:`. Every callback resets the dot's and fill's clocks (`resetLayer:`),
  /// which un-pauses them and pushes the in-flight tweens about one device uptime into the
  /// future; they are removed here, which shows the same thing for any scene length.
  private mutating func pan(_ state: PanState, x: Double, at time: Double) {
    guard style.enablePanProgressIcon else { return }
    for name in CustomizableBar.movingLayers {
      layers.resetClock(name, atAbsoluteTime: time)
      layers[name].animations.removeAll()
    }
    isPaused = false
    switch state {
    case .began, .changed: isDragging = true
    case .ended: isDragging = false
    // The original does nothing on Cancelled, so the bar stayed "dragging" and rejected
    // every later update until another pan ended; a cancelled pan ends the drag here.
    case .cancelled: isDragging = false
    }
    let w = canvas.size.width
    let clampedX = min(max(x, 0), w)
    layers["dot"].position.x = clampedX
    layers["fill"].frame = geometry.fillFrame(width: clampedX, height: layers["fill"].bounds.height)
    // Beyond either end the original sets exactly 0 or 1; inside, x / W.
    value = clampedX / w
  }

  // MARK: Appearance

  /// `setShowLargeBar:`: twice the height, the fill in dragColor, pill corners; nothing when
  /// unchanged.
  private mutating func setShowLargeBar(_ on: Bool) {
    guard on != showLargeBar else { return }
    showLargeBar = on
    let m = geometry.lineHeight(showLargeBar: on)
    for name in ["track", "fill"] {
      // Height only: the position is the centre, so the centre y stays where it was.
      layers[name].bounds.size.height = m
      if style.cornerRadius > 0 { layers[name].cornerRadius = geometry.pillRadius(height: m) }
    }
    layers["fill"].backgroundColor = on ? style.dragColor : style.inProgressColor
  }

  /// `setShowAnchorPoint:`: the dot's visibility; nothing when unchanged.
  private mutating func setShowAnchorPoint(_ on: Bool) {
    guard on != showAnchorPoint else { return }
    showAnchorPoint = on
    layers["dot"].isHidden = !on
  }

  // MARK: Reading the presentation

  /// The fill's presented width at a time (what is on screen, not the model). Only the fill's
  /// bounds are evaluated: `inspect` asks for it beside the whole presentation, and a scene of
  /// 100 000 tweens has as many on the dot and on the fill's position.
  public func presentedFillWidth(at time: Double) -> Double {
    let model = layers["fill"].bounds
    guard case .rect(let bounds) = layers.presentedValue("bounds", model: .rect(model), of: "fill", at: time) else {
      return model.width
    }
    return bounds.width
  }

  /// The dot's presented centre at a time, in bar coordinates.
  public func presentedDotCenter(at time: Double) -> Point {
    guard let dot = presentation(at: time)["dot"] else { return .zero }
    return dot.toCanvas.apply(to: Point(x: dot.bounds.midX, y: dot.bounds.midY))
  }

  /// The presented value: the presented fill width over W (what `presentationLayer` shows).
  public func presentedValue(at time: Double) -> Double {
    presentedFillWidth(at: time) / canvas.size.width
  }

  private func presentation(at time: Double) -> Presentation {
    layers.presentation(at: time, canvasSize: canvas.size, background: canvas.background)
  }

  public func state(at time: Double) -> [JSONValue.Member] {
    [
      .init("value", .number(value)),
      .init("presentedValue", .number(presentedValue(at: time))),
      .init("dragging", .bool(isDragging)),
      .init("paused", .bool(isPaused)),
      .init("showLargeBar", .bool(showLargeBar)),
      .init("showAnchorPoint", .bool(showAnchorPoint)),
    ]
  }

  public func hitTest(_ point: Point, at time: Double) -> Bool {
    geometry.hits(point)
  }
}
