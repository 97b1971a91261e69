import BarFrames
import BarFramesImageIO
import Foundation

extension ExportManifest {
  /// The largest manifest read back: 256 MiB, some 1.3 million frame entries (an hour at
  /// 240 fps is 864 001 frames).
  public static let maximumFileSize = 256 << 20

  /// Reads a manifest file a render wrote.
  /// - Parameters:
  ///   - url: The file.
  ///   - displayName: How errors name it.
  /// - Throws: ``InputError`` naming the file and the key path of the first problem.
  public static func read(contentsOf url: URL, displayName: String) throws(InputError) -> ExportManifest {
    try readWithBytes(contentsOf: url, displayName: displayName).manifest
  }

  /// Reads a manifest file and returns it with the bytes it was read from (whose digest
  /// ``hasValidDigest(_:)`` checks).
  static func readWithBytes(
    contentsOf url: URL, displayName: String
  ) throws(InputError) -> (manifest: ExportManifest, bytes: [UInt8]) {
    let bytes: [UInt8]
    do {
      bytes = try InputBytes.read(url, limit: maximumFileSize)
    } catch {
      switch error {
      case .missing: throw InputError(file: displayName, keyPath: "", message: "no such file")
      case .tooLarge:
        throw InputError(
          file: displayName, keyPath: "",
          message: "is larger than \(maximumFileSize >> 20) MiB (the limit for a manifest)")
      case .notRegularFile, .unreadable: throw InputError(file: displayName, keyPath: "", message: error.description)
      }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw InputError(file: displayName, keyPath: "", message: "is not UTF-8 text")
    }
    let json: JSONValue
    do {
      json = try JSONValue(parsing: text)
    } catch {
      throw InputError(file: displayName, keyPath: "", message: "invalid JSON at \(error.description)")
    }
    return (try ExportManifest(json: json, file: displayName), bytes)
  }

  /// Reads a manifest from its JSON, strictly: every key known, every value of its type.
  public init(json: JSONValue, file: String) throws(InputError) {
    var reader = try JSONObjectReader(json, file: file)
    try reader.rejectUnknownKeys(accepting: ["version", "tool", "render", "shard", "scenes", "digest"])
    if reader.contains("digest") {
      let digest = try reader.string("digest")
      guard SceneEntry.isSHA256Hex(digest) else {
        throw reader.error("digest", "expected 64 lowercase hexadecimal digits, got \(InputText.quoted(digest))")
      }
    }
    try reader.checkVersion(supported: Self.oldestReadableVersion...Self.version)
    let tool = try reader.string("tool")
    guard var render = try reader.object("render") else { throw reader.error("render", "missing; expected an object") }
    let settings = try RenderSettings(reading: &render)
    var shard: Shard?
    if var part = try reader.object("shard") {
      try part.rejectUnknownKeys(accepting: ["index", "count"])
      let count = try part.wholeNumber("count", 2...Int(Int32.max))
      let index = try part.wholeNumber("index", 1...count)
      shard = try? Shard(index: index, count: count)
    }
    guard let list = try reader.array("scenes") else { throw reader.error("scenes", "missing; expected an array") }
    var scenes: [SceneEntry] = []
    for item in list {
      var scene = try JSONObjectReader(item.value, file: file, path: item.path)
      scenes.append(try SceneEntry(reading: &scene))
    }
    self.init(tool: tool, render: settings, shard: shard, scenes: scenes)
  }
}

extension RenderSettings {
  init(reading reader: inout JSONObjectReader) throws(InputError) {
    try reader.rejectUnknownKeys(accepting: [
      "formats", "background", "selection", "everyNth", "png", "webpQuality", "sheetFrames",
    ])
    let formatsText = try reader.string("formats")
    let formats: ExportFormats
    do {
      formats = try ExportFormats(parsing: formatsText)
    } catch {
      throw reader.error("formats", "expected formats such as \"png,apng\", got \(InputText.quoted(formatsText))")
    }
    let background = try reader.string("background")
    let selection = try reader.string("selection")
    let everyNth = try reader.wholeNumber("everyNth", 1...Int(Int32.max))
    guard let png: PNGCompressionPreset = try reader.optionalChoice("png") else {
      throw reader.error(
        "png",
        "missing; expected one of \(PNGCompressionPreset.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))"
      )
    }
    var webpQuality: Int?
    switch reader.value("webpQuality") {
    case nil: throw reader.error("webpQuality", "missing; expected a whole number from 0 to 100 or null")
    case .null?: webpQuality = nil
    case let value?:
      guard case .number(let n) = value, n.isFinite, n == n.rounded(), (0...100).contains(n) else {
        throw reader.error("webpQuality", "expected a whole number from 0 to 100 or null, got \(value.summary)")
      }
      webpQuality = Int(n)
    }
    let sheetFrames = try reader.wholeNumber("sheetFrames", 1...Int(Int32.max))
    self.init(
      formats: formats, background: background, selection: selection, everyNth: everyNth, png: png,
      webpQuality: webpQuality, sheetFrames: sheetFrames)
  }
}

extension ExportManifest.SceneEntry {
  static let keys = [
    "name", "duration", "fps", "frameRate", "scale", "width", "height", "frameCount", "fingerprint", "inputs", "frames",
    "files",
  ]

  init(reading reader: inout JSONObjectReader) throws(InputError) {
    try reader.rejectUnknownKeys(accepting: Self.keys)
    name = try reader.string("name")
    guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.unicodeScalars.contains("\0") else {
      throw reader.error("name", "expected a scene name (a file name without a folder), got \(InputText.quoted(name))")
    }
    duration = try reader.number("duration", .nonNegative)
    fps = try reader.number("fps", .positive)
    frameRate = try reader.string("frameRate")
    guard FrameRate(manifestText: frameRate) != nil else {
      throw reader.error(
        "frameRate", "expected a frame rate such as \"30\" or \"30000/1001\", got \(InputText.quoted(frameRate))")
    }
    scale = try reader.wholeNumber("scale", 1...3)
    width = try reader.wholeNumber("width", 1...InputLimits.framePixels)
    height = try reader.wholeNumber("height", 1...InputLimits.framePixels)
    frameCount = try reader.wholeNumber("frameCount", 0...Int(Int32.max))
    fingerprint = try reader.string("fingerprint")
    if reader.contains("inputs") {
      let digest = try reader.string("inputs")
      guard Self.isSHA256Hex(digest) else {
        throw reader.error("inputs", "expected 64 lowercase hexadecimal digits, got \(InputText.quoted(digest))")
      }
      inputs = digest
    }
    frames = []
    files = []
    guard let frameList = try reader.array("frames") else { throw reader.error("frames", "missing; expected an array") }
    for item in frameList {
      var frame = try JSONObjectReader(item.value, file: reader.file, path: item.path)
      try frame.rejectUnknownKeys(accepting: ["index", "time", "path", "bytes", "sha256"])
      let index = try frame.wholeNumber("index", 0...Int(Int32.max))
      let time = try frame.number("time", .nonNegative)
      let path = try frame.relativePath("path")
      let bytes = try frame.wholeNumber("bytes", 0...Int.max >> 1)
      let sha256 = try frame.string("sha256")
      guard Self.isSHA256Hex(sha256) else {
        throw frame.error("sha256", "expected 64 lowercase hexadecimal digits, got \(InputText.quoted(sha256))")
      }
      frames.append(.init(index: index, time: time, path: path, bytes: bytes, sha256: sha256))
    }
    guard let fileList = try reader.array("files") else { throw reader.error("files", "missing; expected an array") }
    for item in fileList {
      var entry = try JSONObjectReader(item.value, file: reader.file, path: item.path)
      try entry.rejectUnknownKeys(accepting: ["format", "path", "bytes", "sha256", "frames", "mergedFrames"])
      let format = try entry.string("format")
      let known = ["apng", "gif", "webp", "animated-svg", "svg", "sheet", "html"]
      guard known.contains(format) else {
        throw entry.error(
          "format",
          "expected one of \(known.map { "\"\($0)\"" }.joined(separator: ", ")), got \(InputText.quoted(format))")
      }
      let path = try entry.relativePath("path")
      let bytes = try entry.wholeNumber("bytes", 0...Int.max >> 1)
      var sha256: String?
      if entry.contains("sha256") {
        let digest = try entry.string("sha256")
        guard Self.isSHA256Hex(digest) else {
          throw entry.error("sha256", "expected 64 lowercase hexadecimal digits, got \(InputText.quoted(digest))")
        }
        sha256 = digest
      }
      let stored = try entry.contains("frames") ? entry.wholeNumber("frames", 0...Int(Int32.max)) : nil
      let merged = try entry.contains("mergedFrames") ? entry.wholeNumber("mergedFrames", 0...Int(Int32.max)) : nil
      files.append(
        .init(format: format, path: path, bytes: bytes, sha256: sha256, frames: stored, mergedFrames: merged))
    }
  }

  /// Whether `text` is a SHA-256 digest as the manifest writes it: 64 lowercase hexadecimal
  /// digits. Bytes, not Characters: a render's manifest holds one a frame, and Unicode
  /// properties per character made reading it half of an unchanged re-render's time.
  static func isSHA256Hex(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      bytes.count == 64 && bytes.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
  }
}

extension FrameRate {
  /// Parses ``description``'s form: "30" or "30000/1001" (positive, at most 1 000 000 each).
  init?(manifestText text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let numerator = Int(parts[0]), (1...1_000_000).contains(numerator) else {
      return nil
    }
    let denominator = parts.count == 2 ? Int(parts[1]) ?? 0 : 1
    guard (1...1_000_000).contains(denominator) else { return nil }
    self.init(numerator, per: denominator)
    guard description == text else { return nil }
  }
}

extension JSONObjectReader {
  /// A required whole number in `range`.
  mutating func wholeNumber(_ key: String, _ range: ClosedRange<Int>) throws(InputError) -> Int {
    guard contains(key) else {
      throw error(key, "missing; expected a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return try integer(key, default: range.lowerBound, range)
  }

  /// A required path relative to the output folder, which cannot leave it: no leading `/`, no
  /// empty, `.` or `..` component, no control character.
  mutating func relativePath(_ key: String) throws(InputError) -> String {
    let path = try string(key)
    guard Self.isInsideFolder(path) else {
      throw error(
        key,
        "expected a path inside the output folder (no leading /, no . or .. part), got \(InputText.quoted(path, limit: 80))"
      )
    }
    return path
  }

  /// Whether `path` names a file inside a folder: not empty, no empty, `.` or `..` part (so no
  /// leading `/`), and no control character. One pass over its bytes: a manifest lists a path
  /// for every frame, read again by every re-render.
  static func isInsideFolder(_ path: String) -> Bool {
    path.utf8.withContiguousStorageIfAvailable(isInsideFolder) ?? isInsideFolder(Array(path.utf8))
  }

  private static func isInsideFolder(_ bytes: some Collection<UInt8>) -> Bool {
    var length = 0
    var dots = 0
    for byte in bytes {
      if byte < 0x20 || byte == 0x7F { return false }
      if byte == UInt8(ascii: "/") {
        guard length > 0, dots != length || length > 2 else { return false }
        (length, dots) = (0, 0)
      } else {
        length += 1
        if byte == UInt8(ascii: ".") { dots += 1 }
      }
    }
    return length > 0 && (dots != length || length > 2)
  }
}
