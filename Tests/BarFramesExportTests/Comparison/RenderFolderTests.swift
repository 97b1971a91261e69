import BarFrames
import BarFramesExport
import BarFramesPlayer
import BarFramesTestSupport
import Foundation
import Testing

/// Reading a render folder back: the page's scenes as the gallery wrote them, scene folders
/// found by their frames' names, and timing lent between the two renders of a comparison.
@Suite struct RenderFolderTests {
  @Test func thePagesScenesReadBackAsTheGalleryWroteThem() throws {
    let (directory, _) = try ExportFixtures.export(
      [try ExportFixtures.scene(name: "a"), try ExportFixtures.scene(name: "d", scale: 2, background: "transparent")],
      options: ExportFixtures.options([.png, .svg, .apng, .html]))
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try RenderFolder(reading: directory, label: "out")
    #expect(folder.scenes.map(\.name) == ["a", "d"])
    // The page's own data, scene by scene: what the reader gives back is what the writer wrote.
    let html = String(decoding: try ExportFixtures.read(directory, "index.html"), as: UTF8.self)
    let data = try GalleryDataTests.embeddedData(html)
    guard case .array(let written)? = data["scenes"] else {
      Issue.record("no scenes")
      return
    }
    for (scene, original) in zip(folder.scenes, written) {
      guard case .object(let members) = scene.json(pathPrefix: ""), case .object(let originalMembers) = original else {
        Issue.record("not objects")
        continue
      }
      #expect(members.filter { $0.key != "timed" } == originalMembers, "\(scene.name)")
      #expect(scene.isTimed)
    }
    let d = try #require(folder.scene(named: "d"))
    #expect(d.frames.path(10) == "d/d-10@2x.png" && d.previews.count > 0 && d.files.map(\.format) == ["apng"])
    // Paths move with the page: a page one folder up links into this one.
    #expect(d.json(pathPrefix: "out/")["frames"]?.string("prefix") == "out/d/d-")
  }

  @Test func aFolderWithoutItsPageIsFoundByTheFramesNames() throws {
    // Every second frame of 0.2…0.8 s at 10 fps: frames 2, 4, 6, 8 of the scene's numbering.
    let (directory, _) = try ExportFixtures.export(
      [
        try ExportFixtures.scene(name: "seek-bar", scale: 2, background: "transparent"),
        try ExportFixtures.scene(name: "b"),
      ],
      options: ExportFixtures.options([.png, .sheet, .svg]) { options in
        options.selection = .frames(2...8)
        options.everyNth = 2
      })
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try RenderFolder(reading: directory, label: "frames")
    #expect(folder.scenes.map(\.name) == ["b", "seek-bar"])
    let seekBar = try #require(folder.scene(named: "seek-bar"))
    #expect(
      seekBar.frames
        == RenderedScene.Frames(prefix: "seek-bar/seek-bar-", suffix: "@2x.png", digits: 2, first: 2, step: 2, count: 4)
    )
    #expect(seekBar.width == 240 && seekBar.height == 120 && seekBar.scale == 2 && seekBar.transparent)
    #expect(!seekBar.isTimed && seekBar.events.isEmpty)
    // The backdrop the gallery would have chosen for the same frames.
    var options = ExportOptions()
    options.selection = .frames(2...8)
    options.everyNth = 2
    let plan = try Exporter(outputDirectory: directory, options: options).plan([
      try ExportFixtures.scene(name: "seek-bar", scale: 2, background: "transparent")
    ])[0]
    #expect(seekBar.backdrop == Backdrop.choose(for: plan))
    let b = try #require(folder.scene(named: "b"))
    #expect(!b.transparent && b.backdrop == .checker && b.frames.suffix == ".png")
  }

  @Test func aSceneTheOtherRenderTimedLinesUpFrameByFrame() throws {
    let timed = try ExportFixtures.export(
      [try ExportFixtures.scene(name: "bar", fps: 20)], options: ExportFixtures.options([.png, .html])
    ).directory
    let untimed = try ExportFixtures.export(
      [try ExportFixtures.scene(name: "bar", fps: 20)], options: ExportFixtures.options([.png])
    ).directory
    defer {
      try? FileManager.default.removeItem(at: timed)
      try? FileManager.default.removeItem(at: untimed)
    }
    let comparison = RenderComparison(
      try RenderFolder(reading: untimed, label: "new"), against: try RenderFolder(reading: timed, label: "old"))
    let lent = try #require(comparison.scenes.first)
    let own = try #require(comparison.baseline.first)
    #expect(lent.isTimed && lent.fpsNumerator == 20 && lent.fpsDenominator == 1)
    #expect(lent.frames.numbers.map(lent.time(ofFrame:)) == own.frames.numbers.map(own.time(ofFrame:)))
    // Not its events: those are the other render's.
    #expect(lent.events.isEmpty && !own.events.isEmpty)
    #expect(comparison.scenesInBoth == ["bar"] && comparison.summary == "old → new: 1 scene in both")
  }

  @Test func aPageFromANewerBarFramesIsRefusedByItsVersion() throws {
    let (directory, _) = try ExportFixtures.export(
      [try ExportFixtures.scene()], options: ExportFixtures.options([.png, .html]))
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appendingPathComponent("index.html")
    let html = try String(contentsOf: page, encoding: .utf8)
    try Data(html.replacingOccurrences(of: "{\"version\":1,", with: "{\"version\":2,").utf8).write(to: page)
    #expect(
      throws: InputError(
        file: "out/index.html", keyPath: "version",
        message: "the page was written by a newer barframes (player data version 2); this one reads version 1")
    ) {
      try RenderFolder(reading: directory, label: "out")
    }
  }
}
