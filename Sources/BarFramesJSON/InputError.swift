/// An invalid input file: the file, the key path inside it and what was expected.
///
/// Its description is the single line the command line prints, e.g.
/// `Styles/x.json: lineWidth: expected a positive number, got -5`.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file as the user named it (or `<inline>` for values that came from elsewhere).
  public var file: String
  /// Where in the file: `events[3].args.value`; empty for the file as a whole.
  public var keyPath: String
  /// What is wrong and, where it helps, what would be right.
  public var message: String

  public init(file: String, keyPath: String, message: String) {
    self.file = file
    self.keyPath = keyPath
    self.message = message
  }

  public var description: String {
    keyPath.isEmpty ? "\(file): \(message)" : "\(file): \(keyPath): \(message)"
  }
}
