/// The JSON type of a style parameter, for the published JSON Schema.
public enum ParameterType: Hashable, Sendable {
  /// A number, optionally bounded (`minimum` inclusive, `exclusiveMinimum` strict).
  case number(minimum: Double? = nil, exclusiveMinimum: Double? = nil, maximum: Double? = nil)
  /// `#RRGGBB`, `#RRGGBBAA` or a UIKit colour name.
  case color
  /// `[x, y]`.
  case point
  case bool
  case string
  /// One of the given strings.
  case choice([String])

  /// The JSON Schema fragment.
  var schema: JSONValue {
    switch self {
    case .number(let minimum, let exclusiveMinimum, let maximum):
      var members: [JSONValue.Member] = [.init("type", .string("number"))]
      if let minimum { members.append(.init("minimum", .number(minimum))) }
      if let exclusiveMinimum { members.append(.init("exclusiveMinimum", .number(exclusiveMinimum))) }
      if let maximum { members.append(.init("maximum", .number(maximum))) }
      return .object(members)
    case .color:
      return .object([.init("$ref", .string("#/$defs/color"))])
    case .point:
      return .object([
        .init("type", .string("array")), .init("items", .object([.init("type", .string("number"))])),
        .init("minItems", .number(2)), .init("maxItems", .number(2)),
      ])
    case .bool: return .object([.init("type", .string("boolean"))])
    case .string: return .object([.init("type", .string("string"))])
    case .choice(let names): return .object([.init("enum", .array(names.map(JSONValue.string)))])
    }
  }
}

extension DesignStyle {
  /// Parameter types for the schema; a key missing here is published as "any value".
  public static var parameterTypes: [String: ParameterType] { [:] }
}
