import BarFramesGraphics
import Foundation

/// A scene: a style and a script of calls over time.
///
/// ```json
/// {"version": 1, "style": "../Styles/bent-line.json", "duration": 3, "fps": 60, "scale": 2,
///  "events": [{"at": 0.5, "call": "setProgress", "args": {"value": 0.3}}]}
/// ```
public struct Scene: Hashable, Sendable {
  /// The scene's name: its file name without `.json`.
  public var name: String
  /// The file as the user named it, for errors.
  public var file: String
  public var style: Style
  /// Seconds; frames run from 0 to `duration` inclusive.
  public var duration: Double
  public var fps: Double
  public var scale: Int
  /// The events in time order (file order among equal times), repetitions expanded.
  public var events: [SceneEvent]

  /// The largest duration a scene may have, in seconds.
  public static let maximumDuration = 3600.0
  /// The most events a scene may expand to (`InputLimits.events`).
  public static let maximumEvents = InputLimits.events

  /// Reads a scene file; a relative style path resolves against the scene's folder.
  /// - Parameters:
  ///   - url: The scene file.
  ///   - displayName: How errors name the file (the path as the user gave it).
  ///   - designs: The designs its style may name.
  public static func load(
    contentsOf url: URL, displayName: String? = nil, designs: DesignRegistry = .standard
  ) throws(InputError) -> Scene {
    let file = displayName ?? url.path
    let json = try InputFile.readJSON(url, displayName: file)
    return try Scene(
      json: json, file: file, directory: url.deletingLastPathComponent().path,
      name: url.deletingPathExtension().lastPathComponent, designs: designs)
  }

  /// The keys of a scene file.
  public static let keys = ["version", "style", "duration", "fps", "scale", "events"]

  /// Reads a scene from parsed JSON.
  /// - Parameters:
  ///   - json: The scene object.
  ///   - file: Named in errors.
  ///   - directory: A relative style path resolves against it.
  ///   - name: The scene's name (its file name without `.json`).
  ///   - designs: The designs its style may name.
  public init(
    json: JSONValue, file: String, directory: String, name: String, designs: DesignRegistry = .standard
  ) throws(InputError) {
    var reader = try JSONObjectReader(json, file: file)
    try reader.rejectUnknownKeys(accepting: Scene.keys)
    try InputFile.checkVersion(&reader)
    guard let styleValue = reader.value("style") else {
      throw reader.error("style", "missing; give a style file path or an inline style object")
    }
    let style: Style
    switch styleValue {
    case .string(let path):
      guard !path.isEmpty else {
        throw reader.error("style", "is empty; give a style file path or an inline style object")
      }
      let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: directory, isDirectory: true))
        .standardizedFileURL
      // A file that cannot be read is this scene's error, at its `style` key; what is wrong
      // inside a style file that was read is that file's.
      let bytes: [UInt8]
      do {
        bytes = try InputBytes.read(url, limit: InputFile.maximumSize)
      } catch {
        let named = "the style file \(InputText.quotedPath(path))"
        switch error {
        case .missing:
          throw reader.error("style", "the style file \(InputText.quotedPath(url.path)) does not exist")
        case .tooLarge:
          throw reader.error("style", "\(named) is larger than \(InputFile.maximumSize >> 20) MiB (the limit)")
        case .notRegularFile, .unreadable: throw reader.error("style", "\(named) \(error)")
        }
      }
      let name = InputFile.displayPath(of: path, besides: file)
      style = try Style(
        json: try JSONInput.parse(Data(bytes), file: name), file: name, directory: url.deletingLastPathComponent().path,
        designs: designs)
    case .object:
      style = try Style(
        json: styleValue, file: file, directory: directory, path: JSONPath([.key("style")]), designs: designs)
    default:
      throw reader.error("style", "expected a style file path or an inline style object, got \(styleValue.summary)")
    }
    let duration = try reader.number("duration", .positive)
    guard duration <= Scene.maximumDuration else {
      throw reader.error(
        "duration", "expected at most \(Int(Scene.maximumDuration)) seconds, got \(duration.compactJSON)")
    }
    let fps = try reader.number("fps", default: 60, .range(1...240))
    let scale = try reader.integer("scale", default: 2, 1...3)
    let pixels =
      (style.canvas.size.width * Double(scale)).rounded(.up) * (style.canvas.size.height * Double(scale)).rounded(.up)
    guard pixels <= Double(InputLimits.framePixels) else {
      throw reader.error(
        "scale",
        "a \(style.canvas.size.width.compactJSON) × \(style.canvas.size.height.compactJSON) pt canvas at @\(scale)x is \(Int(pixels)) pixels a frame; the limit is \(InputLimits.framePixels) (4096 × 4096): use a smaller scale")
    }
    var events: [SceneEvent] = []
    if let value = reader.value("events") {
      guard case .array(let items) = value else {
        throw reader.error("events", "expected an array, got \(value.summary)")
      }
      for (index, item) in items.enumerated() {
        events += try SceneEvent.expand(
          item, file: file, path: JSONPath([.key("events"), .index(index)]), sourceIndex: index)
        if events.count > Scene.maximumEvents {
          throw reader.error("events", "expands to more than \(Scene.maximumEvents) events; use a longer \"every\"")
        }
      }
    }
    try reader.finish(accepted: Scene.keys)
    // A stable sort keeps file order among equal times ("events at the same time apply in file order").
    events = events.enumerated().sorted { a, b in
      a.element.at != b.element.at ? a.element.at < b.element.at : a.offset < b.offset
    }.map(\.element)
    self.name = name
    self.file = file
    self.style = style
    self.duration = duration
    self.fps = fps
    self.scale = scale
    self.events = events
  }

  /// The distinct event times, ascending.
  public var eventTimes: [Double] {
    var times: [Double] = []
    for event in events where times.last != event.at { times.append(event.at) }
    return times
  }
}

/// One call at one time, after repetition is expanded.
public struct SceneEvent: Hashable, Sendable {
  /// Absolute time in seconds.
  public var at: Double
  /// The method name of the original API, or a generic event.
  public var call: String
  /// The arguments, an object (numbers already resolved for the repetition).
  public var args: JSONValue
  /// Where the event sits in the file, for errors: `events[3]`.
  public var path: JSONPath
  public var file: String

  /// Expands one event object, which may repeat (`every`/`until`) with arguments of the form
  /// `{"start": x, "step": dx}` (the n-th repetition gets `start + n·dx`).
  /// The keys of an event object.
  public static let keys = ["at", "call", "args", "every", "until"]

  static func expand(
    _ json: JSONValue, file: String, path: JSONPath, sourceIndex: Int
  ) throws(InputError) -> [SceneEvent] {
    var reader = try JSONObjectReader(json, file: file, path: path)
    try reader.rejectUnknownKeys(accepting: SceneEvent.keys)
    let at = try reader.number("at", .nonNegative)
    let call = try reader.string("call")
    let args = reader.value("args") ?? .object([])
    guard case .object(let members) = args else {
      throw reader.error("args", "expected an object, got \(args.summary)")
    }
    let every = try reader.optionalNumber("every", .positive)
    let until = try reader.optionalNumber("until", .nonNegative)
    try reader.finish(accepted: SceneEvent.keys)
    guard (every == nil) == (until == nil) else {
      throw reader.error(every == nil ? "every" : "until", "\"every\" and \"until\" go together; give both or neither")
    }
    var count = 1
    if let every, let until {
      guard until >= at else { throw reader.error("until", "must not be before \"at\" (\(at.compactJSON))") }
      // Repetition n happens at at + n·every, computed from n (never accumulated); a tiny
      // tolerance keeps `until` itself when it is a multiple of `every` up to rounding.
      let n = ((until - at) / every + 1e-9).rounded(.down)
      guard n < Double(Scene.maximumEvents) else {
        throw reader.error("every", "repeats more than \(Scene.maximumEvents) times; use a longer \"every\"")
      }
      count = Int(n) + 1
    }
    var result: [SceneEvent] = []
    result.reserveCapacity(count)
    for n in 0..<count {
      var resolved: [JSONValue.Member] = []
      for member in members {
        if case .object = member.value, member.value["start"] != nil || member.value["step"] != nil {
          var step = try JSONObjectReader(member.value, file: file, path: path.appending("args").appending(member.key))
          try step.rejectUnknownKeys(accepting: ["start", "step"])
          let start = try step.number("start")
          let delta = try step.number("step")
          try step.finish(accepted: ["start", "step"])
          guard every != nil else {
            throw InputError(
              file: file, keyPath: path.appending("args").appending(member.key).description,
              message: "{\"start\", \"step\"} values need a repeating event (\"every\" and \"until\")")
          }
          resolved.append(.init(member.key, .number(start + Double(n) * delta)))
        } else {
          resolved.append(member)
        }
      }
      let time = SceneTime.canonical(every.map { at + Double(n) * $0 } ?? at)
      result.append(SceneEvent(at: time, call: call, args: .object(resolved), path: path, file: file))
    }
    return result
  }

  /// A reader over the arguments, for parsing a call.
  public func argumentReader() throws(InputError) -> JSONObjectReader {
    try JSONObjectReader(args, file: file, path: path.appending("args"))
  }
}
