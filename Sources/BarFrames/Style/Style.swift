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
  /// The design and its parameters; opened to build a ``Timeline`` of the design's type.
  let configuration: any DesignConfiguration

  /// A style of `design` with `parameters`.
  public init<D: Design>(canvas: Canvas, design: D.Type, parameters: D.Style) {
    self.canvas = canvas
    self.configuration = Configured<D>(parameters: parameters)
  }

  /// The design the style names.
  public var design: any Design.Type { configuration.design }

  /// The design's name, as style files write it: `bent-line`.
  public var designName: String { configuration.design.name }

  /// The design's parameters.
  public var parameters: any DesignStyle { configuration.anyParameters }

  /// The parameters, when the style is of `design`; nil for any other design.
  public func parameters<D: Design>(as design: D.Type) -> D.Style? {
    (configuration as? Configured<D>)?.parameters
  }

  /// Reads a style file.
  /// - Parameters:
  ///   - url: The style file.
  ///   - displayName: How errors name the file (the path as the user gave it).
  ///   - designs: The designs the file may name.
  public static func load(
    contentsOf url: URL, displayName: String? = nil, designs: DesignRegistry = .standard
  ) throws(InputError) -> Style {
    let name = displayName ?? url.path
    let json = try InputFile.readJSON(url, displayName: name)
    return try Style(json: json, file: name, directory: url.deletingLastPathComponent().path, designs: designs)
  }

  /// Reads a style from parsed JSON.
  /// - Parameters:
  ///   - json: The style object.
  ///   - file: Named in errors.
  ///   - directory: Relative paths inside the style resolve against it.
  ///   - path: Where the style sits in its file (`style` for one inline in a scene).
  ///   - designs: The designs the style may name.
  public init(
    json: JSONValue, file: String, directory: String, path: JSONPath = JSONPath(), designs: DesignRegistry = .standard
  ) throws(InputError) {
    var reader = try JSONObjectReader(json, file: file, path: path)
    // Unknown keys first, against the named design's keys (every design's while the design is
    // unknown), so a misspelt key is never reported as the key it was meant to be, missing.
    // A design that is not registered is the first thing to say: its keys are unknown here.
    var named: (any Design.Type)?
    if case .string(let name)? = json["design"] {
      named = designs.design(named: name)
      if named == nil { throw Style.unknownDesign(name, reader: reader, designs: designs) }
    }
    try reader.rejectUnknownKeys(accepting: designs.styleKeys(for: named))
    try InputFile.checkVersion(&reader)
    let designName = try reader.string("design")
    guard let design = designs.design(named: designName) else {
      throw Style.unknownDesign(designName, reader: reader, designs: designs)
    }
    self = try Style.read(design, from: &reader, directory: directory)
  }

  private static func unknownDesign(_ name: String, reader: JSONObjectReader, designs: DesignRegistry) -> InputError {
    reader.error(
      "design",
      "unknown design \(InputText.quoted(name, limit: 40)); expected one of \(designs.names.map { "\"\($0)\"" }.joined(separator: ", "))")
  }

  /// Reads the canvas and `D`'s parameters.
  private static func read<D: Design>(
    _ design: D.Type, from reader: inout JSONObjectReader, directory: String
  ) throws(InputError) -> Style {
    var canvas = Canvas.default(of: D.self)
    for parameter in Canvas.parameters {
      try parameter.read(from: &reader, into: &canvas, directory: directory)
    }
    let parameters = try D.Style.read(from: &reader, directory: directory)
    try reader.finish(accepted: commonKeys + D.Style.parameterKeys)
    return Style(canvas: canvas, design: D.self, parameters: parameters)
  }

  /// The keys every style has, whatever its design: `version`, `design` and the canvas's.
  public static let commonKeys = ["version", "design"] + Canvas.parameters.map(\.key)

  public static func == (a: Style, b: Style) -> Bool {
    a.canvas == b.canvas && a.configuration.isEqual(to: b.configuration)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(canvas)
    configuration.hash(into: &hasher)
  }
}

/// A design type and its parameters, behind an existential a ``Style`` opens to reach `D`.
protocol DesignConfiguration: Sendable {
  associatedtype D: Design
  var parameters: D.Style { get }
}

extension DesignConfiguration {
  var design: any Design.Type { D.self }
  var anyParameters: any DesignStyle { parameters }

  func isEqual(to other: any DesignConfiguration) -> Bool {
    guard let other = other as? Self else { return false }
    return parameters == other.parameters
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(D.self))
    hasher.combine(parameters)
  }

  /// A timeline of `scene` on `D`.
  func timeline(_ scene: Scene) throws(InputError) -> any SceneTimeline {
    try Timeline<D>(scene: scene, style: parameters)
  }
}

struct Configured<D: Design>: DesignConfiguration {
  var parameters: D.Style
}

/// Reading input files: JSON syntax errors and versions, reported with the file's name.
public enum InputFile {
  /// The largest input file BarFrames reads (`InputLimits.fileSize`).
  public static let maximumSize = InputLimits.fileSize

  /// Reads a file's bytes (a regular file only; see `InputBytes`), naming it `displayName` in
  /// errors.
  public static func readBytes(_ url: URL, displayName: String) throws(InputError) -> [UInt8] {
    do {
      return try InputBytes.read(url, limit: maximumSize)
    } catch {
      throw InputError(file: displayName, keyPath: "", message: message(for: error))
    }
  }

  /// Reads and parses a JSON file.
  public static func readJSON(_ url: URL, displayName: String) throws(InputError) -> JSONValue {
    try JSONInput.parse(Data(try readBytes(url, displayName: displayName)), file: displayName)
  }

  /// What is wrong with a file that could not be read, said of the file.
  public static func message(for failure: InputBytes.Failure) -> String {
    switch failure {
    case .missing: "no such file"
    case .tooLarge: "is larger than \(maximumSize >> 20) MiB (the limit)"
    case .notRegularFile, .unreadable: failure.description
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
    try reader.checkVersion(supported: Style.supportedVersion)
  }
}
