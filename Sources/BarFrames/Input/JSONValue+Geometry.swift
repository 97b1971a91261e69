import BarFramesGraphics
import BarFramesJSON

extension JSONValue {
  /// `[x, y, w, h]`.
  static func rect(_ r: Rect) -> JSONValue { .array([r.minX, r.minY, r.width, r.height].map(JSONValue.number)) }
  /// `[x, y]`.
  static func point(_ p: Point) -> JSONValue { .array([.number(p.x), .number(p.y)]) }
}
