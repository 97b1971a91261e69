import BarFramesFuzzing
import BarFramesTestSupport
import Foundation
import Testing

/// The properties the fuzz targets check must be able to fail: each is shown a value that
/// breaks it, and each target a refused input whose message it checks.
@Suite struct FuzzPropertiesTests {
  @Test func aMessageMustNameTheFileItIsAbout() {
    #expect(throws: FuzzFailure.self) {
      try FuzzProperties.checkMessage("other.json: x: bad", file: "other.json", accepted: false)
    }
    #expect(throws: FuzzFailure.self) { try FuzzProperties.checkMessage("x: bad", file: "a.json", accepted: true) }
    #expect(throws: FuzzFailure.self) { try FuzzProperties.checkMessage("bad", file: "", accepted: true) }
    #expect(throws: Never.self) { try FuzzProperties.checkMessage("a.json: x: bad", file: "a.json", accepted: true) }
  }

  @Test(arguments: ["\u{1B}[31m", "\n", "\u{9B}", "\u{2028}", "\u{202E}"])
  func aMessageMustNotCarryRawControlCharacters(text: String) {
    #expect(throws: FuzzFailure.self) {
      try FuzzProperties.checkMessage("a.json: unexpected \(text)", file: "a.json", accepted: true)
    }
  }

  @Test func numbersMustBeFinite() {
    #expect(throws: FuzzFailure.self) { try FuzzProperties.checkFinite([1, .infinity], "x") }
    #expect(throws: FuzzFailure.self) { try FuzzProperties.checkFinite([.nan], "x") }
    #expect(throws: Never.self) { try FuzzProperties.checkFinite([0, -1e308], "x") }
  }

  @Test func eachTargetRefusesTextThatIsNotItsFormatNamingTheFile() throws {
    #expect(
      try FuzzTarget.json.check(Array("[1,".utf8))
        == .refused("fuzz.json: invalid JSON at line 1, column 4: unexpected end of file"))
    guard case .refused(let scene) = try FuzzTarget.scene.check(Array("{}".utf8)) else {
      Issue.record("an empty object was accepted as a scene")
      return
    }
    #expect(
      scene.hasPrefix(FuzzTarget.packageRoot.appendingPathComponent("Examples/fuzz-scene.json").path + ": "), "\(scene)"
    )
    #expect(
      try FuzzTarget.probe.check(Array("{}".utf8)) == .refused("fuzz-probe.json: version: missing; add \"version\": 1"))
    #expect(try FuzzTarget.icon.check(Array("GIF89a".utf8)) == .refused("icon.png: not a PNG image"))
  }

  @Test func theIconTargetRefusesEveryBrokenIconAndAcceptsAWholeOne() throws {
    for icon in PNGFixture.broken {
      #expect(
        try FuzzTarget.icon.check(icon.bytes) == .refused("icon.png: not a readable PNG image: \(icon.reason)"),
        "\(icon)")
    }
    #expect(try FuzzTarget.icon.check(PNGFixture.file(PNGFixture.rgbaChunks(width: 3, height: 2))) == .accepted)
  }
}
