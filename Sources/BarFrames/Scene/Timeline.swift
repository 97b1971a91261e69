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
  /// - Throws: ``InputError`` naming the event whose call or arguments are wrong.
  public func timeline() throws(InputError) -> any SceneTimeline {
    try style.design.makeTimeline(self)
  }
}

/// The replay of a scene on one design: a snapshot of the design after every event and every
/// internal timer, so sampling any time is a binary search and one evaluation.
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

  public let scene: Scene
  let initial: D
  /// (time, design after everything due at that time so far), ascending by time.
  let snapshots: [(time: Double, design: D)]
  public let hits: [Hit]

  public init(scene: Scene, style: D.Style) throws(InputError) {
    self.scene = scene
    let design = D(style: style, canvas: scene.style.canvas)
    initial = design
    var actions: [(Double, Action)] = []
    for event in scene.events {
      var args = try event.argumentReader()
      if let generic = try GenericCall.parse(event.call, args: &args, layers: design.layers) {
        actions.append((event.at, .generic(generic)))
      } else if let call = try D.parseCall(event.call, args: &args) {
        actions.append((event.at, .design(call)))
      } else {
        throw InputError(
          file: event.file, keyPath: event.path.appending("call").description,
          message: "unknown call \"\(event.call)\"; the \(D.name) design accepts \((D.callNames + GenericCall.names).joined(separator: ", "))")
      }
      try args.finish()
    }
    // Replay: internal timers due at or before an event's time fire first.
    var current = design
    var snapshots: [(time: Double, design: D)] = []
    var hits: [Hit] = []
    var clock = -Double.infinity
    func runTimers(upTo limit: Double) {
      var fired = 0
      while let next = current.nextTimer(after: clock), SceneTime.canonical(next) <= limit, fired < 100_000 {
        current.fireTimer(at: next)
        clock = next
        // Looked up by snapped time, so a timer due at 0.8000000000000002 has fired at 0.8.
        snapshots.append((SceneTime.canonical(next), current))
        fired += 1
      }
    }
    for (time, action) in actions {
      runTimers(upTo: time)
      switch action {
      case .design(let call):
        current.perform(call, at: time)
      case .generic(let call):
        if case .hitTest(let point) = call {
          hits.append(Hit(at: time, point: point, hit: current.hitTest(point, at: time)))
        }
        call.apply(to: &current.layers, at: time)
      }
      clock = max(clock, time)
      snapshots.append((time, current))
    }
    runTimers(upTo: max(scene.duration, clock) + 60)
    self.snapshots = snapshots
    self.hits = hits
  }

  /// The design's state at `time` (snapped, see ``SceneTime``): the last snapshot at or before it.
  public func design(at time: Double) -> D {
    let time = SceneTime.canonical(time)
    var lo = 0
    var hi = snapshots.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if snapshots[mid].time <= time { lo = mid + 1 } else { hi = mid }
    }
    return lo == 0 ? initial : snapshots[lo - 1].design
  }

  public func presentation(at time: Double) -> Presentation {
    let time = SceneTime.canonical(time)
    return design(at: time).layers.presentation(at: time, canvasSize: scene.style.canvas.size, background: scene.style.canvas.background)
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
    }
    return .object(members)
  }
}
