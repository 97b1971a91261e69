import BarFrames
import Foundation

/// The shards of one sharded render, read from their output folders and checked against each
/// other, and what the merged output will hold: per scene, every frame and file in the order the
/// unsharded render writes them, each with the folder it comes from.
///
/// Reading a set writes nothing. It is refused (``MergeError/shardSet(_:)``) unless the folders
/// hold exactly one of each shard 1…n of a split into n, and (``MergeError/badInput(_:)``)
/// unless every manifest is valid and all of them agree on the tool, the render options and each
/// scene (name, duration, frame rate, size, frame count, fingerprint), and no frame or file is
/// listed by two shards.
public struct ShardSet: Sendable {
  /// One shard: its folder and manifest.
  public struct Part: Sendable {
    public var directory: URL
    /// The folder as messages name it.
    public var name: String
    public var manifest: ExportManifest
    public var shard: Shard
    /// The manifest file as messages name it.
    public var manifestName: String { "\(name)/\(ExportManifest.fileName(for: shard))" }
  }

  /// A file of the merged output and the shard folder it is copied from.
  public struct Source: Sendable {
    /// Position in ``ShardSet/parts``.
    public var part: Int
    public var file: ExportManifest.FileEntry
  }

  /// A scene of the merged output.
  public struct SceneParts: Sendable {
    /// The scene's entry without frames or files.
    public var entry: ExportManifest.SceneEntry
    /// Every frame in index order, with the position of its shard in ``ShardSet/parts``.
    public var frames: [(part: Int, frame: ExportManifest.FrameEntry)]
    /// The SVG previews, in the order the render lists them.
    public var previews: [Source]
    public var sheet: Source?
    public var gallery: Source?
  }

  /// The shards, by index.
  public var parts: [Part]
  public var scenes: [SceneParts]
  /// The options every shard rendered with.
  public var render: RenderSettings
  public var tool: String

  /// Reads the shard manifests (`manifest.shard-i-of-n.json`) in `directories` and checks them.
  /// - Parameter names: How messages name each folder (the paths as the user gave them);
  ///   their paths by default.
  public init(directories: [URL], names: [String]? = nil) throws(MergeError) {
    var parts: [Part] = []
    var seen: [String: String] = [:]
    for (position, directory) in directories.enumerated() {
      let name = InputText.escaped(names.flatMap { position < $0.count ? $0[position] : nil } ?? directory.path)
      if let earlier = seen.updateValue(name, forKey: directory.standardizedFileURL.resolvingSymlinksInPath().path) {
        throw .shardSet(
          "the folder \(earlier) is given twice\(earlier == name ? "" : " (as \(name))"); give each shard's folder once"
        )
      }
      parts += try Self.read(directory, name: name)
    }
    parts.sort { $0.shard.index < $1.shard.index }
    try Self.checkCompleteness(parts)
    let first = parts[0]
    for part in parts.dropFirst() { try Self.checkAgreement(first, part) }
    self.parts = parts
    tool = first.manifest.tool
    render = first.manifest.render
    scenes = []
    for ordinal in first.manifest.scenes.indices { scenes.append(try scene(ordinal)) }
  }

  // MARK: Reading

  private static func read(_ directory: URL, name: String) throws(MergeError) -> [Part] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
      throw .badInput("\(name): no such folder")
    }
    guard isDirectory.boolValue else {
      throw .badInput("\(name): not a folder; give the output folders of 'barframes render --shard i/n'")
    }
    let files: [String]
    do {
      files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    } catch {
      throw .badInput("\(name): cannot be read (\(AtomicFile.reason(error)))")
    }
    let manifests = files.compactMap { file in ExportManifest.shard(forFileName: file).map { (file, $0) } }.sorted {
      $0.1.index < $1.1.index
    }
    guard !manifests.isEmpty else {
      if files.contains(ExportManifest.fileName) {
        throw .shardSet(
          "\(name) holds an unsharded render (\(ExportManifest.fileName)), which needs no merge; give the output folders of 'barframes render --shard i/n'"
        )
      }
      throw .shardSet(
        "\(name) holds no shard manifest (manifest.shard-I-of-N.json); give the output folders of 'barframes render --shard i/n'"
      )
    }
    var parts: [Part] = []
    for (file, shard) in manifests {
      let manifest: ExportManifest
      do {
        manifest = try ExportManifest.read(
          contentsOf: directory.appendingPathComponent(file), displayName: "\(name)/\(file)")
      } catch {
        throw .badInput(error.description)
      }
      guard manifest.shard == shard else {
        throw .badInput(
          "\(name)/\(file): shard: the file is named for shard \(shard) but holds \(manifest.shard.map { "shard \($0)" } ?? "no shard")"
        )
      }
      parts.append(Part(directory: directory, name: name, manifest: manifest, shard: shard))
    }
    return parts
  }

  // MARK: Checks

  /// One of each shard 1…n, all of one n.
  private static func checkCompleteness(_ parts: [Part]) throws(MergeError) {
    guard let first = parts.first else { throw .shardSet("give at least one shard folder") }
    let count = first.shard.count
    if let other = parts.first(where: { $0.shard.count != count }) {
      throw .shardSet(
        "\(first.manifestName) is shard \(first.shard) but \(other.manifestName) is shard \(other.shard): give the shards of one split"
      )
    }
    for (a, b) in zip(parts, parts.dropFirst()) where a.shard == b.shard {
      throw .shardSet("shard \(a.shard) is given twice: \(a.manifestName) and \(b.manifestName); give each shard once")
    }
    // The shards are distinct and at most `count`, so exactly `count - parts.count` are missing;
    // the first few are named without walking a count a manifest may make huge.
    let missingCount = count - parts.count
    guard missingCount == 0 else {
      let present = Set(parts.map(\.shard.index))
      var first: [Int] = []
      var index = 1
      while first.count < min(5, missingCount) {
        if !present.contains(index) { first.append(index) }
        index += 1
      }
      let list = first.map { "\($0)/\(count)" }.joined(separator: ", ") + (missingCount > 5 ? ", …" : "")
      let found =
        parts.prefix(8).map { "\($0.shard) in \($0.name)" }.joined(separator: ", ") + (parts.count > 8 ? ", …" : "")
      throw .shardSet(
        "missing shard\(missingCount == 1 ? "" : "s") \(list) (\(missingCount) of \(count)): found \(found); give every shard's folder"
      )
    }
  }

  /// The manifest without what differs between shards: the shard and each scene's frames and files.
  static func identity(_ manifest: ExportManifest) -> JSONValue {
    var copy = manifest
    copy.shard = nil
    for i in copy.scenes.indices {
      copy.scenes[i].frames = []
      copy.scenes[i].files = []
    }
    return copy.json
  }

  private static func checkAgreement(_ a: Part, _ b: Part) throws(MergeError) {
    let namesA = a.manifest.scenes.map(\.name)
    let namesB = b.manifest.scenes.map(\.name)
    let intro = "shards \(a.shard) (\(a.manifestName)) and \(b.shard) (\(b.manifestName)) are not of one render"
    let advice = "render every shard with the same command, scenes and barframes"
    guard namesA == namesB else {
      func list(_ names: [String]) -> String {
        names.isEmpty
          ? "none"
          : names.prefix(8).map { InputText.quoted($0) }.joined(separator: ", ") + (names.count > 8 ? ", …" : "")
      }
      throw .badInput("\(intro): their scenes are \(list(namesA)) and \(list(namesB)); \(advice)")
    }
    guard let (path, valueA, valueB) = difference(identity(a.manifest), identity(b.manifest)) else { return }
    if case .key("fingerprint")? = path.components.last, case .index(let i)? = path.components.dropLast().last {
      throw .badInput(
        "\(intro): scene \(InputText.quoted(namesA[i])) draws differently in them (its scene, style or icon files changed between the renders); \(advice)"
      )
    }
    throw .badInput("\(intro): \(path) is \(valueA.summary) in one and \(valueB.summary) in the other; \(advice)")
  }

  /// The first place two JSON values differ, with the values there.
  static func difference(
    _ a: JSONValue, _ b: JSONValue, at path: JSONPath = JSONPath()
  ) -> (JSONPath, JSONValue, JSONValue)? {
    switch (a, b) {
    case (.object(let x), .object(let y)) where x.map(\.key) == y.map(\.key):
      for (m, n) in zip(x, y) {
        if let found = difference(m.value, n.value, at: path.appending(m.key)) { return found }
      }
      return nil
    case (.array(let x), .array(let y)) where x.count == y.count:
      for (i, (m, n)) in zip(x, y).enumerated() {
        if let found = difference(m, n, at: path.appending(index: i)) { return found }
      }
      return nil
    default:
      return a == b ? nil : (path, a, b)
    }
  }

  // MARK: Assembly

  /// Scene `ordinal` gathered from every shard: frames in index order, files by kind.
  private func scene(_ ordinal: Int) throws(MergeError) -> SceneParts {
    var entry = parts[0].manifest.scenes[ordinal]
    entry.frames = []
    entry.files = []
    let name = entry.name
    var frames: [(part: Int, frame: ExportManifest.FrameEntry)] = []
    var previews: [Source] = []
    var sheet: Source?
    var gallery: Source?
    var owners: [String: Int] = [:]
    for (position, part) in parts.enumerated() {
      let scene = part.manifest.scenes[ordinal]
      func claim(_ path: String, _ what: String) throws(MergeError) {
        if let other = owners.updateValue(position, forKey: path) {
          throw .badInput(
            "\(what) \(InputText.quoted(path, limit: 80)) is listed by both \(parts[other].manifestName) and \(part.manifestName); each file belongs to one shard"
          )
        }
      }
      for (i, frame) in scene.frames.enumerated() {
        let keyPath = "scenes[\(ordinal)].frames[\(i)].path"
        let file = frame.path.split(separator: "/").map(String.init)
        guard file.count == 2, file[0] == name, StaleFrames.isFrameFile(file[1], scene: name) else {
          throw .badInput(
            "\(part.manifestName): \(keyPath): \(InputText.quoted(frame.path, limit: 80)) is not a frame of scene \(InputText.quoted(name))"
          )
        }
        try claim(frame.path, "frame")
        frames.append((position, frame))
      }
      for (i, file) in scene.files.enumerated() {
        let keyPath = "scenes[\(ordinal)].files[\(i)]"
        let isGallery = file.format == "html"
        let components = file.path.split(separator: "/")
        guard isGallery ? file.path == SceneFileNames.galleryPath : (components.count == 2 && components[0] == name)
        else {
          throw .badInput(
            "\(part.manifestName): \(keyPath).path: \(InputText.quoted(file.path, limit: 80)) is not a file of scene \(InputText.quoted(name))"
          )
        }
        switch file.format {
        case "svg", "animated-svg":
          try claim(file.path, "preview")
          previews.append(Source(part: position, file: file))
        case "sheet":
          try claim(file.path, "contact sheet")
          sheet = Source(part: position, file: file)
        case "html":
          if let gallery, gallery.part != position {
            throw .badInput(
              "the gallery is listed by both \(parts[gallery.part].manifestName) and \(part.manifestName); each file belongs to one shard"
            )
          }
          gallery = Source(part: position, file: file)
        default:
          throw .badInput(
            "\(part.manifestName): \(keyPath).format: a shard writes no \(file.format); 'barframes merge' builds the animations (was the shard rendered by another barframes?)"
          )
        }
      }
    }
    frames.sort { $0.frame.index < $1.frame.index }
    for (x, y) in zip(frames, frames.dropFirst()) where x.frame.index == y.frame.index {
      throw .badInput(
        "frame \(x.frame.index) of scene \(InputText.quoted(name)) is listed by both \(parts[x.part].manifestName) and \(parts[y.part].manifestName); each frame belongs to one shard"
      )
    }
    let formats = render.formats
    let expectedFrames = formats.contains(.png) ? entry.frameCount : 0
    guard frames.count == expectedFrames else {
      throw .badInput(
        "scene \(InputText.quoted(name)): the shards list \(frames.count) of its \(expectedFrames) frames; every shard's manifest must be complete"
      )
    }
    func require(_ present: Bool, _ format: ExportFormats, _ what: String) throws(MergeError) {
      guard present == formats.contains(format) else {
        throw .badInput(
          present
            ? "scene \(InputText.quoted(name)): a shard lists \(what), which the render's formats (\(formats)) do not include"
            : "scene \(InputText.quoted(name)): no shard lists \(what), which the render's formats (\(formats)) include"
        )
      }
    }
    try require(previews.contains { $0.file.format == "svg" }, .svg, "SVG previews")
    try require(previews.contains { $0.file.format == "animated-svg" }, .animatedSVG, "an animated SVG")
    try require(sheet != nil, .sheet, "a contact sheet")
    try require(gallery != nil, .html, "the gallery")
    return SceneParts(entry: entry, frames: frames, previews: previews, sheet: sheet, gallery: gallery)
  }
}
