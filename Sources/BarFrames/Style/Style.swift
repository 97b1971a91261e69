import BarFramesGraphics
import Foundation

/// A style descriptor: which design, on what canvas, with which parameters.
///
/// ```json
/// {"version": 1, "design": "bent-line", "size": [320, 320], "background": "lightGray"}
/// ```
/// Every parameter defaults to the original demo's value, so `{"version":1,"design":"bent-line"}`
/// is a complete style.
public struct Style: Hashable, Sendable {
  /// The style file format version this build reads.
  public static let supportedVersion = 1

  public var canvas: Canvas
  public var design: DesignParameters

  public init(canvas: Canvas, design: DesignParameters) {
    self.canvas = canvas
    self.design = design
  }

  /// Reads a style file.
  /// - Parameter displayName: How errors name the file (the path as the user gave it).
  public static func load(contentsOf url: URL, displayName: String? = nil) throws(InputError) -> Style {
    let name = displayName ?? url.path
    let json = try InputFile.readJSON(url, displayName: name)
    return try Style(json: json, file: name, directory: url.deletingLastPathComponent().path)
  }

  /// Reads a style from parsed JSON.
  /// - Parameters:
  ///   - file: Named in errors.
  ///   - directory: Relative paths inside the style resolve against it.
  ///   - path: Where the style sits in its file (`style` for one inline in a scene).
  public init(json: JSONValue, file: String, directory: String, path: JSONPath = JSONPath()) throws(InputError) {
    var reader = try JSONObjectReader(json, file: file, path: path)
    // Unknown keys first, against the named design's keys (every design's while the design is
    // unknown), so a misspelt key is never reported as the key it was meant to be, missing.
    let named = json["design"].flatMap { value -> DesignKind? in
      guard case .string(let name) = value else { return nil }
      return DesignKind(rawValue: name)
    }
    try reader.rejectUnknownKeys(accepting: Style.keys(for: named))
    try InputFile.checkVersion(&reader)
    let designName = try reader.string("design")
    guard let kind = DesignKind(rawValue: designName) else {
      throw reader.error(
        "design",
        "unknown design \"\(designName)\"; expected one of \(DesignKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
    }
    let size: Size
    if let (w, h) = try reader.pair("size", .positive) {
      let side = InputLimits.canvasPoints
      guard w <= side, h <= side else {
        throw reader.error("size", "expected at most \(side.compactJSON) × \(side.compactJSON) points, got \(w.compactJSON) × \(h.compactJSON)")
      }
      size = Size(w, h)
    } else {
      size = kind.defaultSize
    }
    var background = kind.defaultBackground
    if let value = reader.value("background") {
      if value == .string("transparent") {
        background = nil
      } else {
        guard case .string(let text) = value else {
          throw reader.error("background", "expected \"transparent\" or a colour, got \(value.summary)")
        }
        do {
          background = try Color(parsing: text)
        } catch {
          throw reader.error("background", "expected \"transparent\" or " + error.description.dropFirst("expected ".count))
        }
      }
    }
    let design = try kind.readParameters(from: &reader, directory: directory)
    try reader.finish(accepted: Style.keys(for: kind))
    self.init(canvas: Canvas(size: size, background: background), design: design)
  }

  /// The keys every style has.
  public static let commonKeys = ["version", "design", "size", "background"]

  /// The keys a style of `kind` accepts; of any design when nil.
  public static func keys(for kind: DesignKind?) -> [String] {
    guard let kind else {
      var keys = commonKeys
      for key in DesignKind.allCases.flatMap(\.parameterKeys) where !keys.contains(key) { keys.append(key) }
      return keys
    }
    return commonKeys + kind.parameterKeys
  }
}

/// Reading input files: JSON syntax errors and versions, reported with the file's name.
public enum InputFile {
  /// The largest input file BarFrames reads (``InputLimits/fileSize``).
  public static let maximumSize = InputLimits.fileSize
  static let directoryMessage = "is a directory, not a JSON file"

  /// Reads and parses a JSON file.
  public static func readJSON(_ url: URL, displayName: String) throws(InputError) -> JSONValue {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw InputError(file: displayName, keyPath: "", message: "no such file")
    }
    guard !isDirectory.boolValue else { throw InputError(file: displayName, keyPath: "", message: directoryMessage) }
    // Checked before reading, so a huge file is never loaded to be refused.
    if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber, size.intValue > maximumSize {
      throw InputError(file: displayName, keyPath: "", message: "is larger than \(maximumSize >> 20) MiB (the limit)")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw InputError(file: displayName, keyPath: "", message: "cannot be read (\(error.localizedDescription))")
    }
    guard data.count <= maximumSize else {
      throw InputError(file: displayName, keyPath: "", message: "is larger than \(maximumSize >> 20) MiB (the limit)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw InputError(file: displayName, keyPath: "", message: "is not UTF-8 text")
    }
    do {
      return try JSONValue(parsing: text)
    } catch {
      throw InputError(file: displayName, keyPath: "", message: "invalid JSON at \(error.description)")
    }
  }

  /// How to name a file referenced from another, as the user would: `../Styles/x.json` inside
  /// `Examples/a.json` is `Styles/x.json`. Absolute references stay absolute.
  public static func displayPath(of reference: String, besides file: String) -> String {
    guard !reference.hasPrefix("/") else { return reference }
    var components = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
    for part in reference.split(separator: "/") {
      switch part {
      case ".": continue
      case "..":
        if let last = components.last, last != "..", !last.isEmpty {
          components.removeLast()
        } else {
          components.append("..")
        }
      default: components.append(String(part))
      }
    }
    return components.joined(separator: "/")
  }

  /// Reads `version`, which must be present and supported.
  public static func checkVersion(_ reader: inout JSONObjectReader) throws(InputError) {
    guard let value = reader.value("version") else {
      throw reader.error("version", "missing; add \"version\": \(Style.supportedVersion)")
    }
    // Compared as a Double: a huge or infinite number (1e19, 1e400) must not reach Int(_:),
    // which traps on values outside Int's range.
    guard case .number(let v) = value, v.isFinite, v == v.rounded(), v >= 1 else {
      throw reader.error("version", "expected a whole number, got \(value.summary)")
    }
    guard v == Double(Style.supportedVersion) else {
      throw reader.error(
        "version",
        "this version of BarFrames reads version \(Style.supportedVersion) files, not version \(v.compactJSON); the highest supported version is \(Style.supportedVersion)")
    }
  }
}
