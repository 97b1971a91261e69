import BarFramesGraphics

/// One parameter of a design's style, declared once: its key in style files, the property it
/// sets, its type and range, its unit and a one-sentence description. Its default is the
/// property's value in `Style()`.
///
/// The style reader, the accepted keys of "unknown key" errors, the JSON Schema
/// (``SchemaGenerator``) and the parameter tables (``ParameterDocumentation``) all come from these
/// declarations, so they cannot disagree.
///
/// ```swift
/// static let parameters: [StyleParameter<RingStyle>] = [
///   .number("lineWidth", \.lineWidth, .positive, unit: .points, "The ring's width."),
///   .integer("segments", \.segments, 1...60, "How many arcs the track is cut into."),
///   .number("duration", \.duration, .positive(atMost: 60), unit: .seconds, "How long a change animates."),
///   .color("strokeColor", \.strokeColor, "The ring's colour."),
/// ]
/// ```
///
/// `Style` is a design's ``DesignStyle``, or ``Canvas`` for the `size` and `background` every
/// style has (``Canvas/parameters``).
public struct StyleParameter<Style: Sendable>: Sendable {
  /// The key in style files.
  public let key: String
  /// What the key accepts, as the JSON Schema publishes it.
  public let type: ParameterType
  /// The unit of a number or of a point's coordinates.
  public let unit: ParameterUnit?
  /// One sentence for the schema's `description` and the documentation's tables.
  public let summary: String
  private let readValue: @Sendable (inout JSONObjectReader, inout Style, _ directory: String) throws(InputError) -> Void
  private let defaultJSON: @Sendable (Style) -> JSONValue?

  /// A parameter of any type, read by `read`.
  ///
  /// - Parameters:
  ///   - key: The key in style files.
  ///   - keyPath: The property it sets.
  ///   - type: What the key accepts, for the schema and the documentation.
  ///   - unit: The unit of the value, if it has one.
  ///   - summary: One sentence describing the parameter.
  ///   - json: The value as JSON, to publish the default; nil when there is none to show.
  ///   - read: Reads the value of `key` (the default when absent), marking it as read. It gets
  ///     the reader, the key, the default and the style file's folder.
  public init<Value>(
    _ key: String, _ keyPath: WritableKeyPath<Style, Value> & Sendable, type: ParameterType, unit: ParameterUnit? = nil,
    _ summary: String,
    json: @escaping @Sendable (Value) -> JSONValue?,
    read:
      @escaping @Sendable (inout JSONObjectReader, _ key: String, _ default: Value, _ directory: String)
      throws(InputError) -> Value
  ) {
    self.key = key
    self.type = type
    self.unit = unit
    self.summary = summary
    self.readValue = { (reader: inout JSONObjectReader, style: inout Style, directory: String) throws(InputError) in
      style[keyPath: keyPath] = try read(&reader, key, style[keyPath: keyPath], directory)
    }
    self.defaultJSON = { style in json(style[keyPath: keyPath]) }
  }

  /// The value in `style`, as a style file would write it; nil when there is none to show.
  public func value(in style: Style) -> JSONValue? { defaultJSON(style) }

  /// Reads the parameter into `style` (which holds the default), marking its key as read.
  func read(from reader: inout JSONObjectReader, into style: inout Style, directory: String) throws(InputError) {
    try readValue(&reader, &style, directory)
  }
}

extension StyleParameter where Style: DesignStyle {
  /// The default, as a style file would write it; nil when the parameter has none to show.
  public var defaultValue: JSONValue? { value(in: Style()) }
}

extension StyleParameter {
  /// A number within `bounds`.
  public static func number(
    _ key: String, _ keyPath: WritableKeyPath<Style, Double> & Sendable, _ bounds: NumberBounds = .any,
    unit: ParameterUnit? = nil, _ summary: String
  ) -> StyleParameter {
    StyleParameter(key, keyPath, type: .number(bounds), unit: unit, summary, json: { .number($0) }) {
      reader, key, value, _ throws(InputError) in
      guard let json = reader.value(key) else { return value }
      return try bounds.check(json, key: key, unit: unit, in: reader)
    }
  }

  /// A whole number within `range`: `2` or `2.0`, never `2.5`.
  public static func integer(
    _ key: String, _ keyPath: WritableKeyPath<Style, Int> & Sendable, _ range: ClosedRange<Int>,
    unit: ParameterUnit? = nil, _ summary: String
  ) -> StyleParameter {
    StyleParameter(key, keyPath, type: .integer(range), unit: unit, summary, json: { .number(Double($0)) }) {
      reader, key, value, _ throws(InputError) in
      try reader.integer(key, default: value, range)
    }
  }

  /// A point `[x, y]`, each coordinate within `bounds`.
  public static func point(
    _ key: String, _ keyPath: WritableKeyPath<Style, Point> & Sendable, _ bounds: NumberBounds = .any,
    unit: ParameterUnit? = nil, _ summary: String
  ) -> StyleParameter {
    StyleParameter(key, keyPath, type: .point(bounds), unit: unit, summary, json: { .point($0) }) {
      reader, key, value, _ throws(InputError) in
      guard let (x, y) = try reader.pair(key, bounds.rule) else { return value }
      return Point(
        try bounds.checkRest(x, key: "\(key)[0]", unit: unit, in: reader),
        try bounds.checkRest(y, key: "\(key)[1]", unit: unit, in: reader))
    }
  }

  /// A colour: `#RRGGBB`, `#RRGGBBAA` or a UIKit name.
  public static func color(
    _ key: String, _ keyPath: WritableKeyPath<Style, Color> & Sendable, _ summary: String
  ) -> StyleParameter {
    StyleParameter(key, keyPath, type: .color, summary, json: { .string($0.hexString) }) {
      reader, key, value, _ throws(InputError) in
      try reader.color(key, default: value)
    }
  }

  /// `true` or `false`.
  public static func bool(
    _ key: String, _ keyPath: WritableKeyPath<Style, Bool> & Sendable, _ summary: String
  ) -> StyleParameter {
    StyleParameter(key, keyPath, type: .bool, summary, json: { .bool($0) }) {
      reader, key, value, _ throws(InputError) in
      try reader.bool(key, default: value)
    }
  }

  /// One of the raw values of `Choice`.
  public static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ key: String, _ keyPath: WritableKeyPath<Style, Choice> & Sendable, _ summary: String
  ) -> StyleParameter where Choice.RawValue == String {
    StyleParameter(
      key, keyPath, type: .choice(Choice.allCases.map(\.rawValue)), summary, json: { .string($0.rawValue) }
    ) {
      reader, key, value, _ throws(InputError) in
      try reader.choice(key, default: value)
    }
  }
}

/// The unit of a number parameter, for the schema and the documentation (and range errors:
/// "expected at most 60 seconds").
public struct ParameterUnit: Hashable, Sendable {
  /// As tables show it: `pt`.
  public var symbol: String
  /// As sentences say it: `points`.
  public var name: String

  public init(symbol: String, name: String) {
    self.symbol = symbol
    self.name = name
  }

  /// Points of the canvas.
  public static let points = ParameterUnit(symbol: "pt", name: "points")
  /// Seconds.
  public static let seconds = ParameterUnit(symbol: "s", name: "seconds")
  /// Radians.
  public static let radians = ParameterUnit(symbol: "rad", name: "radians")
}

/// The values a number accepts: optional lower (inclusive or strict) and upper bounds.
public struct NumberBounds: Hashable, Sendable {
  /// The smallest value accepted.
  public var minimum: Double?
  /// Every value accepted is greater than this.
  public var exclusiveMinimum: Double?
  /// The largest value accepted.
  public var maximum: Double?

  public init(minimum: Double? = nil, exclusiveMinimum: Double? = nil, maximum: Double? = nil) {
    self.minimum = minimum
    self.exclusiveMinimum = exclusiveMinimum
    self.maximum = maximum
  }

  /// Any finite number.
  public static let any = NumberBounds()
  /// Greater than 0.
  public static let positive = NumberBounds(exclusiveMinimum: 0)
  /// 0 or more.
  public static let nonNegative = NumberBounds(minimum: 0)
  /// Greater than 0 and at most `maximum`.
  public static func positive(atMost maximum: Double) -> NumberBounds {
    NumberBounds(exclusiveMinimum: 0, maximum: maximum)
  }
  /// Within `range`, both ends included.
  public static func range(_ range: ClosedRange<Double>) -> NumberBounds {
    NumberBounds(minimum: range.lowerBound, maximum: range.upperBound)
  }

  /// The reader's rule for these bounds; ``checkRest(_:key:unit:in:)`` checks what it leaves.
  var rule: JSONObjectReader.NumberRule {
    switch (minimum, exclusiveMinimum, maximum) {
    case (let low?, nil, let high?): .range(low...high)
    case (nil, 0, _): .positive
    case (0, nil, _): .nonNegative
    default: .any
    }
  }

  /// Checks a JSON value as a number within the bounds; `key` names it in errors.
  func check(
    _ json: JSONValue, key: String, unit: ParameterUnit?, in reader: JSONObjectReader
  ) throws(InputError) -> Double {
    try checkRest(try reader.checkNumber(json, rule, key: key), key: key, unit: unit, in: reader)
  }

  /// Checks the bounds ``rule`` does not express, on a number that passed it.
  func checkRest(
    _ v: Double, key: String, unit: ParameterUnit?, in reader: JSONObjectReader
  ) throws(InputError) -> Double {
    let units = unit.map { " \($0.name)" } ?? ""
    if case .range = rule { return v }
    if let minimum, minimum != 0 || exclusiveMinimum != nil, v < minimum {
      throw reader.error(key, "expected at least \(minimum.compactJSON)\(units), got \(v.compactJSON)")
    }
    if let exclusiveMinimum, exclusiveMinimum != 0 || minimum != nil, v <= exclusiveMinimum {
      throw reader.error(key, "expected more than \(exclusiveMinimum.compactJSON)\(units), got \(v.compactJSON)")
    }
    if let maximum, v > maximum {
      throw reader.error(key, "expected at most \(maximum.compactJSON)\(units), got \(v.compactJSON)")
    }
    return v
  }
}
