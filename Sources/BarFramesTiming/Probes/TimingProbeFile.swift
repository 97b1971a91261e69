import BarFramesGraphics
import BarFramesJSON
import Foundation

/// The `barframes timing` probe file: `{"version": 1, "probes": [PROBE…]}` in, and
/// `{"version": 1, "results": [{"id", "samples": [SAMPLE…]}]}` out (issue 3).
///
/// Reading is strict: unknown keys, wrong types, negative durations and values of a kind other
/// than the model value's are errors naming the probe and the key path.
///
/// ```swift
/// let output = try TimingProbeFile.run(data, file: "probe.json")  // JSON text
/// ```
public enum TimingProbeFile {
  /// The only file version this build reads and writes.
  public static let version = 1

  /// Reads the probes of a file.
  /// - Throws: ``TimingProbeError`` for the first problem found.
  public static func decode(_ data: Data, file: String? = nil) throws(TimingProbeError) -> [TimingProbe] {
    do {
      // The same limits as styles and scenes (InputLimits): size, UTF-8, nesting (the parser).
      guard data.count <= InputLimits.fileSize else {
        throw TimingProbeError(keyPath: "", message: "is larger than \(InputLimits.fileSize >> 20) MiB (the limit)")
      }
      guard let text = String(data: data, encoding: .utf8) else {
        throw TimingProbeError(keyPath: "", message: "is not UTF-8 text")
      }
      let root: JSONValue
      do {
        root = try JSONValue(parsing: text)
      } catch {
        throw TimingProbeError(keyPath: "", message: "not valid JSON (\(error))")
      }
      var document = try ProbeReader(root, path: "", probeID: nil).object()
      let version = try document.required("version") { try $0.number() }
      guard version == Double(TimingProbeFile.version) else {
        throw document.error(
          at: "version",
          "this version of barframes reads probe files of version \(TimingProbeFile.version); got \(version.compactJSON)"
        )
      }
      let probes = try document.required("probes") { try $0.array { try decodeProbe($0) } }
      try document.finish()
      return probes
    } catch var error as TimingProbeError {
      error.file = file
      throw error
    } catch {
      throw TimingProbeError(file: file, keyPath: "", message: "\(error)")
    }
  }

  /// Evaluates every probe and renders the output document.
  public static func results(_ probes: [TimingProbe]) -> String {
    let results = probes.map { probe in
      let result = probe.evaluate()
      return JSONValue(sortedObject: [
        "id": .string(result.id),
        "samples": .array(result.samples.map(json)),
      ])
    }
    let document = JSONValue(sortedObject: ["version": .number(Double(version)), "results": .array(results)])
    return document.serialized(pretty: false, sortedKeys: true, decimals: nil) + "\n"
  }

  /// Decodes a probe file and returns the output document (what `barframes timing` prints).
  /// - Throws: ``TimingProbeError`` naming the file, the probe id and the key path.
  public static func run(_ data: Data, file: String? = nil) throws(TimingProbeError) -> String {
    results(try decode(data, file: file))
  }

  // MARK: Output

  static func json(_ sample: TimingProbeResult.Sample) -> JSONValue {
    var members: [String: JSONValue] = [
      "time": .number(sample.time),
      "layerTimes": .array(sample.layerTimes.map { .number($0) }),
      "value": json(sample.value),
      "animations": .array(
        sample.animations.map { animation in
          JSONValue(sortedObject: [
            "phase": .string(animation.phase.rawValue),
            "applied": .bool(animation.isApplied),
            "progress": animation.progress.map { .number($0) } ?? .null,
            "eased": animation.eased.map { .number($0) } ?? .null,
            "value": animation.value.map(json) ?? .null,
          ])
        }),
    ]
    if let rotation = sample.rotation {
      members["rotation"] = rotation.map { .number($0) } ?? .null
    }
    return JSONValue(sortedObject: members)
  }

  static func json(_ value: AnimatableValue) -> JSONValue {
    if case .scalar(let v) = value { return .number(v) }
    if case .path(let p) = value { return .string(p.svgPathData(decimals: 6)) }
    return .array(value.numbers.map { .number($0) })
  }

  // MARK: Input

  private static func decodeProbe(_ reader: ProbeReader) throws -> TimingProbe {
    var object = try reader.object()
    let id = try object.required("id") { try $0.string() }
    object.probeID = id
    let layers =
      try object.optional("layers") { r in try r.array { try decodeLayer($0) } } ?? []
    if layers.count > InputLimits.probeLayers {
      throw object.error(at: "layers", "has \(layers.count) layers; at most \(InputLimits.probeLayers) (the limit)")
    }
    let eventCount = layers.reduce(0) { $0 + $1.events.count }
    if eventCount > InputLimits.events {
      throw object.error(at: "layers", "has \(eventCount) events; at most \(InputLimits.events) (the limit)")
    }
    let animationReader = try object.child("animation")
    let animation = try decodeAnimation(animationReader)
    let explicitModel = try object.optional("modelValue") { try $0.value() }
    let kind = explicitModel?.kind ?? firstValueKind(animation) ?? .scalar
    let model = explicitModel ?? zero(of: kind)
    try checkKinds(animation, kind: kind, path: animationReader.path, object: object)
    let addedAt = try object.optional("addedAt") { try $0.number() } ?? 0
    let times = try object.required("times") { try $0.array { try $0.number() } }
    try object.finish()
    return TimingProbe(
      id: id, layers: layers.isEmpty ? [TimingProbe.Layer()] : layers, modelValue: model, animation: animation,
      addedAt: addedAt, times: times)
  }

  private static func decodeLayer(_ reader: ProbeReader) throws -> TimingProbe.Layer {
    var object = try reader.object()
    var timing = LayerTiming()
    timing.beginTime = try object.optional("beginTime") { try $0.number() } ?? 0
    timing.speed = try object.optional("speed") { try $0.number() } ?? 1
    timing.timeOffset = try object.optional("timeOffset") { try $0.number() } ?? 0
    let events = try object.optional("events") { r in try r.array { try decodeEvent($0) } } ?? []
    try object.finish()
    return TimingProbe.Layer(timing: timing, events: events)
  }

  private static func decodeEvent(_ reader: ProbeReader) throws -> TimingProbe.Event {
    var object = try reader.object()
    let at = try object.required("at") { try $0.number() }
    let name = try object.required("action") { try $0.string() }
    let action: TimingProbe.Event.Action
    switch name {
    case "pause": action = .pause
    case "resume": action = .resume
    case "set":
      action = .set(
        beginTime: try object.optional("beginTime") { try $0.number() },
        speed: try object.optional("speed") { try $0.number() },
        timeOffset: try object.optional("timeOffset") { try $0.number() })
    default:
      throw object.error(at: "action", "expected one of pause, resume, set; got \(InputText.quoted(name))")
    }
    try object.finish()
    return TimingProbe.Event(at: at, action: action)
  }

  private static let commonKeys: Set<String> = [
    "type", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
    "fillMode", "removedOnCompletion", "timingFunction",
  ]

  private static func decodeAnimation(_ reader: ProbeReader) throws -> Animation {
    var object = try reader.object()
    let type = try object.optional("type") { try $0.string() } ?? "basic"
    var timing = MediaTiming()
    timing.beginTime = try object.optional("beginTime") { try $0.number() } ?? 0
    timing.duration = try object.optional("duration") { try $0.nonNegative() } ?? 0
    timing.speed = try object.optional("speed") { try $0.number() } ?? 1
    timing.timeOffset = try object.optional("timeOffset") { try $0.number() } ?? 0
    timing.repeatCount = try object.optional("repeatCount") { try $0.repeatCount() } ?? 0
    timing.repeatDuration = try object.optional("repeatDuration") { try $0.nonNegative() } ?? 0
    timing.autoreverses = try object.optional("autoreverses") { try $0.bool() } ?? false
    timing.fillMode = try object.optional("fillMode") { try $0.enumeration(FillMode.self) } ?? .removed
    let removedOnCompletion = try object.optional("removedOnCompletion") { try $0.bool() } ?? true
    let timingFunction = try object.optional("timingFunction") { try $0.timingFunction() } ?? .linear
    let keyPath = TimingProbe.keyPath

    let animation: Animation
    switch type {
    case "basic":
      try object.allowOnly(commonKeys.union(["fromValue", "toValue", "byValue", "additive", "cumulative"]), type: type)
      animation = .basic(
        BasicAnimation(
          keyPath: keyPath, from: try object.optional("fromValue") { try $0.value() },
          to: try object.optional("toValue") { try $0.value() }, by: try object.optional("byValue") { try $0.value() },
          timing: timing, timingFunction: timingFunction, removedOnCompletion: removedOnCompletion,
          isAdditive: try object.optional("additive") { try $0.bool() } ?? false,
          isCumulative: try object.optional("cumulative") { try $0.bool() } ?? false))
    case "keyframe":
      try object.allowOnly(
        commonKeys.union([
          "values", "keyTimes", "timingFunctions", "calculationMode", "path", "rotationMode", "additive", "cumulative",
        ]), type: type)
      let path = try object.optional("path") { try $0.svgPath() }
      let rotationMode = try object.optional("rotationMode") { try $0.enumeration(KeyframeAnimation.RotationMode.self) }
      if rotationMode != nil, path == nil {
        throw object.error(at: "rotationMode", "needs a path (Core Animation leaves it undefined without one)")
      }
      let values = try object.optional("values") { r in try r.array { try $0.value() } } ?? []
      let keyTimes =
        try object.optional("keyTimes") { r in
          try r.array { r in try r.number(in: 0...1) }
        }
      if let keyTimes, !Keyframes.isValid(keyTimes) {
        throw object.error(at: "keyTimes", "must not decrease")
      }
      animation = .keyframe(
        KeyframeAnimation(
          keyPath: keyPath, values: values, keyTimes: keyTimes,
          timingFunctions: try object.optional("timingFunctions") { r in
            try r.array { try $0.timingFunction() }
          },
          calculationMode: try object.optional("calculationMode") { r in
            try r.enumeration(KeyframeAnimation.CalculationMode.self, note: " (cubic and cubicPaced are not supported)")
          } ?? .linear,
          path: path, rotationMode: rotationMode, timing: timing, timingFunction: timingFunction,
          removedOnCompletion: removedOnCompletion,
          isAdditive: try object.optional("additive") { try $0.bool() } ?? false,
          isCumulative: try object.optional("cumulative") { try $0.bool() } ?? false))
    case "group":
      try object.allowOnly(commonKeys.union(["animations"]), type: type)
      let children =
        try object.optional("animations") { r in try r.array { try decodeAnimation($0) } }
        ?? []
      animation = .group(
        AnimationGroup(
          animations: children, timing: timing, timingFunction: timingFunction,
          removedOnCompletion: removedOnCompletion))
    default:
      throw object.error(at: "type", "expected one of basic, keyframe, group; got \(InputText.quoted(type))")
    }
    try object.finish()
    return animation
  }

  private static func firstValueKind(_ animation: Animation) -> AnimatableValue.Kind? {
    for item in animation.flattened {
      switch item {
      case .basic(let b):
        if let kind = (b.fromValue ?? b.toValue ?? b.byValue)?.kind { return kind }
      case .keyframe(let k):
        if k.path != nil { return .point }
        if let kind = k.values.first?.kind { return kind }
      case .group: break
      }
    }
    return nil
  }

  private static func zero(of kind: AnimatableValue.Kind) -> AnimatableValue {
    switch kind {
    case .point: .point(.zero)
    case .color: .color(Color(red: 0, green: 0, blue: 0, alpha: 0))
    default: .scalar(0)
    }
  }

  /// Every value must have the model value's kind, since all animate the same property.
  private static func checkKinds(
    _ animation: Animation, kind: AnimatableValue.Kind, path: String, object: ProbeReader.Object
  ) throws {
    func check(_ value: AnimatableValue?, _ key: String) throws {
      guard let value, value.kind != kind else { return }
      throw TimingProbeError(
        probeID: object.probeID, keyPath: "\(path).\(key)",
        message: "expected \(describe(kind)) like the model value; got \(describe(value.kind))")
    }
    switch animation {
    case .basic(let b):
      try check(b.fromValue, "fromValue")
      try check(b.toValue, "toValue")
      try check(b.byValue, "byValue")
    case .keyframe(let k):
      if k.path != nil {
        try check(.point(.zero), "path")
      } else {
        for (i, v) in k.values.enumerated() { try check(v, "values[\(i)]") }
      }
    case .group(let g):
      for (i, child) in g.animations.enumerated() {
        try checkKinds(child, kind: kind, path: "\(path).animations[\(i)]", object: object)
      }
    }
  }

  private static func describe(_ kind: AnimatableValue.Kind) -> String {
    switch kind {
    case .scalar: "a number"
    case .point: "a point [x, y]"
    case .color: "a colour [r, g, b, a]"
    default: "a \(kind.rawValue)"
    }
  }
}

/// Reads one JSON value at a key path, throwing errors that name the path and the probe.
struct ProbeReader {
  let json: JSONValue
  let path: String
  var probeID: String?

  init(_ json: JSONValue, path: String, probeID: String?) {
    self.json = json
    self.path = path
    self.probeID = probeID
  }

  func error(_ message: String) -> TimingProbeError {
    TimingProbeError(probeID: probeID, keyPath: path, message: message)
  }

  func mismatch(_ expected: String) -> TimingProbeError {
    error("expected \(expected); got \(json.typeName)")
  }

  /// A finite number: `1e999` parses as infinity, which no time or value can be.
  func number() throws -> Double {
    guard case .number(let n) = json else { throw mismatch("a number") }
    guard n.isFinite else { throw error("expected a number; got a number too large to represent") }
    return n
  }

  func number(in range: ClosedRange<Double>) throws -> Double {
    let n = try number()
    guard range.contains(n) else {
      throw error(
        "expected a number in \(range.lowerBound.compactJSON)…\(range.upperBound.compactJSON); got \(n.compactJSON)"
      )
    }
    return n
  }

  func nonNegative() throws -> Double {
    let n = try number()
    guard n >= 0 else { throw error("expected a number ≥ 0; got \(n.compactJSON)") }
    return n
  }

  func repeatCount() throws -> Double {
    if case .string(let s) = json {
      guard s == "inf" else { throw error("expected a number ≥ 0 or \"inf\"; got \(InputText.quoted(s))") }
      return .infinity
    }
    guard case .number(let n) = json, n >= 0 else { throw mismatch("a number ≥ 0 or \"inf\"") }
    guard n.isFinite else { throw error("expected a number ≥ 0 or \"inf\"; got a number too large to represent") }
    return n
  }

  func bool() throws -> Bool {
    guard case .bool(let b) = json else { throw mismatch("true or false") }
    return b
  }

  func string() throws -> String {
    guard case .string(let s) = json else { throw mismatch("a string") }
    return s
  }

  func enumeration<E: RawRepresentable & CaseIterable>(_: E.Type, note: String = "") throws -> E
  where E.RawValue == String {
    let names = E.allCases.map(\.rawValue).joined(separator: ", ")
    guard case .string(let s) = json else { throw mismatch("one of \(names)") }
    guard let value = E(rawValue: s) else {
      throw error("expected one of \(names); got \(InputText.quoted(s))\(note)")
    }
    return value
  }

  func timingFunction() throws -> TimingFunction {
    let names = TimingFunction.Name.allCases.map(\.rawValue).joined(separator: ", ")
    switch json {
    case .string(let s):
      guard let name = TimingFunction.Name(rawValue: s) else {
        throw error("expected one of \(names) or [x1, y1, x2, y2]; got \(InputText.quoted(s))")
      }
      return TimingFunction(name: name)
    case .array(let items):
      let numbers = try array { try $0.number() }
      guard items.count == 4 else { throw error("expected 4 control-point numbers [x1, y1, x2, y2]; got \(items.count)") }
      guard (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) else {
        throw error("the control points' x values must lie in 0…1")
      }
      return TimingFunction(controlPoints: numbers[0], numbers[1], numbers[2], numbers[3])
    default:
      throw mismatch("one of \(names) or [x1, y1, x2, y2]")
    }
  }

  /// A number (scalar), `[x, y]` (point or size) or `[r, g, b, a]` (colour or rect).
  func value() throws -> AnimatableValue {
    switch json {
    case .number(let n): return .scalar(n)
    case .array(let items):
      let n = try array { try $0.number() }
      switch items.count {
      case 2: return .point(Point(n[0], n[1]))
      case 4: return .color(Color(red: n[0], green: n[1], blue: n[2], alpha: n[3]))
      default: throw error("expected a number or an array of 2 (point, size) or 4 (colour) numbers; got \(items.count) numbers")
      }
    default:
      throw mismatch("a number or an array of 2 or 4 numbers")
    }
  }

  func svgPath() throws -> Path {
    let text = try string()
    do {
      return try Path(svgPathData: text)
    } catch let failure {
      throw error(failure.description)
    }
  }

  func array<T>(_ element: (ProbeReader) throws -> T) throws -> [T] {
    guard case .array(let items) = json else { throw mismatch("an array") }
    var result: [T] = []
    for (i, item) in items.enumerated() {
      result.append(try element(ProbeReader(item, path: "\(path)[\(i)]", probeID: probeID)))
    }
    return result
  }

  func object() throws -> Object {
    guard case .object(let members) = json else { throw mismatch("an object") }
    // The parser has already refused duplicate keys.
    return Object(members: Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) }), path: path, probeID: probeID)
  }

  /// An object whose keys are tracked, so that unknown ones can be reported.
  struct Object {
    let members: [String: JSONValue]
    let path: String
    var probeID: String?
    private var used: Set<String> = []
    /// Every key asked for, present or not, in order: the suggestions for an unknown key.
    private var asked: [String] = []

    init(members: [String: JSONValue], path: String, probeID: String?) {
      self.members = members
      self.path = path
      self.probeID = probeID
    }

    /// Keys come from the input: escaped, so an unknown key cannot act on the terminal.
    func keyPath(_ key: String) -> String { path.isEmpty ? InputText.escaped(key) : "\(path).\(InputText.escaped(key))" }

    func error(at key: String, _ message: String) -> TimingProbeError {
      TimingProbeError(probeID: probeID, keyPath: keyPath(key), message: message)
    }

    mutating func child(_ key: String) throws -> ProbeReader {
      if !asked.contains(key) { asked.append(key) }
      guard let value = members[key] else {
        // A present key that nothing asked for and that is one typo away is what was meant.
        if let typo = members.keys.sorted().first(where: { !asked.contains($0) && KeySuggestion.nearest(to: $0, among: [key]) != nil }) {
          throw error(at: typo, "is not a known key; did you mean \(InputText.quoted(key))?")
        }
        throw error(at: key, "is required")
      }
      used.insert(key)
      return ProbeReader(value, path: keyPath(key), probeID: probeID)
    }

    mutating func required<T>(_ key: String, _ read: (ProbeReader) throws -> T)
      throws -> T
    {
      try read(child(key))
    }

    mutating func optional<T>(_ key: String, _ read: (ProbeReader) throws -> T)
      throws -> T?
    {
      if !asked.contains(key) { asked.append(key) }
      guard members[key] != nil else { return nil }
      return try read(child(key))
    }

    /// Rejects keys outside `allowed` (keys of another animation type).
    func allowOnly(_ allowed: Set<String>, type: String) throws {
      if let key = members.keys.sorted().first(where: { !allowed.contains($0) }) {
        throw error(at: key, "is not a key of a \(type) animation" + Self.suggestion(for: key, among: allowed.sorted()))
      }
    }

    /// Rejects keys that were never read.
    func finish() throws {
      if let key = members.keys.sorted().first(where: { !used.contains($0) }) {
        throw error(at: key, "is not a known key" + Self.suggestion(for: key, among: asked))
      }
    }

    /// `; did you mean "speed"?` when a valid key is near `key`.
    static func suggestion(for key: String, among keys: [String]) -> String {
      KeySuggestion.nearest(to: key, among: keys).map { "; did you mean \(InputText.quoted($0))?" } ?? ""
    }
  }
}
