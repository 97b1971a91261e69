import BarFramesGraphics

/// A scene, replayed: the presentation and the `inspect` data at any time.
///
/// Conforming types are immutable values, safe to share between render workers.
public protocol SceneTimeline: Sendable {
  /// The scene this timeline replays.
  var scene: Scene { get }
  /// The presentation tree at an absolute time, snapped by ``SceneTime/canonical(_:)``; an event
  /// at `time` has already happened.
  func presentation(at time: Double) -> Presentation
  /// What `barframes inspect` prints at `time`.
  func inspection(at time: Double) -> JSONValue
}

extension Scene {
  /// Parses every event against the design's API and replays them.
  /// - Throws: `InputError` naming the event whose call or arguments are wrong.
  public func timeline() throws(InputError) -> any SceneTimeline {
    try style.configuration.timeline(self)
  }
}

/// The replay of a scene on one design, in O(events) memory and O(events · log events) time.
///
/// The replay is a sequence of *steps* — an event, or an internal timer firing — in time
/// order. Keeping the design after every step, as this type once did, costs the sum of the
/// designs' sizes: a scene of n long tweens held n copies of up to n tweens. Instead it keeps
/// the time of every step and a copy of the replay every few steps, spaced by the design's
/// size (its layers, animations and records, ``Design/retainedRecordCount``) times
/// `checkpointSpacing`: the copies' total size stays below `steps ÷ checkpointSpacing`,
/// and the design at any time is the nearest earlier copy replayed forward for about as many
/// steps as the design has animations, which evaluating its presentation visits anyway. The
/// design after the last step is kept too (the replay built it; keeping it costs one design):
/// every time after the last step — the end of most scenes, `inspect` at the last event —
/// needs no replay.
public struct Timeline<D: Design>: SceneTimeline {
  enum Action: Sendable {
    case design(D.Call)
    case generic(GenericCall)
  }

  /// A hit test that happened, for `inspect`.
  public struct Hit: Hashable, Sendable {
    public var at: Double
    public var point: Point
    public var hit: Bool
  }

  /// Where a replay stands: the design after `steps` steps.
  struct Replay: Sendable {
    var design: D
    var steps = 0
    /// The time of the last timer fired or event applied.
    var clock = -Double.infinity
    var nextAction = 0
    /// Timers due up to here fire once every event has been applied.
    var horizon: Double?
  }

  /// A copy is kept once the steps since the last one reach the design's size times this.
  static var checkpointSpacing: Int { 1 }
  let checkpointSpacing: Int?

  public let scene: Scene
  let actions: [(time: Double, action: Action, path: JSONPath)]
  /// The time of every step, ascending.
  let stepTimes: [Double]
  /// Copies of the replay, ascending by steps; the first is the design before any step.
  let checkpoints: [Replay]
  public let hits: [Hit]

  public init(scene: Scene, style: D.Style) throws(InputError) {
    try self.init(
      scene: scene, style: style, checkpointSpacing: Timeline.checkpointSpacing, timerLimit: InputLimits.timerFirings)
  }

  /// - Parameters:
  ///   - checkpointSpacing: 0 keeps a copy after every step; nil only the start.
  ///   - timerLimit: The most timer firings before the scene is refused.
  init(scene: Scene, style: D.Style, checkpointSpacing: Int?, timerLimit: Int) throws(InputError) {
    self.scene = scene
    self.checkpointSpacing = checkpointSpacing
    let design = D(style: style, canvas: scene.style.canvas)
    var actions: [(time: Double, action: Action, path: JSONPath)] = []
    actions.reserveCapacity(scene.events.count)
    // Built once: a design's table is made from its declarations at each use.
    let designArguments = D.callArguments
    for event in scene.events {
      var args = try event.argumentReader()
      // Unknown keys first: `{"valeu": 1}` is a misspelt key, not a missing "value".
      if let accepted = GenericCall.arguments[event.call] ?? designArguments[event.call] {
        try args.rejectUnknownKeys(accepting: accepted)
      }
      if let generic = try GenericCall.parse(event.call, args: &args, layers: design.layers) {
        actions.append((event.at, .generic(generic), event.path))
      } else if let call = try D.parseCall(event.call, args: &args) {
        actions.append((event.at, .design(call), event.path))
      } else {
        throw InputError(
          file: event.file, keyPath: event.path.appending("call").description,
          message: KeySuggestion.unknownCallMessage(event.call, accepted: D.callNames + GenericCall.names))
      }
      try args.finish()
    }
    self.actions = actions
    var current = Replay(design: design)
    // The design's initial layers are new: nothing of them animates (this clears that record).
    current.design.layers.commitActions(from: ActionSnapshot(), at: 0)
    if actions.isEmpty { current.horizon = Timeline.horizon(duration: scene.duration, clock: current.clock) }
    var checkpoints = [current]
    var stepTimes: [Double] = []
    var hits: [Hit] = []
    var timerFirings = 0
    var sinceCheckpoint = 0
    while let step = Timeline.step(&current, actions: actions, duration: scene.duration) {
      stepTimes.append(step.time)
      if let index = step.action {
        if case .generic(.hitTest(let point)) = actions[index].action {
          hits.append(Hit(at: step.time, point: point, hit: current.design.hitTest(point, at: step.time)))
        }
      } else {
        timerFirings += 1
        if timerFirings > timerLimit {
          // The timers an event set off would run on for ever (or nearly): refuse the scene
          // rather than stop the replay somewhere and render a scene that is not the file's.
          let cause = current.nextAction > 0 ? actions[current.nextAction - 1].path.description : ""
          throw InputError(
            file: scene.file, keyPath: cause,
            message: "sets off more than \(timerLimit) internal timer firings (the limit)")
        }
      }
      sinceCheckpoint += 1
      if let spacing = checkpointSpacing, sinceCheckpoint >= Self.size(of: current.design) * spacing {
        checkpoints.append(current)
        sinceCheckpoint = 0
      }
    }
    if checkpoints.last?.steps != current.steps { checkpoints.append(current) }
    self.stepTimes = stepTimes
    self.checkpoints = checkpoints
    self.hits = hits
  }

  private static func horizon(duration: Double, clock: Double) -> Double { max(duration, clock) + 60 }

  /// Runs the next step: a timer due (snapped) no later than the next event — or, after the
  /// last event, than the horizon — else the next event. Internal timers due at or before an
  /// event's time fire first. Returns the step's time and, for an event, its index.
  static func step(
    _ r: inout Replay, actions: [(time: Double, action: Action, path: JSONPath)], duration: Double
  ) -> (time: Double, action: Int?)? {
    let limit =
      r.nextAction < actions.count
      ? actions[r.nextAction].time : (r.horizon ?? horizon(duration: duration, clock: r.clock))
    if let next = r.design.nextTimer(after: r.clock), SceneTime.canonical(next) <= limit {
      let before = r.design.layers.actionSnapshot(at: next)
      r.design.fireTimer(at: next)
      r.design.layers.commitActions(from: before, at: next)
      r.clock = next
      r.steps += 1
      // Looked up by snapped time, so a timer due at 0.8000000000000002 has fired at 0.8.
      return (SceneTime.canonical(next), nil)
    }
    guard r.nextAction < actions.count else { return nil }
    let index = r.nextAction
    let (time, action, _) = actions[index]
    switch action {
    case .design(let call):
      // Each call is one implicit transaction: Core Animation runs the actions of the
      // properties it set when it commits. Calls at the scene's start configure the layers
      // in the transaction that creates them, before anything is shown: nothing animates.
      let before = r.design.layers.actionSnapshot(at: time)
      r.design.perform(call, at: time)
      r.design.layers.commitActions(from: before, at: time, transaction: time > 0 ? .implicit : .disablingActions)
    case .generic(let call): call.apply(to: &r.design.layers, at: time)
    }
    r.clock = max(r.clock, time)
    r.nextAction += 1
    r.steps += 1
    if r.nextAction == actions.count { r.horizon = horizon(duration: duration, clock: r.clock) }
    return (time, index)
  }

  /// The number of steps kept in copies, summed over the copies' design sizes (the last one
  /// the design after every step): what the snapshots cost in memory (tests check that it
  /// stays linear in the events).
  var retainedSize: Int { checkpoints.reduce(0) { $0 + Self.size(of: $1.design) } }

  /// What a copy of `design` costs, in steps: one per layer, animation and record. The layers
  /// count too: a seek bar's tweens end within a frame, and spacing its copies by its
  /// animations alone kept one every step or two, each a copy of every layer, so memory grew
  /// with the layers times the steps.
  static func size(of design: D) -> Int {
    design.layers.count + design.layers.animationCount + design.retainedRecordCount
  }

  /// The design's state at `time` (snapped, see ``SceneTime``): after every step at or before it.
  public func design(at time: Double) -> D {
    let time = SceneTime.canonical(time)
    // The number of steps at or before `time`.
    var lo = 0
    var hi = stepTimes.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if stepTimes[mid] <= time { lo = mid + 1 } else { hi = mid }
    }
    let steps = lo
    // The last copy taken at or before that step.
    var a = 0
    var b = checkpoints.count
    while a < b {
      let mid = (a + b) / 2
      if checkpoints[mid].steps <= steps { a = mid + 1 } else { b = mid }
    }
    var replay = checkpoints[a - 1]
    while replay.steps < steps, Timeline.step(&replay, actions: actions, duration: scene.duration) != nil {}
    return replay.design
  }

  public func presentation(at time: Double) -> Presentation {
    let time = SceneTime.canonical(time)
    return design(at: time).layers.presentation(
      at: time, canvasSize: scene.style.canvas.size, background: scene.style.canvas.background)
  }

  public func inspection(at time: Double) -> JSONValue {
    let time = SceneTime.canonical(time)
    let design = design(at: time)
    let presentation = design.layers.presentation(
      at: time, canvasSize: scene.style.canvas.size, background: scene.style.canvas.background)
    return .object([
      .init("time", .number(time)),
      .init("design", .string(D.name)),
      .init("state", .object(design.state(at: time))),
      .init("layers", .array(presentation.layers.map(\.inspection))),
      .init(
        "hits",
        .array(
          hits.filter { $0.at <= time }.map { hit in
            .object([.init("at", .number(hit.at)), .init("point", .point(hit.point)), .init("hit", .bool(hit.hit))])
          })),
    ])
  }
}

extension PresentedLayer {
  /// The layer as `inspect` prints it.
  public var inspection: JSONValue {
    var members: [JSONValue.Member] = [
      .init("name", .string(name)),
      .init("hidden", .bool(isHidden)),
      .init("opacity", .number(opacity)),
      .init("frame", .rect(frame)),
      .init("transform", .array(toCanvas.components.map(JSONValue.number))),
    ]
    if let backgroundColor { members.append(.init("fillColor", .string(backgroundColor.hexString))) }
    switch content {
    case .none, .image:
      break
    case .shape(let shape):
      members.append(.init("path", .string(shape.path.applying(toCanvas).svgPathData)))
      if let fill = shape.fillColor { members.append(.init("fillColor", .string(fill.hexString))) }
      if let stroke = shape.strokeColor { members.append(.init("strokeColor", .string(stroke.hexString))) }
      members.append(.init("lineWidth", .number(shape.lineWidth)))
      members.append(.init("strokeEnd", .number(shape.strokeEnd)))
    case .text(let text):
      members.append(.init("text", .string(text.string)))
      members.append(.init("fillColor", .string(text.color.hexString)))
    case .drawing(let drawing):
      members.append(
        .init(
          "drawing",
          .array(
            drawing.shapes.map { shape in
              var drawn: [JSONValue.Member] = [.init("path", .string(shape.path.applying(toCanvas).svgPathData))]
              if let fill = shape.fillColor { drawn.append(.init("fillColor", .string(fill.hexString))) }
              if let stroke = shape.strokeColor { drawn.append(.init("strokeColor", .string(stroke.hexString))) }
              drawn.append(.init("lineWidth", .number(shape.lineWidth)))
              return .object(drawn)
            })))
    }
    if !contentsFade.isEmpty {
      // The weights of the drawings shown, the layer's own (its model contents) last.
      members.append(.init("contentsFade", .array(contentsFade.map { .number($0.weight) })))
    }
    return .object(members)
  }
}
