import BarFramesGraphics
import Testing

@Suite struct ColorTests {
  @Test(arguments: [
    ("#FF0000", Color(red: 1, green: 0, blue: 0, alpha: 1)),
    ("#42ff42", Color(red8: 66, green8: 255, blue8: 66)),
    ("#CCCCCC80", Color(red8: 204, green8: 204, blue8: 204, alpha: 128.0 / 255)),
    ("#00000000", Color.clear),
    ("white", Color(red: 1, green: 1, blue: 1)),
    // UIColor.lightGrayColor is 2/3 grey; grayColor 0.5 (UIColor documentation).
    ("lightGray", Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3)),
    ("gray", Color(red: 0.5, green: 0.5, blue: 0.5)),
    ("green", Color(red: 0, green: 1, blue: 0)),
    ("red", Color(red: 1, green: 0, blue: 0)),
    ("black", Color(red: 0, green: 0, blue: 0)),
    ("clear", Color(red: 0, green: 0, blue: 0, alpha: 0)),
  ])
  func parsesAcceptedForms(text: String, expected: Color) throws {
    #expect(try Color(parsing: text) == expected)
  }

  @Test(arguments: ["#FFF", "#GG0000", "FF0000", "#FF00000", "purple", "", "#", "White", "#FF0000FF00"])
  func rejectsOtherTextNamingIt(text: String) {
    #expect {
      try Color(parsing: text)
    } throws: { error in
      (error as? ColorParseError)?.text == text && "\(error)".contains("\"\(text)\"")
    }
  }

  @Test func hexStringRoundTrips() throws {
    for text in ["#FFFFFF1A", "#42FF42FF", "#00000000", "#8ECEEDFF"] {
      #expect(try Color(parsing: text).hexString == text)
    }
    #expect(Color.white.withAlpha(0.1).hexString == "#FFFFFF1A")  // 0.1 × 255 = 25.5 → 26 = 0x1A
  }

  @Test func interpolatesComponentWise() {
    let mid = Color.black.interpolated(to: Color.white.withAlpha(0), fraction: 0.5)
    #expect(mid == Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5))
  }
}
