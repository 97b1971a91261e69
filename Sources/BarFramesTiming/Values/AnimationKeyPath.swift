import BarFramesGraphics

/// A Core Animation key path such as `position`, `position.y`, `bounds.size.width` or
/// `transform.rotation.z`, normalised so that aliases compare equal.
///
/// `transform.rotation` is Core Animation's alias of `transform.rotation.z`; it is stored
/// as the latter.
public struct AnimationKeyPath: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The dot-separated components, normalised.
  public let components: [String]

  /// Parses a dotted key path.
  public init(_ string: String) {
    var parts = string.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    if parts.count >= 2, parts[parts.count - 2] == "transform", parts[parts.count - 1] == "rotation" {
      parts.append("z")
    }
    components = parts
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The normalised dotted form.
  public var rawValue: String { components.joined(separator: ".") }

  public var description: String { rawValue }

  /// The components below `property` when `self` is `property` or one of its sub-components
  /// (`[]` when equal, `["y"]` for `position.y` under `position`), else nil.
  public func relativeComponents(below property: AnimationKeyPath) -> [String]? {
    components(below: property).map(Array.init)
  }

  /// ``relativeComponents(below:)`` without copying them: evaluating an animation asks for
  /// them, once per animation and property of every frame.
  func components(below property: AnimationKeyPath) -> ArraySlice<String>? {
    let count = property.components.count
    guard components.count >= count, components[..<count].elementsEqual(property.components) else { return nil }
    return components[count...]
  }

  /// Whether additive combination multiplies rather than adds: the scale components of a
  /// transform (`transform.scale`, `.x`, `.y`), since Core Animation concatenates transform
  /// matrices and concatenated scales multiply.
  public var combinesMultiplicatively: Bool {
    guard let index = components.firstIndex(of: "transform") else { return false }
    return index + 1 < components.count && components[index + 1] == "scale"
  }
}

extension AnimatableValue {
  /// The sub-component addressed by `components` (relative to this value's property), or nil
  /// when the value has no such component.
  ///
  /// Points have `x`, `y`; sizes `width`, `height`; rects `origin`, `size` and their parts;
  /// transforms `translation` (a size), `translation.x/.y`, `rotation` (= `rotation.z`),
  /// `rotation.z`, `rotation.y`, `scale` (the mean of both axes), `scale.x`, `scale.y`.
  public func component(at components: [String]) -> AnimatableValue? {
    component(at: components[...])
  }

  /// `component(at:)` of a slice, as the evaluator holds them (no copies).
  func component(at components: ArraySlice<String>) -> AnimatableValue? {
    guard let first = components.first else { return self }
    let rest = components.dropFirst()
    switch (self, first) {
    case (.point(let p), "x") where rest.isEmpty: return .scalar(p.x)
    case (.point(let p), "y") where rest.isEmpty: return .scalar(p.y)
    case (.size(let s), "width") where rest.isEmpty: return .scalar(s.width)
    case (.size(let s), "height") where rest.isEmpty: return .scalar(s.height)
    case (.rect(let r), "origin"): return AnimatableValue.point(r.origin).component(at: rest)
    case (.rect(let r), "size"): return AnimatableValue.size(r.size).component(at: rest)
    case (.transform(let t), _):
      switch components {
      case ["translation"]: return .size(Size(t.translationX, t.translationY))
      case ["translation", "x"]: return .scalar(t.translationX)
      case ["translation", "y"]: return .scalar(t.translationY)
      case ["rotation"], ["rotation", "z"]: return .scalar(t.rotationZ)
      case ["rotation", "y"]: return .scalar(t.rotationY)
      case ["scale"]: return .scalar((t.scaleX + t.scaleY) / 2)
      case ["scale", "x"]: return .scalar(t.scaleX)
      case ["scale", "y"]: return .scalar(t.scaleY)
      default: return nil
      }
    default: return nil
    }
  }

  /// The value with the sub-component at `components` replaced, or nil when there is no such
  /// component or `newValue` has the wrong kind. `[]` replaces the whole value.
  public func replacingComponent(at components: [String], with newValue: AnimatableValue) -> AnimatableValue? {
    replacingComponent(at: components[...], with: newValue)
  }

  /// `replacingComponent(at:with:)` of a slice, as the evaluator holds them (no copies).
  func replacingComponent(at components: ArraySlice<String>, with newValue: AnimatableValue) -> AnimatableValue? {
    guard let first = components.first else { return newValue }
    let rest = components.dropFirst()
    switch (self, first, newValue) {
    case (.point(var p), "x", .scalar(let v)) where rest.isEmpty:
      p.x = v
      return .point(p)
    case (.point(var p), "y", .scalar(let v)) where rest.isEmpty:
      p.y = v
      return .point(p)
    case (.size(var s), "width", .scalar(let v)) where rest.isEmpty:
      s.width = v
      return .size(s)
    case (.size(var s), "height", .scalar(let v)) where rest.isEmpty:
      s.height = v
      return .size(s)
    case (.rect(var r), "origin", _):
      guard case .point(let p)? = AnimatableValue.point(r.origin).replacingComponent(at: rest, with: newValue)
      else { return nil }
      r.origin = p
      return .rect(r)
    case (.rect(var r), "size", _):
      guard case .size(let s)? = AnimatableValue.size(r.size).replacingComponent(at: rest, with: newValue)
      else { return nil }
      r.size = s
      return .rect(r)
    case (.transform(var t), _, .size(let s)) where components == ["translation"]:
      t.translationX = s.width
      t.translationY = s.height
      return .transform(t)
    case (.transform(var t), _, .point(let p)) where components == ["translation"]:
      t.translationX = p.x
      t.translationY = p.y
      return .transform(t)
    case (.transform(var t), _, .scalar(let v)):
      switch components {
      case ["translation", "x"]: t.translationX = v
      case ["translation", "y"]: t.translationY = v
      case ["rotation"], ["rotation", "z"]: t.rotationZ = v
      case ["rotation", "y"]: t.rotationY = v
      case ["scale"]:
        t.scaleX = v
        t.scaleY = v
      case ["scale", "x"]: t.scaleX = v
      case ["scale", "y"]: t.scaleY = v
      default: return nil
      }
      return .transform(t)
    default:
      return nil
    }
  }
}
