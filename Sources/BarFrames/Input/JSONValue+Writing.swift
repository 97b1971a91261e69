extension JSONValue {
  /// The value as JSON text: two-space indentation when `pretty`, keys in their stored order,
  /// numbers rounded to 9 decimals (integers without a fraction).
  public func serialized(pretty: Bool = true) -> String {
    var out = ""
    write(to: &out, indent: pretty ? 0 : nil)
    return out
  }

  private func write(to out: inout String, indent: Int?) {
    let newline = indent == nil ? "" : "\n"
    let pad = { (level: Int) in String(repeating: "  ", count: level) }
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += n.isFinite ? n.formattedForJSON : "null"
    case .string(let s): out += JSONValue.quote(s)
    case .array(let items):
      if items.isEmpty {
        out += "[]"
        return
      }
      // Short arrays of numbers stay on one line: frames, transforms, points.
      let inline = items.count <= 8 && items.allSatisfy { if case .number = $0 { true } else { false } }
      if inline || indent == nil {
        out += "["
        for (i, item) in items.enumerated() {
          if i > 0 { out += indent == nil ? "," : ", " }
          item.write(to: &out, indent: nil)
        }
        out += "]"
        return
      }
      let level = indent!
      out += "[" + newline
      for (i, item) in items.enumerated() {
        out += pad(level + 1)
        item.write(to: &out, indent: level + 1)
        out += (i < items.count - 1 ? "," : "") + newline
      }
      out += pad(level) + "]"
    case .object(let members):
      if members.isEmpty {
        out += "{}"
        return
      }
      guard let level = indent else {
        out += "{"
        for (i, m) in members.enumerated() {
          if i > 0 { out += "," }
          out += JSONValue.quote(m.key) + ":"
          m.value.write(to: &out, indent: nil)
        }
        out += "}"
        return
      }
      out += "{" + newline
      for (i, m) in members.enumerated() {
        out += pad(level + 1) + JSONValue.quote(m.key) + ": "
        m.value.write(to: &out, indent: level + 1)
        out += (i < members.count - 1 ? "," : "") + newline
      }
      out += pad(level) + "}"
    }
  }

  static func quote(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let c where c.value < 0x20:
        let hex = String(c.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

extension Double {
  var formattedForJSON: String { formatted(decimals: 9) }
}

extension JSONValue {
  /// `[x, y, w, h]`.
  static func rect(_ r: Rect) -> JSONValue { .array([r.minX, r.minY, r.width, r.height].map(JSONValue.number)) }
  /// `[x, y]`.
  static func point(_ p: Point) -> JSONValue { .array([.number(p.x), .number(p.y)]) }
}

import BarFramesGraphics
