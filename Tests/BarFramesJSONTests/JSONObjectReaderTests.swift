import Testing

@testable import BarFramesJSON

/// The one strict reader of styles, scenes and timing probes.
@Suite struct JSONObjectReaderTests {
  static func reader(_ text: String, path: JSONPath = JSONPath()) throws -> JSONObjectReader {
    try JSONObjectReader(try JSONValue(parsing: text), file: "f.json", path: path)
  }

  /// A whole number is converted with Int(exactly:): 2^63, which equals Double(Int.max), is out
  /// of range with a message, never a trap in Int(_:).
  @Test(arguments: ["9223372036854775808", "1e19", "1e400", "-1e19", "2.5", "\"3\""])
  func anIntegerOutsideIntIsRefusedByKey(number: String) throws {
    var reader = try Self.reader(#"{"n": \#(number)}"#)
    #expect {
      try reader.integer("n", default: 0, Int.min...Int.max)
    } throws: { error in
      (error as? InputError)?.description.hasPrefix(
        "f.json: n: expected a whole number from \(Int.min) to \(Int.max), got ") == true
    }
    var exact = try Self.reader(#"{"n": 9007199254740992}"#)
    #expect(try exact.integer("n", default: 0, Int.min...Int.max) == 9_007_199_254_740_992)
  }

  @Test func arrayElementsCarryTheirPaths() throws {
    var reader = try Self.reader(#"{"times": [0, 1e999]}"#, path: JSONPath([.key("probes"), .index(2)]))
    let items = try #require(try reader.array("times"))
    #expect(items.map(\.path.description) == ["probes[2].times[0]", "probes[2].times[1]"])
    #expect(try JSONObjectReader.checkNumber(items[0].value, .any, file: "f.json", path: items[0].path) == 0)
    let error = try #require(throws: InputError.self) {
      try JSONObjectReader.checkNumber(items[1].value, .any, file: "f.json", path: items[1].path)
    }
    #expect(error.description == "f.json: probes[2].times[1]: expected a number, got a number too large to represent")
    #expect(try reader.array("absent") == nil)
    var notArray = try Self.reader(#"{"times": 3}"#)
    let typeError = try #require(throws: InputError.self) { try notArray.array("times") }
    #expect(typeError.description == "f.json: times: expected an array, got 3")
  }

  @Test(arguments: [
    (#"{}"#, #"f.json: version: missing; add "version": 1"#),
    (#"{"version": 1e400}"#, "f.json: version: expected a whole number, got a number too large to represent"),
    (
      #"{"version": 2}"#,
      "f.json: version: this version of BarFrames reads version 1 files, not version 2; the highest supported version is 1"
    ),
  ])
  func theVersionIsCheckedOnce(text: String, expected: String) throws {
    var reader = try Self.reader(text)
    let error = try #require(throws: InputError.self) { try reader.checkVersion(supported: 1) }
    #expect(error.description == expected)
  }

  enum Fill: String, CaseIterable { case removed, forwards }

  @Test func anOptionalChoiceIsNilWhenAbsentAndNamesTheChoicesWhenWrong() throws {
    var reader = try Self.reader(#"{"a": "forwards", "b": "sideways"}"#)
    #expect(try reader.optionalChoice("a") as Fill? == .forwards)
    #expect(try reader.optionalChoice("c") as Fill? == nil)
    let error = try #require(throws: InputError.self) { try reader.optionalChoice("b") as Fill? }
    #expect(error.description == #"f.json: b: expected one of "removed", "forwards", got "sideways""#)
  }

  @Test func anOwnerReplacesTheValidateHintForLongKeyLists() throws {
    let keys = (1...12).map { "parameterNumber\($0)" }
    let reader = try Self.reader(#"{"zzz": 1}"#)
    let owned = try #require(throws: InputError.self) {
      try reader.rejectUnknownKeys(accepting: keys, of: "a basic animation")
    }
    #expect(owned.message == #"unknown key "zzz"; none of the 12 keys of a basic animation is close"#)
    let plain = try #require(throws: InputError.self) { try reader.rejectUnknownKeys(accepting: keys) }
    #expect(
      plain.message
        == #"unknown key "zzz"; none of the 12 valid keys is close (barframes validate --explain lists them)"#)
    #expect(
      KeySuggestion.unknownKeyMessage("zzz", accepted: [], of: "a pause event")
        == #"unknown key "zzz"; a pause event takes no keys"#)
  }
}
