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
    func pad(_ level: Int, _ out: inout String) {
      for _ in 0..<level { out += "  " }
    }
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += JSONValue.numberText(n, decimals: options.decimals)
    case .string(let s): JSONValue.appendQuoted(s, to: &out)
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
        pad(level + 1, &out)
        item.write(to: &out, indent: level + 1, options: options)
        out += (i < items.count - 1 ? "," : "") + newline
      }
      pad(level, &out)
      out += "]"
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
          JSONValue.appendQuoted(m.key, to: &out)
          out += ":"
          m.value.write(to: &out, indent: nil, options: options)
        }
        out += "}"
        return
      }
      out += "{" + newline
      for (i, m) in members.enumerated() {
        pad(level + 1, &out)
        JSONValue.appendQuoted(m.key, to: &out)
        out += ": "
        m.value.write(to: &out, indent: level + 1, options: options)
        out += (i < members.count - 1 ? "," : "") + newline
      }
      pad(level, &out)
      out += "}"
    }
  }

  /// A string as a JSON string literal, quotes included.
  public static func quote(_ s: String) -> String {
    var out = ""
    appendQuoted(s, to: &out)
    return out
  }

  /// Appends `s` as a JSON string literal, quotes included.
  ///
  /// Most strings (a manifest's paths and hashes) need no escape: they are appended whole, after
  /// one pass over their UTF-8 bytes, rather than escaped scalar by scalar on the one thread
  /// that writes the manifest after the frames.
  static func appendQuoted(_ s: String, to out: inout String) {
    // A byte of a multi-byte scalar is 0x80 or more, so none of these: the string needs an
    // escape exactly when one of its scalars does.
    let plain = s.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    out += "\""
    if plain {
      out += s
    } else {
      appendEscaped(s, to: &out)
    }
    out += "\""
  }

  private static func appendEscaped(_ s: String, to out: inout String) {
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
  }
}
