import BarFramesJSON
import Testing

@testable import BarFramesExport

/// A manifest's paths are read back only where they name a file inside the output folder.
@Suite struct ManifestPathTests {
  @Test(arguments: ["seek-bar/seek-bar-000@2x.png", "a..b/c", "...", ".hidden/x", "é/ü.png", "a"])
  func aPathInsideTheFolderIsAccepted(path: String) {
    #expect(JSONObjectReader.isInsideFolder(path))
  }

  @Test(arguments: [
    "", "/etc/passwd", "a//b", "a/", "./a", "a/./b", "../a", "a/../b", "a/..", "a\u{01}b", "a\u{7F}", "\n",
  ])
  func aPathThatCouldLeaveTheFolderOrHidesAControlCharacterIsRefused(path: String) {
    #expect(!JSONObjectReader.isInsideFolder(path))
  }
}
