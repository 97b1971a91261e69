/// Text taken from an input file and shown in a message.
///
/// Messages are single lines on a terminal: anything quoted from input goes through
/// ``quoted(_:limit:)``, which escapes control characters (C0, DEL, C1 — ESC and CSI start
/// terminal escape sequences), line and paragraph separators and the bidirectional overrides
/// as `\u{…}`, so a file cannot move the cursor, recolour the terminal or break the line.
public enum InputText {
  /// `text` in double quotes, escaped, and cut to `limit` characters with an ellipsis.
  public static func quoted(_ text: String, limit: Int = 40) -> String {
    let cut = text.count > limit ? String(text.prefix(limit)) + "…" : text
    return "\"" + escaped(cut) + "\""
  }

  /// `text` with every character that could act on a terminal or break the line escaped;
  /// quotes and backslashes too, so the result reads back unambiguously.
  public static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where needsEscape(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Whether `scalar` is escaped when quoted from input: it could act on a terminal or break the line.
  public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F: true  // C0, DEL, C1
    case 0x2028, 0x2029: true  // line and paragraph separators
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional marks and overrides
    default: false
    }
  }
}
