import BarFramesJSON

extension JSONValue {
  /// The value's JSON type, for the probe reader's messages ("expected a number; got a string").
  var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
