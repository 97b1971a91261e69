import BarFramesGraphics
import BarFramesJSON

// Colours and points are BarFramesGraphics types, which BarFramesJSON does not know: the
// reader's members for them live with the styles that use them.
extension JSONObjectReader {
  /// A colour (`#RRGGBB`, `#RRGGBBAA` or a UIKit name), with a default.
  public mutating func color(_ key: String, default defaultValue: Color) throws(InputError) -> Color {
    guard let v = value(key) else { return defaultValue }
    guard case .string(let s) = v else { throw error(key, ColorParseError(text: v.summary).description) }
    do {
      return try Color(parsing: s)
    } catch {
      throw self.error(key, error.description)
    }
  }

  /// A point `[x, y]`, with a default.
  public mutating func point(_ key: String, default defaultValue: Point) throws(InputError) -> Point {
    guard let (x, y) = try pair(key, .any) else { return defaultValue }
    return Point(x: x, y: y)
  }
}
