import BarFrames
import BarFramesGolden
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// `barframes still --at T` and the golden path render the same pixels at every key time of
/// every example: both go through the one time arithmetic (`SceneTime`), so a key time on an
/// event boundary (download-scrub-finish at 0.75 × 5.6 = 4.2 s) cannot fall on different sides.
@Suite struct KeyTimeAgreementTests {
  static let examples: [String] = {
    let folder = TestRendering.packageRoot.appendingPathComponent("Examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }()

  /// The most key times of one scene run through `still` (a process each). Every example has
  /// fewer (checked below) but bent-line-recording, which has 110: 106 `setProgress` events,
  /// each at a two-decimal time, the same case each time. All of them were 110 of the suite's
  /// 218 processes and half its time; 24 of them, evenly spaced, first and last included, still
  /// cover the scene from end to end. Its 110 goldens are each checked against a fresh render
  /// by `ProjectGoldensTests`.
  static let keyTimeLimit = 24

  @Test func examplesAreFound() throws {
    #expect(Self.examples.count >= 10)
    // Only bent-line-recording is sampled: every other example is checked at every key time.
    for name in Self.examples where name != "bent-line-recording" {
      let url = TestRendering.packageRoot.appendingPathComponent("Examples/\(name).json")
      let count = try Scene.load(contentsOf: url).keyTimes.count
      #expect(count <= Self.keyTimeLimit, "\(name): \(count) key times")
    }
  }

  @Test(arguments: examples)
  func stillAndGoldenAgreeAtEveryKeyTime(scene name: String) throws {
    let url = TestRendering.packageRoot.appendingPathComponent("Examples/\(name).json")
    let timeline = try Scene.load(contentsOf: url).timeline()
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for time in timeline.scene.keyTimes.evenSample(atMost: Self.keyTimeLimit) {
      let golden = try GoldenRenderer(scale: 1).image(of: timeline, at: time)
      let out = directory.appendingPathComponent("\(name)-\(time).png")
      // The time as a person reads it in the golden's file name (`download-scrub-finish_t4.200.png`).
      let typed = GoldenStore.formatTime(time)
      let result = try CommandRunner.run(["still", url.path, "--at", typed, "--scale", "1", "-o", out.path])
      try #require(result.exitCode == 0, "\(result.stderr)")
      let still = try PNGDecoder.decode(Array(try Data(contentsOf: out)))
      let identical = still == golden  // not inside #expect, which would print every pixel
      #expect(identical, "\(name) at \(time) s: still --at \(typed) and the golden path differ")
    }
  }
}
