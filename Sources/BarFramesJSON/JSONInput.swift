import Foundation

/// The bytes of an input file (style, scene or timing probe) as JSON, under the same limits
/// and with the same messages whichever reader asks.
public enum JSONInput {
  /// Parses `data`, read from `file`: at most ``InputLimits/fileSize`` bytes of UTF-8 holding
  /// one JSON value (nesting is limited by the parser).
  /// - Throws: ``InputError`` naming `file`; a syntax error gives its line and column.
  public static func parse(_ data: Data, file: String) throws(InputError) -> JSONValue {
    guard data.count <= InputLimits.fileSize else {
      throw InputError(file: file, keyPath: "", message: "is larger than \(InputLimits.fileSize >> 20) MiB (the limit)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw InputError(file: file, keyPath: "", message: "is not UTF-8 text")
    }
    do {
      return try JSONValue(parsing: text)
    } catch {
      throw InputError(file: file, keyPath: "", message: "invalid JSON at \(error.description)")
    }
  }
}
