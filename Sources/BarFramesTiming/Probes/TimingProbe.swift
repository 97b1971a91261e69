/// One probe of `barframes timing`: a chain of layer clocks with scripted events, one
/// animation attached to the last layer at an absolute time, and the absolute times to sample.
///
/// All times (`addedAt`, event times, sample times) are absolute. The animation and its
/// children all animate the same implicit property, whose model value is ``modelValue``.
public struct TimingProbe: Hashable, Sendable {
  /// A layer of the chain, root first.
  public struct Layer: Hashable, Sendable {
    public var timing: LayerTiming
    public var events: [Event]

    public init(timing: LayerTiming = LayerTiming(), events: [Event] = []) {
      self.timing = timing
      self.events = events
    }
  }

  /// A change to a layer's clock at an absolute time.
  public struct Event: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
      /// QA1673 `pauseLayer`.
      case pause
      /// QA1673 `resumeLayer`.
      case resume
      /// Assigns the given properties.
      case set(beginTime: Double?, speed: Double?, timeOffset: Double?)
    }

    public var at: Double
    public var action: Action

    public init(at: Double, action: Action) {
      self.at = at
      self.action = action
    }
  }

  public var id: String
  public var layers: [Layer]
  public var modelValue: AnimatableValue
  public var animation: Animation
  public var addedAt: Double
  public var times: [Double]

  public init(
    id: String, layers: [Layer] = [Layer()], modelValue: AnimatableValue, animation: Animation, addedAt: Double = 0,
    times: [Double]
  ) {
    self.id = id
    self.layers = layers.isEmpty ? [Layer()] : layers
    self.modelValue = modelValue
    self.animation = animation
    self.addedAt = addedAt
    self.times = times
  }

  /// The key path the probe's animations animate.
  public static let keyPath: AnimationKeyPath = "value"

  /// The layer clocks at absolute time `time`: every event at or before it applied in time
  /// order (events at the same time in file order, root layer first).
  public func layerTree(atAbsoluteTime time: Double) -> LayerTimeTree<Int> {
    var tree = LayerTimeTree<Int>()
    for (index, layer) in layers.enumerated() {
      tree.addLayer(index, timing: layer.timing, parent: index == 0 ? nil : index - 1)
    }
    for (layer, event) in orderedEvents where event.at <= time {
      Self.apply(event, to: layer, in: &tree)
    }
    return tree
  }

  /// The animation list of the last layer, with the animation added at ``addedAt``.
  public var layerAnimations: LayerAnimations {
    let tree = layerTree(atAbsoluteTime: addedAt)
    var stack = LayerAnimations()
    stack.add(animation, forKey: "probe", atLayerTime: tree.localTime(of: layers.count - 1, atAbsoluteTime: addedAt))
    return stack
  }

  /// Every layer's events in application order: by time, then file order (root layer first).
  var orderedEvents: [(layer: Int, event: Event)] {
    layers.enumerated()
      .flatMap { index, layer in layer.events.map { (layer: index, event: $0) } }
      .enumerated()
      .sorted { a, b in
        a.element.event.at != b.element.event.at ? a.element.event.at < b.element.event.at : a.offset < b.offset
      }
      .map(\.element)
  }

  /// Samples the probe at every time in ``times``.
  ///
  /// One sweep in time order: the events are sorted once and each is applied once, as the
  /// sample times pass it, so a probe of e events and s samples costs O((e + s) log (e + s))
  /// rather than a fresh replay of every event for every sample.
  public func evaluate() -> TimingProbeResult {
    let stack = layerAnimations
    let hasRotation = animation.flattened.contains {
      if case .keyframe(let k) = $0 { return k.path != nil && k.rotationMode != nil }
      return false
    }
    var tree = LayerTimeTree<Int>()
    for (index, layer) in layers.enumerated() {
      tree.addLayer(index, timing: layer.timing, parent: index == 0 ? nil : index - 1)
    }
    let events = orderedEvents
    var applied = 0
    var samples = [TimingProbeResult.Sample?](repeating: nil, count: times.count)
    for i in times.indices.sorted(by: { times[$0] != times[$1] ? times[$0] < times[$1] : $0 < $1 }) {
      let time = times[i]
      while applied < events.count, events[applied].event.at <= time {
        Self.apply(events[applied].event, to: events[applied].layer, in: &tree)
        applied += 1
      }
      // Down the chain once: each layer's time from its parent's.
      var layerTimes: [Double] = []
      layerTimes.reserveCapacity(layers.count)
      for index in layers.indices {
        layerTimes.append(tree[index].localTime(fromParentTime: layerTimes.last ?? time))
      }
      let presentation = stack.presentation(
        forKeyPath: TimingProbe.keyPath, model: modelValue, layerTime: layerTimes[layerTimes.count - 1])
      samples[i] = TimingProbeResult.Sample(
        time: time, layerTimes: layerTimes, value: presentation.value,
        rotation: hasRotation ? .some(presentation.rotation) : nil, animations: presentation.animations)
    }
    return TimingProbeResult(id: id, samples: samples.map { $0! })
  }

  static func apply(_ event: Event, to layer: Int, in tree: inout LayerTimeTree<Int>) {
    switch event.action {
    case .pause: tree.pause(layer, atAbsoluteTime: event.at)
    case .resume: tree.resume(layer, atAbsoluteTime: event.at)
    case .set(let beginTime, let speed, let timeOffset):
      tree.set(layer, beginTime: beginTime, speed: speed, timeOffset: timeOffset)
    }
  }
}

/// What `barframes timing` prints for one probe.
public struct TimingProbeResult: Hashable, Sendable {
  public struct Sample: Hashable, Sendable {
    public var time: Double
    /// Each layer's local time, root first.
    public var layerTimes: [Double]
    /// The presented value (the model value when nothing applies).
    public var value: AnimatableValue
    /// Present (possibly holding nil) when the probe has a path animation with a rotation
    /// mode: the rotation in radians, nil when it does not apply.
    public var rotation: Double??
    /// The animation, then its children depth first.
    public var animations: [AnimationSample]
  }

  public var id: String
  public var samples: [Sample]
}
