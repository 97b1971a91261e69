import BarFrames

/// What a render wrote, printed by `barframes render --json`:
///
/// ```json
/// {"version": 1, "tool": "barframes 0.1.0", "scenes": [{"name": "bar", "duration": 2, "fps": 30,
///   "scale": 2, "frames": [{"index": 0, "time": 0, "path": "bar/bar-00@2x.png", "bytes": 412,
///   "sha256": "…"}], "files": [{"format": "apng", "path": "bar/bar@2x.apng", "bytes": 9000,
///   "frames": 58, "mergedFrames": 3}]}]}
/// ```
/// Animations (APNG, GIF, WebP) also give their frame count and how many rendered frames were
/// merged into the one before because nothing changed. Paths are relative to the output folder. With `--shard` only this shard's files are listed.
/// The gallery (`index.html`) is listed under every scene it shows.
public struct ExportManifest: Hashable, Sendable {
  /// The manifest format's version.
  public static let version = 1

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
    /// For an animation: the frames it holds, after identical consecutive frames were merged.
    public var frames: Int?
    /// For an animation: how many rendered frames were merged into the frame before them.
    public var mergedFrames: Int?

    public init(format: String, path: String, bytes: Int, frames: Int? = nil, mergedFrames: Int? = nil) {
      self.format = format
      self.path = path
      self.bytes = bytes
      self.frames = frames
      self.mergedFrames = mergedFrames
    }
  }

  public struct SceneEntry: Hashable, Sendable {
    public var name: String
    public var duration: Double
    public var fps: Double
    public var scale: Int
    public var frames: [FrameEntry]
    public var files: [FileEntry]
  }

  /// "barframes 0.1.0".
  public var tool: String
  public var scenes: [SceneEntry]

  /// The manifest as JSON, keys in the documented order.
  public var json: JSONValue {
    .object([
      .init("version", .number(Double(Self.version))),
      .init("tool", .string(tool)),
      .init(
        "scenes",
        .array(
          scenes.map { scene in
            .object([
              .init("name", .string(scene.name)),
              .init("duration", .number(scene.duration)),
              .init("fps", .number(scene.fps)),
              .init("scale", .number(Double(scene.scale))),
              .init(
                "frames",
                .array(
                  scene.frames.map { frame in
                    .object([
                      .init("index", .number(Double(frame.index))),
                      .init("time", .number(frame.time)),
                      .init("path", .string(frame.path)),
                      .init("bytes", .number(Double(frame.bytes))),
                      .init("sha256", .string(frame.sha256)),
                    ])
                  })),
              .init(
                "files",
                .array(
                  scene.files.map { file in
                    var members: [JSONValue.Member] = [
                      .init("format", .string(file.format)),
                      .init("path", .string(file.path)),
                      .init("bytes", .number(Double(file.bytes))),
                    ]
                    if let frames = file.frames { members.append(.init("frames", .number(Double(frames)))) }
                    if let merged = file.mergedFrames { members.append(.init("mergedFrames", .number(Double(merged)))) }
                    return .object(members)
                  })),
            ])
          })),
    ])
  }

  /// Pretty-printed JSON text with a final newline.
  public func serialized() -> String { json.serialized(pretty: true) + "\n" }
}
