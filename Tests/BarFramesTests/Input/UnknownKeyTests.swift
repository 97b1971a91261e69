import BarFramesGraphics
import BarFramesJSON
import Foundation
import Testing

@testable import BarFrames

/// An unknown key is named, with the nearest valid key, before anything is reported missing;
/// every message is one line under 160 columns (issue 15).
@Suite struct UnknownKeyTests {
  static func styleError(_ text: String) throws -> InputError {
    let json = try JSONValue(parsing: text)
    return try #require(throws: InputError.self) { _ = try Style(json: json, file: "Styles/x.json", directory: ".") }
  }

  static func sceneError(_ body: String) throws -> InputError {
    let json = try JSONValue(
      parsing: #"{"version": 1, "style": {"version": 1, "design": "customizable-bar"}, "# + body + "}")
    return try #require(throws: InputError.self) {
      let scene = try Scene(json: json, file: "Examples/x.json", directory: ".", name: "x")
      _ = try scene.timeline()
    }
  }

  @Test(arguments: [
    // A swap of two neighbouring letters is one edit.
    (
      #"{"version": 1, "design": "bent-line", "lineWidht": 5}"#,
      #"Styles/x.json: unknown key "lineWidht"; did you mean "lineWidth"?"#
    ),
    // Letter case is ignored.
    (
      #"{"version": 1, "design": "customizable-bar", "barheight": 2}"#,
      #"Styles/x.json: unknown key "barheight"; did you mean "barHeight"?"#
    ),
    // Before "design: missing": the misspelt key is what went wrong.
    (#"{"version": 1, "desing": "bent-line"}"#, #"Styles/x.json: unknown key "desing"; did you mean "design"?"#),
    (#"{"versoin": 1, "design": "bent-line"}"#, #"Styles/x.json: unknown key "versoin"; did you mean "version"?"#),
  ])
  func aMisspeltStyleKeyIsNamedWithTheNearestOne(text: String, expected: String) throws {
    #expect(try Self.styleError(text).description == expected)
  }

  @Test(arguments: [
    // The issue's case: was "events[0].args.value: missing; expected a number".
    (
      #""duration": 1, "events": [{"at": 0, "call": "setValue", "args": {"valeu": 0.5}}]"#,
      #"Examples/x.json: events[0].args: unknown key "valeu"; did you mean "value"?"#
    ),
    (
      #""duration": 1, "events": [{"at": 0, "call": "pauseLayer", "args": {"layr": "fill"}}]"#,
      #"Examples/x.json: events[0].args: unknown key "layr"; did you mean "layer"?"#
    ),
    (
      #""duration": 1, "events": [{"att": 0, "call": "reset"}]"#,
      #"Examples/x.json: events[0]: unknown key "att"; did you mean "at"?"#
    ),
    (#""durration": 1"#, #"Examples/x.json: unknown key "durration"; did you mean "duration"?"#),
    // Five letters allow one edit: the swap must count as one.
    (#""duration": 1, "sclae": 2"#, #"Examples/x.json: unknown key "sclae"; did you mean "scale"?"#),
    (
      #""duration": 1, "events": [{"at": 0, "every": 1, "until": 1, "call": "setValue", "args": {"value": {"strat": 0, "step": 1}}}]"#,
      #"Examples/x.json: events[0].args.value: unknown key "strat"; did you mean "start"?"#
    ),
  ])
  func aMisspeltSceneKeyIsNamedWithTheNearestOne(body: String, expected: String) throws {
    #expect(try Self.sceneError(body).description == expected)
  }

  @Test func aKeyNearNothingGetsTheCountAndWhereToFindTheList() throws {
    let error = try Self.styleError(#"{"version": 1, "design": "customizable-bar", "zzzzzzzz": 1}"#)
    let count = DesignRegistry.standard.styleKeys(for: CustomizableBar.self).count
    #expect(
      error.message
        == #"unknown key "zzzzzzzz"; none of the \#(count) valid keys is close (barframes validate --explain lists them)"#
    )
    // The message the issue found at 340 columns, listing every key.
    #expect(error.description.count < 160)
  }

  @Test func aHugeKeyIsCutInTheMessageAndCheckedInLinearTime() throws {
    let key = String(repeating: "lineWidth", count: 100_000)
    let error = try Self.styleError(#"{"version": 1, "design": "bent-line", "\#(key)": 5}"#)
    #expect(error.description.count < 160)
    #expect(error.message.hasPrefix(#"unknown key "lineWidthlineWidthlineWidthlineWidthline…"; "#))
  }

  @Test func theNearestKeyFollowsTheEditDistanceRule() {
    // At most a third of the candidate's length in edits, at least one.
    #expect(KeySuggestion.nearest(to: "fontSiz", among: ["fontSize"]) == "fontSize")
    #expect(KeySuggestion.nearest(to: "fntSz", among: ["fontSize"]) == nil)  // 3 edits; 8 letters allow 2
    #expect(KeySuggestion.nearest(to: "x", among: ["y"]) == "y")
    #expect(KeySuggestion.nearest(to: "sclae", among: ["scale"]) == "scale")  // a swap is one edit
    #expect(KeySuggestion.nearest(to: "scxye", among: ["scale"]) == nil)  // two substitutions are two
    #expect(KeySuggestion.nearest(to: "xyz", among: ["y"]) == nil)
    // Ties go to the earlier candidate.
    #expect(KeySuggestion.nearest(to: "at", among: ["a", "t"]) == "a")
  }

  @Test func everyCallDeclaresExactlyTheArgumentsItsParserReads() throws {
    // One valid set of arguments per call; a call without one here fails the test.
    let samples: [String: [String: String]] = [
      "bent-line": ["setProgress": #"{"value": 0.5}"#, "setStrokeEnd": #"{"value": 0.5}"#],
      "customizable-bar": [
        "setValue": #"{"value": 0.5, "duration": 1, "time": 0}"#, "pauseAnimation": "{}", "resumeAnimation": "{}",
        "removeProgressAnimation": "{}", "reset": "{}", "setShowLargeBar": #"{"value": true}"#,
        "setShowAnchorPoint": #"{"value": true}"#, "pan": #"{"state": "began", "x": 1, "y": 2}"#,
      ],
      "download-bar": [
        "startDownload": "{}", "tap": #"{"x": 1, "y": 2}"#, "setProgress": #"{"value": 0.5}"#, "downloadFailed": "{}",
        "resume": "{}",
      ],
    ]
    let generic = [
      "hitTest": #"{"x": 1, "y": 2}"#, "pauseLayer": #"{"layer": "L"}"#, "resumeLayer": #"{"layer": "L"}"#,
      "setLayerTiming": #"{"layer": "L", "speed": 1, "timeOffset": 0, "beginTime": 0}"#,
      "beginInteractive": #"{"layer": "L"}"#,
      "updateInteractive": #"{"layer": "L", "percent": 0.5}"#, "finishInteractive": #"{"layer": "L"}"#,
      "cancelInteractive": #"{"layer": "L"}"#,
    ]
    for kind in DesignRegistry.standard.designs {
      let design = try #require(samples[kind.name])
      #expect(Set(design.keys).union(generic.keys) == Set(kind.callNames + GenericCall.names), "\(kind.name)")
      #expect(Set(kind.allCallArguments.keys) == Set(kind.callNames + GenericCall.names), "\(kind.name)")
      let layers = Self.layers(of: kind)
      let layer = try #require(layers.names.first)
      for (call, args) in design.merging(generic, uniquingKeysWith: { a, _ in a }) {
        var reader = try JSONObjectReader(
          JSONValue(parsing: args.replacingOccurrences(of: "\"L\"", with: "\"\(layer)\"")), file: "x")
        let parsed = try Self.parse(call, design: kind, args: &reader, layers: layers)
        #expect(parsed, "\(kind.name) \(call)")
        try reader.finish()
        #expect(Set(reader.consultedKeys) == Set(try #require(kind.allCallArguments[call])), "\(kind.name) \(call)")
      }
    }
  }

  /// The initial layers of a design with its default style.
  static func layers<D: Design>(of design: D.Type) -> LayerTree {
    D(style: D.Style(), canvas: Canvas(size: Size(100, 20), background: nil)).layers
  }

  static func parse<D: Design>(
    _ call: String, design: D.Type, args: inout JSONObjectReader, layers: LayerTree
  ) throws -> Bool {
    if try GenericCall.parse(call, args: &args, layers: layers) != nil { return true }
    return try D.parseCall(call, args: &args) != nil
  }
}
