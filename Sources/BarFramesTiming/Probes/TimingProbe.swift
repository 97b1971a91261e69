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
    let events = layers.enumerated()
      .flatMap { index, layer in layer.events.map { (layer: index, event: $0) } }
      .enumerated()
      .sorted { a, b in a.element.event.at != b.element.event.at ? a.element.event.at < b.element.event.at : a.offset < b.offset }
      .map(\.element)
    for (layer, event) in events where event.at <= time {
      switch event.action {
      case .pause: tree.pause(layer, atAbsoluteTime: event.at)
      case .resume: tree.resume(layer, atAbsoluteTime: event.at)
      case .set(let beginTime, let speed, let timeOffset):
        tree.set(layer, beginTime: beginTime, speed: speed, timeOffset: timeOffset)
      }
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

  /// Samples the probe at every time in ``times``.
  public func evaluate() -> TimingProbeResult {
    let stack = layerAnimations
    let hasRotation = animation.flattened.contains {
      if case .keyframe(let k) = $0 { return k.path != nil && k.rotationMode != nil }
      return false
    }
    let samples = times.map { time in
      let tree = layerTree(atAbsoluteTime: time)
      let layerTimes = layers.indices.map { tree.localTime(of: $0, atAbsoluteTime: time) }
      let presentation = stack.presentation(
        forKeyPath: TimingProbe.keyPath, model: modelValue, layerTime: layerTimes[layerTimes.count - 1])
      return TimingProbeResult.Sample(
        time: time, layerTimes: layerTimes, value: presentation.value,
        rotation: hasRotation ? .some(presentation.rotation) : nil, animations: presentation.animations)
    }
    return TimingProbeResult(id: id, samples: samples)
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
