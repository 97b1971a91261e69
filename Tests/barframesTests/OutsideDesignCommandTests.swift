import BarFrames
import BarFramesGraphics
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// `ring-barframes` is what another package ships: its own design (Tests/RingDesign) and one
/// line of main.swift, `await BarFramesCLI.main(designs: [Ring.self])`. The whole command line
/// must then read, draw, inspect and publish the ring, and `barframes` must still refuse it.
@Suite struct OutsideDesignCommandTests {
  static let ringTool = CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("ring-barframes")

  // The ring: 64 × 64 pt, centre (32, 32), radius (64 − lineWidth) / 2, from 12 o'clock
  // clockwise; setProgress 0.5 at 0 animates strokeEnd linearly over `duration`.
  static let lineWidth = 8.0
  static let duration = 0.25
  static let center = Point(32, 32)
  static let radius = (64 - lineWidth) / 2

  /// Writes the ring's style and scene into a new folder.
  static func ringScene() throws -> URL {
    let directory = try TestRendering.temporaryDirectory()
    let style = #"""
      {"version": 1, "design": "ring", "lineWidth": \#(lineWidth), "duration": \#(duration),
       "trackColor": "#FF0000", "progressColor": "#0000FF", "background": "white"}
      """#
    try Data(style.utf8).write(to: directory.appendingPathComponent("ring-style.json"))
    let scene = #"""
      {"version": 1, "style": "ring-style.json", "duration": 1, "fps": 10,
       "events": [{"at": 0, "call": "setProgress", "args": {"value": 0.5}}]}
      """#
    try Data(scene.utf8).write(to: directory.appendingPathComponent("ring.json"))
    return directory
  }

  static func ring(_ arguments: [String], in directory: URL) throws -> ExternalTools.Output {
    try ExternalTools.run(ringTool.path, arguments, in: directory)
  }

  /// The pixel under the middle of the stroke at `angle` (radians, y down, from +x).
  static func pixel(_ image: RGBAImage, atAngle angle: Double) -> RGBAImage.Pixel {
    image[Int((center.x + radius * cos(angle)).rounded(.down)), Int((center.y + radius * sin(angle)).rounded(.down))]
  }

  @Test func stillDrawsTheRingHalfwayRound() throws {
    let directory = try Self.ringScene()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try Self.ring(["still", "ring.json", "--at", "1", "-o", "x.png", "--scale", "1"], in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    let image = try PNGDecoder.decode(Array(try Data(contentsOf: directory.appendingPathComponent("x.png"))))
    #expect(image.width == 64 && image.height == 64)
    let blue = RGBAImage.Pixel(red: 0, green: 0, blue: 255)
    let red = RGBAImage.Pixel(red: 255, green: 0, blue: 0)
    // strokeEnd 0.5 covers 12 → 3 → 6 o'clock (angles −π/2 … π/2); the left half is track.
    for angle in [-Double.pi / 4, 0, Double.pi / 4] {
      #expect(Self.pixel(image, atAngle: angle) == blue, "at \(angle)")
    }
    for angle in [3 * Double.pi / 4, Double.pi, 5 * Double.pi / 4] {
      #expect(Self.pixel(image, atAngle: angle) == red, "at \(angle)")
    }
    #expect(image[32, 32] == RGBAImage.Pixel(red: 255, green: 255, blue: 255))
  }

  @Test func inspectShowsTheStrokeEndMidAnimation() throws {
    let directory = try Self.ringScene()
    defer { try? FileManager.default.removeItem(at: directory) }
    let t = Self.duration / 2
    let result = try Self.ring(["inspect", "ring.json", "--at", "\(t)"], in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    let json = try JSONValue(parsing: result.text)
    #expect(json["design"] == .string("ring"))
    #expect(json["state"]?["progress"] == .number(0.5))
    guard case .array(let layers)? = json["layers"] else {
      throw InputError(file: "inspect", keyPath: "layers", message: "missing")
    }
    let progress = try #require(layers.first { $0["name"] == .string("progress") })
    #expect(progress["strokeEnd"] == .number(0.5 * t / Self.duration))
  }

  @Test func schemaPublishesTheRingBesideTheSeedDesigns() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try Self.ring(["schema", "-o", directory.path], in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    let schema = try String(contentsOf: directory.appendingPathComponent("style.schema.json"), encoding: .utf8)
    for name in DesignRegistry.standard.names + ["ring"] {
      #expect(schema.contains("\"const\": \"\(name)\""), "\(name)")
    }
  }

  @Test func theSeedDesignsStillRenderWithTheRingAdded() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("x.png").path
    let result = try ExternalTools.run(
      Self.ringTool.path, ["still", "Examples/bent-line-slider.json", "--at", "1.0", "-o", png],
      in: TestRendering.packageRoot)
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// `barframes` alone does not know the ring: exit 65, naming the file, the key and the
  /// designs it does know.
  @Test func barframesRefusesTheUnregisteredRing() throws {
    let directory = try Self.ringScene()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CommandRunner.run(["still", "ring.json", "--at", "1", "-o", "x.png"], in: directory)
    #expect(result.exitCode == 65)
    let names = DesignRegistry.standard.names.map { "\"\($0)\"" }.joined(separator: ", ")
    #expect(
      result.stderr == "barframes: error: ring-style.json: design: unknown design \"ring\"; expected one of \(names)\n")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.png").path))
  }

  /// Another package's tool names itself in its messages and in the re-record command it
  /// suggests, since `barframes` would not know its design.
  @Test func theOutsideToolNamesItselfInErrorsAndRerecordHints() throws {
    let directory = try Self.ringScene()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = try ExternalTools.run(Self.ringTool.path, ["still", "nothing.json", "--at", "0", "-o", "x.png"], in: directory)
    #expect(missing.status == 65)
    #expect(missing.stderr.hasPrefix("ring-barframes: error: nothing.json"), "\(missing.stderr)")
    let record = try ExternalTools.run(
      Self.ringTool.path, ["golden", "record", "ring.json", "--golden", "g", "--at", "1"], in: directory)
    #expect(record.status == 0, "\(record.stderr)")
    try Data(try String(contentsOf: directory.appendingPathComponent("ring.json"), encoding: .utf8)
      .replacingOccurrences(of: "0.5", with: "0.75").utf8).write(to: directory.appendingPathComponent("ring.json"))
    let verify = try ExternalTools.run(
      Self.ringTool.path, ["golden", "verify", "ring.json", "--golden", "g", "--at", "1"], in: directory)
    #expect(verify.status == 2, "\(verify.stderr)")  // a mismatch (README, exit codes)
    #expect(verify.stderr.contains("ring-barframes golden record ring.json --golden g --at 1"), "\(verify.stderr)")
  }

  /// A refused combination of call arguments is bad input like any other: one line naming the
  /// file and the key path, exit 65; a valid scene gets `FILE: ok (scene, DESIGN, N events)`.
  @Test func aDelayedJumpExits65AndAValidSceneSaysOk() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func write(_ name: String, progress args: String) throws {
      let scene = #"""
        {"version": 1, "style": {"version": 1, "design": "ring", "needle": true}, "duration": 1,
         "events": [{"at": 0, "call": "setProgress", "args": \#(args)},
                    {"at": 0.5, "call": "setColor", "args": {"color": "red"}}]}
        """#
      try Data(scene.utf8).write(to: directory.appendingPathComponent(name))
    }
    try write("bad.json", progress: #"{"value": 0.25, "delay": 0.5, "animated": false}"#)
    let bad = try Self.ring(["validate", "bad.json"], in: directory)
    #expect(bad.status == 65)
    #expect(
      bad.stderr
        == "ring-barframes: error: bad.json: events[0].args.delay: a jump (\"animated\": false) cannot be delayed; remove one of them\n"
    )
    #expect(bad.text.isEmpty)
    try write("good.json", progress: #"{"value": 0.25, "animated": false}"#)
    let good = try Self.ring(["validate", "good.json"], in: directory)
    #expect(good.status == 0, "\(good.stderr)")
    #expect(good.text == "good.json: ok (scene, ring, 2 events)\n")
    // `inspect`'s transform is the layer's [a, b, c, d, tx, ty] to the canvas (x' = a·x + c·y +
    // tx, y' = b·x + d·y + ty): a quarter turn about the centre (32, 32) takes the needle's tip
    // (32, 9) to 3 o'clock, (55, 32).
    let inspected = try Self.ring(["inspect", "good.json", "--at", "0.25"], in: directory)
    #expect(inspected.status == 0, "\(inspected.stderr)")
    let json = try JSONValue(parsing: inspected.text)
    guard case .array(let layers)? = json["layers"], case .array(let matrix)? = layers.last?["transform"] else {
      throw InputError(file: "inspect", keyPath: "layers", message: "missing")
    }
    #expect(layers.last?["name"] == .string("needle"))
    let m = matrix.compactMap { if case .number(let v) = $0 { v } else { nil } }
    try #require(m.count == 6)
    #expect(abs(m[0] * 32 + m[2] * 9 + m[4] - 55) < 1e-9 && abs(m[1] * 32 + m[3] * 9 + m[5] - 32) < 1e-9, "\(m)")
  }

  /// The ring's whole-number parameter reads, publishes and explains as one type: 2.5 is bad
  /// input, the schema says `integer` with its range, and `--explain` says "a whole number".
  @Test func aWholeNumberParameterAgreesInTheReaderTheSchemaAndExplain() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(#"{"version": 1, "design": "ring", "segments": 2.5}"#.utf8).write(
      to: directory.appendingPathComponent("bad.json"))
    let bad = try Self.ring(["validate", "bad.json"], in: directory)
    #expect(bad.status == 65)
    #expect(bad.stderr == "ring-barframes: error: bad.json: segments: expected a whole number from 1 to 60, got 2.5\n")
    try Data(#"{"version": 1, "design": "ring", "segments": 6}"#.utf8).write(
      to: directory.appendingPathComponent("good.json"))
    let explained = try Self.ring(["validate", "good.json", "--explain"], in: directory)
    #expect(explained.status == 0, "\(explained.stderr)")
    #expect(
      (explained.text + explained.stderr).contains("segments                     a whole number from 1 to 60"),
      "\(explained.text)")
    // The layers generic events can name, as the ring builds them (no needle by default).
    #expect(explained.text.contains("  layers: track, progress\n"), "\(explained.text)")
    let schema = try Self.ring(["schema", "-o", "schema"], in: directory)
    #expect(schema.status == 0, "\(schema.stderr)")
    let text = try String(contentsOf: directory.appendingPathComponent("schema/style.schema.json"), encoding: .utf8)
    let json = try JSONValue(parsing: text)
    // The ring's branch of the style schema: `if design is "ring" then its properties`.
    let allOf = try #require(json["$defs"]?["style"]?["allOf"])
    let branches: [JSONValue] = if case .array(let items) = allOf { items } else { [] }
    let declared = branches.compactMap { branch in branch["then"]?["properties"]?["segments"] }
    let segments = try #require(declared.first)
    #expect(segments["type"] == .string("integer"))
    #expect(segments["minimum"] == .number(1))
    #expect(segments["maximum"] == .number(60))
    #expect(segments["default"] == .number(1))
  }
}
