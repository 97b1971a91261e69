import BarFramesGraphics

extension Canvas {
  /// The parameters every style has besides `version` and `design`, declared once like a
  /// design's (``DesignStyle/parameters``): the reader, the accepted keys, the JSON Schema and the
  /// parameter tables come from here. Their defaults are the design's (``DesignStyle/defaultSize``,
  /// ``DesignStyle/defaultBackground``).
  public static let parameters: [StyleParameter<Canvas>] = [
    StyleParameter(
      "size", \.size, type: .size(.positive(atMost: InputLimits.canvasPoints)), unit: .points,
      "The canvas, [width, height]; the design's demo canvas by default.",
      json: { .array([.number($0.width), .number($0.height)]) }
    ) { reader, key, value, _ throws(InputError) in
      guard let (w, h) = try reader.pair(key, .positive) else { return value }
      let side = InputLimits.canvasPoints
      guard w <= side, h <= side else {
        throw reader.error(
          key,
          "expected at most \(side.compactJSON) × \(side.compactJSON) points, got \(w.compactJSON) × \(h.compactJSON)")
      }
      return Size(w, h)
    },
    StyleParameter(
      "background", \.background, type: .colorOrNone("transparent"),
      "What the frames are drawn over: a colour, or \"transparent\" to keep alpha; the demo's screen by default.",
      json: { .string($0?.hexString ?? "transparent") }
    ) { reader, key, value, _ throws(InputError) in
      guard let json = reader.value(key) else { return value }
      if json == .string("transparent") { return nil }
      guard case .string(let text) = json else {
        throw reader.error(key, "expected \"transparent\" or a colour, got \(json.summary)")
      }
      guard let color = try? Color(parsing: text) else {
        throw reader.error(key, "expected \"transparent\" or \(ColorParseError.expectation); got \(json.summary)")
      }
      return color
    },
  ]

  /// The canvas a style of `D` has when it gives neither `size` nor `background`.
  public static func `default`<D: Design>(of design: D.Type) -> Canvas {
    Canvas(size: D.Style.defaultSize, background: D.Style.defaultBackground)
  }
}
