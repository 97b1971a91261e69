import BarFramesJSON
import Foundation

/// The JSON reader: any bytes give a value or an ``InputError`` naming the file, and a value
/// written out (compact and pretty) reads back as the same value. (A number too large for a
/// Double, `1e999`, parses as infinity for the readers to refuse by key, and is written as
/// `null`; such values are not compared.)
enum JSONFuzzing {
  static let file = "fuzz.json"

  static func check(_ bytes: [UInt8]) throws(FuzzFailure) -> FuzzOutcome {
    let value: JSONValue
    do {
      value = try JSONInput.parse(Data(bytes), file: file)
    } catch {
      try FuzzProperties.checkMessage(error.description, file: error.file, accepted: error.file == file)
      return .refused(error.description)
    }
    guard value.allNumbersAreFinite else { return .accepted }
    for pretty in [false, true] {
      let text = value.serialized(pretty: pretty, sortedKeys: false, decimals: nil)
      let again: JSONValue
      do {
        again = try JSONInput.parse(Data(text.utf8), file: file)
      } catch {
        throw FuzzFailure("a value written out reads back", "\(error) for \(InputText.quoted(text, limit: 200))")
      }
      guard again == value else {
        throw FuzzFailure("a value written out reads back as itself", InputText.quoted(text, limit: 200))
      }
    }
    return .accepted
  }
}

extension JSONValue {
  var allNumbersAreFinite: Bool {
    switch self {
    case .null, .bool, .string: true
    case .number(let n): n.isFinite
    case .array(let items): items.allSatisfy(\.allNumbersAreFinite)
    case .object(let members): members.allSatisfy(\.value.allNumbersAreFinite)
    }
  }
}
