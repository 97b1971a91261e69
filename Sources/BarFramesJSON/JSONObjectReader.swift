/// Reads one JSON object strictly: every key it does not ask for is an error, and every value
/// is checked for type, finiteness and range, with errors that name the file and key path.
///
/// ```swift
/// var reader = try JSONObjectReader(json, file: "Styles/x.json")
/// let width = try reader.number("lineWidth", default: 5, .positive)
/// try reader.finish()  // "Styles/x.json: unknown key \"colour\"; did you mean \"color\"?"
/// ```
public struct JSONObjectReader {
  /// The file named in errors.
  public let file: String
  /// Where this object sits in the file.
  public let path: JSONPath
  private let members: [JSONValue.Member]
  private var used: Set<String> = []
  /// Every key asked for, present or not, in the order first asked: the keys this object
  /// accepts once it has been read (tests check declared key lists against it).
  package private(set) var consultedKeys: [String] = []

  /// Wraps `value`, which must be an object.
  public init(_ value: JSONValue, file: String, path: JSONPath = JSONPath()) throws(InputError) {
    guard case .object(let members) = value else {
      throw InputError(file: file, keyPath: path.description, message: "expected an object, got \(value.summary)")
    }
    self.file = file
    self.path = path
    self.members = members
  }

  /// An error about `key` (or the object itself when nil).
  public func error(_ key: String?, _ message: String) -> InputError {
    InputError(file: file, keyPath: (key.map { path.appending($0) } ?? path).description, message: message)
  }

  /// The keys present in the object, in file order.
  public var keys: [String] { members.map(\.key) }

  /// Whether the object has `key`.
  public mutating func contains(_ key: String) -> Bool {
    consult(key)
    return members.contains { $0.key == key }
  }

  /// The raw value of `key`, marking it as read; nil when absent.
  public mutating func value(_ key: String) -> JSONValue? {
    consult(key)
    guard let member = members.first(where: { $0.key == key }) else { return nil }
    used.insert(key)
    return member.value
  }

  private mutating func consult(_ key: String) {
    if !consultedKeys.contains(key) { consultedKeys.append(key) }
  }

  /// Fails on the first key outside `accepted`, naming it and the nearest accepted key.
  ///
  /// Called before any value is read, so a misspelt key is reported as unknown rather than as
  /// the key it was meant to be being missing (`"lineWidht"` is not "lineWidth: missing").
  ///
  /// `owner` names what takes `accepted` when the object's kind depends on a value in it
  /// ("a basic animation"); the message then names it instead of listing many keys.
  public func rejectUnknownKeys(accepting accepted: [String], of owner: String? = nil) throws(InputError) {
    for member in members where !accepted.contains(member.key) {
      throw error(nil, KeySuggestion.unknownKeyMessage(member.key, accepted: accepted, of: owner))
    }
  }

  /// Reads `version`, which must be present, a whole number and `supported`.
  public mutating func checkVersion(supported: Int) throws(InputError) {
    try checkVersion(supported: supported...supported)
  }

  /// Reads `version`, which must be present, a whole number and in `supported` (older formats
  /// still read); returns it.
  @discardableResult
  public mutating func checkVersion(supported: ClosedRange<Int>) throws(InputError) -> Int {
    guard let value = value("version") else {
      throw error("version", "missing; add \"version\": \(supported.upperBound)")
    }
    // Compared as a Double: a huge or infinite number (1e19, 1e400) must not reach Int(_:),
    // which traps on values outside Int's range.
    guard case .number(let v) = value, v.isFinite, v == v.rounded(), v >= 1 else {
      throw error("version", "expected a whole number, got \(value.summary)")
    }
    guard v <= Double(supported.upperBound), v >= Double(supported.lowerBound) else {
      let read =
        supported.count == 1 ? "\(supported.upperBound)" : "\(supported.lowerBound) to \(supported.upperBound)"
      throw error(
        "version",
        "this version of BarFrames reads version \(read) files, not version \(v.compactJSON); the highest supported version is \(supported.upperBound)")
    }
    return Int(v)
  }

  /// Fails on the first key that nothing asked for, naming it and the nearest accepted key
  /// (`accepted`, or the keys asked for).
  public func finish(accepted: [String]? = nil) throws(InputError) {
    for member in members where !used.contains(member.key) {
      throw error(nil, KeySuggestion.unknownKeyMessage(member.key, accepted: accepted ?? consultedKeys))
    }
  }

  // MARK: Numbers

  /// A rule a number must follow.
  public enum NumberRule: Sendable {
    case any, positive, nonNegative
    case range(ClosedRange<Double>)

    func accepts(_ v: Double) -> Bool {
      switch self {
      case .any: true
      case .positive: v > 0
      case .nonNegative: v >= 0
      case .range(let r): r.contains(v)
      }
    }

    var expectation: String {
      switch self {
      case .any: "a number"
      case .positive: "a positive number"
      case .nonNegative: "a number ≥ 0"
      case .range(let r): "a number from \(r.lowerBound.compactJSON) to \(r.upperBound.compactJSON)"
      }
    }
  }

  /// Checks a JSON value as a number under `rule`; `key` only names it in errors.
  public func checkNumber(_ value: JSONValue, _ rule: NumberRule, key: String) throws(InputError) -> Double {
    try Self.checkNumber(value, rule, file: file, path: path.appending(key))
  }

  /// Checks a JSON value found at `path` in `file` as a number under `rule`: an array's
  /// element, say, which has a path but no key.
  public static func checkNumber(
    _ value: JSONValue, _ rule: NumberRule, file: String, path: JSONPath
  ) throws(InputError) -> Double {
    func error(_ message: String) -> InputError { InputError(file: file, keyPath: path.description, message: message) }
    guard case .number(let v) = value else { throw error("expected \(rule.expectation), got \(value.summary)") }
    guard v.isFinite else { throw error("expected \(rule.expectation), got a number too large to represent") }
    guard rule.accepts(v) else { throw error("expected \(rule.expectation), got \(v.compactJSON)") }
    return v
  }

  /// A required number.
  public mutating func number(_ key: String, _ rule: NumberRule = .any) throws(InputError) -> Double {
    guard let v = value(key) else { throw error(key, "missing; expected \(rule.expectation)") }
    return try checkNumber(v, rule, key: key)
  }

  /// A number with a default.
  public mutating func number(
    _ key: String, default defaultValue: Double, _ rule: NumberRule = .any
  ) throws(InputError) -> Double {
    guard let v = value(key) else { return defaultValue }
    return try checkNumber(v, rule, key: key)
  }

  /// An optional number.
  public mutating func optionalNumber(_ key: String, _ rule: NumberRule = .any) throws(InputError) -> Double? {
    guard let v = value(key) else { return nil }
    return try checkNumber(v, rule, key: key)
  }

  /// A whole number in `range`, with a default.
  public mutating func integer(
    _ key: String, default defaultValue: Int, _ range: ClosedRange<Int>
  ) throws(InputError) -> Int {
    guard let v = value(key) else { return defaultValue }
    let expectation = "a whole number from \(range.lowerBound) to \(range.upperBound)"
    // Int(exactly:) rather than Int(_:): Double(Int.max) is 2^63, which Int(_:) traps on.
    guard case .number(let n) = v, let whole = Int(exactly: n), range.contains(whole) else {
      throw error(key, "expected \(expectation), got \(v.summary)")
    }
    return whole
  }

  // MARK: Other scalars

  /// A Boolean with a default.
  public mutating func bool(_ key: String, default defaultValue: Bool) throws(InputError) -> Bool {
    guard let v = value(key) else { return defaultValue }
    guard case .bool(let b) = v else { throw error(key, "expected true or false, got \(v.summary)") }
    return b
  }

  /// A required string.
  public mutating func string(_ key: String) throws(InputError) -> String {
    guard let v = value(key) else { throw error(key, "missing; expected a string") }
    guard case .string(let s) = v else { throw error(key, "expected a string, got \(v.summary)") }
    return s
  }

  /// An optional string.
  public mutating func optionalString(_ key: String) throws(InputError) -> String? {
    guard let v = value(key) else { return nil }
    guard case .string(let s) = v else { throw error(key, "expected a string, got \(v.summary)") }
    return s
  }

  /// One of the raw values of `T`, with a default.
  public mutating func choice<T: RawRepresentable & CaseIterable>(
    _ key: String, default defaultValue: T
  ) throws(InputError) -> T
  where T.RawValue == String {
    try optionalChoice(key) ?? defaultValue
  }

  /// One of the raw values of `T`, or nil when absent.
  public mutating func optionalChoice<T: RawRepresentable & CaseIterable>(_ key: String) throws(InputError) -> T?
  where T.RawValue == String {
    guard let v = value(key) else { return nil }
    let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    guard case .string(let s) = v, let choice = T(rawValue: s) else {
      throw error(key, "expected one of \(names), got \(v.summary)")
    }
    return choice
  }

  /// A pair of finite numbers `[a, b]` checked by `rule` each.
  public mutating func pair(_ key: String, _ rule: NumberRule) throws(InputError) -> (Double, Double)? {
    guard let v = value(key) else { return nil }
    guard case .array(let items) = v, items.count == 2 else {
      throw error(key, "expected an array of two numbers, got \(v.summary)")
    }
    let a = try checkNumber(items[0], rule, key: "\(key)[0]")
    let b = try checkNumber(items[1], rule, key: "\(key)[1]")
    return (a, b)
  }

  /// The elements of the array `key`, each with its path (`key[i]`), or nil when absent.
  public mutating func array(_ key: String) throws(InputError) -> [(value: JSONValue, path: JSONPath)]? {
    guard let v = value(key) else { return nil }
    guard case .array(let items) = v else { throw error(key, "expected an array, got \(v.summary)") }
    let arrayPath = path.appending(key)
    return items.enumerated().map { (value: $0.element, path: arrayPath.appending(index: $0.offset)) }
  }

  /// A nested object reader for `key`, or nil when absent.
  public mutating func object(_ key: String) throws(InputError) -> JSONObjectReader? {
    guard let v = value(key) else { return nil }
    return try JSONObjectReader(v, file: file, path: path.appending(key))
  }
}
