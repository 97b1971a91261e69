import Foundation

/// A parsed JSON value, for the strict probe reader and the deterministic writer.
enum ProbeJSON: Hashable, Sendable, Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([ProbeJSON])
  case object([String: ProbeJSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let b = try? container.decode(Bool.self) {
      self = .bool(b)
    } else if let n = try? container.decode(Double.self) {
      self = .number(n)
    } else if let s = try? container.decode(String.self) {
      self = .string(s)
    } else if let a = try? container.decode([ProbeJSON].self) {
      self = .array(a)
    } else {
      self = .object(try container.decode([String: ProbeJSON].self))
    }
  }

  /// A short name of the value's JSON type, for error messages.
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

/// JSON text with sorted keys and numbers printed as JSON numbers, for probe output.
enum ProbeJSONWriter {
  indirect enum Value {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Value])
    case object([String: Value])
  }

  static func render(_ value: Value) -> String {
    var out = ""
    write(value, into: &out)
    return out
  }

  private static func write(_ value: Value, into out: inout String) {
    switch value {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += number(n)
    case .string(let s): out += quoted(s)
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        write(item, into: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, key) in members.keys.sorted().enumerated() {
        if i > 0 { out += "," }
        out += quoted(key) + ":"
        write(members[key]!, into: &out)
      }
      out += "}"
    }
  }

  /// Integers without a fraction, others in Swift's shortest round-trip form; non-finite
  /// numbers (which JSON cannot hold) as null; −0 as 0.
  static func number(_ n: Double) -> String {
    guard n.isFinite else { return "null" }
    if n == 0 { return "0" }
    if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
    return "\(n)"
  }

  static func quoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
