import BarFramesJSON
import Foundation
import Testing

@testable import BarFrames

/// Scene errors name the scene file and the key, and never echo control characters (issue 15).
@Suite("Scene messages: file, key, escaped input")
struct SceneMessagesTests {
  static func error(_ text: String, directory: String = "/") throws -> InputError {
    let json = try JSONValue(parsing: text)
    return try #require(throws: InputError.self) {
      _ = try Scene(json: json, file: "Examples/x.json", directory: directory, name: "x")
    }
  }

  @Test func anEmptyStylePathNamesTheSceneAndKey() throws {
    let error = try Self.error(#"{"version": 1, "style": "", "duration": 1}"#)
    #expect(error.description == "Examples/x.json: style: is empty; give a style file path or an inline style object")
  }

  @Test func aStyleThatIsAFolderNamesTheSceneAndKey() throws {
    let error = try Self.error(#"{"version": 1, "style": "..", "duration": 1}"#, directory: NSTemporaryDirectory())
    #expect(error.description == #"Examples/x.json: style: the style file ".." is a directory, not a regular file"#)
  }

  @Test func controlCharactersInKeysAndValuesAreEscaped() throws {
    let key = try Self.error(
      #"{"version": 1, "style": {"version": 1, "design": "bent-line"}, "duration": 1, "\u001b[2J\n": 1}"#)
    #expect(key.description.hasPrefix(#"Examples/x.json: unknown key "\u{1B}[2J\n"; "#), "\(key)")
    let value = try Self.error(
      #"{"version": 1, "style": {"version": 1, "design": "bent-line"}, "duration": "\u009b31m"}"#)
    #expect(value.description == #"Examples/x.json: duration: expected a positive number, got "\u{9B}31m""#)
    for error in [key, value] {
      #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
  }
}
