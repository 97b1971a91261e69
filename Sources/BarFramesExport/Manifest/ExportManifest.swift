import BarFrames

/// What a render wrote: `OUT/manifest.json`, also printed by `barframes render --json`.
///
/// ```json
/// {"version": 3, "tool": "barframes 0.1.0",
///  "render": {"formats": "png,apng", "background": "scene", "selection": "all", "everyNth": 1,
///             "png": "fast", "webpQuality": null, "sheetFrames": 12},
///  "scenes": [{"name": "bar", "duration": 2, "fps": 30, "frameRate": "30", "scale": 2,
///   "width": 240, "height": 120, "frameCount": 61, "fingerprint": "…", "inputs": "…",
///   "frames": [{"index": 0, "time": 0, "path": "bar/bar-00@2x.png", "bytes": 412, "sha256": "…"}],
///   "files": [{"format": "apng", "path": "bar/bar@2x.apng", "bytes": 9000, "sha256": "…", "frames": 58,
///              "mergedFrames": 3}]}]}
/// ```
/// Every file has its SHA-256, so `render --verify` can check every byte the manifest vouches
/// for; version 2 (before version 3 gave the other files one) is still read.
/// Animations (APNG, GIF, WebP) also give their frame count and how many rendered frames were
/// merged into the one before because nothing changed. Paths are relative to the output folder.
/// The gallery (`index.html`) is listed under every scene it shows.
///
/// `render` holds every option that changes a byte of the output, and each scene its size in
/// pixels, exact frame rate, selected frame count and a ``SceneFingerprint`` of what it draws,
/// so that `barframes merge` can tell shards of one render from shards of different ones. A
/// shard (`--shard i/n`) writes `manifest.shard-i-of-n.json` instead, with `"shard": {"index":
/// i, "count": n}` after `render`, listing only its own files; merging every shard's manifest
/// gives, byte for byte, the manifest of the unsharded render. Nothing in it depends on the
/// machine, the time or `--jobs`.
public struct ExportManifest: Hashable, Sendable {
  /// The manifest format's version: 3 since every file entry carries its SHA-256.
  public static let version = 3
  /// The oldest version still read: version 2's files (not its frames) have no SHA-256.
  public static let oldestReadableVersion = 2

  /// The file an unsharded render writes into its output folder.
  public static let fileName = "manifest.json"

  /// The file a render writes into its output folder: `manifest.json`, or
  /// `manifest.shard-2-of-3.json` for shard 2 of 3.
  public static func fileName(for shard: Shard) -> String {
    shard == .whole ? fileName : "manifest.shard-\(shard.index)-of-\(shard.count).json"
  }

  /// The shard a file named like a shard's manifest belongs to; nil for any other name.
  public static func shard(forFileName name: String) -> Shard? {
    guard name.hasPrefix("manifest.shard-"), name.hasSuffix(".json") else { return nil }
    let middle = name.dropFirst("manifest.shard-".count).dropLast(".json".count)
    let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[1] == "of", parts[0].allSatisfy(\.isASCII), parts[2].allSatisfy(\.isASCII),
      let index = Int(parts[0]), let count = Int(parts[2]), count >= 2, String(index) == parts[0],
      String(count) == parts[2]
    else { return nil }
    return try? Shard(index: index, count: count)
  }

  /// One PNG frame written.
  public struct FrameEntry: Hashable, Sendable {
    public var index: Int
    public var time: Double
    public var path: String
    public var bytes: Int
    public var sha256: String
  }

  /// One other file written.
  public struct FileEntry: Hashable, Sendable {
    /// "apng", "gif", "webp", "svg", "sheet" or "html".
    public var format: String
    public var path: String
    public var bytes: Int
    /// The SHA-256 of its bytes; nil only in a manifest of version 2.
    public var sha256: String?
    /// For an animation: the frames it holds, after identical consecutive frames were merged.
    public var frames: Int?
    /// For an animation: how many rendered frames were merged into the frame before them.
    public var mergedFrames: Int?

    public init(
      format: String, path: String, bytes: Int, sha256: String?, frames: Int? = nil, mergedFrames: Int? = nil
    ) {
      self.format = format
      self.path = path
      self.bytes = bytes
      self.sha256 = sha256
      self.frames = frames
      self.mergedFrames = mergedFrames
    }
  }

  public struct SceneEntry: Hashable, Sendable {
    public var name: String
    public var duration: Double
    public var fps: Double
    /// The exact frame rate: "30" or "30000/1001".
    public var frameRate: String
    public var scale: Int
    /// The frame size in pixels.
    public var width: Int
    public var height: Int
    /// How many frames the selection holds (this shard's files list only its own).
    public var frameCount: Int
    /// ``SceneFingerprint`` of the scene's drawing.
    public var fingerprint: String
    /// ``SceneInputs`` of the scene: what its bytes depend on, by which a later render into the
    /// same folder knows it unchanged. Absent when the render was not told the scene's files.
    public var inputs: String?
    public var frames: [FrameEntry]
    public var files: [FileEntry]
  }

  /// "barframes 0.1.0".
  public var tool: String
  /// The options the output depends on.
  public var render: RenderSettings
  /// The part of a sharded render this manifest describes; nil for a whole render.
  public var shard: Shard?
  public var scenes: [SceneEntry]

  /// The manifest as JSON, keys in the documented order.
  public var json: JSONValue {
    var members: [JSONValue.Member] = [
      .init("version", .number(Double(Self.version))),
      .init("tool", .string(tool)),
      .init("render", render.json),
    ]
    if let shard {
      members.append(
        .init(
          "shard",
          .object([.init("index", .number(Double(shard.index))), .init("count", .number(Double(shard.count)))])))
    }
    members.append(.init("scenes", .array(scenes.map(\.json))))
    return .object(members)
  }

  /// Pretty-printed JSON text with a final newline.
  public func serialized() -> String { String(decoding: serializedBytes(), as: UTF8.self) }

  /// ``serialized()`` as UTF-8 bytes, the form the file is written in: the JSON, whose last
  /// member `"digest"` is the SHA-256 of the same text without it (``hasValidDigest(_:)``).
  public func serializedBytes() -> [UInt8] {
    let body = json.serializedBytes(pretty: true)
    // Pretty JSON of an object ends "\n}": the digest goes in as its last member.
    precondition(body.suffix(2) == Array("\n}".utf8))
    return Array(body.dropLast(2)) + Self.digestLine(SHA256.hex(body + [UInt8(ascii: "\n")]))
  }

  /// The end of a manifest from its digest on: `,\n  "digest": "…"\n}\n`.
  private static func digestLine(_ hex: String) -> [UInt8] {
    Array(",\n  \"digest\": \"\(hex)\"\n}\n".utf8)
  }

  /// Whether `bytes` end with a digest that is the SHA-256 of the rest, as
  /// ``serializedBytes()`` writes them: a manifest edited by hand or by another tool, or
  /// written by a barframes before manifests carried a digest, has none, and a render trusts
  /// no record in it (it still owns the files it lists).
  public static func hasValidDigest(_ bytes: [UInt8]) -> Bool {
    let tail = digestLine(String(repeating: "0", count: 64))
    guard bytes.count > tail.count else { return false }
    let start = bytes.count - tail.count
    let hexStart = start + tail.count - 64 - 4
    let hex = Array(bytes[hexStart..<(hexStart + 64)])
    guard Array(bytes[start...]) == digestLine(String(decoding: hex, as: UTF8.self)),
      SceneEntry.isSHA256Hex(String(decoding: hex, as: UTF8.self))
    else { return false }
    let body = Array(bytes[..<start]) + Array("\n}\n".utf8)
    return SHA256.hex(body) == String(decoding: hex, as: UTF8.self)
  }
}

extension ExportManifest.SceneEntry {
  /// The scene's object in the manifest, keys in the documented order.
  public var json: JSONValue {
    var members: [JSONValue.Member] = [
      .init("name", .string(name)),
      .init("duration", .number(duration)),
      .init("fps", .number(fps)),
      .init("frameRate", .string(frameRate)),
      .init("scale", .number(Double(scale))),
      .init("width", .number(Double(width))),
      .init("height", .number(Double(height))),
      .init("frameCount", .number(Double(frameCount))),
      .init("fingerprint", .string(fingerprint)),
    ]
    if let inputs { members.append(.init("inputs", .string(inputs))) }
    members += [
      .init("frames", .array(frames.map(\.json))),
      .init("files", .array(files.map(\.json))),
    ]
    return .object(members)
  }
}

extension ExportManifest.FrameEntry {
  public var json: JSONValue {
    .object([
      .init("index", .number(Double(index))),
      .init("time", .number(time)),
      .init("path", .string(path)),
      .init("bytes", .number(Double(bytes))),
      .init("sha256", .string(sha256)),
    ])
  }
}

extension ExportManifest.FileEntry {
  public var json: JSONValue {
    var members: [JSONValue.Member] = [
      .init("format", .string(format)),
      .init("path", .string(path)),
      .init("bytes", .number(Double(bytes))),
    ]
    if let sha256 { members.append(.init("sha256", .string(sha256))) }
    if let frames { members.append(.init("frames", .number(Double(frames)))) }
    if let mergedFrames { members.append(.init("mergedFrames", .number(Double(mergedFrames)))) }
    return .object(members)
  }
}
