import BarFrames
import BarFramesTestSupport
import Foundation
import Testing

/// `barframes validate`: one line per file, exit 0 or 65, and with --explain the keys, calls and
/// layers of the file's design, taken from the same declarations the readers use.
@Suite struct ValidateCommandTests {
  static func write(_ json: String, named name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(json.utf8).write(to: url)
    return url.path
  }

  static let misspelt = #"""
    {"version": 1, "style": {"version": 1, "design": "bent-line"}, "duration": 1,
     "events": [{"at": 0, "call": "setProgress", "args": {"valeu": 1}}]}
    """#

  @Test func everyCommittedStyleSceneAndProbeIsValid() throws {
    let root = TestRendering.packageRoot
    let files = try ["Examples", "Styles", "docs/probes"].flatMap { folder in
      try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
        .filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
    }
    let result = try CommandRunner.run(["validate"] + files)
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == files.count)
    for (line, file) in zip(lines, files) { #expect(line.hasPrefix("\(file): ok ("), "\(line)") }
    #expect(lines.contains("Styles/bent-line.json: ok (style, bent-line)"))
  }

  @Test func anInvalidFileAmongValidOnesExits65WithItsOneLine() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bad = try Self.write(Self.misspelt, named: "bad.json", in: directory)
    let result = try CommandRunner.run(["validate", "Styles/bent-line.json", bad, "Examples/seek-bar.json"])
    #expect(result.exitCode == 65)
    #expect(result.stdout.split(separator: "\n").count == 2)
    #expect(
      result.stderr == "barframes: error: \(bad): events[0].args: unknown key \"valeu\"; did you mean \"value\"?\n")
  }

  @Test func explainListsTheDesignsKeysCallsAndLayersEvenForAnInvalidFile() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bad = try Self.write(Self.misspelt, named: "bad.json", in: directory)
    let result = try CommandRunner.run(["validate", "--explain", bad])
    #expect(result.exitCode == 65)
    let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.contains("scene keys: \(Scene.keys.joined(separator: ", "))"))
    #expect(lines.contains("style keys (bent-line):"))
    for key in DesignRegistry.standard.styleKeys(for: BentLine.self) {
      #expect(lines.contains { $0.hasPrefix(key + " ") }, "no line for \(key)")
    }
    #expect(lines.contains("lineWidth                    a number > 0"))
    let arguments = BentLine.allCallArguments
    for call in BentLine.callNames + GenericCall.names {
      let keys = try #require(arguments[call])
      #expect(lines.contains(keys.isEmpty ? call : "\(call) {\(keys.joined(separator: ", "))}"), "no line for \(call)")
    }
    #expect(lines.contains("layers: progressLayer, label"))
  }

  @Test func aStyleWithAnUnknownDesignListsTheDesigns() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let style = try Self.write(#"{"version": 1, "design": "ring"}"#, named: "ring.json", in: directory)
    let result = try CommandRunner.run(["validate", "--explain", style])
    #expect(result.exitCode == 65)
    #expect(result.stdout.contains("designs: bent-line, download-bar, customizable-bar"))
    #expect(result.stderr.hasPrefix("barframes: error: \(style): design: unknown design \"ring\""))
  }

  @Test func aFileNameWithControlCharactersIsEscaped() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bad = try Self.write(Self.misspelt, named: "b\u{1B}[2J.json", in: directory)
    for arguments in [["validate", bad], ["inspect", bad, "--at", "0"]] {
      let result = try CommandRunner.run(arguments)
      #expect(result.exitCode == 65)
      #expect(result.stderr.contains(#"b\u{1B}[2J.json: events[0].args: unknown key"#), "\(result.stderr)")
      #expect(!result.stderr.unicodeScalars.contains("\u{1B}"))
    }
  }

  @Test func noFileIsAUsageError() throws {
    #expect(try CommandRunner.run(["validate"]).exitCode == 64)
  }

  /// The issue's case: 64 bytes of PNG claiming 30000 × 30000 used to be dropped silently by
  /// the renderer (exit 0); now the render refuses the style, naming the file and key.
  @Test func anIconClaimingHugeDimensionsStopsTheRenderWith65() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    header += [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30, 8, 6, 0, 0, 0]  // 30000 × 30000, RGBA
    try Data(header + [UInt8](repeating: 0, count: 64 - header.count)).write(
      to: directory.appendingPathComponent("huge.png"))
    let scene = try Self.write(
      #"{"version": 1, "style": {"version": 1, "design": "customizable-bar", "progressBarIconImage": "huge.png"}, "duration": 1}"#,
      named: "icon.json", in: directory)
    let out = directory.appendingPathComponent("out")
    let result = try CommandRunner.run(["render", scene, "-o", out.path, "--quiet"])
    #expect(result.exitCode == 65)
    #expect(
      result.stderr.hasPrefix(
        "barframes: error: \(scene): style.progressBarIconImage: the icon file "
          + "\"\(directory.appendingPathComponent("huge.png").standardizedFileURL.path)\" is 30000 × 30000 px; at most"))
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("icon").path))
  }
}
