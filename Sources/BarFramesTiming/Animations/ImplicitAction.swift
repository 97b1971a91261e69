/// `CATransaction`'s settings for the implicit actions of the property changes it commits.
///
/// Core Animation runs a standalone layer's action for a property on every set of it: the
/// default action is a basic animation under the property's key, from the value presented at
/// that moment to the new model value, lasting the transaction's duration (0.25 s) with its
/// timing function (the default, (0.25, 0.1, 0.25, 1)) — Apple's "Core Animation Programming
/// Guide": "Changing the value of an animatable layer property causes the layer to implicitly
/// animate the change from the old value to the new value. While an animation is in-flight,
/// setting a new target value causes the animation transition to the new target value from its
/// current state." A view's own layer has none (its delegate, the view, answers `NSNull`
/// outside an animation block), nor has a transaction that disables actions.
///
/// ```swift
/// layers.withTransaction(.disablingActions, at: time) { layers in
///   layers["tag"].opacity = 0  // jumps, as inside [CATransaction setDisableActions:YES]
/// }
/// ```
public struct Transaction: Hashable, Sendable {
  /// `setDisableActions:`: no property change of the transaction animates.
  public var disablesActions: Bool
  /// `setAnimationDuration:` (0.25 s unless set).
  public var animationDuration: Double
  /// `setAnimationTimingFunction:` (the default function unless set).
  public var timingFunction: TimingFunction

  public init(
    disablesActions: Bool = false, animationDuration: Double = 0.25, timingFunction: TimingFunction = .default
  ) {
    self.disablesActions = disablesActions
    self.animationDuration = animationDuration
    self.timingFunction = timingFunction
  }

  /// The implicit transaction of every change outside an explicit one.
  public static let implicit = Transaction()
  /// `[CATransaction setDisableActions:YES]`.
  public static let disablingActions = Transaction(disablesActions: true)

  /// The action for a set of `keyPath` from the presented value `from` to the new model value
  /// `to`; nil when the transaction disables actions. Added under the property's key, it
  /// replaces the action of an earlier set still in flight (same key), which is why a new
  /// action starts from where the old one had got to.
  public func action(for keyPath: AnimationKeyPath, from: AnimatableValue, to: AnimatableValue) -> BasicAnimation? {
    guard !disablesActions else { return nil }
    var action = BasicAnimation(keyPath: keyPath, from: from, to: to)
    action.timing.duration = animationDuration
    action.timingFunction = timingFunction
    return action
  }
}
