import BarFramesGraphics
import BarFramesTiming

/// A design's layers, bottom to top, addressed by name; the model of a layer tree plus the
/// time tree the timing model walks (each layer's clock runs inside its parent's).
///
/// All times passed in are absolute (scene) times; the tree converts them to each layer's
/// local time, as `CALayer.convertTime(_:from: nil)` does.
public struct LayerTree: Hashable, Sendable {
  /// The layers in drawing order: a parent always comes before its children.
  public private(set) var layers: [Layer] = []
  /// Properties set in the current call whatever their value (``noteAssignment(_:of:)``).
  var assignments: Set<ActionKey> = []
  /// Properties whose actions an explicit transaction of the current call already ran.
  var committedInTransaction: Set<ActionKey> = []
  /// Layers added since the last commit: new layers, whose first values never animate.
  var added: Set<String> = []

  public init() {}

  /// Appends a layer on top. Its parent, if any, must already be in the tree.
  public mutating func add(_ layer: Layer) {
    precondition(self.index(of: layer.name) == nil, "a layer named \(layer.name) already exists")
    precondition(layer.parent.map { index(of: $0) != nil } ?? true, "unknown parent of \(layer.name)")
    layers.append(layer)
    added.insert(layer.name)
  }

  /// Removes a layer and its descendants.
  public mutating func remove(_ name: String) {
    let doomed = Set(layers.filter { $0.name == name || ancestry(of: $0.name).contains(name) }.map(\.name))
    layers.removeAll { doomed.contains($0.name) }
  }

  /// Whether a layer of that name exists.
  public func contains(_ name: String) -> Bool { index(of: name) != nil }

  /// The names in drawing order.
  public var names: [String] { layers.map(\.name) }

  /// How many layers the tree has.
  public var count: Int { layers.count }

  func index(of name: String) -> Int? { layers.firstIndex { $0.name == name } }

  /// The layer named `name`. Reading or writing a missing layer is a programming error.
  public subscript(name: String) -> Layer {
    // Borrowed: `tree[name].bounds` reads one field without copying (and then destroying) the
    // whole layer, its animation list included.
    _read {
      guard let i = index(of: name) else { preconditionFailure("no layer named \(name)") }
      yield layers[i]
    }
    set {
      guard let i = index(of: name) else { preconditionFailure("no layer named \(name)") }
      layers[i] = newValue
    }
    // In place: through get/set, `tree[name].animations.add(…)` would copy the layer's whole
    // animation list on every call, which made a scene of n tweens cost O(n²).
    _modify {
      guard let i = index(of: name) else { preconditionFailure("no layer named \(name)") }
      yield &layers[i]
    }
  }

  /// The number of animations attached to all layers: what a copy of the tree costs.
  public var animationCount: Int { layers.reduce(0) { $0 + $1.animations.count } }

  /// The chain of superlayers, nearest first.
  public func ancestry(of name: String) -> [String] {
    var chain: [String] = []
    var current = index(of: name).flatMap { layers[$0].parent }
    while let parent = current {
      chain.append(parent)
      current = index(of: parent).flatMap { layers[$0].parent }
    }
    return chain
  }

  // MARK: Time

  /// The layer's local time at an absolute time: each clock from the root down applies
  /// `(parent − beginTime)·speed + timeOffset`.
  public func localTime(of name: String, atAbsoluteTime time: Double) -> Double {
    var t = time
    for layerName in ([name] + ancestry(of: name)).reversed() {
      t = self[layerName].timing.localTime(fromParentTime: t)
    }
    return t
  }

  /// The time tree of these layers, for the timing model's conversions and recipes.
  public var timeTree: LayerTimeTree<String> {
    var tree = LayerTimeTree<String>()
    for layer in layers { tree.addLayer(layer.name, timing: layer.timing, parent: layer.parent) }
    return tree
  }

  private mutating func updateTiming(_ name: String, _ change: (inout LayerTimeTree<String>) -> Void) {
    var tree = timeTree
    change(&tree)
    self[name].timing = tree[name]
  }

  /// QA1673's pause: `timeOffset = convertTime(now)`, `speed = 0`.
  public mutating func pause(_ name: String, atAbsoluteTime now: Double) {
    updateTiming(name) { $0.pause(name, atAbsoluteTime: now) }
  }

  /// QA1673's resume: the layer's clock continues from where it was paused.
  public mutating func resume(_ name: String, atAbsoluteTime now: Double) {
    updateTiming(name) { $0.resume(name, atAbsoluteTime: now) }
  }

  /// BNCommonProgressBar's `resetLayer`: `speed = 1, timeOffset = 0, beginTime = convertTime(now)`,
  /// which moves the clock back near 0 and so pushes in-flight animations into the future.
  public mutating func resetClock(_ name: String, atAbsoluteTime now: Double) {
    updateTiming(name) { $0.reset(name, atAbsoluteTime: now) }
  }

  /// Adds an animation to a layer at an absolute time (its beginTime 0 means "now").
  public mutating func addAnimation(
    _ animation: Animation, forKey key: String?, to name: String, atAbsoluteTime now: Double
  ) {
    let local = localTime(of: name, atAbsoluteTime: now)
    self[name].animations.add(animation, forKey: key, atLayerTime: local)
  }

  /// Whether any animation of the layer still runs or fills at an absolute time.
  public func hasRunningAnimations(_ name: String, atAbsoluteTime time: Double) -> Bool {
    self[name].animations.isRunning(atLayerTime: localTime(of: name, atAbsoluteTime: time))
  }
}
