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
