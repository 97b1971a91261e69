/// An sRGB colour with straight (non-premultiplied) components in 0…1.
///
/// Colours are written in style files as `#RRGGBB`, `#RRGGBBAA` or a UIKit colour name
/// (`white`, `lightGray`, …); see ``init(parsing:)``.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from 8-bit components, as `UIColor(red: r/255, …)` in the original sources.
  public init(red8 r: Int, green8 g: Int, blue8 b: Int, alpha: Double = 1) {
    self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: alpha)
  }

  /// The same colour with another alpha (`UIColor.withAlphaComponent`).
  public func withAlpha(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  // MARK: UIKit named colours (UIColor's documented component values)

  public static let white = Color(red: 1, green: 1, blue: 1)
  public static let black = Color(red: 0, green: 0, blue: 0)
  public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
  public static let lightGray = Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3)
  public static let darkGray = Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3)
  public static let green = Color(red: 0, green: 1, blue: 0)
  public static let red = Color(red: 1, green: 0, blue: 0)
  public static let blue = Color(red: 0, green: 0, blue: 1)
  public static let orange = Color(red: 1, green: 0.5, blue: 0)
  public static let yellow = Color(red: 1, green: 1, blue: 0)
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

  /// The names ``init(parsing:)`` accepts, with their colours.
  public static let named: [(name: String, color: Color)] = [
    ("white", .white), ("black", .black), ("gray", .gray), ("lightGray", .lightGray),
    ("darkGray", .darkGray), ("green", .green), ("red", .red), ("blue", .blue),
    ("orange", .orange), ("yellow", .yellow), ("clear", .clear),
  ]

  /// Parses `#RRGGBB`, `#RRGGBBAA` (hex digits, either case) or a UIKit colour name.
  ///
  /// - Throws: ``ColorParseError`` naming the offending text and the accepted forms.
  public init(parsing text: String) throws(ColorParseError) {
    if let entry = Color.named.first(where: { $0.name == text }) {
      self = entry.color
      return
    }
    guard text.hasPrefix("#") else { throw ColorParseError(text: text) }
    let digits = Array(text.utf8.dropFirst())
    guard digits.count == 6 || digits.count == 8 else { throw ColorParseError(text: text) }
    var bytes: [Int] = []
    var index = 0
    while index < digits.count {
      guard let high = Color.hexValue(digits[index]), let low = Color.hexValue(digits[index + 1]) else {
        throw ColorParseError(text: text)
      }
      bytes.append(high * 16 + low)
      index += 2
    }
    self.init(
      red: Double(bytes[0]) / 255, green: Double(bytes[1]) / 255, blue: Double(bytes[2]) / 255,
      alpha: bytes.count == 4 ? Double(bytes[3]) / 255 : 1)
  }

  private static func hexValue(_ c: UInt8) -> Int? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(c - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(c - UInt8(ascii: "A")) + 10
    default: nil
    }
  }

  /// The 8-bit components, each rounded to the nearest of 0…255.
  public var rgba8: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
    return (byte(red), byte(green), byte(blue), byte(alpha))
  }

  /// `#RRGGBBAA`, upper-case, the form `inspect` prints.
  public var hexString: String {
    let c = rgba8
    return "#"
      + [c.red, c.green, c.blue, c.alpha].map { byte in
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
      }.joined()
  }

  /// Component-wise interpolation in straight RGBA, as Core Animation interpolates colours.
  public func interpolated(to other: Color, fraction t: Double) -> Color {
    Color(
      red: red + (other.red - red) * t, green: green + (other.green - green) * t,
      blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
  }

  public var description: String { hexString }
}

/// A colour string that is neither `#RRGGBB`, `#RRGGBBAA` nor a known UIKit name.
public struct ColorParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text that could not be parsed.
  public var text: String

  public init(text: String) {
    self.text = text
  }

  /// What a colour must be: `a colour as #RRGGBB, #RRGGBBAA or one of white, black, …`. The
  /// input readers add what they got, escaped, so a file's text never reaches the terminal raw.
  public static let expectation =
    "a colour as #RRGGBB, #RRGGBBAA or one of " + Color.named.map(\.name).joined(separator: ", ")

  public var description: String { "expected \(Self.expectation); got \"\(text)\"" }
}
