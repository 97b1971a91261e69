import Testing

@testable import BarFramesExport

/// A manifest's digests are read back only as the writer writes them: 64 lowercase
/// hexadecimal digits.
@Suite struct ManifestDigestTests {
  static let digest = String(repeating: "0123456789abcdef", count: 4)

  @Test func sixtyFourLowercaseHexDigitsAreADigest() {
    #expect(ExportManifest.SceneEntry.isSHA256Hex(Self.digest))
  }

  @Test(arguments: [
    String(Self.digest.dropLast()), Self.digest + "0", Self.digest.uppercased(),
    String(Self.digest.dropLast()) + "g", String(Self.digest.dropLast()) + "é", "",
    String(Self.digest.dropLast(2)) + "٣",
  ])
  func anythingElseIsNot(_ text: String) {
    #expect(!ExportManifest.SceneEntry.isSHA256Hex(text), "\(text)")
  }
}
