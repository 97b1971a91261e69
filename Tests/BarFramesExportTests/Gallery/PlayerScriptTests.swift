import BarFramesPlayer
import BarFramesTestSupport
import Foundation
import Testing

/// The player's script as the pages embed it, read by an independent JavaScript engine.
@Suite struct PlayerScriptTests {
  static let node = ExternalTools.path("node") ?? ExternalTools.path("nodejs")

  @Test(.enabled(if: node != nil, "node is not installed (apt-get install nodejs)"))
  func nodeFindsNoSyntaxError() throws {
    let directory = try ExternalTools.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("player.js")
    try Data(PlayerScript.javascript.utf8).write(to: script)
    let result = try ExternalTools.run(try #require(Self.node), ["--check", script.path], timeout: 60)
    #expect(result.status == 0 && !result.timedOut, "node --check: \(result.stderr)")
  }

  @Test func theScriptIsTheCheckedInFileWithoutItsLastLineBreak() throws {
    let file = TestRendering.packageRoot.appendingPathComponent("Sources/BarFramesPlayer/player.js")
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.hasSuffix("})();\n"))
    #expect(PlayerScript.javascript + "\n" == text)
  }
}
