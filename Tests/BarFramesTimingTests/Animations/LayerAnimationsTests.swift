import BarFramesGraphics
import Foundation
import Testing

@testable import BarFramesTiming

@Suite("Presentation: stacking, key paths, model vs presentation (timing.md §3.1)")
struct LayerAnimationsTests {
  // A toValue-only animation starts from the value an earlier forwards-filled animation holds
  // (designs.md §0.1 "toValue-only … animates from the value in the render tree"): the missing
  // end resolves against the underlying value at the sampled time.
  @Test(arguments: [(0.5, 50.0), (1.5, 100), (2, 100), (2.5, 75), (3, 50), (9, 50)])
  func toValueOnlyStartsFromTheHeldValue(time: Double, expected: Double) {
    var stack = LayerAnimations()
    stack.add(
      .basic(
        BasicAnimation(
          keyPath: "position.y", from: .scalar(0), to: .scalar(100),
          timing: MediaTiming(duration: 1, fillMode: .forwards), removedOnCompletion: false)),
      forKey: "drop", atLayerTime: 0)
    stack.add(
      .basic(
        BasicAnimation(
          keyPath: "position.y", to: .scalar(50), timing: MediaTiming(duration: 1, fillMode: .forwards),
          removedOnCompletion: false)),
      forKey: "rise", atLayerTime: 2)
    let presented = stack.presentedValue(forKeyPath: "position", model: .point(Point(7, 0)), layerTime: time)
    #expect(isClose(presented, .point(Point(7, expected))))
  }

  // Model vs presentation: removed-on-completion animations stop applying and the model shows
  // (CAAnimation.h removedOnCompletion; Rönnqvist/Lockwood: fill forwards needs it NO).
  @Test func removedOnCompletionShowsTheModel() {
    var animation = BasicAnimation(keyPath: "opacity", from: .scalar(0), to: .scalar(1))
    animation.timing = MediaTiming(duration: 1, fillMode: .forwards)
    var stack = LayerAnimations()
    stack.add(.basic(animation), forKey: "fade", atLayerTime: 3)
    #expect(stack.presentedValue(forKeyPath: "opacity", model: .scalar(0.2), layerTime: 4) == .scalar(0.2))
    #expect(stack.hasEffect(atLayerTime: 3.5) && !stack.hasEffect(atLayerTime: 4))
    #expect(stack.isRunning(atLayerTime: 3.5) && !stack.isRunning(atLayerTime: 4))
    #expect(stack.activeEndTime == 4)
  }

  // add(_:forKey:) semantics: beginTime 0 becomes "now", duration 0 becomes 0.25 s, an existing
  // key is replaced and the new animation goes last; removeAnimation/removeAll.
  @Test func addingReplacingAndRemoving() {
    var stack = LayerAnimations()
    stack.add(.basic(BasicAnimation(keyPath: "value", to: .scalar(10))), forKey: "a", atLayerTime: 5)
    stack.add(.basic(BasicAnimation(keyPath: "value", to: .scalar(20))), forKey: "b", atLayerTime: 5)
    #expect(stack.animation(forKey: "a")?.timing.beginTime == 5)
    #expect(stack.animation(forKey: "a")?.timing.duration == 0.25)
    // b (added later) runs from a's current value (5) to 20.
    #expect(isClose(stack.presentedValue(forKeyPath: "value", model: .scalar(0), layerTime: 5.125).number, 12.5))
    stack.add(.basic(BasicAnimation(keyPath: "value", to: .scalar(40))), forKey: "a", atLayerTime: 5)
    #expect(stack.keys == ["b", "a"])
    #expect(isClose(stack.presentedValue(forKeyPath: "value", model: .scalar(0), layerTime: 5.125).number, 25))
    stack.removeAnimation(forKey: "a")
    #expect(stack.keys == ["b"])
    stack.removeAll()
    #expect(stack.isEmpty)
  }

  // Sub-component key paths replace only their component (designs.md §0.1; ZY's B step: a
  // later transform.rotation.z keyframe overrides the group's held +15° and holds −11.25°
  // before its first keyTime, while the held scale stays).
  @Test func subComponentKeyPathsReplaceTheirComponent() {
    var stack = LayerAnimations()
    stack.add(
      .basic(
        BasicAnimation(
          keyPath: "transform", to: .transform(.scale(1.5, 0.9)),
          timing: MediaTiming(duration: 0.3, fillMode: .forwards),
          removedOnCompletion: false)),
      forKey: "ready", atLayerTime: 0)
    stack.add(
      .basic(
        BasicAnimation(
          keyPath: "transform.rotation", to: .scalar(.pi / 12), timing: MediaTiming(duration: 0.9, fillMode: .forwards),
          removedOnCompletion: false)),
      forKey: "tilt", atLayerTime: 0)
    let settle = KeyframeAnimation(
      keyPath: "transform.rotation.z", values: [.scalar(-11.25 * .pi / 180), .scalar(0)], keyTimes: [0.5, 1],
      timing: MediaTiming(duration: 0.2, fillMode: .forwards), removedOnCompletion: false)
    stack.add(.keyframe(settle), forKey: "settle", atLayerTime: 0.9)
    let model = AnimatableValue.transform(.translation(10, 0))
    func at(_ t: Double) -> TransformComponents {
      guard case .transform(let c) = stack.presentedValue(forKeyPath: "transform", model: model, layerTime: t) else {
        return .identity
      }
      return c
    }
    #expect(isClose(at(0.15).scaleX, 1.25) && isClose(at(0.15).scaleY, 0.95))
    // A whole-transform animation replaces the whole decomposed value: the model's translation
    // eases out to the scale's 0.
    #expect(isClose(at(0.15).translationX, 5))
    #expect(isClose(at(0.45).rotationZ, .pi / 24))
    // The settle keyframe, added at 0.9, snaps to −11.25° and holds it until its first keyTime.
    #expect(isClose(at(0.9).rotationZ, -11.25 * .pi / 180))
    #expect(isClose(at(0.95).rotationZ, -11.25 * .pi / 180))
    #expect(isClose(at(1.05).rotationZ, -5.625 * .pi / 180))
    #expect(isClose(at(2).rotationZ, 0) && isClose(at(2).scaleX, 1.5))
  }

  // transform.rotation.y without perspective is an x-scale by cos θ (Transform2D(yAxisRotation:)),
  // combined with the held scale: the rectangle's x-scale is 1.5·cos θ (designs.md ZY §E).
  @Test(arguments: [0.0, 0.05, 0.1, 0.15])
  func yRotationScalesX(time: Double) {
    var stack = LayerAnimations()
    stack.add(
      .basic(
        BasicAnimation(
          keyPath: "transform.rotation.y", from: .scalar(0), to: .scalar(.pi), timing: MediaTiming(duration: 0.2))),
      forKey: "flip", atLayerTime: 0)
    let presented = stack.presentedValue(forKeyPath: "transform", model: .transform(.scale(1.5, 0.9)), layerTime: time)
    guard case .transform(let c) = presented else {
      Issue.record("not a transform")
      return
    }
    let matrix = c.transform2D
    #expect(isClose(matrix.a, 1.5 * cos(.pi * time / 0.2), 1e-12))
    #expect(isClose(matrix.d, 0.9, 1e-12))
  }

  // Key path components: position.x/.y, bounds.size(.width), transform.scale (both axes),
  // transform.scale.x/.y, transform.translation.x/.y, transform.rotation = rotation.z.
  static let componentCases: [(String, AnimatableValue, AnimatableValue, AnimatableValue)] = [
    ("position.x", .point(Point(1, 2)), .scalar(9), .point(Point(9, 2))),
    ("position.y", .point(Point(1, 2)), .scalar(9), .point(Point(1, 9))),
    (
      "bounds.size", .rect(Rect(x: 1, y: 2, width: 3, height: 4)), .size(Size(5, 6)),
      .rect(Rect(x: 1, y: 2, width: 5, height: 6))
    ),
    (
      "bounds.size.width", .rect(Rect(x: 1, y: 2, width: 3, height: 4)), .scalar(8),
      .rect(Rect(x: 1, y: 2, width: 8, height: 4))
    ),
    ("transform.scale", .transform(.identity), .scalar(3), .transform(.scale(3, 3))),
    ("transform.scale.y", .transform(.identity), .scalar(3), .transform(.scale(1, 3))),
    ("transform.translation.x", .transform(.identity), .scalar(4), .transform(.translation(4, 0))),
    ("transform.rotation", .transform(.identity), .scalar(1), .transform(.rotation(1))),
  ]

  @Test(arguments: componentCases)
  func keyPathComponents(keyPath: String, model: AnimatableValue, value: AnimatableValue, expected: AnimatableValue) {
    let path = AnimationKeyPath(keyPath)
    let property = AnimationKeyPath(String(keyPath.split(separator: ".")[0]))
    var stack = LayerAnimations()
    stack.add(
      .basic(BasicAnimation(keyPath: path, from: value, to: value, timing: MediaTiming(duration: 1))), forKey: "k",
      atLayerTime: 0)
    #expect(stack.presentedValue(forKeyPath: property, model: model, layerTime: 0.5) == expected)
    #expect(AnimationKeyPath("transform.rotation") == AnimationKeyPath("transform.rotation.z"))
  }

  // A whole-transform animation replaces the whole decomposed value; an additive one
  // concatenates (CAPropertyAnimation.additive: "for affine transforms the two matrices are
  // concatenated").
  @Test func wholeTransformReplacesOrConcatenates() {
    let model = AnimatableValue.transform(TransformComponents(translationX: 5, rotationZ: 0.3))
    var stack = LayerAnimations()
    stack.add(
      .basic(
        BasicAnimation(
          keyPath: "transform", from: .transform(.scale(2, 2)), to: .transform(.scale(2, 2)),
          timing: MediaTiming(duration: 1))),
      forKey: "s", atLayerTime: 0)
    #expect(stack.presentedValue(forKeyPath: "transform", model: model, layerTime: 0.5) == .transform(.scale(2, 2)))
    var additive = LayerAnimations()
    additive.add(
      .basic(
        BasicAnimation(
          keyPath: "transform", from: .transform(.scale(2, 2)), to: .transform(.scale(2, 2)),
          timing: MediaTiming(duration: 1), isAdditive: true)),
      forKey: "s", atLayerTime: 0)
    let expected = AnimatableValue.transform(TransformComponents(translationX: 5, rotationZ: 0.3, scaleX: 2, scaleY: 2))
    #expect(additive.presentedValue(forKeyPath: "transform", model: model, layerTime: 0.5) == expected)
  }

  // Colours interpolate component-wise in straight RGBA.
  @Test func colorsInterpolate() {
    let value = AnimatableValue.color(.white).interpolated(to: .color(.clear), fraction: 0.25)
    #expect(isClose(value, .color(Color(red: 0.75, green: 0.75, blue: 0.75, alpha: 0.75))))
  }

  // Paths with the same element structure interpolate point by point (CAShapeLayer.path).
  @Test func pathsInterpolate() throws {
    let a = try Path(svgPathData: "M0 0 L10 0")
    let b = try Path(svgPathData: "M0 10 L30 10")
    #expect(
      AnimatableValue.path(a).interpolated(to: .path(b), fraction: 0.5) == .path(try Path(svgPathData: "M0 5 L20 5")))
  }
}
