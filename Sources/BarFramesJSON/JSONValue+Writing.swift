import Foundation

extension JSONValue {
  /// The value as JSON text.
  /// - Parameters:
  ///   - pretty: Two-space indentation (short arrays of numbers stay on one line).
  ///   - sortedKeys: Object keys in sorted order rather than their stored order.
  ///   - decimals: Numbers rounded to this many decimals first; nil keeps full precision.
  public func serialized(pretty: Bool = true, sortedKeys: Bool = false, decimals: Int? = 9) -> String {
    var out = ""
    write(to: &out, indent: pretty ? 0 : nil, options: (sortedKeys, decimals))
    return out
  }

  /// A number as JSON text, rounded to `decimals` when given.
  public static func numberText(_ n: Double, decimals: Int?) -> String {
    guard let decimals, n.isFinite else { return n.compactJSON }
    let scale = pow(10.0, Double(decimals))
    return ((n * scale).rounded() / scale).compactJSON
  }

  private func write(to out: inout String, indent: Int?, options: (sortedKeys: Bool, decimals: Int?)) {
    let newline = indent == nil ? "" : "\n"
    let pad = { (level: Int) in String(repeating: "  ", count: level) }
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += JSONValue.numberText(n, decimals: options.decimals)
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
          item.write(to: &out, indent: nil, options: options)
        }
        out += "]"
        return
      }
      let level = indent!
      out += "[" + newline
      for (i, item) in items.enumerated() {
        out += pad(level + 1)
        item.write(to: &out, indent: level + 1, options: options)
        out += (i < items.count - 1 ? "," : "") + newline
      }
      out += pad(level) + "]"
    case .object(let stored):
      let members = options.sortedKeys ? stored.sorted { $0.key < $1.key } : stored
      if members.isEmpty {
        out += "{}"
        return
      }
      guard let level = indent else {
        out += "{"
        for (i, m) in members.enumerated() {
          if i > 0 { out += "," }
          out += JSONValue.quote(m.key) + ":"
          m.value.write(to: &out, indent: nil, options: options)
        }
        out += "}"
        return
      }
      out += "{" + newline
      for (i, m) in members.enumerated() {
        out += pad(level + 1) + JSONValue.quote(m.key) + ": "
        m.value.write(to: &out, indent: level + 1, options: options)
        out += (i < members.count - 1 ? "," : "") + newline
      }
      out += pad(level) + "}"
    }
  }

  /// A string as a JSON string literal, quotes included.
  public static func quote(_ s: String) -> String {
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
