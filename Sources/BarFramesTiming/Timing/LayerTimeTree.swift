/// The clocks of a layer tree: each layer's ``LayerTiming`` and its parent, so that local
/// times and conversions between any two layers (or absolute time) can be computed.
///
/// Speeds compound down the tree: a sublayer's parent time is its superlayer's local time,
/// and a root layer's parent time is absolute time (`CACurrentMediaTime()`). `nil` stands for
/// absolute time wherever a layer is expected, as in `convertTime(_:from:)`.
///
/// The interactive recipes are operations at an absolute time:
///
/// ```swift
/// var tree = LayerTimeTree<String>()
/// tree.addLayer("bar")
/// tree.pause("bar", atAbsoluteTime: 2)    // QA1673: speed 0, timeOffset = local time
/// tree.resume("bar", atAbsoluteTime: 5)   // local time continues from where it stopped
/// tree.localTime(of: "bar", atAbsoluteTime: 6)  // 3
/// ```
public struct LayerTimeTree<LayerID: Hashable & Sendable>: Sendable {
  private var timings: [LayerID: LayerTiming] = [:]
  private var parents: [LayerID: LayerID] = [:]
  /// The layers in the order they were added (roots before their sublayers).
  public private(set) var layers: [LayerID] = []

  public init() {}

  /// Adds a layer under `parent` (nil for a root whose parent time is absolute time).
  ///
  /// Adding an existing layer again replaces its timing and parent.
  /// - Precondition: `parent` was added before.
  public mutating func addLayer(_ layer: LayerID, timing: LayerTiming = LayerTiming(), parent: LayerID? = nil) {
    if let parent { precondition(timings[parent] != nil, "parent layer \(parent) was not added") }
    if timings[layer] == nil { layers.append(layer) }
    timings[layer] = timing
    parents[layer] = parent
  }

  /// Whether the layer was added.
  public func contains(_ layer: LayerID) -> Bool { timings[layer] != nil }

  /// A layer's timing; setting it is the generic "set beginTime/speed/timeOffset".
  /// - Precondition: the layer was added.
  public subscript(layer: LayerID) -> LayerTiming {
    get {
      guard let timing = timings[layer] else { preconditionFailure("unknown layer \(layer)") }
      return timing
    }
    set {
      precondition(timings[layer] != nil, "unknown layer \(layer)")
      timings[layer] = newValue
    }
  }

  /// The layer's superlayer, or nil for a root.
  public func parent(of layer: LayerID) -> LayerID? { parents[layer] }

  /// The chain from the root down to `layer`, inclusive.
  public func ancestry(of layer: LayerID) -> [LayerID] {
    var chain = [layer]
    var current = layer
    while let parent = parents[current] {
      chain.append(parent)
      current = parent
    }
    return chain.reversed()
  }

  /// The layer's local time at an absolute time: each layer's formula applied from the root
  /// down.
  public func localTime(of layer: LayerID, atAbsoluteTime time: Double) -> Double {
    ancestry(of: layer).reduce(time) { t, id in self[id].localTime(fromParentTime: t) }
  }

  /// The absolute time at which `layer` shows local time `time`, or nil when a layer on the
  /// way up is paused (speed 0 has no inverse).
  public func absoluteTime(of layer: LayerID, atLocalTime time: Double) -> Double? {
    var t = time
    for id in ancestry(of: layer).reversed() {
      guard let parentTime = self[id].parentTime(fromLocalTime: t) else { return nil }
      t = parentTime
    }
    return t
  }

  /// Converts a time from one layer's time space to another's, as
  /// `CALayer.convertTime(_:from:)`; nil for either layer means absolute time.
  ///
  /// Walks up from `source` to the common ancestor with the inverse formula, then down to
  /// `destination` with the forward one. Returns nil when a layer on the way up is paused.
  public func convertTime(_ time: Double, from source: LayerID?, to destination: LayerID?) -> Double? {
    let up = source.map(ancestry(of:)) ?? []
    let down = destination.map(ancestry(of:)) ?? []
    var shared = 0
    while shared < up.count, shared < down.count, up[shared] == down[shared] { shared += 1 }
    var t = time
    for id in up[shared...].reversed() {
      guard let parentTime = self[id].parentTime(fromLocalTime: t) else { return nil }
      t = parentTime
    }
    for id in down[shared...] {
      t = self[id].localTime(fromParentTime: t)
    }
    return t
  }

  // MARK: Interactive recipes

  /// Technical Q&A QA1673 `pauseLayer`: the layer's local time freezes at its value at `now`.
  ///
  /// `pausedTime = convertTime(now, from: nil); speed = 0; timeOffset = pausedTime`.
  public mutating func pause(_ layer: LayerID, atAbsoluteTime now: Double) {
    let pausedTime = localTime(of: layer, atAbsoluteTime: now)
    self[layer].speed = 0
    self[layer].timeOffset = pausedTime
  }

  /// Technical Q&A QA1673 `resumeLayer`: local time continues from the paused value at `now`.
  ///
  /// `p = timeOffset; speed = 1; timeOffset = 0; beginTime = 0;
  /// beginTime = convertTime(now, from: nil) − p`.
  public mutating func resume(_ layer: LayerID, atAbsoluteTime now: Double) {
    let pausedTime = self[layer].timeOffset
    self[layer] = LayerTiming(beginTime: 0, speed: 1, timeOffset: 0)
    let timeSincePause = localTime(of: layer, atAbsoluteTime: now) - pausedTime
    self[layer].beginTime = timeSincePause
  }

  /// BNCommonProgressBar's `resetLayer`: `speed = 1; timeOffset = 0;
  /// beginTime = convertTime(now, from: nil)`, assigned in that order.
  ///
  /// The conversion sees the new speed and offset but the old `beginTime`, so the local time
  /// at `now` becomes the old `beginTime` (usually 0): in-flight animations move into the
  /// layer's future and stop showing.
  public mutating func reset(_ layer: LayerID, atAbsoluteTime now: Double) {
    self[layer].speed = 1
    self[layer].timeOffset = 0
    self[layer].beginTime = localTime(of: layer, atAbsoluteTime: now)
  }

  /// Scrubbing (Rönnqvist's slider, Lockwood's manual animation): pause the layer's clock and
  /// show local time `time`. With animations of duration 1 the time is the progress.
  public mutating func scrub(_ layer: LayerID, toLocalTime time: Double) {
    self[layer].speed = 0
    self[layer].timeOffset = time
  }

  /// Assigns the given properties, leaving the others unchanged (the probe's `set` event).
  public mutating func set(
    _ layer: LayerID, beginTime: Double? = nil, speed: Double? = nil, timeOffset: Double? = nil
  ) {
    if let beginTime { self[layer].beginTime = beginTime }
    if let speed { self[layer].speed = speed }
    if let timeOffset { self[layer].timeOffset = timeOffset }
  }
}
