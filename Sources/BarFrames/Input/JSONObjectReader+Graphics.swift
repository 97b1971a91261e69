import BarFramesGraphics
import BarFramesJSON

// Colours and points are BarFramesGraphics types, which BarFramesJSON does not know: the
// reader's members for them live with the styles that use them.
extension JSONObjectReader {
  /// A colour (`#RRGGBB`, `#RRGGBBAA` or a UIKit name), with a default.
  public mutating func color(_ key: String, default defaultValue: Color) throws(InputError) -> Color {
    guard let v = value(key) else { return defaultValue }
    guard case .string(let s) = v, let color = try? Color(parsing: s) else {
      throw error(key, "expected \(ColorParseError.expectation); got \(v.summary)")
    }
    return color
  }

  /// A point `[x, y]`, with a default.
  public mutating func point(_ key: String, default defaultValue: Point) throws(InputError) -> Point {
    guard let (x, y) = try pair(key, .any) else { return defaultValue }
    return Point(x: x, y: y)
  }
}
