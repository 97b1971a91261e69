import BarFramesJSON
import Testing

@Suite struct JSONValueTests {
  @Test func parsesAndWritesBack() throws {
    let text = #"{"a": [1, 2.5, -3e2], "b": {"c": "x\"y\u00e9"}, "d": [true, false, null], "e": []}"#
    let value = try JSONValue(parsing: text)
    #expect(value["a"] == .array([.number(1), .number(2.5), .number(-300)]))
    #expect(value["b"]?["c"] == .string("x\"yé"))
    #expect(try JSONValue(parsing: value.serialized(pretty: true)) == value)
    #expect(try JSONValue(parsing: value.serialized(pretty: false)) == value)
  }

  @Test(
    "Strings are written as RFC 8259 literals: quote, backslash and control characters escaped, the rest as is",
    arguments: [
      ("frames/seek-bar-000@2x.png", #""frames/seek-bar-000@2x.png""#),
      ("é · 🙂 \u{7F}", "\"é · 🙂 \u{7F}\""),
      ("say \"hi\"", #""say \"hi\"""#),
      ("a\\b", #""a\\b""#),
      ("1\n2\r3\t4", #""1\n2\r3\t4""#),
      ("\u{01}\u{1F} é", #""\u0001\u001f é""#),
      ("", "\"\""),
    ])
  func quotesStrings(string: String, literal: String) throws {
    #expect(JSONValue.quote(string) == literal)
    // Values and keys alike, and the literal reads back as the string.
    #expect(JSONValue(sortedObject: [string: .string(string)]).serialized(pretty: false) == "{\(literal):\(literal)}")
    #expect(try JSONValue(parsing: "[\(literal)]") == .array([.string(string)]))
  }

  @Test(arguments: [
    ("{\"a\": 1, \"a\": 2}", "line 1, column 10: duplicate key \"a\""),
    ("{\"a\": 01}", "line 1, column 7: invalid number (leading zero)"),
    ("{\"a\": 1,}", "line 1, column 9: expected a quoted key"),
    ("", "line 1, column 1: the file is empty; expected a JSON object"),
    ("{} x", "line 1, column 4: unexpected text after the end of the JSON value"),
    ("{\"a\": \"\n\"}", "line 1, column 8: control character in a string"),
    ("[1, 2", "line 1, column 6: unexpected end of file; an array is not closed"),
    // Found by fuzz-json: the character a message quotes is escaped, never echoed raw to the
    // terminal (ESC starts an escape sequence), and a multi-byte character is shown whole.
    ("{\"a\": \u{1B}[31m}", "line 1, column 7: unexpected character '\\u{1B}'; expected a JSON value"),
    ("[\u{1D}]", "line 1, column 2: unexpected character '\\u{1D}'; expected a JSON value"),
    ("[é]", "line 1, column 2: unexpected character 'é'; expected a JSON value"),
    ("[\"\\\u{1B}\"]", "line 1, column 4: invalid escape '\\u{1B}' after a backslash"),
    // Keys too: a raw DEL, or an escaped ESC, in a key quoted by a message.
    ("{\"\u{7F}a\" 1}", "line 1, column 7: expected ':' after the key \"\\u{7F}a\""),
    ("{\"\\u001b\": 1, \"\\u001b\": 2}", "line 1, column 15: duplicate key \"\\u{1B}\""),
  ])
  func syntaxErrorsGiveLineAndColumn(text: String, expected: String) {
    #expect {
      try JSONValue(parsing: text)
    } throws: { error in
      "\(error)" == expected
    }
  }

  @Test func keysSortAndFullPrecisionOnRequest() throws {
    let value = JSONValue.object([.init("b", .number(0.1 + 0.2)), .init("a", .number(1))])
    #expect(value.serialized(pretty: false) == #"{"b":0.3,"a":1}"#)
    #expect(value.serialized(pretty: false, sortedKeys: true, decimals: nil) == #"{"a":1,"b":0.30000000000000004}"#)
    #expect(
      JSONValue(sortedObject: ["z": .null, "y": .bool(true)]).serialized(pretty: false) == #"{"y":true,"z":null}"#)
  }

  @Test func numbersPrintCompactly() {
    #expect(
      JSONValue.array([.number(86), .number(0.1), .number(-0.0), .number(86.714285714285714)]).serialized(pretty: false)
        == "[86,0.1,0,86.714285714]")
  }
}
