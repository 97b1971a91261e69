import BarFrames
import BarFramesExport
import BarFramesTestSupport
import Foundation
import Testing

/// What a scene's frames are made from, as `render` records it and `preview` watches it.
@Suite struct SceneSourcesTests {
  /// A scene naming Styles/video-player-icon.json, whose icon is the PNG beside it, copied
  /// into `folder`.
  static func project(in folder: URL) throws -> String {
    let styles = folder.appendingPathComponent("Styles")
    try FileManager.default.createDirectory(at: styles, withIntermediateDirectories: true)
    let root = TestRendering.packageRoot.appendingPathComponent("Styles")
    for name in ["video-player-icon.json", "video-player-icon.png"] {
      try FileManager.default.copyItem(at: root.appendingPathComponent(name), to: styles.appendingPathComponent(name))
    }
    let scene = folder.appendingPathComponent("player.json")
    try Data(
      #"{"version": 1, "style": "Styles/video-player-icon.json", "duration": 1, "fps": 10, "events": []}"#.utf8
    ).write(to: scene)
    return scene.path
  }

  /// The sources of `scene` as loading it reads them.
  static func sources(_ scene: String) -> SceneSources {
    SceneSources.reading { try Scene.load(contentsOf: URL(fileURLWithPath: scene)).timeline() }.sources
  }

  @Test func theSceneItsStyleAndTheStylesIconAreTheSources() throws {
    let folder = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scene = try Self.project(in: folder)
    let base = folder.standardized.path
    #expect(
      Self.sources(scene).paths
        == ["\(base)/Styles/video-player-icon.json", "\(base)/Styles/video-player-icon.png", "\(base)/player.json"])
  }

  /// The digest is of the bytes, not of where the files are: two checkouts agree; a new icon
  /// (another PNG's bytes under the same name) or an edited style changes it.
  @Test func theDigestFollowsTheBytesNotTheFolder() throws {
    let first = try TestRendering.temporaryDirectory()
    let second = try TestRendering.temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: first)
      try? FileManager.default.removeItem(at: second)
    }
    let scene = try Self.project(in: first)
    let original = Self.sources(scene).digest
    #expect(original.count == 64)
    #expect(Self.sources(try Self.project(in: second)).digest == original)

    let icon = first.appendingPathComponent("Styles/video-player-icon.png")
    let iconBytes = try Data(contentsOf: icon)
    var other = iconBytes
    other[other.count - 13] ^= 0x01
    try other.write(to: icon)
    #expect(Self.sources(scene).digest != original)
    try iconBytes.write(to: icon)
    #expect(Self.sources(scene).digest == original)

    let style = first.appendingPathComponent("Styles/video-player-icon.json")
    let text = try String(contentsOf: style, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\"version\": 1", with: "\"version\":  1").utf8).write(to: style)
    #expect(Self.sources(scene).digest != original)
  }

  /// A scene that does not load still names the files it read, so a fix to them is seen; a
  /// file it could not read is among them.
  @Test func aSceneThatFailsToLoadStillNamesWhatItRead() throws {
    let folder = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let scene = folder.appendingPathComponent("s.json")
    try Data(#"{"version": 1, "style": "missing.json", "duration": 1}"#.utf8).write(to: scene)
    let (result, sources) = SceneSources.reading { try Scene.load(contentsOf: scene).timeline() }
    #expect(throws: (any Error).self) { try result.get() }
    #expect(sources.paths == [folder.appendingPathComponent("missing.json").path, scene.path])
  }
}
