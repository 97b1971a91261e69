extension String {
  /// The string as XML character data or an attribute value in double quotes: `& < > " '`
  /// become entities, tab, line feed and carriage return become character references (an
  /// attribute would otherwise turn them into spaces), and the characters XML 1.0 cannot carry
  /// at all (other C0 controls, U+FFFE, U+FFFF) become U+FFFD, so any layer name or text
  /// gives a well-formed document.
  public var xmlEscaped: String {
    // Most values (numbers, path data, ids) need nothing: returned as they are. 0xEF starts
    // U+FFFE and U+FFFF (and other characters, which take the long way too).
    let plain = utf8.allSatisfy { byte in
      byte >= 0x20 && byte != 0x26 && byte != 0x3C && byte != 0x3E && byte != 0x22 && byte != 0x27 && byte != 0xEF
    }
    if plain { return self }
    var out = ""
    out.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\t": out += "&#9;"
      case "\n": out += "&#10;"
      case "\r": out += "&#13;"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
