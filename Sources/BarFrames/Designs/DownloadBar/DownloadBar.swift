import BarFramesGraphics
import BarFramesTiming

/// The download bar with the arrow indicator (karthuszY's ZYDownloadProgress: `ZYProgressBar`
/// + `ZYProgressIndicator`, designs.md §2): a gray rounded square holding a white download
/// arrow. `startDownload` collapses the square into a 4 pt track while the arrow morphs into a
/// tag that hops to the start and then rides the progress line; a failure drains the line and
/// pours it off the bar's end; `resume` flies the tag home and rebuilds the original state.
///
/// Layers, bottom to top: `container`, `progress`, `indicator` with its sublayers
/// `indicator.triangle`, `indicator.rectangle` and `indicator.label`, and `stream` while a
/// failure pours.
///
/// The state machine keeps the original's flags (`isOriginal`, `isDownloading`, `isSuccess`,
/// `_isAnimaiting`, `_hasDisplayLink`, and the indicator's own `_isSuccess`) and its guards,
/// plus two the original lacks: `downloadFailed` is ignored during READY and after SUCCESS
/// (and while a failure or a resume is still playing). Completion delegates are derived from
/// the indicator's clock, so an interactive pause holds them and a cancel (which removes the
/// animation) means they never fire, as `animationDidStop:finished:NO` does nothing.
///
/// ```json
/// {"at": 0.5, "call": "tap", "args": {"x": 100, "y": 40}},
/// {"at": 1.7, "every": 0.1, "until": 11.6, "call": "setProgress", "args": {"value": {"start": 0.01, "step": 0.01}}}
/// ```
public struct DownloadBar: Design {
  public enum Call: Hashable, Sendable {
    /// `startDownload`: only from the original state.
    case startDownload
    /// The demo's tap gesture: `startDownload` when the touch lands on the bar.
    case tap(Point)
    /// `setProgress:`, clamped to 0…1.
    case setProgress(Double)
    /// `downloadFailed`.
    case downloadFailed
    /// `resume`: back to the original state (ignored while an animation locks the bar).
    case resume
  }

  /// What the bar shows, for `inspect`.
  public enum Phase: String, Hashable, Sendable, CaseIterable {
    /// The gray square with the arrow.
    case original
    /// The morph and the hop to the start (≈ 1.1 s); calls are locked.
    case ready
    /// The tag rides the line.
    case downloading
    /// "done" at p = 1.
    case success
    /// The drain and the pour (1.7 s); calls are locked.
    case failing
    /// "failed", tilted.
    case failed
    /// The way back (0.5 s), then a fresh original state.
    case resuming
  }

  /// A call a guard ignored, and why (shown by `inspect`).
  public struct IgnoredCall: Hashable, Sendable {
    public var at: Double
    public var call: String
    public var reason: String
  }

  /// The original's `dispatch_after` blocks.
  enum Block: Hashable, Sendable {
    /// Take the display link out of the run loop (0.1 s after success).
    case removeDisplayLink
    /// "failed", the tilt, and the stream's removal (1.4 s after the failure).
    case showFailed
    /// `_isAnimaiting = NO` (1.7 s after the failure).
    case unlockAfterFailure
    /// Remove everything and `configure` again (0.5 s after resume).
    case rebuild
  }

  struct Scheduled: Hashable, Sendable {
    var at: Double
    var block: Block
  }

  public static let name = "download-bar"
  public static let calls: [CallDeclaration<Call>] = [
    .plain("startDownload", .startDownload),
    CallDeclaration("tap", arguments: ["x", "y"]) { args throws(InputError) in
      .tap(Point(try args.number("x"), try args.number("y")))
    },
    CallDeclaration("setProgress", arguments: ["value"]) { args throws(InputError) in
      .setProgress(try args.number("value"))
    },
    .plain("downloadFailed", .downloadFailed),
    .plain("resume", .resume),
  ]

  /// The layer names.
  public enum LayerName {
    public static let container = "container"
    public static let progress = "progress"
    public static let indicator = "indicator"
    public static let triangle = "indicator.triangle"
    public static let rectangle = "indicator.rectangle"
    public static let label = "indicator.label"
    public static let stream = "stream"
  }

  public let style: DownloadBarStyle
  public let canvas: Canvas
  public var layers = LayerTree()

  public private(set) var phase: Phase = .original
  /// The bar's `_progress`.
  public private(set) var progress: Double = 0
  public private(set) var isOriginal = true
  public private(set) var isDownloading = false
  /// The bar's `isSuccess`.
  public private(set) var isSuccess = false
  /// `_isAnimaiting`: locks `resume` and the label.
  public private(set) var isAnimating = false
  /// `_hasDisplayLink`.
  public private(set) var hasDisplayLink = false
  /// Whether the display link is in the run loop, redrawing every frame.
  public private(set) var displayLinkRuns = false
  /// The indicator's own `_isSuccess` (set by "done", cleared by "failed"); it decides whether
  /// `resume` un-tilts the indicator.
  private var indicatorIsSuccess = false
  /// The ready group and the swing as added (their resolved copies), while their completion
  /// delegate is pending; compared with what the indicator holds under their keys.
  private var pendingReadyGroup: Animation?
  private var pendingSwing: Animation?
  private var scheduled: [Scheduled] = []
  public private(set) var ignoredCalls: [IgnoredCall] = []

  /// The bar's geometry, in bar coordinates (origin at the bar's top-left corner).
  public var geometry: DownloadBarGeometry {
    DownloadBarGeometry(
      // A canvas too small for its inset keeps a 1 pt bar rather than a negative one.
      width: max(canvas.size.width - 2 * style.inset.x, 1), height: max(canvas.size.height - 2 * style.inset.y, 1),
      progressWidth: style.progressWidth)
  }

  /// The bar's frame on the canvas: the canvas inset by ``DownloadBarStyle/inset``.
  public var barFrame: Rect {
    Rect(x: style.inset.x, y: style.inset.y, width: geometry.width, height: geometry.height)
  }

  /// A point of the bar's coordinates on the canvas (the bar view's superview).
  func onCanvas(_ point: Point) -> Point { point + barFrame.origin }

  /// `configure`: the square, the arrow and an empty label.
  public init(style: DownloadBarStyle, canvas: Canvas) {
    self.style = style
    self.canvas = canvas
    let g = geometry
    let full = barFrame
    let side = Rect(x: 0, y: 0, width: g.height, height: g.height)

    var container = Layer(name: LayerName.container, frame: full)
    container.content = .shape(
      .init(
        path: Path(roundedRect: g.square, cornerRadius: style.containerCornerRadius), fillColor: style.containerColor,
        strokeColor: style.containerColor, lineCap: .round, lineJoin: .round))
    // The original's progress layer also fills gray, but its path (a line and back) has no area.
    var progressLine = Layer(name: LayerName.progress, frame: full)
    progressLine.content = .shape(
      .init(
        path: Path(), strokeColor: style.progressColor, lineWidth: style.progressWidth, lineCap: .round,
        lineJoin: .round))
    // ZYProgressIndicator is a UIView and its label a UILabel: their own layers never animate
    // implicitly. The container, the progress line, the arrow's two shapes and the stream are
    // standalone layers (`addSublayer:`), whose model changes do.
    let indicator = Layer(
      name: LayerName.indicator, frame: Rect(origin: g.square.origin + full.origin, size: g.square.size),
      isViewBacking: true)
    var triangle = Layer(name: LayerName.triangle, parent: LayerName.indicator, frame: side)
    var trianglePath = Path(polyline: g.trianglePoints)
    trianglePath.closeSubpath()
    triangle.content = .shape(
      .init(
        path: trianglePath, fillColor: style.indicatorColor, strokeColor: style.indicatorColor, lineCap: .round,
        lineJoin: .round))
    var rectangle = Layer(name: LayerName.rectangle, parent: LayerName.indicator, frame: side)
    rectangle.content = .shape(
      .init(
        path: Path(roundedRect: g.rectangle, cornerRadius: 1), fillColor: style.indicatorColor,
        strokeColor: style.indicatorColor, lineCap: .round, lineJoin: .round))
    let label = Layer(
      name: LayerName.label, parent: LayerName.indicator, frame: g.labelFrame,
      content: .text(.init(string: "", font: Font(size: style.fontSize), color: style.labelColor)),
      isViewBacking: true)
    layers.add(container)
    layers.add(progressLine)
    layers.add(indicator)
    layers.add(triangle)
    layers.add(rectangle)
    layers.add(label)
  }

  // MARK: Calls

  public mutating func perform(_ call: Call, at time: Double) {
    switch call {
    case .startDownload:
      startDownload(at: time)
    case .tap(let point):
      // The demo's gesture handler: `if (bar.isOriginal) [bar startDownload]`.
      guard hitTest(point, at: time) else { return ignore("tap", at: time, "the touch misses the bar") }
      startDownload(at: time)
    case .setProgress(let value):
      setProgress(value, at: time)
    case .downloadFailed:
      downloadFailed(at: time)
    case .resume:
      resume(at: time)
    }
  }

  private mutating func ignore(_ call: String, at time: Double, _ reason: String) {
    ignoredCalls.append(IgnoredCall(at: time, call: call, reason: reason))
  }

  /// `startDownload`: the indicator's morph, the container's collapse and the hop, together.
  private mutating func startDownload(at time: Double) {
    guard isOriginal else { return ignore("startDownload", at: time, "only the original state starts a download") }
    isAnimating = true
    isDownloading = true
    isOriginal = false
    phase = .ready
    // The indicator's `readyForDownload`.
    layers[LayerName.label].isHidden = false
    layers.addAnimation(
      Self.held("transform", to: .transform(.scale(0.3, 0.3)), duration: style.morphDuration),
      forKey: Key.triangleReady, to: LayerName.triangle, atAbsoluteTime: time)
    layers.addAnimation(
      Self.held("transform", to: .transform(.scale(1.5, 0.9)), duration: style.morphDuration),
      forKey: Key.rectangleReady, to: LayerName.rectangle, atAbsoluteTime: time)
    // The bar's `readyForDownload`.
    let scale = geometry.collapsedScale
    layers.addAnimation(
      Self.held("transform", to: .transform(.scale(scale.x, scale.y)), duration: style.collapseDuration),
      forKey: Key.containerReady, to: LayerName.container, atAbsoluteTime: time)
    layers.addAnimation(
      indicatorReadyAnimation(), forKey: Key.indicatorToStart, to: LayerName.indicator, atAbsoluteTime: time)
    pendingReadyGroup = layers[LayerName.indicator].animations.animation(forKey: Key.indicatorToStart)
  }

  /// `setProgress:` of the bar, then (unless locked) of the indicator.
  private mutating func setProgress(_ value: Double, at time: Double) {
    let p = min(max(value, 0), 1)
    progress = p
    if !isAnimating && !isSuccess {
      indicatorSetProgress(p, at: time)
    }
    if p == 1 && hasDisplayLink {
      // "防止最后一次刷新无法进行": keep redrawing for 0.1 s so the last frame is drawn.
      scheduled.append(Scheduled(at: time + style.displayLinkRemovalDelay, block: .removeDisplayLink))
      hasDisplayLink = false
      isSuccess = true
      if phase == .downloading || phase == .failed { phase = .success }
    }
    if displayLinkRuns { refreshUI() }
  }

  /// `ZYProgressIndicator.setProgress:`: the label, and at 1 `downloadSuccess`.
  private mutating func indicatorSetProgress(_ p: Double, at time: Double) {
    setLabel(DownloadBarGeometry.labelText(progress: p), color: nil)
    guard p == 1 else { return }
    // `downloadSuccess`: the complete block, "done" in green, and the flip on each shape and
    // the label about its own centre (unkeyed; removed on completion).
    isDownloading = false
    setLabel("done", color: style.successColor)
    for name in [LayerName.rectangle, LayerName.triangle, LayerName.label] {
      layers.addAnimation(successFlip(), forKey: nil, to: name, atAbsoluteTime: time)
    }
    indicatorIsSuccess = true
  }

  /// `refreshUI`, the display link's callback, run on every screen refresh (60 Hz) while the
  /// link is in the run loop, and here also when p changes. The indicator is a view: its
  /// transform jumps. The progress line is a standalone shape layer: every set of its `path`
  /// (equal or not: `-[CALayer setValue:forKey:]` runs the action whatever the value) starts a
  /// 0.25 s implicit animation from the presented path, so the line's end trails the tag.
  private mutating func refreshUI() {
    let g = geometry
    layers[LayerName.indicator].transform = .translation(g.width * progress, 0)
    layers[LayerName.progress].shape?.path = g.progressPath(progress: progress)
    layers.noteAssignment(.path, of: LayerName.progress)
  }

  /// The display link's refresh rate.
  static let displayLinkRate = 60.0

  /// The next screen refresh after `time` at which `refreshUI` shows anything new: while the
  /// link runs and the progress line is presented more than 1/1000 pt from its model path.
  /// Each refresh restarts the line's animation from where it is presented, so it closes about
  /// 5 % of the gap a refresh (the default curve at 1/15 of 0.25 s) and never quite arrives;
  /// once the gap is invisible, further refreshes change nothing and are skipped.
  private func nextRefresh(after time: Double) -> Double? {
    guard lineIsMoving(at: time) else { return nil }
    return ((time * Self.displayLinkRate + 1e-6).rounded(.down) + 1) / Self.displayLinkRate
  }

  /// Whether a refresh at `time` (a multiple of 1/60 s) would move the line.
  private func refreshIsDue(at time: Double) -> Bool {
    let ticks = time * Self.displayLinkRate
    return abs(ticks - ticks.rounded()) < 1e-6 && lineIsMoving(at: time)
  }

  private func lineIsMoving(at time: Double) -> Bool {
    guard displayLinkRuns, layers[LayerName.progress].timing.speed > 0,
      let model = layers[LayerName.progress].shape?.path
    else { return false }
    let presented = layers.presentedValue(
      LayerProperty.path.keyPath, model: .path(model), of: LayerName.progress, at: time)
    let gap = zip(presented.numbers, AnimatableValue.path(model).numbers).reduce(0.0) { max($0, abs($1.0 - $1.1)) }
    return gap > 1e-3
  }

  /// `downloadFailed` → `downloadFailedAnimation`: the drain, the stream, and two delayed blocks.
  private mutating func downloadFailed(at time: Double) {
    guard !isOriginal else { return ignore("downloadFailed", at: time, "nothing is downloading") }
    guard !isSuccess else { return ignore("downloadFailed", at: time, "forbidden after success") }
    // The original only checks `isOriginal`; the issue forbids these two, and a second failure
    // while one pours (or while resuming) would need a second stream.
    switch phase {
    case .ready: return ignore("downloadFailed", at: time, "forbidden while the bar gets ready")
    case .success: return ignore("downloadFailed", at: time, "forbidden after success")
    case .failing: return ignore("downloadFailed", at: time, "a failure is already playing")
    case .resuming: return ignore("downloadFailed", at: time, "the bar is resuming")
    case .original, .downloading, .failed: break
    }
    isAnimating = true
    phase = .failing
    let p = progress
    let g = geometry
    let duration = style.drainDurationPerProgress * p
    layers.addAnimation(
      progressDismissAnimation(duration: duration), forKey: Key.progressDismiss, to: LayerName.progress,
      atAbsoluteTime: time)

    if layers.contains(LayerName.stream) { layers.remove(LayerName.stream) }
    var stream = Layer(name: LayerName.stream, frame: .zero, backgroundColor: style.indicatorColor, cornerRadius: 2.5)
    stream.anchorPoint = Point(0, 0)
    let streamFrame = g.streamFrame(progress: p)
    stream.frame = Rect(origin: onCanvas(streamFrame.origin), size: streamFrame.size)
    layers.add(stream)
    layers.addAnimation(
      progressDownAnimation(progress: p, duration: duration), forKey: Key.progressDown, to: LayerName.stream,
      atAbsoluteTime: time)
    // `beginTime = CACurrentMediaTime() + duration`, in the stream's time.
    let fallBegin = layers.localTime(of: LayerName.stream, atAbsoluteTime: time) + duration
    layers.addAnimation(
      progressFallingAnimation(beginTime: fallBegin), forKey: Key.progressFall, to: LayerName.stream,
      atAbsoluteTime: time)

    scheduled.append(Scheduled(at: time + style.failedDelay, block: .showFailed))
    scheduled.append(Scheduled(at: time + style.failureUnlockDelay, block: .unlockAfterFailure))
  }

  /// `resume`: shapes back to identity, the arc home, the line's fade; a rebuild after 0.5 s.
  private mutating func resume(at time: Double) {
    guard !isAnimating else {
      return ignore("resume", at: time, phase == .ready ? "the bar is getting ready" : "the failure is still playing")
    }
    // The indicator's `resume`.
    layers[LayerName.label].isHidden = true
    layers.addAnimation(
      Self.held("transform", to: .transform(.identity), duration: style.morphDuration), forKey: Key.triangleOrigin,
      to: LayerName.triangle, atAbsoluteTime: time)
    layers.addAnimation(
      Self.held("transform", to: .transform(.identity), duration: style.morphDuration), forKey: Key.rectangleOrigin,
      to: LayerName.rectangle, atAbsoluteTime: time)
    if !indicatorIsSuccess {
      // Same key as the failed tilt, which it therefore replaces: it starts from what lies
      // underneath (the swing's held 0), so a "failed" tag snaps upright.
      layers.addAnimation(
        Self.held("transform.rotation.z", to: .scalar(0), duration: style.untiltDuration), forKey: Key.failedTilt,
        to: LayerName.indicator, atAbsoluteTime: time)
    }
    // The bar's `resumeAnimation`.
    layers.addAnimation(
      Self.held("transform", to: .transform(.identity), duration: style.resumeDuration), forKey: Key.containerOrigin,
      to: LayerName.container, atAbsoluteTime: time)
    layers.addAnimation(
      resumeMoveAnimation(progress: progress), forKey: Key.resumeMove, to: LayerName.indicator, atAbsoluteTime: time)
    layers.addAnimation(
      Self.held("opacity", to: .scalar(0), duration: style.fadeDuration), forKey: Key.progressHidden,
      to: LayerName.progress, atAbsoluteTime: time)
    // The display link leaves the run loop and the view transform goes; the arc starts at
    // W·p, so the tag does not jump. `_hasDisplayLink` is left as it is, as in the original.
    displayLinkRuns = false
    layers[LayerName.indicator].transform = .identity
    phase = .resuming
    scheduled.append(Scheduled(at: time + style.rebuildDelay, block: .rebuild))
  }

  // MARK: Completion delegates and delayed blocks

  /// When an animation added to the indicator finishes, in absolute time: nil while it is no
  /// longer the one under `key` (replaced or cancelled: no `finished:YES`) or while the
  /// indicator's clock is paused (an interactive transition holds it).
  private func completionTime(of animation: Animation?, key: String) -> Double? {
    guard let animation, layers.contains(LayerName.indicator),
      layers[LayerName.indicator].animations.animation(forKey: key) == animation,
      var t = animation.timing.parentEndTime
    else { return nil }
    for name in [LayerName.indicator] + layers.ancestry(of: LayerName.indicator) {
      guard let parent = layers[name].timing.parentTime(fromLocalTime: t) else { return nil }
      t = parent
    }
    return t
  }

  private var readyGroupEnd: Double? { completionTime(of: pendingReadyGroup, key: Key.indicatorToStart) }
  private var swingEnd: Double? { completionTime(of: pendingSwing, key: Key.readyForDownload) }

  public var retainedRecordCount: Int { ignoredCalls.count + scheduled.count }

  public func nextTimer(after time: Double) -> Double? {
    var next: Double?
    func consider(_ t: Double) { next = min(next ?? t, t) }
    for item in scheduled where item.at > time { consider(item.at) }
    // A completion that fell due while the clock was held fires on the next run-loop turn.
    for end in [readyGroupEnd, swingEnd].compactMap({ $0 }) { consider(max(end, time.nextUp)) }
    if let refresh = nextRefresh(after: time) { consider(refresh) }
    return next
  }

  public mutating func fireTimer(at time: Double) {
    // A screen refresh of the display link (the other work due now runs after it).
    if refreshIsDue(at: time) { refreshUI() }
    while true {
      if let end = readyGroupEnd, end <= time {
        // `animationDidStop:finished:YES` of the ready group → `beginDownloading`.
        pendingReadyGroup = nil
        layers.addAnimation(
          beginDownloadingSwing(), forKey: Key.readyForDownload, to: LayerName.indicator, atAbsoluteTime: time)
        pendingSwing = layers[LayerName.indicator].animations.animation(forKey: Key.readyForDownload)
        continue
      }
      if let end = swingEnd, end <= time {
        // The swing's delegate: the display link joins the run loop; `readyBlock(YES)`.
        pendingSwing = nil
        isAnimating = false
        hasDisplayLink = true
        displayLinkRuns = true
        if phase == .ready { phase = .downloading }
        refreshUI()
        continue
      }
      guard
        let index = scheduled.indices.filter({ scheduled[$0].at <= time }).min(by: {
          scheduled[$0].at < scheduled[$1].at
        })
      else { return }
      let item = scheduled.remove(at: index)
      run(item.block, at: time)
    }
  }

  private mutating func run(_ block: Block, at time: Double) {
    switch block {
    case .removeDisplayLink:
      displayLinkRuns = false
    case .showFailed:
      if layers.contains(LayerName.stream) { layers.remove(LayerName.stream) }
      // The indicator's `downloadFailed`.
      indicatorIsSuccess = false
      setLabel("failed", color: style.failureColor)
      layers.addAnimation(
        Self.held("transform.rotation.z", to: .scalar(style.failedAngle), duration: style.failedTiltDuration),
        forKey: Key.failedTilt, to: LayerName.indicator, atAbsoluteTime: time)
    case .unlockAfterFailure:
      isAnimating = false
      if phase == .failing { phase = .failed }
    case .rebuild:
      // Everything is removed and `configure` runs again; only other pending rebuilds (a
      // second `resume` while resuming) survive, as their blocks are already queued.
      var fresh = DownloadBar(style: style, canvas: canvas)
      fresh.scheduled = scheduled.filter { $0.block == .rebuild }
      fresh.ignoredCalls = ignoredCalls
      self = fresh
    }
  }

  /// Sets the label's text, and its colour when given (the colour otherwise stays, as a
  /// `UILabel`'s `textColor` does).
  private mutating func setLabel(_ text: String, color: Color?) {
    guard case .text(var content) = layers[LayerName.label].content else { return }
    content.string = text
    if let color { content.color = color }
    layers[LayerName.label].content = .text(content)
  }

  // MARK: Inspection

  /// The label's text and colour (model values; the label is never animated).
  public var label: (text: String, color: Color) {
    guard case .text(let content) = layers[LayerName.label].content else { return ("", style.labelColor) }
    return (content.string, content.color)
  }

  public func state(at time: Double) -> [JSONValue.Member] {
    [
      .init("phase", .string(phase.rawValue)),
      .init("progress", .number(progress)),
      .init("label", .string(label.text)),
      .init("labelColor", .string(label.color.hexString)),
      .init("isOriginal", .bool(isOriginal)),
      .init("isDownloading", .bool(isDownloading)),
      .init("isSuccess", .bool(isSuccess)),
      .init("isAnimating", .bool(isAnimating)),
      .init("hasDisplayLink", .bool(hasDisplayLink)),
      .init(
        "ignoredCalls",
        .array(
          ignoredCalls.filter { $0.at <= time }.map { call in
            .object([
              .init("at", .number(call.at)), .init("call", .string(call.call)), .init("reason", .string(call.reason)),
            ])
          })),
    ]
  }

  /// The bar's frame: the tap gesture recogniser sits on the whole bar view.
  public func hitTest(_ point: Point, at time: Double) -> Bool {
    barFrame.contains(point)
  }
}
