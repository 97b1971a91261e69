import BarFramesJSON

/// The properties every target shares.
public enum FuzzProperties {
  /// An error message is one line, names a file first, and quotes input only escaped: no
  /// control character, line separator or bidirectional override reaches the terminal.
  /// - Parameters:
  ///   - message: The error's description.
  ///   - file: The file the error says it is about (its `file` field).
  ///   - accepted: Whether `file` is one the input may be blamed on (the file read, or one it
  ///     references).
  public static func checkMessage(_ message: String, file: String, accepted: Bool) throws(FuzzFailure) {
    guard accepted else { throw FuzzFailure("an error names the file it is about", "\(file) in: \(message)") }
    guard !file.isEmpty, message.hasPrefix(file + ": ") else {
      throw FuzzFailure("an error starts with its file", message)
    }
    if let scalar = message.unicodeScalars.first(where: InputText.needsEscape) {
      throw FuzzFailure(
        "an error quotes input escaped",
        "U+\(String(scalar.value, radix: 16, uppercase: true)) in \(InputText.quoted(message, limit: 200))")
    }
  }

  /// Every number is finite.
  public static func checkFinite(_ numbers: [Double], _ what: @autoclosure () -> String) throws(FuzzFailure) {
    if let bad = numbers.first(where: { !$0.isFinite }) {
      throw FuzzFailure("every number is finite", "\(what()) is \(bad)")
    }
  }
}
