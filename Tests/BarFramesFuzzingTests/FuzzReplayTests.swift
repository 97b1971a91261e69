import BarFramesFuzzing
import Foundation
import Testing

/// Every committed seed and every past crash input goes through the same entry functions the
/// libFuzzer executables call, so `make test` replays them without a sanitizer build.
@Suite struct FuzzReplayTests {
  /// The files in `folder` (none when it does not exist: git keeps no empty folder).
  static func inputs(in folder: URL) throws -> [URL] {
    guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
    return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { !$0.lastPathComponent.hasPrefix(".") }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  /// libFuzzer names the inputs it writes by their SHA-1: 40 hexadecimal digits.
  static func isMergedInput(_ url: URL) -> Bool {
    let name = url.lastPathComponent
    return name.count == 40 && name.allSatisfy(\.isHexDigit)
  }

  @Test(arguments: FuzzTarget.allCases)
  func theCommittedCorpusKeepsEveryProperty(target: FuzzTarget) throws {
    let seeds = try Self.inputs(in: target.corpus)
    // The corpus is made from the examples: it must be there, not silently empty.
    #expect(seeds.count >= 5, "\(target.corpus.path) holds \(seeds.count) inputs")
    for seed in seeds {
      let outcome: FuzzOutcome
      do {
        outcome = try target.check(Array(try Data(contentsOf: seed)))
      } catch {
        Issue.record("\(seed.lastPathComponent): \(error)")
        continue
      }
      // The seeds made from the examples (named for them) are valid files: a target that refused
      // them would fuzz nothing but its error paths. Inputs `make fuzz-merge` added are named by
      // libFuzzer (their SHA-1) and may be refused.
      if !Self.isMergedInput(seed) { #expect(outcome == .accepted, "\(seed.lastPathComponent): \(outcome)") }
    }
  }

  @Test(arguments: FuzzTarget.allCases)
  func everyPastCrashInputKeepsEveryProperty(target: FuzzTarget) throws {
    for input in try Self.inputs(in: target.crashes) {
      #expect(throws: Never.self, "\(input.lastPathComponent)") { try target.check(Array(try Data(contentsOf: input))) }
    }
  }
}
