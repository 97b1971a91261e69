/// One probe of `barframes timing`: a chain of layer clocks with scripted events, one
/// animation attached to the last layer at an absolute time, and the absolute times to sample.
///
/// All times (`addedAt`, event times, sample times) are absolute. The animation and its
/// children all animate the same implicit property, whose model value is ``modelValue``; a
/// probe may also set that property (``sets``), each set running Core Animation's implicit
/// action (``Transaction/action(for:from:to:)``) as on a standalone layer.
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

  /// A set of the probed property on the last layer, as `layer.value = v` inside a transaction.
  public struct Set: Hashable, Sendable {
    public var at: Double
    public var value: AnimatableValue
    public var transaction: Transaction

    public init(at: Double, value: AnimatableValue, transaction: Transaction = .implicit) {
      self.at = at
      self.value = value
      self.transaction = transaction
    }
  }

  public var id: String
  public var layers: [Layer]
  /// The model value before the first set.
  public var modelValue: AnimatableValue
  /// The explicit animation, if any, added under the key `probe`.
  public var animation: Animation?
  public var addedAt: Double
  /// Sets of the property, applied in time order (after the clock events of the same time).
  public var sets: [Set]
  public var times: [Double]

  public init(
    id: String, layers: [Layer] = [Layer()], modelValue: AnimatableValue, animation: Animation?, addedAt: Double = 0,
    sets: [Set] = [], times: [Double]
  ) {
    self.id = id
    self.layers = layers.isEmpty ? [Layer()] : layers
    self.modelValue = modelValue
    self.animation = animation
    self.addedAt = addedAt
    self.sets = sets
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
    if let animation {
      stack.add(animation, forKey: "probe", atLayerTime: tree.localTime(of: layers.count - 1, atAbsoluteTime: addedAt))
    }
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
    var stack = layerAnimations
    var model = modelValue
    let hasRotation = (animation?.flattened ?? []).contains {
      if case .keyframe(let k) = $0 { return k.path != nil && k.rotationMode != nil }
      return false
    }
    var tree = LayerTimeTree<Int>()
    for (index, layer) in layers.enumerated() {
      tree.addLayer(index, timing: layer.timing, parent: index == 0 ? nil : index - 1)
    }
    let events = orderedEvents
    let orderedSets = sets.enumerated()
      .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
      .map(\.element)
    var setsApplied = 0
    var applied = 0
    var samples = [TimingProbeResult.Sample?](repeating: nil, count: times.count)
    for i in times.indices.sorted(by: { times[$0] != times[$1] ? times[$0] < times[$1] : $0 < $1 }) {
      let time = times[i]
      while applied < events.count || setsApplied < orderedSets.count {
        let eventAt = applied < events.count ? events[applied].event.at : .infinity
        let setAt = setsApplied < orderedSets.count ? orderedSets[setsApplied].at : .infinity
        guard min(eventAt, setAt) <= time else { break }
        if eventAt <= setAt {
          Self.apply(events[applied].event, to: events[applied].layer, in: &tree)
          applied += 1
        } else {
          let set = orderedSets[setsApplied]
          let layerTime = tree.localTime(of: layers.count - 1, atAbsoluteTime: set.at)
          let presented = stack.presentedValue(forKeyPath: TimingProbe.keyPath, model: model, layerTime: layerTime)
          if let action = set.transaction.action(for: TimingProbe.keyPath, from: presented, to: set.value) {
            stack.add(.basic(action), forKey: TimingProbe.keyPath.rawValue, atLayerTime: layerTime)
          }
          model = set.value
          setsApplied += 1
        }
      }
      // Down the chain once: each layer's time from its parent's.
      var layerTimes: [Double] = []
      layerTimes.reserveCapacity(layers.count)
      for index in layers.indices {
        layerTimes.append(tree[index].localTime(fromParentTime: layerTimes.last ?? time))
      }
      let presentation = stack.presentation(
        forKeyPath: TimingProbe.keyPath, model: model, layerTime: layerTimes[layerTimes.count - 1])
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
