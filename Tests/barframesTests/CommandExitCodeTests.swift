import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFramesCLI

/// The exit statuses are one enum, and the README's "Exit codes" sentence names each of them.
@Suite struct CommandExitCodeTests {
  @Test func theReadmeListsEveryExitStatus() throws {
    let readme = try String(contentsOf: TestRendering.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "Exit codes: "))
    let sentence = String(readme[start.upperBound...].prefix(200)).replacingOccurrences(of: "\n", with: " ")
    let spelled: [CommandExitCode: String] = [
      .success: "0 success", .failure: "1 failure", .goldenMismatch: "2 golden mismatch", .usage: "64 usage error",
      .badInput: "65 invalid input file", .outputRefused: "73 output refused", .folderBusy: "75 output folder busy",
    ]
    for status in CommandExitCode.allCases {
      let words = try #require(spelled[status], "\(status) has no README wording here")
      #expect(sentence.contains(words), "README's exit codes do not say \(words)")
    }
  }
}
