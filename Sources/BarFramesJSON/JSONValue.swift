/// A JSON document as a value, keeping object keys in file order.
///
/// BarFrames reads its input files with its own small parser instead of `JSONDecoder` so that
/// every error can name the file, the line and the key path, and so duplicate keys are caught.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([Member])

  /// One `"key": value` pair of an object.
  public struct Member: Hashable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// An object with the dictionary's members, sorted by key.
  public init(sortedObject dictionary: [String: JSONValue]) {
    self = .object(dictionary.keys.sorted().map { Member($0, dictionary[$0]!) })
  }

  /// The value for `key` when this is an object that has it.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// A short name of the value's kind and, for scalars, the value, used in error messages:
  /// `-5`, `"abc"`, `an array`, `an object`, `null`, `true`.
  public var summary: String {
    switch self {
    case .null: "null"
    case .bool(let b): b ? "true" : "false"
    case .number(let n): n.isFinite ? n.compactJSON : "a number too large to represent"
    case .string(let s): InputText.quoted(s)
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension Double {
  /// The number as JSON text: integers without a fraction, others in Swift's shortest
  /// round-trip form, −0 as 0, non-finite numbers (which JSON cannot hold) as `null`.
  public var compactJSON: String {
    guard isFinite else { return "null" }
    if self == 0 { return "0" }
    if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
    return "\(self)"
  }
}

/// Malformed JSON text, with the 1-based line and column of the problem.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  public var line: Int
  public var column: Int

  public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONValue {
  /// Parses JSON text (RFC 8259). Duplicate keys in one object are an error.
  public init(parsing text: String) throws(JSONSyntaxError) {
    var parser = JSONParser(bytes: Array(text.utf8))
    self = try parser.parseDocument()
  }
}

private struct JSONParser {
  let bytes: [UInt8]
  var index = 0
  var depth = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
    let end = min(position ?? index, bytes.count)
    var line = 1
    var column = 1
    for b in bytes[0..<end] {
      if b == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONSyntaxError(message: message, line: line, column: column)
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    guard index < bytes.count else { throw error("the file is empty; expected a JSON object") }
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else { throw error("unexpected text after the end of the JSON value") }
    return value
  }

  mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    guard index < bytes.count else { throw error("unexpected end of file") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default:
      throw error("unexpected character \(quotedCharacter(at: index)); expected a JSON value")
    }
  }

  /// The character at `offset` for a message: its whole UTF-8 sequence, escaped, since a
  /// control character or ESC from the file must not reach the terminal.
  func quotedCharacter(at offset: Int) -> String {
    let lead = bytes[offset]
    let length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    let text = String(decoding: bytes[offset..<min(offset + length, bytes.count)], as: UTF8.self)
    return "'" + InputText.escaped(text) + "'"
  }

  mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
    let w = Array(word.utf8)
    guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
      throw error("invalid literal; expected \(word)")
    }
    index += w.count
    return value
  }

  mutating func nest() throws(JSONSyntaxError) {
    depth += 1
    if depth > InputLimits.nestingDepth {
      throw error(
        "nesting deeper than \(InputLimits.nestingDepth) levels (the limit)")
    }
  }

  mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try nest()
    defer { depth -= 1 }
    index += 1
    var members: [JSONValue.Member] = []
    var seen: Set<String> = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
      let keyStart = index
      let key = try parseString()
      guard seen.insert(key).inserted else { throw error("duplicate key \(InputText.quoted(key))", at: keyStart) }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error(
          "expected ':' after the key \(InputText.quoted(key))")
      }
      index += 1
      members.append(.init(key, try parseValue()))
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of file; an object is not closed") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw error("expected ',' or '}'")
      }
    }
  }

  mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try nest()
    defer { depth -= 1 }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of file; an array is not closed") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        throw error("expected ',' or ']'")
      }
    }
  }

  mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits() -> Int {
      let s = index
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
      return index - s
    }
    let intStart = index
    guard digits() > 0 else { throw error("invalid number", at: start) }
    if bytes[intStart] == UInt8(ascii: "0"), index - intStart > 1 {
      throw error(
        "invalid number (leading zero)", at: start)
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw error("invalid number (no digits after '.')", at: start) }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw error("invalid number (no exponent digits)", at: start) }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text) else { throw error("invalid number", at: start) }
    return .number(value)  // may be ±infinity for huge exponents; readers reject non-finite numbers
  }

  mutating func parseString() throws(JSONSyntaxError) -> String {
    let start = index
    index += 1
    var scalars = String.UnicodeScalarView()
    var run = index
    func flush(_ parser: JSONParser, to end: Int, into scalars: inout String.UnicodeScalarView) {
      scalars.append(contentsOf: String(decoding: parser.bytes[run..<end], as: UTF8.self).unicodeScalars)
    }
    while true {
      guard index < bytes.count else { throw error("unterminated string", at: start) }
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        // Most strings (a manifest's paths and digests) have no escape: decoded in one go.
        if run == start + 1 {
          index += 1
          return String(decoding: bytes[run..<(index - 1)], as: UTF8.self)
        }
        flush(self, to: index, into: &scalars)
        index += 1
        return String(scalars)
      }
      if b < 0x20 { throw error("control character in a string") }
      if b == UInt8(ascii: "\\") {
        flush(self, to: index, into: &scalars)
        index += 1
        guard index < bytes.count else { throw error("unterminated string", at: start) }
        let e = bytes[index]
        index += 1
        switch e {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800...0xDBFF).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
          {
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid surrogate pair") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
          scalars.append(scalar)
        default:
          throw error("invalid escape \(quotedCharacter(at: index - 1)) after a backslash", at: index - 1)
        }
        run = index
        continue
      }
      index += 1
    }
  }

  mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("invalid \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let c = bytes[index]
      let digit: UInt32
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
      default: throw error("invalid \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }
}
