/// The animations attached to one layer, keyed and in the order they were added, as
/// `CALayer.add(_:forKey:)` keeps them; and the presented values they produce.
///
/// Presentation starts from the model value and applies, in the order added, every animation
/// (or group child) whose key path is the queried property or a sub-component of it
/// (`position.y` under `position`, `transform.rotation.z` under `transform`). Query at the
/// property level: an animation on a *wider* key path (`position` when asking for
/// `position.y`) is not applied to the narrower query. A non-additive animation replaces the
/// value (or its sub-component) while it applies; an additive one adds to it. Missing
/// from/to values resolve against the underlying value at the sampled time.
///
/// ```swift
/// var layer = LayerAnimations()
/// var move = BasicAnimation(keyPath: "position.x", to: .scalar(100))
/// move.duration = 1
/// layer.add(.basic(move), forKey: "move", atLayerTime: 0)
/// layer.presentedValue(forKeyPath: "position", model: .point(Point(0, 5)), layerTime: 0.5)
/// // .point((50, 5))
/// ```
public struct LayerAnimations: Hashable, Sendable {
  /// One attached animation.
  public struct Entry: Hashable, Sendable {
    /// The key it was added under; nil for an unkeyed animation.
    public var key: String?
    /// The copy kept at add time, with `beginTime` and `duration` resolved.
    public var animation: Animation
  }

  // Storage that keeps adding, removing by key and removing completed animations at most
  // logarithmic, so a scene of n tweens replays in O(n log n): removed
  // entries leave a hole (nil) that a compaction squeezes out once holes outnumber entries;
  // `slotOfKey` finds a key's slot; `completions` is a min-heap of (end, slot) over the keyed
  // entries that are removed on completion. Slot numbers only change in a compaction, which
  // rebuilds both indexes, so a heap item whose slot is empty is simply stale.
  private var slots: [Entry?] = []
  /// For each slot, a code of the property its animation animates (``propertyCode(_:)``): a
  /// value query skips the animations of other properties without copying them out or working
  /// out their timing. Stale for an empty slot, never read there.
  private var properties: [Int32] = []
  private var slotOfKey: [HashedKey: Int] = [:]
  private var completions: [(end: Double, slot: Int)] = []
  private var liveCount = 0

  public init() {}

  /// The attached animations, in the order they were added.
  public var entries: [Entry] { slots.compactMap { $0 } }

  /// The number of attached animations.
  public var count: Int { liveCount }

  /// Whether no animation is attached.
  public var isEmpty: Bool { liveCount == 0 }

  /// The keys in the order their animations were added.
  public var keys: [String] { slots.compactMap { $0?.key } }

  /// The animation added under `key` (its resolved copy).
  public func animation(forKey key: String) -> Animation? {
    slotOfKey[HashedKey(key)].flatMap { slots[$0]?.animation }
  }

  /// Attaches a copy of `animation`, as `CALayer.add(_:forKey:)` at layer time `now`.
  ///
  /// The copy gets `beginTime = now` when its `beginTime` is 0 and a duration of 0.25 s when
  /// its duration is 0 (group children keep theirs). An animation already under `key` is
  /// removed first, so the new one goes to the end of the order.
  public mutating func add(_ animation: Animation, forKey key: String?, atLayerTime now: Double) {
    var copy = animation
    copy.timing = animation.timing.resolvedForAdding(atLayerTime: now)
    append(Entry(key: key, animation: copy))
  }

  /// Appends `entry` and removes the animation its key had before, if any, so the new one is
  /// last (one hash of the key for both: a scene of 100 000 tweens adds 300 000 keys, none of
  /// them there before).
  private mutating func append(_ entry: Entry) {
    let slot = slots.count
    slots.append(entry)
    properties.append(Self.propertyCode(entry.animation.keyPath))
    liveCount += 1
    guard let key = entry.key else { return }
    let replaced = slotOfKey.updateValue(slot, forKey: HashedKey(key))
    if entry.animation.removedOnCompletion, let end = entry.animation.timing.parentEndTime {
      pushCompletion((end, slot))
    }
    if let replaced {
      slots[replaced] = nil
      liveCount -= 1
      compactIfSparse()
    }
  }

  /// Detaches the animation under `key`, if any.
  public mutating func removeAnimation(forKey key: String) {
    guard let slot = slotOfKey.removeValue(forKey: HashedKey(key)) else { return }
    slots[slot] = nil
    liveCount -= 1
    compactIfSparse()
  }

  /// Detaches every animation (`removeAllAnimations`).
  public mutating func removeAll() {
    self = LayerAnimations()
  }

  /// Detaches every keyed animation that is removed on completion and whose active window
  /// ended at or before `layerTime`, as Core Animation does once it completes. Costs
  /// O(log n) per animation removed.
  public mutating func removeCompleted(atLayerTime layerTime: Double) {
    while let first = completions.first, first.end <= layerTime {
      popCompletion()
      guard let key = slots[first.slot]?.key else { continue }
      slotOfKey[HashedKey(key)] = nil
      slots[first.slot] = nil
      liveCount -= 1
    }
    compactIfSparse()
  }

  private mutating func compactIfSparse() {
    guard slots.count > 2 * liveCount + 16 else { return }
    let live = entries
    self = LayerAnimations()
    for entry in live { append(entry) }
  }

  private mutating func pushCompletion(_ item: (end: Double, slot: Int)) {
    completions.append(item)
    var i = completions.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      guard completions[i].end < completions[parent].end else { break }
      completions.swapAt(i, parent)
      i = parent
    }
  }

  private mutating func popCompletion() {
    completions.swapAt(0, completions.count - 1)
    completions.removeLast()
    var i = 0
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var smallest = i
      if l < completions.count, completions[l].end < completions[smallest].end { smallest = l }
      if r < completions.count, completions[r].end < completions[smallest].end { smallest = r }
      guard smallest != i else { return }
      completions.swapAt(i, smallest)
      i = smallest
    }
  }

  // Equality and hashing see the attached animations in order, not the storage's holes.
  public static func == (a: LayerAnimations, b: LayerAnimations) -> Bool {
    a.liveCount == b.liveCount && a.slots.lazy.compactMap { $0 }.elementsEqual(b.slots.lazy.compactMap { $0 })
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(liveCount)
    for case let entry? in slots { hasher.combine(entry) }
  }

  /// The presented value of a property at a layer time: the model value with every
  /// applicable animation composited in the order added.
  /// - Parameters:
  ///   - keyPath: The property, e.g. `position`, `transform`, `bounds`, `opacity`.
  ///   - model: The property's model value (animations never change it).
  ///   - layerTime: The layer's local time.
  public func presentedValue(
    forKeyPath keyPath: AnimationKeyPath, model: AnimatableValue, layerTime: Double
  )
    -> AnimatableValue
  {
    evaluate(keyPath, model: model, layerTime: layerTime, recordsSamples: false).value
  }

  /// The presented value together with every animation's state, for diagnostics and probes.
  public func presentation(
    forKeyPath keyPath: AnimationKeyPath, model: AnimatableValue, layerTime: Double
  )
    -> PresentationSample
  {
    evaluate(keyPath, model: model, layerTime: layerTime, recordsSamples: true)
  }

  /// The extra z rotation of the last applied path animation with a rotation mode on the
  /// property (normally `position`), or nil when none applies.
  public func pathRotation(forKeyPath keyPath: AnimationKeyPath, model: AnimatableValue, layerTime: Double) -> Double? {
    evaluate(keyPath, model: model, layerTime: layerTime, recordsSamples: false).rotation
  }

  /// The presented value and the path rotation (``pathRotation(forKeyPath:model:layerTime:)``)
  /// of a property, from one pass over the animations instead of two.
  public func presentedValueAndPathRotation(
    forKeyPath keyPath: AnimationKeyPath, model: AnimatableValue, layerTime: Double
  ) -> (value: AnimatableValue, rotation: Double?) {
    let sample = evaluate(keyPath, model: model, layerTime: layerTime, recordsSamples: false)
    return (sample.value, sample.rotation)
  }

  /// Whether any animation is in its active window at `layerTime`.
  public func isRunning(atLayerTime layerTime: Double) -> Bool {
    slots.contains { $0.map { $0.animation.timing.state(atParentTime: layerTime).phase == .active } ?? false }
  }

  /// Whether any animation still affects the presentation at `layerTime`: running, or
  /// filling (backwards before it starts; forwards after it ends when not removed on
  /// completion).
  public func hasEffect(atLayerTime layerTime: Double) -> Bool {
    slots.contains { slot in
      guard let entry = slot else { return false }
      let state = entry.animation.timing.state(atParentTime: layerTime)
      return state.isInEffect && !(state.phase == .after && entry.animation.removedOnCompletion)
    }
  }

  /// The latest layer time at which an animation's active window ends, or nil when one never
  /// ends (infinite repeat, or speed ≤ 0); after it only fills show.
  public var activeEndTime: Double? {
    var end = -Double.infinity
    for case let entry? in slots {
      guard let e = entry.animation.timing.parentEndTime else { return nil }
      end = max(end, e)
    }
    return end
  }

  /// An animation key with its hash worked out once: growing the index rehashes every key,
  /// and a lookup compares the keys it passes, so a scene of 100 000 tweens (300 000 keys of
  /// 20-odd bytes) spent a tenth of its time hashing and comparing key bytes.
  private struct HashedKey: Hashable {
    let name: String
    let hash: Int

    init(_ name: String) {
      self.name = name
      hash = name.hashValue
    }

    static func == (a: HashedKey, b: HashedKey) -> Bool { a.hash == b.hash && a.name == b.name }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
  }

  /// A code of a key path's first component (the layer property it belongs to), never 0; 0
  /// for none (a group's children may animate anything). Different codes mean different
  /// properties; the same code may not (32 bits of a hash), so equal codes are evaluated.
  /// Four bytes per animation.
  static func propertyCode(_ keyPath: AnimationKeyPath?) -> Int32 {
    guard let property = keyPath?.components.first else { return 0 }
    let code = Int32(truncatingIfNeeded: property.hashValue)
    return code == 0 ? 1 : code
  }

  private func evaluate(
    _ keyPath: AnimationKeyPath, model: AnimatableValue, layerTime: Double, recordsSamples: Bool
  )
    -> PresentationSample
  {
    var evaluator = AnimationEvaluator(property: keyPath, model: model, recordsSamples: recordsSamples)
    // An animation of another property changes nothing here; only the samples list them all.
    let property = recordsSamples ? 0 : Self.propertyCode(keyPath)
    for slot in slots.indices {
      if property != 0, properties[slot] != 0, properties[slot] != property { continue }
      guard let entry = slots[slot] else { continue }
      evaluator.applyTopLevel(entry.animation, layerTime: layerTime)
    }
    return PresentationSample(value: evaluator.value, rotation: evaluator.rotation, animations: evaluator.samples)
  }
}
