import BarFrames
import BarFramesTestSupport
import BarFramesTesting
import Foundation
import RingDesign
import Testing

/// A design from another package is golden-tested like the seed designs, given the registry
/// that holds it.
@Suite(.enabled(if: recordModeIsUnset, "BARFRAMES_RECORD overrides the record modes these tests choose"))
struct OutsideDesignGoldenTests {
  static let designs = DesignRegistry.standard.adding(Ring.self)

  /// A folder with `ring.json`: a ring set to `value` at 0, and an empty golden folder.
  static func ringScene(value: Double, in root: URL) throws -> URL {
    let scene = root.appendingPathComponent("ring.json")
    let json = #"""
      {"version": 1, "style": {"version": 1, "design": "ring", "duration": 0.25}, "duration": 1,
       "events": [{"at": 0, "call": "setProgress", "args": {"value": \#(value)}}]}
      """#
    try Data(json.utf8).write(to: scene)
    return scene
  }

  @Test func aRingIsRecordedMatchedAndCaughtWhenItChanges() throws {
    let root = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let goldens = root.appendingPathComponent("goldens")
    let scene = try Self.ringScene(value: 0.5, in: root)
    let times = [0.125, 1.0]
    let recorded = RecordedIssues()
    try withKnownIssue {
      try assertFrames(of: scene, at: times, matching: goldens, record: .all, designs: Self.designs)
    } matching: {
      recorded.matcher($0)
    }
    #expect(recorded.messages.count == times.count)
    // Outside withKnownIssue: the recorded ring must match itself.
    try assertFrames(of: scene, at: times, matching: goldens, record: .never, designs: Self.designs)
    // A quarter more of the ring is a mismatch at 1 s (and mid-animation).
    _ = try Self.ringScene(value: 0.75, in: root)
    let changed = RecordedIssues()
    try withKnownIssue {
      try assertFrames(of: scene, at: times, matching: goldens, record: .never, designs: Self.designs)
    } matching: {
      changed.matcher($0)
    }
    #expect(changed.messages.count == times.count)
    // `barframes golden record` does not know the ring: the alternative is the package's own
    // tool, with this call's folder and times.
    let message = try #require(changed.messages.first)
    #expect(message.contains("BARFRAMES_RECORD=failed swift test --filter aRingIsRecordedMatchedAndCaughtWhenItChanges"))
    #expect(
      message.contains(
        "(or, with your tool that adds the ring design through BarFramesCLI.main(designs:): <tool> golden record \(scene.path) --golden \(goldens.path) --at 0.125 --at 1)"
      ), "\(message)")
    #expect(!message.contains("barframes golden record"), "\(message)")
  }

  @Test func withoutTheRegistryTheRingSceneIsRefused() throws {
    let root = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let scene = try Self.ringScene(value: 0.5, in: root)
    let error = #expect(throws: InputError.self) {
      try assertFrames(of: scene, at: [0], matching: root, record: .never)
    }
    #expect(error?.message.hasPrefix("unknown design \"ring\"") == true)
  }
}
