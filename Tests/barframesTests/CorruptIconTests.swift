import BarFramesTestSupport
import Foundation
import Testing

/// An icon with a plausible header (signature, a sane IHDR) and broken image data used to be
/// dropped by Cairo while the render exited 0. Now every subcommand refuses the style when it
/// reads it: one line naming the file and the key, exit 65, nothing written.
@Suite struct CorruptIconTests {
  static let truncated = PNGFixture.broken[0]

  @Test func anInlineStyleNamesTheSceneAndTheKey() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let icon = directory.appendingPathComponent("icon.png")
    try Data(Self.truncated.bytes).write(to: icon)
    let scene = directory.appendingPathComponent("scene.json")
    try Data(
      #"{"version": 1, "style": {"version": 1, "design": "customizable-bar", "progressBarIconImage": "icon.png", "showAnchorPoint": true}, "duration": 1}"#
        .utf8
    ).write(to: scene)
    let out = directory.appendingPathComponent("out")
    for arguments in [
      ["render", scene.path, "-o", out.path, "--quiet"], ["still", scene.path, "--at", "0", "-o", out.path + ".png"],
    ] {
      let result = try CommandRunner.run(arguments)
      #expect(result.exitCode == 65, "\(arguments[0])")
      #expect(
        result.stderr
          == "barframes: error: \(scene.path): style.progressBarIconImage: the icon file \"\(icon.path)\" is not a readable PNG image: \(Self.truncated.reason)\n"
      )
    }
    #expect(!FileManager.default.fileExists(atPath: out.path))
    #expect(!FileManager.default.fileExists(atPath: out.path + ".png"))
  }

  @Test func aStyleFileIsNamedWithTheKey() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let icon = directory.appendingPathComponent("icon.png")
    try Data(PNGFixture.broken[1].bytes).write(to: icon)
    let style = directory.appendingPathComponent("style.json")
    try Data(#"{"version": 1, "design": "customizable-bar", "progressBarIconImage": "icon.png"}"#.utf8).write(to: style)
    let scene = directory.appendingPathComponent("scene.json")
    try Data(#"{"version": 1, "style": "style.json", "duration": 1}"#.utf8).write(to: scene)
    let out = directory.appendingPathComponent("out")
    let result = try CommandRunner.run(["render", scene.path, "-o", out.path, "--quiet"])
    #expect(result.exitCode == 65)
    #expect(
      result.stderr.hasPrefix(
        "barframes: error: \(style.path): progressBarIconImage: the icon file \"\(icon.path)\" is not a readable PNG image: "
      ), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }
}
