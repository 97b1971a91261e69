import BarFramesGraphics
import BarFramesTiming

/// An animatable property of a ``Layer`` by its Core Animation key: what an implicit action is
/// run for when a design sets it.
public enum LayerProperty: String, CaseIterable, Hashable, Sendable {
  case position, bounds, transform, opacity, backgroundColor, cornerRadius
  /// `CAShapeLayer`'s.
  case path, strokeStart, strokeEnd, lineWidth, fillColor, strokeColor
  /// What the layer draws when it is not a shape: a drawing, text or an image. Its action
  /// crossfades from the presented contents to the new ones (``Layer/contentsFade``).
  case contents

  /// The property's key path, as an animation names it.
  public var keyPath: AnimationKeyPath { AnimationKeyPath(rawValue) }

  /// The layer's model value of the property; nil for ``contents`` and for a shape property of
  /// a layer that is not a shape layer (or a colour it does not have).
  public func value(of layer: Layer) -> AnimatableValue? {
    switch self {
    case .position: .point(layer.position)
    case .bounds: .rect(layer.bounds)
    case .transform: .transform(layer.transform)
    case .opacity: .scalar(layer.opacity)
    case .backgroundColor: layer.backgroundColor.map(AnimatableValue.color)
    case .cornerRadius: .scalar(layer.cornerRadius)
    case .path: layer.shape.map { .path($0.path) }
    case .strokeStart: layer.shape.map { .scalar($0.strokeStart) }
    case .strokeEnd: layer.shape.map { .scalar($0.strokeEnd) }
    case .lineWidth: layer.shape.map { .scalar($0.lineWidth) }
    case .fillColor: layer.shape?.fillColor.map(AnimatableValue.color)
    case .strokeColor: layer.shape?.strokeColor.map(AnimatableValue.color)
    case .contents: nil
    }
  }

  /// Whether the property differs between two states of a layer.
  func differs(_ a: Layer, _ b: Layer) -> Bool {
    guard self == .contents else { return value(of: a) != value(of: b) }
    if case .shape = a.content { return false }
    if case .shape = b.content { return false }
    return a.content != b.content
  }
}

extension Layer {
  /// One drawing of a crossfade and how much of it shows.
  public struct WeightedContent: Hashable, Sendable {
    public var content: Content
    public var weight: Double

    public init(_ content: Content, weight: Double) {
      self.content = content
      self.weight = weight
    }
  }
}

/// What the actions of a call need of the tree before it: each standalone layer as it was and its
/// local time at the call's time. View-backed layers are left out, so a design whose layers are
/// all views (the seek bar's 100 000 tweens) copies nothing: holding the whole tree while the
/// call added an animation made every call copy the animation list, O(n²) over a scene.
public struct ActionSnapshot: Sendable {
  var layers: [String: (layer: Layer, localTime: Double)] = [:]
}

extension LayerTree {
  /// The standalone layers as they are at `time`, before a call (``commitActions(from:at:transaction:)``).
  public func actionSnapshot(at time: Double) -> ActionSnapshot {
    var snapshot = ActionSnapshot()
    for layer in layers where !layer.isViewBacking {
      snapshot.layers[layer.name] = (layer, localTime(of: layer.name, atAbsoluteTime: time))
    }
    return snapshot
  }

  /// Marks `property` of the layer `name` as set in the current call even when its value did
  /// not change: Core Animation runs a property's action on every set (`-[CALayer
  /// setValue:forKey:]` compares nothing), so setting an equal value restarts the animation from
  /// the presented value.
  public mutating func noteAssignment(_ property: LayerProperty, of name: String) {
    assignments.insert(ActionKey(layer: name, property: property))
  }

  /// Runs `body` inside an explicit `CATransaction` with `transaction`'s settings at `time`: the
  /// changes it makes get their actions (or none) now, and the enclosing implicit transaction
  /// leaves them alone.
  public mutating func withTransaction(
    _ transaction: Transaction, at time: Double, _ body: (inout LayerTree) -> Void
  ) {
    let before = actionSnapshot(at: time)
    let outerAssignments = assignments
    assignments = []
    body(&self)
    let committed = commitActions(from: before, at: time, transaction: transaction)
    assignments = outerAssignments
    committedInTransaction.formUnion(committed)
  }

  /// Core Animation's implicit actions for every property change since `before` (the tree as
  /// it was before a design's call at `time`): for each animatable property a standalone layer
  /// (not ``Layer/isViewBacking``) changed, or was set (``noteAssignment(_:of:)``), a basic
  /// animation under the property's key from the value `before` presented at `time` to the
  /// new model value, over the transaction's duration with its timing function. No action runs
  /// for a view's own layer, a key in the layer's ``Layer/disabledActions``, a transaction that
  /// disables actions, a layer added by the call (or since the last commit: a design's initial
  /// layers, or layers built anew), or a property the call animated
  /// explicitly (an animation of it added by the call takes the action's place).
  /// A change of ``LayerProperty/contents`` crossfades (``Layer/contentsFade``).
  /// - Returns: The properties given actions (or refused them), by layer.
  @discardableResult
  public mutating func commitActions(
    since before: LayerTree, at time: Double, transaction: Transaction = .implicit
  ) -> Set<ActionKey> {
    commitActions(from: before.actionSnapshot(at: time), at: time, transaction: transaction)
  }

  /// ``commitActions(since:at:transaction:)`` from a snapshot taken before the call
  /// (``actionSnapshot(at:)``), which is what a timeline keeps.
  @discardableResult
  public mutating func commitActions(
    from before: ActionSnapshot, at time: Double, transaction: Transaction = .implicit
  ) -> Set<ActionKey> {
    defer {
      assignments = []
      committedInTransaction = []
      added = []
    }
    var handled: Set<ActionKey> = []
    for i in layers.indices where !layers[i].isViewBacking {
      let name = layers[i].name
      guard !added.contains(name), let (old, layerTime) = before.layers[name] else { continue }
      var explicitlyAnimated: Set<String>?
      for property in LayerProperty.allCases {
        let key = ActionKey(layer: name, property: property)
        guard !committedInTransaction.contains(key) else { continue }
        guard property.differs(old, layers[i]) || assignments.contains(key) else { continue }
        handled.insert(key)
        if layers[i].disabledActions.contains(property.rawValue) { continue }
        if explicitlyAnimated == nil { explicitlyAnimated = Self.addedKeyPaths(old.animations, layers[i].animations) }
        if explicitlyAnimated?.contains(property.rawValue) == true { continue }
        if transaction.disablesActions { continue }
        if property == .contents {
          startContentsFade(of: i, from: old, layerTime: layerTime, at: time, transaction: transaction)
          continue
        }
        guard let to = property.value(of: layers[i]), let model = property.value(of: old) else { continue }
        let from =
          old.animations.isEmpty
          ? model : old.animations.presentedValue(forKeyPath: property.keyPath, model: model, layerTime: layerTime)
        guard from.kind == to.kind, let action = transaction.action(for: property.keyPath, from: from, to: to) else {
          continue
        }
        addAnimation(.basic(action), forKey: property.rawValue, to: name, atAbsoluteTime: time)
      }
    }
    return handled
  }

  /// The contents action: what `old` presented at its `layerTime` fades into the new contents.
  private mutating func startContentsFade(
    of i: Int, from old: Layer, layerTime: Double, at time: Double, transaction: Transaction
  ) {
    let name = layers[i].name
    let presented = Self.presentedContents(of: old, layerTime: layerTime)
    self[name].contentsFade = presented
    // The fade's progress: the weight of the new contents, eased as any action is.
    guard let action = transaction.action(for: LayerProperty.contents.keyPath, from: .scalar(0), to: .scalar(1)) else {
      return
    }
    addAnimation(.basic(action), forKey: LayerProperty.contents.rawValue, to: name, atAbsoluteTime: time)
  }

  /// The contents `layer` presents at `time`: its model contents, or while a contents action
  /// runs, the drawings it fades from and the new one, weighted (summing to 1), oldest first.
  /// A drag that redraws every frame would keep every drawing of the last second or so, each
  /// fainter; drawings weighing less than 1/256 (under one level of 8-bit colour) are dropped,
  /// and at most ``maximumFadingDrawings`` are kept (the faintest go first), so a frame draws a
  /// bounded number of pictures.
  func presentedContents(of layer: Layer, at time: Double) -> [Layer.WeightedContent] {
    Self.presentedContents(of: layer, layerTime: localTime(of: layer.name, atAbsoluteTime: time))
  }

  static func presentedContents(of layer: Layer, layerTime: Double) -> [Layer.WeightedContent] {
    guard !layer.contentsFade.isEmpty else { return [.init(layer.content, weight: 1)] }
    let fade = layer.animations.presentedValue(
      forKeyPath: LayerProperty.contents.keyPath, model: .scalar(1), layerTime: layerTime)
    let w = min(max(fade.scalarValue ?? 1, 0), 1)
    var parts: [Layer.WeightedContent] = []
    func add(_ content: Layer.Content, _ weight: Double) {
      if let j = parts.firstIndex(where: { $0.content == content }) {
        parts[j].weight += weight
      } else {
        parts.append(.init(content, weight: weight))
      }
    }
    for part in layer.contentsFade { add(part.content, part.weight * (1 - w)) }
    add(layer.content, w)
    parts.removeAll { $0.weight < 1.0 / 256 }
    while parts.count > maximumFadingDrawings {
      parts.remove(at: parts.indices.min { parts[$0].weight < parts[$1].weight }!)
    }
    let total = parts.reduce(0) { $0 + $1.weight }
    guard total > 0 else { return [.init(layer.content, weight: 1)] }
    return parts.map { .init($0.content, weight: $0.weight / total) }
  }

  /// The most drawings a crossfade shows at once.
  public static let maximumFadingDrawings = 8

  /// The key paths (their first component) of the animations in `after` that `before` did not have.
  private static func addedKeyPaths(_ before: LayerAnimations, _ after: LayerAnimations) -> Set<String> {
    var old: [LayerAnimations.Entry: Int] = [:]
    for entry in before.entries { old[entry, default: 0] += 1 }
    var added: Set<String> = []
    for entry in after.entries {
      if let n = old[entry], n > 0 {
        old[entry] = n - 1
        continue
      }
      for keyPath in entry.animation.keyPaths { if let first = keyPath.components.first { added.insert(first) } }
    }
    return added
  }

}

/// A property of a named layer, as the transaction machinery tracks it.
public struct ActionKey: Hashable, Sendable {
  public var layer: String
  public var property: LayerProperty
}
