import BarFramesTestSupport
import Foundation
import Testing

/// `barframes render` into a folder that already holds a render: scenes whose inputs and files
/// are unchanged are left alone; anything else is rendered again, to the bytes of a fresh render.
@Suite struct IncrementalRenderTests {
  /// Two scenes, each with its own style file: a (styles/a.json) and b (styles/b.json).
  struct Project {
    let root: URL
    var scenes: URL { root.appendingPathComponent("scenes") }
    var out: URL { root.appendingPathComponent("out") }

    init() throws {
      root = try TestRendering.temporaryDirectory()
      let styles = root.appendingPathComponent("styles")
      try FileManager.default.createDirectory(at: styles, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("scenes"), withIntermediateDirectories: true)
      for name in ["a", "b"] {
        try writeStyle(name, background: "#223344")
        let scene = """
          {"version": 1, "style": "../styles/\(name).json", "duration": 1, "fps": 10, "scale": 1,
           "events": [{"at": 0, "call": "setProgress", "args": {"value": 0.2}},
                      {"at": 0.5, "call": "setProgress", "args": {"value": 0.8}}]}
          """
        try Data(scene.utf8).write(to: scenes.appendingPathComponent("\(name).json"))
      }
    }

    func writeStyle(_ name: String, background: String) throws {
      let style = """
        {"version": 1, "design": "bent-line", "size": [80, 40], "background": "\(background)",
         "origin": [8, 20], "maxOffset": 6, "lineWidth": 3, "fontSize": 8}
        """
      try Data(style.utf8).write(to: root.appendingPathComponent("styles/\(name).json"))
    }

    /// Renders both scenes into `folder` (`out` by default) with `flags`; requires success.
    @discardableResult
    func render(_ flags: [String] = [], into folder: URL? = nil) throws -> CommandRunner.Result {
      let result = try CommandRunner.run(
        ["render", scenes.path, "-o", (folder ?? out).path, "--format", "png,apng,webp,html", "--jobs", "2"] + flags)
      try #require(result.exitCode == 0, "\(result.stderr)")
      return result
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  /// Each file's identity and last change: its inode and change time. A file written again is
  /// a new inode (files are renamed into place) with a later change time.
  static func stamps(of directory: URL) throws -> [String: String] {
    var stamps: [String: String] = [:]
    for path in RenderCommandTests.files(under: directory) {
      var info = stat()
      try #require(lstat(directory.appendingPathComponent(path).path, &info) == 0)
      guard (info.st_mode & S_IFMT) == S_IFREG else { continue }
      stamps[path] = "\(info.st_ino) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
    }
    return stamps
  }

  @Test func aSecondRenderOfUnchangedScenesWritesNoFile() throws {
    let project = try Project()
    defer { project.remove() }
    try project.render()
    let before = try Self.stamps(of: project.out)
    // 11 frames of each scene, its APNG and WebP, the gallery and the manifest.
    try #require(before.count == 2 * 13 + 2, "\(before.keys.sorted())")

    // A frame-named file no record lists (a user's copy) stays, and the render says so.
    let stray = project.out.appendingPathComponent("a/a-99.png")
    try Data(try Data(contentsOf: project.out.appendingPathComponent("a/a-03.png"))).write(to: stray)
    let strayStamp = try #require(try Self.stamps(of: project.out)["a/a-99.png"])
    let again = try project.render()
    #expect(try Self.stamps(of: project.out)["a/a-99.png"] == strayStamp, "the user's file was touched")
    #expect(
      again.stderr.contains("left 1 file named like frames that no BarFrames record lists, such as "),
      "\(again.stderr)")
    try FileManager.default.removeItem(at: stray)
    #expect(try Self.stamps(of: project.out) == before, "a file was written again")
    #expect(again.stderr.contains("render: [1/2] a: unchanged, skipped"), "\(again.stderr)")
    #expect(again.stderr.contains("render: [2/2] b: unchanged, skipped"), "\(again.stderr)")
    #expect(again.stderr.contains("render: 0 frames and 0 other files"), "\(again.stderr)")
    #expect(again.stderr.contains("2 unchanged scenes skipped"), "\(again.stderr)")

    let forced = try project.render(["--force"])
    #expect(!forced.stderr.contains("skipped"), "\(forced.stderr)")
    let after = try Self.stamps(of: project.out)
    #expect(after.keys == before.keys)
    #expect(before.filter { after[$0.key] == $0.value }.isEmpty, "--force left files as they were")
  }

  @Test func changingOneStyleRendersOnlyTheScenesThatUseIt() throws {
    let project = try Project()
    defer { project.remove() }
    try project.render()
    let before = try Self.stamps(of: project.out)

    try project.writeStyle("b", background: "#445566")
    let result = try project.render()
    #expect(result.stderr.contains("render: [1/2] a: unchanged, skipped"), "\(result.stderr)")
    #expect(result.stderr.contains("render: [2/2] b: 11 frames"), "\(result.stderr)")
    #expect(result.stderr.contains("1 unchanged scene skipped"), "\(result.stderr)")
    let after = try Self.stamps(of: project.out)
    for (path, stamp) in before where path.hasPrefix("a/") {
      #expect(after[path] == stamp, "\(path) of the unchanged scene was written again")
    }
    for (path, stamp) in before where path.hasPrefix("b/") {
      #expect(after[path] != stamp, "\(path) of the changed scene was not written again")
    }
    // The folder is what a fresh render of the edited scenes gives, manifest and gallery included.
    let fresh = project.root.appendingPathComponent("fresh")
    try project.render(into: fresh)
    #expect(try DurableWriteTests.contents(of: project.out) == DurableWriteTests.contents(of: fresh))
  }

  /// Every flag that changes a byte of the output is an input: with any of them changed, no
  /// scene is skipped, and the folder holds every file of a fresh render with that flag, byte
  /// for byte (beside the animations of the first, whose names hold the scale).
  @Test(arguments: [
    ["--scale", "2"], ["--fps", "20"], ["--png", "small"], ["--background", "transparent"], ["--quality", "80"],
    ["--every-nth", "2"], ["--frames", "2-6"],
  ])
  func aChangedSettingRendersEverySceneAgain(flags: [String]) throws {
    let project = try Project()
    defer { project.remove() }
    try project.render()
    let result = try project.render(flags)
    #expect(!result.stderr.contains("skipped"), "\(flags): \(result.stderr)")
    let fresh = project.root.appendingPathComponent("fresh")
    try project.render(flags, into: fresh)
    let files = try DurableWriteTests.contents(of: project.out)
    for (path, bytes) in try DurableWriteTests.contents(of: fresh) {
      #expect(files[path] == bytes, "\(flags): \(path)")
    }
  }

  /// A frame truncated, a frame overwritten with other bytes of the same size and a deleted
  /// WebP, all behind the manifest's back: the next render notices each and repairs it.
  @Test func filesChangedBehindTheManifestsBackAreRenderedAgain() throws {
    let project = try Project()
    defer { project.remove() }
    try project.render()
    let expected = try DurableWriteTests.contents(of: project.out)

    let truncated = project.out.appendingPathComponent("a/a-03.png")
    let original = try #require(expected["a/a-03.png"])
    let handle = try FileHandle(forWritingTo: truncated)
    try handle.truncate(atOffset: UInt64(original.count / 2))
    try handle.close()
    let repaired = try project.render()
    #expect(repaired.stderr.contains("render: [1/2] a: 11 frames"), "\(repaired.stderr)")
    #expect(repaired.stderr.contains("render: [2/2] b: unchanged, skipped"), "\(repaired.stderr)")
    #expect(try DurableWriteTests.contents(of: project.out) == expected)

    // Same size, other bytes, written in place (the inode stays): only its change time tells.
    let overwritten = project.out.appendingPathComponent("b/b-07.png")
    let size = try #require(expected["b/b-07.png"]?.count)
    let writer = try FileHandle(forWritingTo: overwritten)
    try writer.write(contentsOf: Data(repeating: 0x55, count: size))
    try writer.close()
    try FileManager.default.removeItem(at: project.out.appendingPathComponent("a/a.webp"))
    let again = try project.render()
    #expect(!again.stderr.contains("skipped"), "\(again.stderr)")
    #expect(try DurableWriteTests.contents(of: project.out) == expected)
  }

  /// The gallery is written again when it is missing, and no scene for it.
  @Test func aMissingGalleryIsWrittenAgainAlone() throws {
    let project = try Project()
    defer { project.remove() }
    try project.render()
    let expected = try DurableWriteTests.contents(of: project.out)
    let before = try Self.stamps(of: project.out)
    try FileManager.default.removeItem(at: project.out.appendingPathComponent("index.html"))
    let result = try project.render()
    #expect(result.stderr.contains("2 unchanged scenes skipped"), "\(result.stderr)")
    #expect(result.stderr.contains("render: 0 frames and 1 other file"), "\(result.stderr)")
    #expect(try DurableWriteTests.contents(of: project.out) == expected)
    let after = try Self.stamps(of: project.out)
    for (path, stamp) in before where path.contains("/") {
      #expect(after[path] == stamp, "\(path) was written again")
    }
  }

  /// A folder without a manifest is an unfinished render (one killed, or cut by a power loss,
  /// before its end): every scene is rendered again — its files are still the folder index's,
  /// so the render may replace them.
  @Test func aFolderWithoutItsManifestIsRenderedAgain() throws {
    let project = try Project()
    defer { project.remove() }
    try project.render()
    let expected = try DurableWriteTests.contents(of: project.out)
    try FileManager.default.removeItem(at: project.out.appendingPathComponent("manifest.json"))
    let result = try project.render()
    #expect(!result.stderr.contains("skipped"), "\(result.stderr)")
    #expect(result.stderr.contains("render: 22 frames"), "\(result.stderr)")
    #expect(try DurableWriteTests.contents(of: project.out) == expected)
  }
}
