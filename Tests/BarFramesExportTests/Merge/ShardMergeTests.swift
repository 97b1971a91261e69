import BarFrames
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFramesExport

/// `ShardMerge`: shards rendered into folders of their own, merged, compared with one
/// unsharded render of the same scenes and options — every file, byte for byte.
@Suite struct ShardMergeTests {
  /// A folder holding the full render and each shard's, removed at the end.
  final class Renders {
    let root: URL
    let timelines: [any SceneTimeline]
    let options: ExportOptions

    init(_ timelines: [any SceneTimeline], options: ExportOptions) throws {
      root = try TestRendering.temporaryDirectory()
      self.timelines = timelines
      self.options = options
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func url(_ name: String) -> URL { root.appendingPathComponent(name) }

    /// Renders unsharded into `full`.
    @discardableResult
    func renderFull() throws -> ExportManifest {
      try Exporter(outputDirectory: url("full"), options: options, tool: "barframes test").export(timelines)
    }

    /// Renders unsharded into `full` and as `count` shards into `shard-i`.
    @discardableResult
    func render(shards count: Int) throws -> ExportManifest {
      let manifest = try renderFull()
      for i in 1...count { try render(shard: i, of: count) }
      return manifest
    }

    func render(
      shard i: Int, of count: Int, into name: String? = nil, options: ExportOptions? = nil,
      timelines: [any SceneTimeline]? = nil
    ) throws {
      var options = options ?? self.options
      options.shard = try Shard(index: i, count: count)
      _ = try Exporter(outputDirectory: url(name ?? "shard-\(i)"), options: options, tool: "barframes test").export(
        timelines ?? self.timelines)
    }

    func merge(_ names: [String], into output: String = "merged") throws(MergeError) -> ExportManifest {
      try ShardMerge(
        shards: names.map(url), names: names, outputDirectory: url(output), jobs: 2, temporaryFiles: TemporaryFiles()
      ).run()
    }

    /// The message merging `names` fails with, after checking that nothing was written.
    func failure(_ names: [String]) throws -> MergeError {
      do {
        _ = try merge(names)
      } catch {
        #expect(
          !FileManager.default.fileExists(atPath: url("merged").path), "a refused merge wrote \(url("merged").path)")
        return error
      }
      Issue.record("merging \(names) succeeded")
      return .badInput("")
    }
  }

  static func scenes() throws -> [any SceneTimeline] {
    [
      try ExportFixtures.scene(name: "a"), try ExportFixtures.scene(name: "b", duration: 0.7),
      try ExportFixtures.scene(name: "c", duration: 0.3),
    ]
  }

  static func expectSameFiles(_ merged: URL, _ full: URL) throws {
    let expected = try ExportFixtures.contents(of: full)
    let actual = try ExportFixtures.contents(of: merged)
    #expect(Set(actual.keys) == Set(expected.keys))
    #expect(expected.keys.contains("manifest.json") && expected.keys.contains { $0.hasSuffix(".apng") })
    for (path, bytes) in expected {
      let same = actual[path] == bytes
      #expect(same, "\(path) differs")
    }
  }

  // MARK: Identical output

  /// The options cover every path the animations take: the default; above 50 fps (the GIF
  /// keeps every other frame) with every n-th frame, transparent frames and a lossy WebP;
  /// a time interval at a 30000/1001 rate; 240 fps (the APNG and the WebP keep every 3rd frame,
  /// the GIF every 5th).
  static let configurations: [@Sendable (inout ExportOptions) -> Void] = [
    { _ in },
    {
      $0.fps = 60
      $0.everyNth = 2
      $0.background = .transparent
      $0.webpQuality = 80
      $0.scale = 2
    },
    {
      $0.fps = 30000.0 / 1001.0
      $0.selection = .time(0.1...0.3)
      $0.pngPreset = .small
    },
    { $0.fps = 240 },
  ]

  @Test(arguments: configurations.indices)
  func threeShardsMergeIntoTheUnshardedRenderByteForByte(configuration: Int) throws {
    let renders = try Renders(
      try Self.scenes(), options: ExportFixtures.options(.all, configure: Self.configurations[configuration]))
    let full = try renders.render(shards: 3)
    // Given in any order.
    let merged = try renders.merge(["shard-3", "shard-1", "shard-2"])
    #expect(merged.serialized() == full.serialized())
    try Self.expectSameFiles(renders.url("merged"), renders.url("full"))
  }

  @Test func moreShardsThanFramesStillMerge() throws {
    let renders = try Renders(
      [try ExportFixtures.scene(name: "short", duration: 0.2)], options: ExportFixtures.options([.png, .apng, .gif]))
    try renders.render(shards: 5)  // 3 frames: shards 4 and 5 write none
    _ = try renders.merge((1...5).map { "shard-\($0)" })
    try Self.expectSameFiles(renders.url("merged"), renders.url("full"))
  }

  /// GNU parallel or a Kubernetes volume: every shard writes into one folder, which is then
  /// merged like separate ones.
  @Test func shardsSharingOneFolderMerge() throws {
    let renders = try Renders(try Self.scenes(), options: ExportFixtures.options([.png, .apng, .webp, .html]))
    try renders.renderFull()
    for i in 1...3 { try renders.render(shard: i, of: 3, into: "shared") }
    _ = try renders.merge(["shared"])
    try Self.expectSameFiles(renders.url("merged"), renders.url("full"))
  }

  @Test func mergingAgainReplacesStaleFramesAndKeepsOtherFiles() throws {
    let renders = try Renders([try ExportFixtures.scene(name: "a")], options: ExportFixtures.options([.png, .apng]))
    try renders.render(shards: 2)
    // An earlier render at twice the frame rate left more frames (a-00 … a-20, listed by its
    // manifest), and the user has files there: one named like a frame, which no record lists.
    _ = try ExportFixtures.export(
      [try ExportFixtures.scene(name: "a", fps: 20)], options: ExportFixtures.options([.png]),
      into: renders.url("merged"))
    let old = renders.url("merged/a")
    for name in ["a-099.png", "notes.txt"] {
      try Data("old".utf8).write(to: old.appendingPathComponent(name))
    }
    #expect(FileManager.default.fileExists(atPath: old.appendingPathComponent("a-20.png").path))
    _ = try renders.merge(["shard-1", "shard-2"])
    let files = try FileManager.default.contentsOfDirectory(atPath: old.path)
    #expect(!files.contains("a-11.png") && !files.contains("a-20.png"))
    #expect(files.contains("notes.txt") && files.contains("a-099.png"))
    #expect(
      try ExportFixtures.contents(of: renders.url("merged"))["a/a-10.png"]
        == ExportFixtures.contents(of: renders.url("full"))["a/a-10.png"])
  }

  // MARK: Refusals, before anything is written

  @Test func aMissingShardIsRefused() throws {
    let renders = try Renders(try Self.scenes(), options: ExportFixtures.options([.png]))
    try renders.render(shards: 3)
    let error = try renders.failure(["shard-1", "shard-3"])
    guard case .shardSet(let message) = error else { throw error }
    #expect(message == "missing shard 2/3 (1 of 3): found 1/3 in shard-1, 3/3 in shard-3; give every shard's folder")
  }

  /// A manifest may claim any count; the message names the first missing shards without
  /// walking them all (two billion here).
  @Test func aHugeShardCountIsRefusedAtOnce() throws {
    let renders = try Renders([try ExportFixtures.scene(name: "a")], options: ExportFixtures.options([.png]))
    try renders.render(shard: 1, of: 2)
    var manifest = try ExportManifest.read(
      contentsOf: renders.url("shard-1/manifest.shard-1-of-2.json"), displayName: "m")
    manifest.shard = try Shard(index: 1, count: 2_000_000_000)
    try FileManager.default.createDirectory(at: renders.url("huge"), withIntermediateDirectories: true)
    try Data(manifest.serialized().utf8).write(to: renders.url("huge/manifest.shard-1-of-2000000000.json"))
    #expect(
      try renders.failure(["huge"])
        == .shardSet(
          "missing shards 2/2000000000, 3/2000000000, 4/2000000000, 5/2000000000, 6/2000000000, … (1999999999 of 2000000000): found 1/2000000000 in huge; give every shard's folder"
        ))
  }

  @Test func aShardGivenTwiceIsRefused() throws {
    let renders = try Renders(try Self.scenes(), options: ExportFixtures.options([.png]))
    try renders.render(shards: 2)
    try FileManager.default.copyItem(at: renders.url("shard-2"), to: renders.url("copy-of-2"))
    let error = try renders.failure(["shard-1", "shard-2", "copy-of-2"])
    guard case .shardSet(let message) = error else { throw error }
    #expect(message.hasPrefix("shard 2/2 is given twice: "))
    #expect(
      message.contains("shard-2/manifest.shard-2-of-2.json") && message.contains("copy-of-2/manifest.shard-2-of-2.json")
    )
    let again = try renders.failure(["shard-1", "shard-2", "shard-1"])
    #expect(again == .shardSet("the folder shard-1 is given twice; give each shard's folder once"))
  }

  @Test func shardsOfDifferentSplitsAreRefused() throws {
    let renders = try Renders(try Self.scenes(), options: ExportFixtures.options([.png]))
    try renders.render(shard: 1, of: 2)
    try renders.render(shard: 2, of: 3)
    guard case .shardSet(let message) = try renders.failure(["shard-1", "shard-2"]) else {
      Issue.record("not a shard-set error")
      return
    }
    #expect(message.contains("shard 1/2") && message.contains("shard 2/3"))
  }

  @Test func aFolderWithoutShardsIsRefused() throws {
    let renders = try Renders(try Self.scenes(), options: ExportFixtures.options([.png]))
    try renders.renderFull()
    #expect(
      try renders.failure(["full"])
        == .shardSet(
          "full holds an unsharded render (manifest.json), which needs no merge; give the output folders of 'barframes render --shard i/n'"
        ))
    try FileManager.default.createDirectory(at: renders.url("empty"), withIntermediateDirectories: true)
    guard case .shardSet(let message) = try renders.failure(["empty"]) else {
      Issue.record("not a shard-set error")
      return
    }
    #expect(message.hasPrefix("empty holds no shard manifest"))
    guard case .badInput(let missing) = try renders.failure(["nowhere"]) else {
      Issue.record("not an input error")
      return
    }
    #expect(missing == "nowhere: no such folder")
  }

  @Test func theOutputCannotBeAShardFolder() throws {
    let renders = try Renders(try Self.scenes(), options: ExportFixtures.options([.png]))
    try renders.render(shards: 2)
    #expect(throws: MergeError.shardSet("the output folder shard-2 is also a shard folder; merge into another folder"))
    {
      _ = try renders.merge(["shard-1", "shard-2"], into: "shard-2")
    }
  }

  @Test func shardsWithOtherOptionsAreRefusedNamingTheOption() throws {
    let renders = try Renders(try Self.scenes(), options: ExportFixtures.options([.png, .gif]))
    try renders.render(shard: 1, of: 2)
    try renders.render(shard: 2, of: 2, options: ExportFixtures.options([.png, .gif]) { $0.fps = 12 })
    guard case .badInput(let message) = try renders.failure(["shard-1", "shard-2"]) else {
      Issue.record("not an input error")
      return
    }
    #expect(
      message.hasPrefix(
        "shards 1/2 (shard-1/manifest.shard-1-of-2.json) and 2/2 (shard-2/manifest.shard-2-of-2.json) are not of one render: "
      ))
    #expect(message.contains("scenes[0].fps is 10 in one and 12 in the other"))
  }

  @Test func shardsOfOtherScenesAreRefused() throws {
    let renders = try Renders(try Self.scenes(), options: ExportFixtures.options([.png]))
    try renders.render(shard: 1, of: 2)
    try renders.render(shard: 2, of: 2, timelines: Array(try Self.scenes().prefix(2)))
    guard case .badInput(let message) = try renders.failure(["shard-1", "shard-2"]) else {
      Issue.record("not an input error")
      return
    }
    #expect(message.contains("their scenes are \"a\", \"b\", \"c\" and \"a\", \"b\""))
  }

  /// The same name, size and duration, but the style changed between the two machines' runs.
  @Test func aSceneThatChangedBetweenShardsIsRefused() throws {
    let renders = try Renders([try ExportFixtures.scene(name: "a")], options: ExportFixtures.options([.png]))
    try renders.render(shard: 1, of: 2)
    try renders.render(shard: 2, of: 2, timelines: [try ExportFixtures.scene(name: "a", background: "#336698")])
    guard case .badInput(let message) = try renders.failure(["shard-1", "shard-2"]) else {
      Issue.record("not an input error")
      return
    }
    #expect(message.contains("scene \"a\" draws differently in them"))
  }

  @Test func aFrameListedByTwoShardsIsRefused() throws {
    let renders = try Renders([try ExportFixtures.scene(name: "a")], options: ExportFixtures.options([.png]))
    try renders.render(shards: 2)
    // Shard 2 also claims frame 0 (and has the file).
    let manifestURL = renders.url("shard-2/manifest.shard-2-of-2.json")
    var manifest = try ExportManifest.read(contentsOf: manifestURL, displayName: "m")
    let first = try ExportManifest.read(contentsOf: renders.url("shard-1/manifest.shard-1-of-2.json"), displayName: "m")
      .scenes[0].frames[0]
    manifest.scenes[0].frames.insert(first, at: 0)
    try Data(manifest.serialized().utf8).write(to: manifestURL)
    try FileManager.default.copyItem(at: renders.url("shard-1/a/a-00.png"), to: renders.url("shard-2/a/a-00.png"))
    guard case .badInput(let message) = try renders.failure(["shard-1", "shard-2"]) else {
      Issue.record("not an input error")
      return
    }
    #expect(
      message.contains(
        "\"a/a-00.png\" is listed by both shard-1/manifest.shard-1-of-2.json and shard-2/manifest.shard-2-of-2.json"))
  }

  @Test func aChangedOrMissingFrameIsRefused() throws {
    let renders = try Renders([try ExportFixtures.scene(name: "a")], options: ExportFixtures.options([.png, .apng]))
    try renders.render(shards: 2)
    // One byte of the last frame flipped: same size, other checksum.
    let frame = renders.url("shard-1/a/a-10.png")
    var bytes = Array(try Data(contentsOf: frame))
    bytes[bytes.count - 20] ^= 0x01
    try Data(bytes).write(to: frame)
    #expect(
      try renders.failure(["shard-1", "shard-2"])
        == .badInput(
          "shard-1/a/a-10.png: its SHA-256 differs from shard-1/manifest.shard-1-of-2.json's; the shard's files changed after it was rendered"
        ))
    try FileManager.default.removeItem(at: frame)
    #expect(
      try renders.failure(["shard-1", "shard-2"])
        == .badInput("shard-1/a/a-10.png: listed in shard-1/manifest.shard-1-of-2.json but missing"))
  }

  @Test func anInvalidManifestIsRefusedNamingTheKey() throws {
    let renders = try Renders([try ExportFixtures.scene(name: "a")], options: ExportFixtures.options([.png]))
    try renders.render(shards: 2)
    let manifestURL = renders.url("shard-2/manifest.shard-2-of-2.json")
    let text = try String(contentsOf: manifestURL, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\"path\": \"a/a-01.png\"", with: "\"path\": \"../../etc/passwd\"").utf8)
      .write(to: manifestURL)
    guard case .badInput(let message) = try renders.failure(["shard-1", "shard-2"]) else {
      Issue.record("not an input error")
      return
    }
    #expect(
      message.hasPrefix(
        "shard-2/manifest.shard-2-of-2.json: scenes[0].frames[0].path: expected a path inside the output folder"))
    try Data(text.replacingOccurrences(of: "\"version\": 3", with: "\"version\": 4").utf8).write(to: manifestURL)
    guard case .badInput(let version) = try renders.failure(["shard-1", "shard-2"]) else {
      Issue.record("not an input error")
      return
    }
    #expect(
      version.hasPrefix(
        "shard-2/manifest.shard-2-of-2.json: version: this version of BarFrames reads version 2 to 3 files, not version 4"))
  }

  @Test func aShardedRenderOfAnimationsNeedsPNGFrames() throws {
    let exporter = Exporter(
      outputDirectory: URL(fileURLWithPath: "/nonexistent"),
      options: ExportFixtures.options([.apng, .gif]) { $0.shard = try! Shard(index: 1, count: 2) })
    #expect(
      throws: ExportError.invalidFormat(
        "'--shard' with apng, gif or webp needs png too: 'barframes merge' builds the animations from the shards' PNG frames (for example --format png,apng,gif)"
      )
    ) {
      _ = try exporter.plan([try ExportFixtures.scene()])
    }
  }

  // MARK: Pieces

  @Test func shardManifestNamesRoundTrip() throws {
    #expect(ExportManifest.fileName(for: .whole) == "manifest.json")
    #expect(ExportManifest.fileName(for: try Shard(index: 2, count: 12)) == "manifest.shard-2-of-12.json")
    #expect(ExportManifest.shard(forFileName: "manifest.shard-2-of-12.json") == (try Shard(index: 2, count: 12)))
    for name in [
      "manifest.json", "manifest.shard-3-of-2.json", "manifest.shard-02-of-3.json", "manifest.shard-1-of-1.json",
      "manifest.shard-1-of-3.json.tmp",
    ] {
      #expect(ExportManifest.shard(forFileName: name) == nil, "\(name)")
    }
  }

  @Test func theFirstDifferenceIsFoundWithItsPath() throws {
    let a = try JSONValue(parsing: #"{"x": 1, "s": [{"n": "a", "f": "0"}, {"n": "b", "f": "1"}]}"#)
    let b = try JSONValue(parsing: #"{"x": 1, "s": [{"n": "a", "f": "0"}, {"n": "b", "f": "2"}]}"#)
    let found = try #require(ShardSet.difference(a, b))
    #expect(found.0.description == "s[1].f" && found.1 == .string("1") && found.2 == .string("2"))
    #expect(ShardSet.difference(a, a) == nil)
  }
}
