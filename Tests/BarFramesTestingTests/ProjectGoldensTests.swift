import BarFrames
import BarFramesGolden
import BarFramesTestSupport
import BarFramesTesting
import Foundation
import Testing

/// The project's own goldens: every example at its key times, and nothing else.
///
/// Goldens are @1x PNGs in `Tests/Goldens/<scene>/`. Re-record only when the intended look
/// changed: `BARFRAMES_RECORD=failed swift test --filter ProjectGoldensTests`, then say why in
/// the commit message.
@Suite struct ProjectGoldensTests {
  static let root = TestRendering.packageRoot
  static let goldens = root.appendingPathComponent("Tests/Goldens")

  static func scenes() throws -> [Scene] {
    let folder = root.appendingPathComponent("Examples")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
      .map {
        try Scene.load(contentsOf: folder.appendingPathComponent($0), displayName: "Examples/\($0)")
      }
  }

  @Test(arguments: try scenes().map(\.name))
  func exampleMatchesItsGoldens(scene: String) throws {
    try assertFrames(of: Self.root.appendingPathComponent("Examples/\(scene).json"), matching: Self.goldens)
  }

  /// A golden with no scene or no key time behind it is stale; a scene without goldens is untested.
  @Test func everyGoldenHasASceneAndEverySceneHasGoldens() throws {
    let scenes = try Self.scenes()
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: Self.goldens.path)) ?? []
    for folder in folders where !folder.hasPrefix(".") {
      guard let scene = scenes.first(where: { $0.name == folder }) else {
        Issue.record("Tests/Goldens/\(folder) has no scene Examples/\(folder).json; delete it")
        continue
      }
      let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.appendingPathComponent(folder).path)
      for file in files {
        let time = GoldenStore.time(fromFileName: file, scene: scene.name)
        let isKeyTime =
          time.map { t in scene.keyTimes.contains { GoldenStore.formatTime($0) == GoldenStore.formatTime(t) } } ?? false
        #expect(isKeyTime, "Tests/Goldens/\(folder)/\(file) is not at a key time of \(scene.name); delete it")
      }
    }
    for scene in scenes {
      #expect(folders.contains(scene.name), "Examples/\(scene.name).json has no goldens in Tests/Goldens/\(scene.name)")
    }
  }
}
