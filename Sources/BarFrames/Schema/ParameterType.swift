/// The JSON type of a style parameter, for the published JSON Schema.
public enum ParameterType: Hashable, Sendable {
  /// A number within the bounds.
  case number(NumberBounds)
  /// A whole number within the range (`2`, and `2.0`, which JSON cannot tell apart; never `2.5`).
  case integer(ClosedRange<Int>)
  /// `#RRGGBB`, `#RRGGBBAA` or a UIKit colour name.
  case color
  /// A colour, or this keyword for none (`"transparent"`).
  case colorOrNone(String)
  /// `[x, y]`, each coordinate within the bounds.
  case point(NumberBounds)
  /// `[width, height]`, each within the bounds.
  case size(NumberBounds)
  case bool
  case string
  /// One of the given strings.
  case choice([String])

  /// The JSON Schema fragment.
  var schema: [JSONValue.Member] {
    switch self {
    case .number(let bounds):
      return [.init("type", .string("number"))] + bounds.schema
    case .integer(let range):
      return [
        .init("type", .string("integer")), .init("minimum", .number(Double(range.lowerBound))),
        .init("maximum", .number(Double(range.upperBound))),
      ]
    case .color:
      return [.init("$ref", .string("#/$defs/color"))]
    case .colorOrNone(let keyword):
      return [
        .init(
          "anyOf",
          .array([.object([.init("const", .string(keyword))]), .object([.init("$ref", .string("#/$defs/color"))])]))
      ]
    case .point(let bounds), .size(let bounds):
      return [
        .init("type", .string("array")), .init("items", .object([.init("type", .string("number"))] + bounds.schema)),
        .init("minItems", .number(2)), .init("maxItems", .number(2)),
      ]
    case .bool: return [.init("type", .string("boolean"))]
    case .string: return [.init("type", .string("string"))]
    case .choice(let names): return [.init("enum", .array(names.map(JSONValue.string)))]
    }
  }

  /// How the documentation's tables name the type.
  public var documentationName: String {
    switch self {
    case .number: "number"
    case .integer: "whole number"
    case .color: "colour"
    case .colorOrNone(let keyword): "colour or `\"\(keyword)\"`"
    case .point: "[x, y]"
    case .size: "[width, height]"
    case .bool: "Boolean"
    case .string: "string"
    case .choice(let names): names.map { "`\"\($0)\"`" }.joined(separator: ", ")
    }
  }
}

extension NumberBounds {
  /// The JSON Schema keywords of the bounds.
  var schema: [JSONValue.Member] {
    var members: [JSONValue.Member] = []
    if let minimum { members.append(.init("minimum", .number(minimum))) }
    if let exclusiveMinimum { members.append(.init("exclusiveMinimum", .number(exclusiveMinimum))) }
    if let maximum { members.append(.init("maximum", .number(maximum))) }
    return members
  }

  /// The bounds as the documentation's tables write them: `> 0`, `0 … 1000`, `> 0, ≤ 60`.
  public var documentation: String {
    if let minimum, let maximum, exclusiveMinimum == nil { return "\(minimum.compactJSON) … \(maximum.compactJSON)" }
    var parts: [String] = []
    if let minimum { parts.append("≥ \(minimum.compactJSON)") }
    if let exclusiveMinimum { parts.append("> \(exclusiveMinimum.compactJSON)") }
    if let maximum { parts.append("≤ \(maximum.compactJSON)") }
    return parts.joined(separator: ", ")
  }
}
