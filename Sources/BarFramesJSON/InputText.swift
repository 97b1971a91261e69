/// Text taken from an input file and shown in a message.
///
/// Messages are single lines on a terminal: anything quoted from input goes through
/// ``quoted(_:limit:)``, which escapes control characters (C0, DEL, C1 — ESC and CSI start
/// terminal escape sequences), line and paragraph separators and the bidirectional overrides
/// as `\u{…}`, so a file cannot move the cursor, recolour the terminal or break the line.
public enum InputText {
  /// The most columns text that needs escaping takes in a message once escaped (an escape is up
  /// to eight columns for one character): a line that quotes such text stays under 160 columns.
  public static let escapedColumns = 30

  /// `text` in double quotes, escaped, and cut to `limit` columns as shown (to
  /// ``escapedColumns`` when it needs escaping, if that is smaller) with an ellipsis after them.
  public static func quoted(_ text: String, limit: Int = 40) -> String {
    "\"" + shown(text, limit: needsEscaping(text) ? min(limit, escapedColumns) : limit) + "\""
  }

  /// `text` with every character that could act on a terminal or break the line escaped;
  /// quotes and backslashes too, so the result reads back unambiguously. Text with nothing to
  /// escape is shown whole (a path someone typed); text that needs escaping is cut to
  /// ``escapedColumns`` columns as shown, with an ellipsis after them.
  public static func escaped(_ text: String) -> String {
    needsEscaping(text) ? shown(text, limit: escapedColumns) : shown(text, limit: .max)
  }

  /// A path in double quotes, escaped like ``quoted(_:limit:)`` but cut at its start (an
  /// ellipsis, then its last columns), since its end names the file.
  public static func quotedPath(_ path: String, limit: Int = 100) -> String {
    "\"" + shownPath(path, limit: needsEscaping(path) ? min(limit, escapedColumns) : limit) + "\""
  }

  /// A path as ``escaped(_:)`` shows text, cut at its start when it needs escaping.
  public static func escapedPath(_ path: String) -> String {
    needsEscaping(path) ? shownPath(path, limit: escapedColumns) : shown(path, limit: .max)
  }

  /// `path` escaped, its last characters that fit `limit` columns after an ellipsis.
  static func shownPath(_ path: String, limit: Int) -> String {
    var pieces: [String] = []
    var columns = 0
    for scalar in path.unicodeScalars.reversed() {
      let piece = shown(scalar)
      if columns + piece.unicodeScalars.count > limit { return "…" + pieces.reversed().joined() }
      pieces.append(piece)
      columns += piece.unicodeScalars.count
    }
    return pieces.reversed().joined()
  }

  /// Whether any character of `text` is shown as an escape (``needsEscape(_:)``).
  public static func needsEscaping(_ text: String) -> Bool {
    text.unicodeScalars.contains(where: needsEscape)
  }

  /// `text` escaped, cut before the first character whose escape would take it past `limit`
  /// columns, with an ellipsis then.
  static func shown(_ text: String, limit: Int) -> String {
    var out = ""
    var columns = 0
    for scalar in text.unicodeScalars {
      let piece = shown(scalar)
      if columns + piece.unicodeScalars.count > limit { return out + "…" }
      out += piece
      columns += piece.unicodeScalars.count
    }
    return out
  }

  /// One character as messages show it: itself, or its escape.
  static func shown(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\"": "\\\""
    case "\\": "\\\\"
    case "\n": "\\n"
    case "\r": "\\r"
    case "\t": "\\t"
    case _ where needsEscape(scalar): "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default: String(scalar)
    }
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
