/// One call of a design's API as scene events name it, declared once: its name, its argument
/// keys and how its arguments become a `Call`. The event reader, the unknown-key suggestions,
/// the JSON Schema's list of calls, error messages and `barframes validate --explain` all come
/// from a design's ``Design/calls``, so they cannot disagree.
///
/// ```swift
/// static let calls: [CallDeclaration<Call>] = [
///   CallDeclaration("setProgress", arguments: ["value"]) { args throws(InputError) in
///     .setProgress(try args.number("value", .range(0...1)))
///   },
///   .plain("reset", .reset),
/// ]
/// ```
public struct CallDeclaration<Call: Sendable>: Sendable {
  /// The name scene events give in `call`.
  public let name: String
  /// The keys the call's `args` may have; any other key is refused, with a suggestion.
  public let argumentKeys: [String]
  private let read: @Sendable (inout JSONObjectReader) throws(InputError) -> Call

  /// A call read by `read`.
  /// - Parameters:
  ///   - name: The name scene events give in `call`.
  ///   - arguments: The keys `read` reads (required or optional).
  ///   - read: Reads the arguments; unread keys are refused after it returns.
  public init(
    _ name: String, arguments: [String] = [],
    read: @escaping @Sendable (inout JSONObjectReader) throws(InputError) -> Call
  ) {
    self.name = name
    self.argumentKeys = arguments
    self.read = read
  }

  /// A call without arguments.
  public static func plain(_ name: String, _ call: Call) -> CallDeclaration {
    CallDeclaration(name) { _ throws(InputError) in call }
  }

  /// Reads the call's arguments.
  func parse(_ args: inout JSONObjectReader) throws(InputError) -> Call {
    try read(&args)
  }
}

extension Design {
  /// The call names scenes may use, in declaration order.
  public static var callNames: [String] { calls.map(\.name) }

  /// The argument keys of each call.
  public static var callArguments: [String: [String]] {
    Dictionary(calls.map { ($0.name, $0.argumentKeys) }, uniquingKeysWith: { first, _ in first })
  }

  /// Parses one call's arguments; nil when `name` is not one of the design's calls.
  public static func parseCall(_ name: String, args: inout JSONObjectReader) throws(InputError) -> Call? {
    guard let declaration = calls.first(where: { $0.name == name }) else { return nil }
    return try declaration.parse(&args)
  }
}
