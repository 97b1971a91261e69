import BarFrames
import BarFramesGraphics
import Foundation
import RingDesign
import Testing

/// A design defined outside BarFrames (the ring of the DocC article, in its own target) is
/// loaded, replayed and published through a registry exactly like the three seed designs.
@Suite("Designs: a fourth design from outside, through the registry")
struct OutsideDesignTests {
  static let designs = DesignRegistry.standard.adding(Ring.self)

  static func scene(
    _ style: String, args: String = #"{"value": 0.8}"#, designs: DesignRegistry = designs
  ) throws -> Scene {
    let json = try JSONValue(
      parsing: #"""
        {"version": 1, "style": \#(style), "duration": 3,
         "events": [{"at": 1, "call": "setProgress", "args": \#(args)}]}
        """#)
    return try Scene(json: json, file: "ring.json", directory: ".", name: "ring", designs: designs)
  }

  static func strokeEnd(_ timeline: any SceneTimeline, at time: Double) throws -> Double {
    guard case .shape(let shape)? = timeline.presentation(at: time)["progress"]?.content else {
      throw InputError(file: "ring.json", keyPath: "", message: "no progress shape at \(time)")
    }
    return shape.strokeEnd
  }

  /// `delay` (optional) starts the change later: Core Animation's beginTime of now + delay with
  /// a backwards fill, so until then the ring shows what it showed, not the new value.
  @Test func aDelayedChangeHoldsTheOldValueThenAnimates() throws {
    let scene = try Self.scene(
      #"{"version": 1, "design": "ring", "duration": 1}"#, args: #"{"value": 0.8, "delay": 0.5}"#)
    let timeline = try scene.timeline()
    let (begins, target) = (1.5, 0.8)
    for t in [0.5, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0] {
      let expected = t < begins ? 0 : target * min(t - begins, 1)
      #expect(abs(try Self.strokeEnd(timeline, at: t) - expected) < 1e-9, "strokeEnd at \(t)")
    }
    #expect(throws: InputError.self) {
      try Self.scene(#"{"version": 1, "design": "ring"}"#, args: #"{"value": 0.8, "delay": -1}"#).timeline()
    }
  }

  /// A ring scene of several events (`events` is the JSON array's inside) on `style`.
  static func timeline(_ style: String, events: String) throws -> any SceneTimeline {
    let json = try JSONValue(
      parsing: #"{"version": 1, "style": \#(style), "duration": 4, "events": [\#(events)]}"#)
    return try Scene(json: json, file: "ring.json", directory: ".", name: "ring", designs: designs).timeline()
  }

  /// Where the needle's tip is at `time`: the line's end, (32, 32 − (29 − 6)) on the default
  /// 64 pt ring (radius (64 − 6) / 2), through the needle's transform to the canvas.
  static func needleTip(_ timeline: any SceneTimeline, at time: Double) throws -> Point {
    let needle = try #require(timeline.presentation(at: time)["needle"])
    return needle.toCanvas.apply(to: Point(32, 9))
  }

  /// The tip of a needle turned clockwise (y down) from 12 o'clock by `fraction` of a turn.
  static func tip(turnedBy fraction: Double) -> Point {
    Point(32 + 23 * sin(2 * .pi * fraction), 32 - 23 * cos(2 * .pi * fraction))
  }

  /// `"animated": false` jumps: the animation still running is removed, so from the call on the
  /// ring shows the new value (not the old animation playing on to 0.8, then a jump).
  @Test func aJumpRemovesTheRunningAnimation() throws {
    let style = #"{"version": 1, "design": "ring", "duration": 1, "needle": true}"#
    let timeline = try Self.timeline(
      style,
      events: #"""
        {"at": 1, "call": "setProgress", "args": {"value": 0.8}},
        {"at": 1.5, "call": "setProgress", "args": {"value": 0.3, "animated": false}}
        """#)
    // 0 → 0.8 linearly over 1 s from 1 s: 0.2 at 1.25; then 0.3 from 1.5 on.
    for (t, expected) in [(1.25, 0.2), (1.5, 0.3), (1.75, 0.3), (2.25, 0.3), (3.0, 0.3)] {
      #expect(abs(try Self.strokeEnd(timeline, at: t) - expected) < 1e-9, "strokeEnd at \(t)")
      let tip = try Self.needleTip(timeline, at: t)
      #expect(tip.distance(to: Self.tip(turnedBy: expected)) < 1e-9, "needle at \(t): \(tip)")
    }
    // A delayed change not yet begun is removed too: 0.3 at once, never 0 then 0.8.
    let delayed = try Self.timeline(
      style,
      events: #"""
        {"at": 1, "call": "setProgress", "args": {"value": 0.8, "delay": 0.5}},
        {"at": 1.2, "call": "setProgress", "args": {"value": 0.3, "animated": false}}
        """#)
    for t in [1.2, 1.4, 1.75, 2.5] {
      #expect(abs(try Self.strokeEnd(delayed, at: t) - 0.3) < 1e-9, "strokeEnd at \(t)")
      #expect(try Self.needleTip(delayed, at: t).distance(to: Self.tip(turnedBy: 0.3)) < 1e-9, "needle at \(t)")
    }
  }

  /// A jump cannot be delayed: the pair is refused with one line naming the key, and a
  /// Boolean argument must be true or false.
  @Test func aDelayedJumpIsRefusedNamingTheKey() throws {
    let style = #"{"version": 1, "design": "ring"}"#
    let both = #expect(throws: InputError.self) {
      try Self.scene(style, args: #"{"value": 0.5, "delay": 0, "animated": false}"#).timeline()
    }
    #expect(
      both?.description
        == #"ring.json: events[0].args.delay: a jump ("animated": false) cannot be delayed; remove one of them"#)
    let notBool = #expect(throws: InputError.self) {
      try Self.scene(style, args: #"{"value": 0.5, "animated": "no"}"#).timeline()
    }
    #expect(notBool?.description == #"ring.json: events[0].args.animated: expected true or false, got "no""#)
    // `animated: true` with a delay is the delayed change, and is accepted.
    _ = try Self.scene(style, args: #"{"value": 0.5, "delay": 0.5, "animated": true}"#).timeline()
  }

  /// The needle turns about its anchor (the ring's centre) by `transform.rotation.z`, the long
  /// way as the arc does (0 → 0.8 of a turn passes 3 and 6 o'clock), and a new value turns it
  /// from where it is shown, not from its model value: it always points at the arc's end.
  @Test func theNeedleTurnsWithTheArcFromWhereItIsShown() throws {
    let timeline = try Self.timeline(
      #"{"version": 1, "design": "ring", "duration": 1, "needle": true}"#,
      events: #"""
        {"at": 1, "call": "setProgress", "args": {"value": 0.8}},
        {"at": 1.5, "call": "setProgress", "args": {"value": 0.2}},
        {"at": 3, "call": "setProgress", "args": {"value": 0.6, "delay": 0.5}}
        """#)
    // 0 → 0.8 over 1 s from 1 s; at 1.5 (0.4 shown) → 0.2 over 1 s; at 3 it waits 0.5 s, then
    // 0.2 → 0.6 over 1 s.
    let expected: [(Double, Double)] = [
      (0.5, 0), (1.25, 0.2), (1.5, 0.4), (2.0, 0.3), (2.5, 0.2), (3.25, 0.2), (3.5, 0.2), (4.0, 0.4),
    ]
    for (t, fraction) in expected {
      #expect(abs(try Self.strokeEnd(timeline, at: t) - fraction) < 1e-9, "strokeEnd at \(t)")
      let tip = try Self.needleTip(timeline, at: t)
      #expect(tip.distance(to: Self.tip(turnedBy: fraction)) < 1e-9, "needle at \(t): \(tip)")
    }
    // Half-way through the first turn (0.4) the tip is past 3 o'clock, below the centre:
    // a matrix interpolation, the short way to 0.8 (−0.2), would have it left of 12 o'clock.
    #expect(try Self.needleTip(timeline, at: 1.5).y > 32)
    // The default ring has no needle.
    let plain = try Self.scene(#"{"version": 1, "design": "ring"}"#).timeline()
    #expect(plain.presentation(at: 0)["needle"] == nil)
  }

  /// The needle is a filled hub and a round-capped line, in `needleColor`, or in
  /// `progressColor` when the style gives none.
  @Test func theNeedleColourFallsBackToTheProgressColour() throws {
    func needle(_ style: String) throws -> Layer.Shape {
      let timeline = try Self.scene(style).timeline()
      guard case .shape(let shape)? = timeline.presentation(at: 0)["needle"]?.content else {
        throw InputError(file: "ring.json", keyPath: "", message: "no needle shape")
      }
      return shape
    }
    let fallback = try needle(#"{"version": 1, "design": "ring", "needle": true, "progressColor": "red"}"#)
    #expect(fallback.fillColor == .red && fallback.strokeColor == .red)
    #expect(fallback.lineCap == .round)
    let own = try needle(#"{"version": 1, "design": "ring", "needle": true, "needleColor": "green"}"#)
    #expect(own.fillColor == .green && own.strokeColor == .green)
    let bad = #expect(throws: InputError.self) {
      try Self.scene(#"{"version": 1, "design": "ring", "needleColor": 3}"#)
    }
    #expect(bad?.description == "ring.json: style.needleColor: expected \(ColorParseError.expectation); got 3")
    // No default to publish: the schema names a colour and gives none.
    let parameter = try #require(RingStyle.parameters.first { $0.key == "needleColor" })
    #expect(parameter.type == .color)
    #expect(parameter.defaultValue == nil)
    #expect(parameter.value(in: { var s = RingStyle(); s.needleColor = .green; return s }()) == .string("#00FF00FF"))
  }

  /// `setColor` sets the arc's colour (and a needle's that follows it) as the Objective-C
  /// would: the standalone layers animate it by themselves, 0.25 s on the default curve; without
  /// `color` it goes back to the style's.
  @Test func setColorAnimatesByItselfAndFallsBack() throws {
    let timeline = try Self.timeline(
      #"{"version": 1, "design": "ring", "needle": true}"#,
      events: #"""
        {"at": 1, "call": "setColor", "args": {"color": "red"}},
        {"at": 2, "call": "setColor"}
        """#)
    func colors(at t: Double) throws -> (arc: Color?, needle: Color?, hub: Color?) {
      let shown = timeline.presentation(at: t)
      guard case .shape(let arc)? = shown["progress"]?.content, case .shape(let needle)? = shown["needle"]?.content
      else { throw InputError(file: "ring.json", keyPath: "", message: "no shapes at \(t)") }
      return (arc.strokeColor, needle.strokeColor, needle.fillColor)
    }
    // Blue (0, 0, 1) to red (1, 0, 0): at 1.125 s, half the time, the curve's weight w of red.
    let w = ImplicitActionTests.defaultCurve(0.5)
    let halfway = try colors(at: 1.125)
    for color in [halfway.arc, halfway.needle, halfway.hub] {
      let c = try #require(color)
      #expect(abs(c.red - w) < 1e-9 && c.green == 0 && abs(c.blue - (1 - w)) < 1e-9, "\(c)")
    }
    let red = try colors(at: 1.25)
    #expect(red.arc == .red && red.needle == .red && red.hub == .red)
    let back = try colors(at: 2.25)
    #expect(back.arc == .blue && back.needle == .blue && back.hub == .blue)
    let wrong = #expect(throws: InputError.self) {
      try Self.timeline(
        #"{"version": 1, "design": "ring"}"#, events: #"{"at": 1, "call": "setColor", "args": {"color": "reddish"}}"#)
    }
    #expect(
      wrong?.description == "ring.json: events[0].args.color: expected \(ColorParseError.expectation); got \"reddish\"")
  }

  /// `segments` is a whole number: 2.5 is refused as the schema (`integer`) says, and four
  /// segments leave gaps in the track.
  @Test func segmentsIsAWholeNumberParameter() throws {
    let error = #expect(throws: InputError.self) {
      try Self.scene(#"{"version": 1, "design": "ring", "segments": 2.5}"#)
    }
    #expect(error?.description == "ring.json: style.segments: expected a whole number from 1 to 60, got 2.5")
    let parameter = try #require(RingStyle.parameters.first { $0.key == "segments" })
    #expect(parameter.type == .integer(1...60))
    #expect(parameter.defaultValue == .number(1))
    let scene = try Self.scene(#"{"version": 1, "design": "ring", "segments": 4}"#)
    #expect(try #require(scene.style.parameters(as: Ring.self)).segments == 4)
  }

  @Test func theStandardRegistryHoldsTheSeedDesignsByTheirOwnNames() {
    #expect(DesignRegistry.standard.names == [BentLine.name, DownloadBar.name, CustomizableBar.name])
    #expect(Self.designs.names == DesignRegistry.standard.names + [Ring.name])
    #expect(Self.designs.design(named: "ring").map(ObjectIdentifier.init) == ObjectIdentifier(Ring.self))
  }

  @Test func aDesignOfTheSameNameReplacesTheEarlierOne() {
    let replaced = DesignRegistry.standard.adding(RenamedRing.self)
    #expect(replaced.names == DesignRegistry.standard.names)
    #expect(replaced.design(named: BentLine.name).map(ObjectIdentifier.init) == ObjectIdentifier(RenamedRing.self))
  }

  /// The style's parameters are read by their declarations, and `setProgress` animates
  /// `strokeEnd` linearly from what was shown to the new value over the style's `duration`.
  @Test func aRingSceneLoadsAndAnimatesItsStrokeEnd() throws {
    let scene = try Self.scene(#"{"version": 1, "design": "ring", "lineWidth": 4, "duration": 2}"#)
    #expect(scene.style.designName == "ring")
    let style = try #require(scene.style.parameters(as: Ring.self))
    #expect(style.lineWidth == 4)
    #expect(style.duration == 2)
    #expect(style.progressColor == RingStyle().progressColor)
    #expect(scene.style.canvas.size == RingStyle.defaultSize)
    let timeline = try scene.timeline()
    let (start, target) = (1.0, 0.8)
    for t in [0.5, 1.0, 1.5, 2.0, 2.9, 3.0] {
      let expected = t < start ? 0 : target * min((t - start) / style.duration, 1)
      #expect(abs(try Self.strokeEnd(timeline, at: t) - expected) < 1e-9, "strokeEnd at \(t)")
    }
    let inspection = timeline.inspection(at: 3)
    #expect(inspection["design"] == .string("ring"))
    #expect(inspection["state"]?["progress"] == .number(target))
  }

  @Test func aRingStyleFileLoadsWithTheRegistry() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ring-\(UUID().uuidString).json")
    try Data(#"{"version": 1, "design": "ring", "trackColor": "red"}"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let style = try Style.load(contentsOf: url, displayName: "ring.json", designs: Self.designs)
    #expect(style.parameters(as: Ring.self)?.trackColor == .red)
    #expect(style.parameters(as: BentLine.self) == nil)
  }

  /// Without the ring registered the style is refused by name, listing what is registered.
  @Test func anUnregisteredDesignIsRefusedWithTheRegisteredNames() throws {
    let error = #expect(throws: InputError.self) {
      try Self.scene(#"{"version": 1, "design": "ring"}"#, designs: .standard)
    }
    let names = DesignRegistry.standard.names.map { "\"\($0)\"" }.joined(separator: ", ")
    #expect(error?.description == "ring.json: style.design: unknown design \"ring\"; expected one of \(names)")
  }

  /// The ring's declarations bound its parameters in the reader and name them in errors.
  @Test func theRingsDeclarationsCheckItsParameters() throws {
    let tooLong = #expect(throws: InputError.self) {
      try Self.scene(#"{"version": 1, "design": "ring", "duration": 10.5}"#)
    }
    #expect(tooLong?.description == "ring.json: style.duration: expected at most 10 seconds, got 10.5")
    let unknown = #expect(throws: InputError.self) {
      try Self.scene(#"{"version": 1, "design": "ring", "colour": "red"}"#)
    }
    // The ring's keys and the common ones are what the message counts: its declarations are the list.
    let count = (Style.commonKeys + RingStyle.parameterKeys).count
    #expect(
      unknown?.description
        == "ring.json: style: unknown key \"colour\"; none of the \(count) valid keys is close (barframes validate --explain lists them)"
    )
    let misspelt = #expect(throws: InputError.self) {
      try Self.scene(#"{"version": 1, "design": "ring", "duratoin": 2}"#)
    }
    #expect(misspelt?.description == "ring.json: style: unknown key \"duratoin\"; did you mean \"duration\"?")
  }

  @Test func theRingIsInTheGeneratedSchemasOnlyWhenRegistered() throws {
    let schema = SchemaGenerator.styleSchema(designs: Self.designs)
    #expect(schema["$defs"]?["style"]?["allOf"]?.items?.count == Self.designs.designs.count)
    let ring = try #require(
      schema["$defs"]?["style"]?["allOf"]?.items?.first {
        $0["if"]?["properties"]?["design"]?["const"] == .string("ring")
      })
    let lineWidth = try #require(ring["then"]?["properties"]?["lineWidth"])
    // Declared as 1…32 with RingStyle()'s 6 as the default.
    #expect(lineWidth["minimum"] == .number(1))
    #expect(lineWidth["maximum"] == .number(32))
    #expect(lineWidth["default"] == .number(RingStyle().lineWidth))
    let duration = try #require(ring["then"]?["properties"]?["duration"])
    #expect(duration["exclusiveMinimum"] == .number(0))
    #expect(duration["maximum"] == .number(10))
    #expect(schema["$defs"]?["style"]?["properties"] == nil)
    let standard = SchemaGenerator.styleSchema(designs: .standard).serialized()
    #expect(!standard.contains("\"ring\""))
    #expect(SchemaGenerator.styleSchema(designs: Self.designs).serialized().contains("\"ring\""))
    #expect(ParameterDocumentation.markdown(designs: Self.designs).contains("## ring\n"))
    #expect(!ParameterDocumentation.markdown().contains("## ring\n"))
  }
}

/// A design that takes a seed design's name, to replace it.
struct RenamedRing: Design {
  static let name = BentLine.name
  static let calls: [CallDeclaration<Never>] = []
  var layers = LayerTree()
  init(style: RingStyle, canvas: Canvas) {}
  func perform(_ call: Never, at time: Double) {}
  func state(at time: Double) -> [JSONValue.Member] { [] }
  func hitTest(_ point: Point, at time: Double) -> Bool { false }
}

/// A design that writes no animation at all: a drawn bar (a custom layer's `drawInContext:`)
/// and a standalone dot, set as the Objective-C would set them.
struct SketchBar: Design {
  static let name = "sketch-bar"
  static let calls: [CallDeclaration<Double>] = [
    CallDeclaration("setProgress", arguments: ["value"]) { args throws(InputError) in try args.number("value") }
  ]
  var layers = LayerTree()

  init(style: RingStyle, canvas: Canvas) {
    layers.add(Layer(name: "bar", frame: Rect(origin: .zero, size: canvas.size), content: drawing(0)))
    layers.add(Layer(name: "dot", frame: Rect(x: -2, y: 0, width: 4, height: 4), backgroundColor: .black))
  }

  func drawing(_ value: Double) -> Layer.Content {
    .drawing(.init([Layer.Shape(path: Path(rect: Rect(x: 0, y: 0, width: 100 * value, height: 4)), fillColor: .black)]))
  }

  mutating func perform(_ value: Double, at time: Double) {
    layers["bar"].content = drawing(value)
    layers["dot"].position = Point(100 * value, 2)
  }

  func state(at time: Double) -> [JSONValue.Member] { [] }
  func hitTest(_ point: Point, at time: Double) -> Bool { false }
}

@Suite struct OutsideDesignImplicitActionTests {
  /// The dot, a standalone layer, moves over 0.25 s with the default curve; the bar's new
  /// drawing crossfades in over the same time: no animation written by the design.
  @Test func anOutsideDesignGetsImplicitActionsAndTheContentsCrossfade() throws {
    let designs = DesignRegistry.standard.adding(SketchBar.self)
    let json = try JSONValue(
      parsing: #"""
        {"version": 1, "style": {"version": 1, "design": "sketch-bar", "size": [100, 4]}, "duration": 2,
         "events": [{"at": 1, "call": "setProgress", "args": {"value": 0.8}}]}
        """#)
    let timeline = try Scene(json: json, file: "s.json", directory: ".", name: "s", designs: designs).timeline()
    let w = ImplicitActionTests.defaultCurve(0.5)
    let halfway = timeline.presentation(at: 1.125)
    let dot = try #require(halfway["dot"])
    #expect(abs(dot.toCanvas.apply(to: Point(2, 2)).x - 80 * w) < 1e-6)
    let fade = try #require(halfway["bar"]).contentsFade.map(\.weight)
    #expect(fade.count == 2 && abs(fade[1] - w) < 1e-6, "\(fade)")
    let after = timeline.presentation(at: 1.25)
    #expect(after["bar"]?.contentsFade == [])
    #expect(after["dot"].map { abs($0.toCanvas.apply(to: Point(2, 2)).x - 80) < 1e-9 } == true)
  }
}
