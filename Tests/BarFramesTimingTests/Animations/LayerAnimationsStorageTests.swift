import BarFramesGraphics
import Testing

@testable import BarFramesTiming

/// The animation list's indexed storage (issue 15): adding, removing by key and removing
/// completed animations behave exactly as the plain list Core Animation describes.
@Suite("LayerAnimations storage: keys, holes and completions")
struct LayerAnimationsStorageTests {
  /// One animation of the script: key (nil: unkeyed), begin, duration, removed on completion.
  typealias Item = (key: String?, begin: Double, duration: Double, removed: Bool)

  static func animation(_ item: Item) -> Animation {
    .basic(
      BasicAnimation(
        keyPath: "opacity", from: .scalar(0), to: .scalar(1),
        timing: MediaTiming(beginTime: item.begin, duration: item.duration), removedOnCompletion: item.removed))
  }

  /// A deterministic mix: keyed and unkeyed, removed on completion or held, keys reused.
  static let script: [Item] = (0..<120).map { i in
    let key: String? = i % 7 == 3 ? nil : "k\(i % 41)"
    // Ends fall on multiples of 0.5, as the removal times do: an end equal to the time counts.
    return (key, 1 + Double(i) * 0.5, Double((i * 37) % 23) * 0.5 + 0.5, i % 5 != 0)
  }

  /// The rule, applied to a plain list: `add` drops the key's earlier animation and appends;
  /// completion drops keyed, removed-on-completion animations whose end (begin + duration,
  /// at speed 1 without repeats) is at or before the time.
  @Test func matchesThePlainListRule() {
    var stack = LayerAnimations()
    var model: [Item] = []
    for (i, item) in Self.script.enumerated() {
      stack.add(Self.animation(item), forKey: item.key, atLayerTime: 0)
      if let key = item.key { model.removeAll { $0.key == key } }
      model.append(item)
      if i % 9 == 8, let key = item.key {
        stack.removeAnimation(forKey: key)
        model.removeAll { $0.key == key }
      }
      if i % 4 == 3 {
        let now = Double(i) * 0.5
        stack.removeCompleted(atLayerTime: now)
        model.removeAll { $0.key != nil && $0.removed && $0.begin + $0.duration <= now }
      }
      #expect(stack.entries.map(\.key) == model.map(\.key))
      #expect(stack.entries.map(\.animation) == model.map(Self.animation))
      #expect(stack.count == model.count)
      for key in Set(model.compactMap(\.key)) {
        #expect(stack.animation(forKey: key) == model.last { $0.key == key }.map(Self.animation))
      }
    }
  }

  @Test func equalityAndHashSeeOnlyTheAttachedAnimations() {
    var a = LayerAnimations()
    var b = LayerAnimations()
    let kept: Item = ("kept", 0, 1, true)
    // `a` carries a history of removed animations; `b` never had them.
    for i in 0..<40 { a.add(Self.animation(("gone\(i)", 0, 1, true)), forKey: "gone\(i)", atLayerTime: 0) }
    a.add(Self.animation(kept), forKey: "kept", atLayerTime: 0)
    for i in 0..<40 { a.removeAnimation(forKey: "gone\(i)") }
    b.add(Self.animation(kept), forKey: "kept", atLayerTime: 0)
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    b.add(Self.animation(("other", 0, 1, true)), forKey: "other", atLayerTime: 0)
    #expect(a != b)
  }

  /// A value query visits only the animations of its property (and every group, whose children
  /// may animate anything), yet gives exactly what a pass over every animation gives — the
  /// diagnostic `presentation`, which lists them all — for the value and a path's rotation.
  @Test func aValueQuerySkipsOtherPropertiesAndGivesTheFullPassValue() {
    func basic(
      _ keyPath: AnimationKeyPath, _ from: AnimatableValue, _ to: AnimatableValue, additive: Bool = false
    )
      -> Animation
    {
      .basic(
        BasicAnimation(
          keyPath: keyPath, from: from, to: to, timing: MediaTiming(beginTime: 0, duration: 2), isAdditive: additive))
    }
    let bend = Path(polyline: [Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 40, y: 30)])
    let stack = [
      basic("opacity", .scalar(0), .scalar(1)),
      basic("position", .point(Point(x: 0, y: 0)), .point(Point(x: 100, y: 50))),
      .keyframe(
        KeyframeAnimation(
          keyPath: "position", path: bend, rotationMode: .auto, timing: MediaTiming(beginTime: 0.5, duration: 1))),
      basic("position.x", .scalar(-10), .scalar(0), additive: true),
      .group(
        AnimationGroup(
          animations: [basic("bounds.size.width", .scalar(10), .scalar(90)), basic("opacity", .scalar(1), .scalar(0))],
          timing: MediaTiming(beginTime: 0.25, duration: 1.5))),
      basic("transform.rotation", .scalar(0), .scalar(.pi)),
      basic("strokeEnd", .scalar(0.2), .scalar(0.9)),
      basic("opacity", .scalar(0.5), .scalar(0), additive: true),
    ].enumerated().reduce(into: LayerAnimations()) { $0.add($1.element, forKey: "a\($1.offset)", atLayerTime: 0) }
    let models: [(AnimationKeyPath, AnimatableValue)] = [
      ("position", .point(Point(x: 5, y: 5))), ("bounds", .rect(Rect(x: 0, y: 0, width: 20, height: 8))),
      ("transform", .transform(.identity)), ("opacity", .scalar(1)), ("strokeEnd", .scalar(1)),
      ("cornerRadius", .scalar(3)),
    ]
    for time in [0, 0.3, 0.75, 1.2, 1.9, 3] {
      for (keyPath, model) in models {
        let everyAnimation = stack.presentation(forKeyPath: keyPath, model: model, layerTime: time)
        // Seven animations, the group and its two children.
        #expect(everyAnimation.animations.count == 10, "the diagnostic pass lists every animation and child")
        #expect(stack.presentedValue(forKeyPath: keyPath, model: model, layerTime: time) == everyAnimation.value)
        let both = stack.presentedValueAndPathRotation(forKeyPath: keyPath, model: model, layerTime: time)
        #expect(both.value == everyAnimation.value && both.rotation == everyAnimation.rotation, "\(keyPath) at \(time)")
        #expect(stack.pathRotation(forKeyPath: keyPath, model: model, layerTime: time) == everyAnimation.rotation)
      }
    }
    // The stack does animate what is asked: the group's child and the path's rotation show.
    let bounds = stack.presentedValue(forKeyPath: "bounds", model: models[1].1, layerTime: 1)
    #expect(bounds != models[1].1)
    #expect(stack.pathRotation(forKeyPath: "position", model: models[0].1, layerTime: 1) != nil)
  }
}
