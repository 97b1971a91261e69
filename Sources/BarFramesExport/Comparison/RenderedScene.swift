import BarFrames
import BarFramesPlayer

/// One scene of a finished render as the player page shows it: its numbered PNG frames, their
/// timing, size and backdrop, events and files — the scene objects of ``GalleryData``, read
/// back and checked so a page can show two renders side by side.
///
/// Paths are relative to the render folder; ``json(pathPrefix:)`` writes them relative to
/// another page (`../frames-old/` + `bar/bar-07.png`).
public struct RenderedScene: Equatable, Sendable {
  /// The numbered PNG files: `prefix` + the frame number padded to `digits` + `suffix`, for
  /// `count` frames from `first` every `step`.
  public struct Frames: Hashable, Sendable {
    public var prefix: String
    public var suffix: String
    public var digits: Int
    public var first: Int
    public var step: Int
    public var count: Int

    public init(prefix: String, suffix: String, digits: Int, first: Int, step: Int, count: Int) {
      self.prefix = prefix
      self.suffix = suffix
      self.digits = digits
      self.first = first
      self.step = step
      self.count = count
    }

    /// The numbers of the frames, in order.
    public var numbers: [Int] { (0..<count).map { first + $0 * step } }

    /// The path of frame `number` (relative to the render folder).
    public func path(_ number: Int) -> String {
      let digitsText = String(number)
      return prefix + String(repeating: "0", count: max(0, digits - digitsText.count)) + digitsText + suffix
    }
  }

  public var name: String
  /// The scene file it was rendered from ("" when unknown).
  public var file: String
  public var design: String
  /// The rendered interval, seconds.
  public var start: Double
  public var end: Double
  /// The time of frame 0 of the numbering.
  public var sampleStart: Double
  public var duration: Double
  public var fpsNumerator: Double
  public var fpsDenominator: Double
  public var fpsLabel: String
  /// False when the timing is not known (the render left no `index.html`, and no twin in the
  /// other render of a comparison lent its own): frames then carry only their numbers.
  public var isTimed: Bool
  public var scale: Int
  public var width: Int
  public var height: Int
  public var transparent: Bool
  /// `#RRGGBB` (or with alpha), or nil when transparent.
  public var background: String?
  public var backdrop: Backdrop
  public var frames: Frames
  /// The gallery's event entries (``GalleryData/eventEntries(_:in:)``), as JSON.
  public var events: [JSONValue]
  /// Whole-scene files: format ("apng", "gif", "webp", "sheet") and path.
  public var files: [(format: String, path: String)]
  /// SVG previews: time, label and path.
  public var previews: [(time: Double, label: String, path: String)]

  /// A scene known only by its frame files: numbers, size and backdrop, no timing (shown at an
  /// assumed 30 frames a second, each frame's "time" being its number / 30).
  public init(name: String, frames: Frames, scale: Int, width: Int, height: Int, transparent: Bool, backdrop: Backdrop)
  {
    self.name = name
    self.file = ""
    self.design = ""
    self.fpsNumerator = 30
    self.fpsDenominator = 1
    self.fpsLabel = "30 (assumed)"
    self.sampleStart = 0
    self.start = Double(frames.first) / 30
    self.end = Double(frames.first + max(0, frames.count - 1) * frames.step) / 30
    self.duration = self.end
    self.isTimed = false
    self.scale = scale
    self.width = width
    self.height = height
    self.transparent = transparent
    self.background = nil
    self.backdrop = backdrop
    self.frames = frames
    self.events = []
    self.files = []
    self.previews = []
  }

  public static func == (a: RenderedScene, b: RenderedScene) -> Bool {
    a.json(pathPrefix: "") == b.json(pathPrefix: "")
  }

  /// The time of frame `number`, seconds.
  public func time(ofFrame number: Int) -> Double { sampleStart + Double(number) * fpsDenominator / fpsNumerator }

  /// Takes the timing of `other` (a render of the same scene whose timing is known), keeping
  /// this one's frames, so the two line up frame number by frame number. Not its events: they
  /// are the other render's, and may be what changed.
  public mutating func adoptTiming(of other: RenderedScene) {
    guard !isTimed, other.isTimed else { return }
    fpsNumerator = other.fpsNumerator
    fpsDenominator = other.fpsDenominator
    fpsLabel = other.fpsLabel
    sampleStart = other.sampleStart
    start = time(ofFrame: frames.first)
    end = time(ofFrame: frames.first + max(0, frames.count - 1) * frames.step)
    duration = other.duration
    isTimed = true
  }

  /// The scene object the player reads, with every path prefixed by `pathPrefix` (a folder
  /// path ending in `/`, or "").
  public func json(pathPrefix: String) -> JSONValue {
    .object([
      .init("name", .string(name)),
      .init("file", .string(file)),
      .init("design", .string(design)),
      .init("start", .number(start)),
      .init("end", .number(end)),
      .init("sampleStart", .number(sampleStart)),
      .init("duration", .number(duration)),
      .init("fps", .number(fpsNumerator / fpsDenominator)),
      .init("fpsLabel", .string(fpsLabel)),
      .init("fpsNum", .number(fpsNumerator)),
      .init("fpsDen", .number(fpsDenominator)),
      .init("timed", .bool(isTimed)),
      .init("scale", .number(Double(scale))),
      .init("width", .number(Double(width))),
      .init("height", .number(Double(height))),
      .init("transparent", .bool(transparent)),
      .init("background", background.map(JSONValue.string) ?? .null),
      .init("backdrop", .string(backdrop.rawValue)),
      .init(
        "frames",
        .object([
          .init("prefix", .string(pathPrefix + frames.prefix)),
          .init("suffix", .string(frames.suffix)),
          .init("digits", .number(Double(frames.digits))),
          .init("first", .number(Double(frames.first))),
          .init("step", .number(Double(frames.step))),
          .init("count", .number(Double(frames.count))),
        ])),
      .init("events", .array(events)),
      .init(
        "files",
        .array(
          files.map { .object([.init("format", .string($0.format)), .init("path", .string(pathPrefix + $0.path))]) })),
      .init(
        "previews",
        .array(
          previews.map {
            .object([
              .init("time", .number($0.time)), .init("label", .string($0.label)),
              .init("path", .string(pathPrefix + $0.path)),
            ])
          })),
    ])
  }
}

extension RenderedScene {
  /// The scene as the gallery shows it, or nil when it was rendered without PNG frames.
  public init?(_ info: GalleryData.SceneInfo) {
    guard let scene = try? RenderedScene(json: GalleryData.json(info), file: "", path: JSONPath()) else { return nil }
    self = scene
  }

  /// Reads a scene object of a player page's data (``GalleryData``), checking every value the
  /// page uses. Returns nil for a scene rendered without PNG frames (`"frames": null`).
  /// - Parameters:
  ///   - file: How errors name the page (`frames-old/index.html`).
  ///   - path: Where the object sits in the data (`scenes[2]`).
  /// - Throws: ``InputError`` naming the file and the key path of the first bad value.
  public init?(json: JSONValue, file: String, path: JSONPath) throws(InputError) {
    var reader = try JSONObjectReader(json, file: file, path: path)
    let name = try reader.string("name")
    guard !name.isEmpty, !name.contains("/") else {
      throw reader.error("name", "expected a scene name (no \"/\"), got \(JSONValue.string(name).summary)")
    }
    guard let framesValue = reader.value("frames") else {
      throw reader.error("frames", "missing; expected an object or null")
    }
    if framesValue == .null { return nil }
    var frames = try JSONObjectReader(framesValue, file: file, path: path.appending("frames"))
    func whole(_ reader: inout JSONObjectReader, _ key: String, _ range: ClosedRange<Int>) throws(InputError) -> Int {
      guard reader.contains(key) else {
        throw reader.error(key, "missing; expected a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      return try reader.integer(key, default: 0, range)
    }
    let prefix = try Self.relativePath(frames.string("prefix"), reader: frames, key: "prefix")
    let suffix = try frames.string("suffix")
    guard !suffix.contains("/") else {
      throw frames.error("suffix", "expected a file name ending, got \(JSONValue.string(suffix).summary)")
    }
    let sequence = Frames(
      prefix: prefix, suffix: suffix, digits: try whole(&frames, "digits", 1...9),
      first: try whole(&frames, "first", 0...999_999_999),
      step: try whole(&frames, "step", 1...999_999_999), count: try whole(&frames, "count", 0...10_000_000))
    let backdropName = try reader.string("backdrop")
    guard let backdrop = Backdrop(rawValue: backdropName) else {
      throw reader.error(
        "backdrop", "expected one of \"checker\", \"light\", \"dark\", got \(JSONValue.string(backdropName).summary)")
    }
    self.init(
      name: name, frames: sequence, scale: try whole(&reader, "scale", 1...16),
      width: try whole(&reader, "width", 0...1 << 20),
      height: try whole(&reader, "height", 0...1 << 20), transparent: try reader.bool("transparent", default: false),
      backdrop: backdrop)
    self.file = try reader.optionalString("file") ?? ""
    design = try reader.optionalString("design") ?? ""
    start = try reader.number("start", .nonNegative)
    end = try reader.number("end", .nonNegative)
    sampleStart = try reader.number("sampleStart", .nonNegative)
    duration = try reader.number("duration", .nonNegative)
    fpsNumerator = try reader.number("fpsNum", .positive)
    fpsDenominator = try reader.number("fpsDen", .positive)
    fpsLabel = try reader.optionalString("fpsLabel") ?? (fpsNumerator / fpsDenominator).compactJSON
    isTimed = try reader.bool("timed", default: true)
    switch reader.value("background") {
    case nil, .null?: background = nil
    case .string(let text)?: background = text
    case let other?: throw reader.error("background", "expected a colour or null, got \(other.summary)")
    }
    events = []
    for (value, eventPath) in try reader.array("events") ?? [] {
      var event = try JSONObjectReader(value, file: file, path: eventPath)
      let at = try event.number("at", .nonNegative)
      events.append(
        .object([
          .init("at", .number(at)), .init("until", .number(try event.number("until", default: at, .nonNegative))),
          .init("count", .number(Double(try event.integer("count", default: 1, 1...100_000_000)))),
          .init("call", .string(try event.string("call"))),
          .init("args", .string(try event.optionalString("args") ?? "")),
        ]))
    }
    files = []
    for (value, filePath) in try reader.array("files") ?? [] {
      var entry = try JSONObjectReader(value, file: file, path: filePath)
      files.append(
        (try entry.string("format"), try Self.relativePath(entry.string("path"), reader: entry, key: "path")))
    }
    previews = []
    for (value, previewPath) in try reader.array("previews") ?? [] {
      var entry = try JSONObjectReader(value, file: file, path: previewPath)
      previews.append(
        (
          try entry.number("time", .nonNegative), try entry.optionalString("label") ?? "",
          try Self.relativePath(entry.string("path"), reader: entry, key: "path")
        ))
    }
  }

  /// A path inside the render folder: relative, no `..`, no scheme — a page written elsewhere
  /// must not be able to point the comparison at other files.
  static func relativePath(_ text: String, reader: JSONObjectReader, key: String) throws(InputError) -> String {
    let components = text.split(separator: "/", omittingEmptySubsequences: false)
    guard !text.isEmpty, !text.hasPrefix("/"), !text.contains(":"), !text.contains("\\"),
      !components.contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix(".") }),
      text.unicodeScalars.allSatisfy({ $0.value >= 0x20 })
    else {
      throw reader.error(key, "expected a path inside the render folder, got \(JSONValue.string(text).summary)")
    }
    return text
  }
}
