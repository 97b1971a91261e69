import BarFramesGraphics
import BarFramesJSON
import Foundation

/// The `barframes timing` probe file: `{"version": 1, "probes": [PROBE…]}` in, and
/// `{"version": 1, "results": [{"id", "samples": [SAMPLE…]}]}` out (docs/timing-model.md).
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
  ///
  /// Read as styles and scenes are, with `JSONObjectReader` under `InputLimits`: the same
  /// messages for unknown keys, types, non-finite numbers and syntax errors (line and column).
  /// - Throws: ``TimingProbeError`` for the first problem found.
  public static func decode(_ data: Data, file: String? = nil) throws(TimingProbeError) -> [TimingProbe] {
    let name = file ?? "<inline>"
    var probeID: String?
    do throws(InputError) {
      var document = try JSONObjectReader(try JSONInput.parse(data, file: name), file: name)
      try document.rejectUnknownKeys(accepting: ["version", "probes"])
      try document.checkVersion(supported: version)
      guard let items = try document.array("probes") else {
        throw document.error(
          "probes",
          "missing; expected an array")
      }
      var probes: [TimingProbe] = []
      for item in items {
        // Known before anything inside the probe is read, so every error in it names the probe.
        if case .string(let id)? = item.value["id"] { probeID = id } else { probeID = nil }
        probes.append(try decodeProbe(JSONObjectReader(item.value, file: name, path: item.path)))
      }
      probeID = nil
      try document.finish()
      return probes
    } catch {
      throw TimingProbeError(file: file, probeID: probeID, keyPath: error.keyPath, message: error.message)
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

  private static func decodeProbe(_ reader: JSONObjectReader) throws(InputError) -> TimingProbe {
    var object = reader
    try object.rejectUnknownKeys(accepting: ["id", "layers", "modelValue", "animation", "addedAt", "sets", "times"])
    let id = try object.string("id")
    let layerItems = try object.array("layers") ?? []
    if layerItems.count > InputLimits.probeLayers {
      throw object.error("layers", "has \(layerItems.count) layers; at most \(InputLimits.probeLayers) (the limit)")
    }
    var layers: [TimingProbe.Layer] = []
    for item in layerItems {
      layers.append(try decodeLayer(JSONObjectReader(item.value, file: object.file, path: item.path)))
    }
    let eventCount = layers.reduce(0) { $0 + $1.events.count }
    if eventCount > InputLimits.events {
      throw object.error("layers", "has \(eventCount) events; at most \(InputLimits.events) (the limit)")
    }
    let setItems = try object.array("sets") ?? []
    if setItems.count > InputLimits.events {
      throw object.error("sets", "has \(setItems.count) sets; at most \(InputLimits.events) (the limit)")
    }
    let animationReader = try object.object("animation")
    if animationReader == nil && setItems.isEmpty {
      throw object.error("animation", "missing; expected an object (or sets of the property)")
    }
    var animation: Animation?
    if let animationReader { animation = try decodeAnimation(animationReader) }
    let explicitModel = try object.animatableValue("modelValue")
    var sets: [TimingProbe.Set] = []
    for item in setItems {
      sets.append(try decodeSet(JSONObjectReader(item.value, file: object.file, path: item.path)))
    }
    let kind = explicitModel?.kind ?? animation.flatMap(firstValueKind) ?? sets.first?.value.kind ?? .scalar
    let model = explicitModel ?? zero(of: kind)
    if let animation, let animationReader {
      try checkKinds(animation, kind: kind, path: animationReader.path, file: object.file)
    }
    for (set, item) in zip(sets, setItems) where set.value.kind != kind {
      throw InputError(
        file: object.file, keyPath: item.path.appending("value").description,
        message: "expected a \(kind.rawValue) like the model value, got a \(set.value.kind.rawValue)")
    }
    let addedAt = try object.number("addedAt", default: 0)
    guard let times = try object.numbers("times") else { throw object.error("times", "missing; expected an array") }
    try object.finish()
    return TimingProbe(
      id: id, layers: layers.isEmpty ? [TimingProbe.Layer()] : layers, modelValue: model, animation: animation,
      addedAt: addedAt, sets: sets, times: times)
  }

  /// `{"at", "value", "disableActions", "duration", "timingFunction"}`: a set of the property
  /// inside a transaction with those settings (0.25 s and the default function unless given).
  private static func decodeSet(_ reader: JSONObjectReader) throws(InputError) -> TimingProbe.Set {
    var object = reader
    try object.rejectUnknownKeys(accepting: ["at", "value", "disableActions", "duration", "timingFunction"])
    let at = try object.number("at", default: 0)
    guard let value = try object.animatableValue("value") else { throw object.error("value", "missing; expected a value") }
    var transaction = Transaction()
    transaction.disablesActions = try object.bool("disableActions", default: false)
    transaction.animationDuration = try object.number("duration", default: 0.25, .nonNegative)
    transaction.timingFunction = try object.timingFunction("timingFunction") ?? .default
    try object.finish()
    return TimingProbe.Set(at: at, value: value, transaction: transaction)
  }

  private static func decodeLayer(_ reader: JSONObjectReader) throws(InputError) -> TimingProbe.Layer {
    var object = reader
    try object.rejectUnknownKeys(accepting: ["beginTime", "speed", "timeOffset", "events"])
    var timing = LayerTiming()
    timing.beginTime = try object.number("beginTime", default: 0)
    timing.speed = try object.number("speed", default: 1)
    timing.timeOffset = try object.number("timeOffset", default: 0)
    var events: [TimingProbe.Event] = []
    for item in try object.array("events") ?? [] {
      events.append(try decodeEvent(JSONObjectReader(item.value, file: object.file, path: item.path)))
    }
    try object.finish()
    return TimingProbe.Layer(timing: timing, events: events)
  }

  /// An event's action, and the keys each takes besides `at` and `action`.
  private enum EventAction: String, CaseIterable {
    case pause, resume, set

    var keys: [String] { self == .set ? ["at", "action", "beginTime", "speed", "timeOffset"] : ["at", "action"] }
  }

  private static func decodeEvent(_ reader: JSONObjectReader) throws(InputError) -> TimingProbe.Event {
    var object = reader
    guard let name = try object.optionalChoice("action") as EventAction? else {
      try object.rejectUnknownKeys(accepting: EventAction.set.keys)
      throw object.error("action", "missing; expected one of \"pause\", \"resume\", \"set\"")
    }
    try object.rejectUnknownKeys(accepting: name.keys)
    let at = try object.number("at")
    let action: TimingProbe.Event.Action
    switch name {
    case .pause: action = .pause
    case .resume: action = .resume
    case .set:
      action = .set(
        beginTime: try object.optionalNumber("beginTime"), speed: try object.optionalNumber("speed"),
        timeOffset: try object.optionalNumber("timeOffset"))
    }
    try object.finish()
    return TimingProbe.Event(at: at, action: action)
  }

  /// The kinds of animation a probe takes, and the keys of each.
  private enum AnimationType: String, CaseIterable {
    case basic, keyframe, group

    static let commonKeys = [
      "type", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
      "fillMode", "removedOnCompletion", "timingFunction",
    ]

    var keys: [String] {
      switch self {
      case .basic: Self.commonKeys + ["fromValue", "toValue", "byValue", "additive", "cumulative"]
      case .keyframe:
        Self.commonKeys + [
          "values", "keyTimes", "timingFunctions", "calculationMode", "path", "rotationMode", "additive", "cumulative",
        ]
      case .group: Self.commonKeys + ["animations"]
      }
    }
  }

  private static func decodeAnimation(_ reader: JSONObjectReader) throws(InputError) -> Animation {
    var object = reader
    let type = try object.choice("type", default: AnimationType.basic)
    try object.rejectUnknownKeys(accepting: type.keys, of: "a \(type.rawValue) animation")
    var timing = MediaTiming()
    timing.beginTime = try object.number("beginTime", default: 0)
    timing.duration = try object.number("duration", default: 0, .nonNegative)
    timing.speed = try object.number("speed", default: 1)
    timing.timeOffset = try object.number("timeOffset", default: 0)
    timing.repeatCount = try object.repeatCount("repeatCount") ?? 0
    timing.repeatDuration = try object.number("repeatDuration", default: 0, .nonNegative)
    timing.autoreverses = try object.bool("autoreverses", default: false)
    timing.fillMode = try object.choice("fillMode", default: FillMode.removed)
    let removedOnCompletion = try object.bool("removedOnCompletion", default: true)
    let timingFunction = try object.timingFunction("timingFunction") ?? .linear
    let keyPath = TimingProbe.keyPath

    let animation: Animation
    switch type {
    case .basic:
      animation = .basic(
        BasicAnimation(
          keyPath: keyPath, from: try object.animatableValue("fromValue"), to: try object.animatableValue("toValue"),
          by: try object.animatableValue("byValue"), timing: timing, timingFunction: timingFunction,
          removedOnCompletion: removedOnCompletion, isAdditive: try object.bool("additive", default: false),
          isCumulative: try object.bool("cumulative", default: false)))
    case .keyframe:
      let path = try object.svgPath("path")
      let rotationMode = try object.optionalChoice("rotationMode") as KeyframeAnimation.RotationMode?
      if rotationMode != nil, path == nil {
        throw object.error("rotationMode", "needs a path (Core Animation leaves it undefined without one)")
      }
      var values: [AnimatableValue] = []
      for item in try object.array("values") ?? [] {
        values.append(try animatableValue(item.value, file: object.file, path: item.path))
      }
      let keyTimes = try object.numbers("keyTimes", .range(0...1))
      if let keyTimes, !Keyframes.isValid(keyTimes) {
        throw object.error("keyTimes", "must not decrease")
      }
      var timingFunctions: [TimingFunction]?
      if let items = try object.array("timingFunctions") {
        var functions: [TimingFunction] = []
        for item in items { functions.append(try Self.timingFunction(item.value, file: object.file, path: item.path)) }
        timingFunctions = functions
      }
      let calculationMode: KeyframeAnimation.CalculationMode
      do {
        calculationMode = try object.choice("calculationMode", default: .linear)
      } catch {
        throw InputError(
          file: error.file, keyPath: error.keyPath,
          message: error.message + " (cubic and cubicPaced are not supported)")
      }
      animation = .keyframe(
        KeyframeAnimation(
          keyPath: keyPath, values: values, keyTimes: keyTimes, timingFunctions: timingFunctions,
          calculationMode: calculationMode, path: path, rotationMode: rotationMode, timing: timing,
          timingFunction: timingFunction, removedOnCompletion: removedOnCompletion,
          isAdditive: try object.bool("additive", default: false),
          isCumulative: try object.bool("cumulative", default: false)))
    case .group:
      var children: [Animation] = []
      for item in try object.array("animations") ?? [] {
        children.append(try decodeAnimation(JSONObjectReader(item.value, file: object.file, path: item.path)))
      }
      animation = .group(
        AnimationGroup(
          animations: children, timing: timing, timingFunction: timingFunction,
          removedOnCompletion: removedOnCompletion))
    }
    try object.finish()
    return animation
  }

  /// A number (scalar), `[x, y]` (point or size) or `[r, g, b, a]` (colour or rect), all finite.
  static func animatableValue(_ json: JSONValue, file: String, path: JSONPath) throws(InputError) -> AnimatableValue {
    let expectation = "a number or an array of 2 (point, size) or 4 (colour) numbers"
    switch json {
    case .number: return .scalar(try JSONObjectReader.checkNumber(json, .any, file: file, path: path))
    case .array(let items) where items.count == 2 || items.count == 4:
      var n: [Double] = []
      for (i, item) in items.enumerated() {
        n.append(try JSONObjectReader.checkNumber(item, .any, file: file, path: path.appending(index: i)))
      }
      return n.count == 2 ? .point(Point(n[0], n[1])) : .color(Color(red: n[0], green: n[1], blue: n[2], alpha: n[3]))
    case .array(let items):
      throw InputError(
        file: file, keyPath: path.description,
        message: "expected \(expectation), got \(items.count) items")
    default:
      throw InputError(file: file, keyPath: path.description, message: "expected \(expectation), got \(json.summary)")
    }
  }

  /// A named timing function or the control points `[x1, y1, x2, y2]`.
  static func timingFunction(_ json: JSONValue, file: String, path: JSONPath) throws(InputError) -> TimingFunction {
    func error(_ message: String) -> InputError { InputError(file: file, keyPath: path.description, message: message) }
    let names = TimingFunction.Name.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    switch json {
    case .string(let s):
      guard let name = TimingFunction.Name(rawValue: s) else {
        throw error("expected one of \(names) or [x1, y1, x2, y2], got \(json.summary)")
      }
      return TimingFunction(name: name)
    case .array(let items):
      guard items.count == 4 else {
        throw error(
          "expected 4 control-point numbers [x1, y1, x2, y2], got \(items.count)")
      }
      var n: [Double] = []
      for (i, item) in items.enumerated() {
        n.append(try JSONObjectReader.checkNumber(item, .any, file: file, path: path.appending(index: i)))
      }
      guard (0...1).contains(n[0]), (0...1).contains(n[2]) else {
        throw error("the control points' x values must lie in 0…1")
      }
      return TimingFunction(controlPoints: n[0], n[1], n[2], n[3])
    default:
      throw error("expected one of \(names) or [x1, y1, x2, y2], got \(json.summary)")
    }
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
    _ animation: Animation, kind: AnimatableValue.Kind, path: JSONPath, file: String
  ) throws(InputError) {
    func check(_ value: AnimatableValue?, _ valuePath: JSONPath) throws(InputError) {
      guard let value, value.kind != kind else { return }
      throw InputError(
        file: file, keyPath: valuePath.description,
        message: "expected \(describe(kind)) like the model value, got \(describe(value.kind))")
    }
    switch animation {
    case .basic(let b):
      try check(b.fromValue, path.appending("fromValue"))
      try check(b.toValue, path.appending("toValue"))
      try check(b.byValue, path.appending("byValue"))
    case .keyframe(let k):
      if k.path != nil {
        try check(.point(.zero), path.appending("path"))
      } else {
        for (i, v) in k.values.enumerated() { try check(v, path.appending("values").appending(index: i)) }
      }
    case .group(let g):
      for (i, child) in g.animations.enumerated() {
        try checkKinds(child, kind: kind, path: path.appending("animations").appending(index: i), file: file)
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

/// The probe's own kinds of value, read from an object's key.
extension JSONObjectReader {
  /// An optional ``AnimatableValue``.
  mutating func animatableValue(_ key: String) throws(InputError) -> AnimatableValue? {
    guard let v = value(key) else { return nil }
    return try TimingProbeFile.animatableValue(v, file: file, path: path.appending(key))
  }

  /// An optional timing function.
  mutating func timingFunction(_ key: String) throws(InputError) -> TimingFunction? {
    guard let v = value(key) else { return nil }
    return try TimingProbeFile.timingFunction(v, file: file, path: path.appending(key))
  }

  /// An optional array of numbers under `rule`.
  mutating func numbers(_ key: String, _ rule: NumberRule = .any) throws(InputError) -> [Double]? {
    guard let items = try array(key) else { return nil }
    var numbers: [Double] = []
    numbers.reserveCapacity(items.count)
    for item in items { numbers.append(try Self.checkNumber(item.value, rule, file: file, path: item.path)) }
    return numbers
  }

  /// An optional repeat count: a number ≥ 0 or `"inf"`.
  mutating func repeatCount(_ key: String) throws(InputError) -> Double? {
    guard let v = value(key) else { return nil }
    if case .string("inf") = v { return .infinity }
    guard case .number(let n) = v, n.isFinite, n >= 0 else {
      throw error(key, "expected a number ≥ 0 or \"inf\", got \(v.summary)")
    }
    return n
  }

  /// An optional path in SVG path data.
  mutating func svgPath(_ key: String) throws(InputError) -> Path? {
    guard let text = try optionalString(key) else { return nil }
    do {
      return try Path(svgPathData: text)
    } catch {
      let place = error.near.isEmpty ? "at the end" : "at offset \(error.offset), near \(InputText.quoted(error.near))"
      throw self.error(key, "invalid SVG path data: \(error.reason) \(place)")
    }
  }
}
