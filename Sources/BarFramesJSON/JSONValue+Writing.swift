import Foundation

extension JSONValue {
  /// The value as JSON text.
  /// - Parameters:
  ///   - pretty: Two-space indentation (short arrays of numbers stay on one line).
  ///   - sortedKeys: Object keys in sorted order rather than their stored order.
  ///   - decimals: Numbers rounded to this many decimals first; nil keeps full precision.
  public func serialized(pretty: Bool = true, sortedKeys: Bool = false, decimals: Int? = 9) -> String {
    String(decoding: serializedBytes(pretty: pretty, sortedKeys: sortedKeys, decimals: decimals), as: UTF8.self)
  }

  /// ``serialized(pretty:sortedKeys:decimals:)`` as UTF-8 bytes, written as bytes: a manifest,
  /// which lists every frame, is written again by every render, unchanged ones included.
  public func serializedBytes(pretty: Bool = true, sortedKeys: Bool = false, decimals: Int? = 9) -> [UInt8] {
    var out: [UInt8] = []
    write(to: &out, indent: pretty ? 0 : nil, options: (sortedKeys, decimals))
    return out
  }

  /// A number as JSON text, rounded to `decimals` when given.
  public static func numberText(_ n: Double, decimals: Int?) -> String {
    guard let decimals, n.isFinite else { return n.compactJSON }
    let scale = pow(10.0, Double(decimals))
    return ((n * scale).rounded() / scale).compactJSON
  }

  private func write(to out: inout [UInt8], indent: Int?, options: (sortedKeys: Bool, decimals: Int?)) {
    func pad(_ level: Int, _ out: inout [UInt8]) {
      out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }
    func newline(_ out: inout [UInt8]) {
      if indent != nil { out.append(UInt8(ascii: "\n")) }
    }
    switch self {
    case .null: out += "null".utf8
    case .bool(let b): out += (b ? "true" : "false").utf8
    case .number(let n): out += JSONValue.numberText(n, decimals: options.decimals).utf8
    case .string(let s): JSONValue.appendQuoted(s, to: &out)
    case .array(let items):
      if items.isEmpty {
        out += "[]".utf8
        return
      }
      // Short arrays of numbers stay on one line: frames, transforms, points.
      let inline = items.count <= 8 && items.allSatisfy { if case .number = $0 { true } else { false } }
      if inline || indent == nil {
        out.append(UInt8(ascii: "["))
        for (i, item) in items.enumerated() {
          if i > 0 { out += (indent == nil ? "," : ", ").utf8 }
          item.write(to: &out, indent: nil, options: options)
        }
        out.append(UInt8(ascii: "]"))
        return
      }
      let level = indent!
      out.append(UInt8(ascii: "["))
      newline(&out)
      for (i, item) in items.enumerated() {
        pad(level + 1, &out)
        item.write(to: &out, indent: level + 1, options: options)
        if i < items.count - 1 { out.append(UInt8(ascii: ",")) }
        newline(&out)
      }
      pad(level, &out)
      out.append(UInt8(ascii: "]"))
    case .object(let stored):
      let members = options.sortedKeys ? stored.sorted { $0.key < $1.key } : stored
      if members.isEmpty {
        out += "{}".utf8
        return
      }
      guard let level = indent else {
        out.append(UInt8(ascii: "{"))
        for (i, m) in members.enumerated() {
          if i > 0 { out.append(UInt8(ascii: ",")) }
          JSONValue.appendQuoted(m.key, to: &out)
          out.append(UInt8(ascii: ":"))
          m.value.write(to: &out, indent: nil, options: options)
        }
        out.append(UInt8(ascii: "}"))
        return
      }
      out.append(UInt8(ascii: "{"))
      newline(&out)
      for (i, m) in members.enumerated() {
        pad(level + 1, &out)
        JSONValue.appendQuoted(m.key, to: &out)
        out += ": ".utf8
        m.value.write(to: &out, indent: level + 1, options: options)
        if i < members.count - 1 { out.append(UInt8(ascii: ",")) }
        newline(&out)
      }
      pad(level, &out)
      out.append(UInt8(ascii: "}"))
    }
  }

  /// A string as a JSON string literal, quotes included.
  public static func quote(_ s: String) -> String {
    var out: [UInt8] = []
    appendQuoted(s, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends `s` as a JSON string literal, quotes included.
  ///
  /// Most strings (a manifest's paths and hashes) need no escape: they are appended whole, after
  /// one pass over their UTF-8 bytes, rather than escaped scalar by scalar on the one thread
  /// that writes the manifest after the frames.
  static func appendQuoted(_ s: String, to out: inout [UInt8]) {
    // A byte of a multi-byte scalar is 0x80 or more, so none of these: the string needs an
    // escape exactly when one of its scalars does.
    let plain = s.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    out.append(UInt8(ascii: "\""))
    if plain {
      out += s.utf8
    } else {
      appendEscaped(s, to: &out)
    }
    out.append(UInt8(ascii: "\""))
  }

  private static func appendEscaped(_ s: String, to out: inout [UInt8]) {
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\"".utf8
      case "\\": out += "\\\\".utf8
      case "\n": out += "\\n".utf8
      case "\r": out += "\\r".utf8
      case "\t": out += "\\t".utf8
      case let c where c.value < 0x20:
        let hex = String(c.value, radix: 16)
        out += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
      default: UTF8.encode(scalar) { out.append($0) }
      }
    }
  }
}
