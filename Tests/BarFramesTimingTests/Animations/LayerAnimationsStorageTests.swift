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
}
