import BarFrames
import BarFramesTestSupport
import Testing

@Suite struct TimingCommandTests {
  /// The README's probe: a linear 0 → 10 over 2 s on a layer paused at 1 s and resumed at 2 s
  /// (QA1673). The layer clock stops at 1 during the pause and runs again from there, so the
  /// value is 5 from 1 s to 2 s, then 7.5 at 2.5 s, 10 at 3 s, and held (fill forwards) after.
  @Test func pauseAndResumeProbe() throws {
    let result = try CommandRunner.run(["timing", "docs/probes/pause-resume.json"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let json = try JSONValue(parsing: result.stdout)
    guard case .array(let results) = json["results"], case .array(let samples) = results.first?["samples"] else {
      Issue.record("no samples in \(result.stdout)")
      return
    }
    #expect(samples.map { $0["value"] } == [2.5, 5, 5, 5, 7.5, 10, 10].map(JSONValue.number))
    #expect(samples.map { $0["layerTimes"] } == [0.5, 1, 1, 1, 1.5, 2, 3].map { .array([.number($0)]) })
  }
}
