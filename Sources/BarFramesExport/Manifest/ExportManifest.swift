import BarFrames

/// What a render wrote, printed by `barframes render --json`:
///
/// ```json
/// {"version": 1, "tool": "barframes 0.1.0", "scenes": [{"name": "bar", "duration": 2, "fps": 30,
///   "scale": 2, "frames": [{"index": 0, "time": 0, "path": "bar/bar-00@2x.png", "bytes": 412,
///   "sha256": "…"}], "files": [{"format": "apng", "path": "bar/bar@2x.apng", "bytes": 9000}]}]}
/// ```
/// Paths are relative to the output folder. With `--shard` only this shard's files are listed.
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
    /// "apng", "gif", "svg", "sheet" or "html".
    public var format: String
    public var path: String
    public var bytes: Int
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
                    .object([
                      .init("format", .string(file.format)),
                      .init("path", .string(file.path)),
                      .init("bytes", .number(Double(file.bytes))),
                    ])
                  })),
            ])
          })),
    ])
  }

  /// Pretty-printed JSON text with a final newline.
  public func serialized() -> String { json.serialized(pretty: true) + "\n" }
}
