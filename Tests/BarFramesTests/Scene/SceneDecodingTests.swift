import BarFrames
import Foundation
import Testing

@Suite struct SceneDecodingTests {
  let style = #"{"version": 1, "design": "bent-line"}"#

  func message(_ body: String) -> String? {
    do {
      let json = try JSONValue(parsing: #"{"version": 1, "style": \#(style), \#(body)}"#)
      _ = try Scene(json: json, file: "Examples/x.json", directory: ".", name: "x").timeline()
      return nil
    } catch let error as InputError {
      return error.description
    } catch {
      return "unexpected \(error)"
    }
  }

  @Test(arguments: [
    (#""duration": -1"#, "Examples/x.json: duration: expected a positive number, got -1"),
    (#""duration": 99999"#, "Examples/x.json: duration: expected at most 3600 seconds"),
    (#""duration": 1, "fps": 0"#, "Examples/x.json: fps: expected a number from 1 to 240, got 0"),
    (#""duration": 1, "scale": 4"#, "Examples/x.json: scale: expected a whole number from 1 to 3, got 4"),
    (
      #""duration": 1, "speed": 2"#,
      #"Examples/x.json: unknown key "speed"; expected one of version, style, duration, fps, scale, events"#
    ),
    (
      #""duration": 1, "events": [{"at": 0, "call": "fly"}]"#,
      "Examples/x.json: events[0].call: unknown call \"fly\"; expected one of setProgress, setStrokeEnd, hitTest, "
        + "… (10 in all)"
    ),
    (
      #""duration": 1, "events": [{"at": 0, "call": "setProgress"}]"#,
      "Examples/x.json: events[0].args.value: missing; expected a number"
    ),
    (
      #""duration": 1, "events": [{"at": 0, "call": "setProgress", "args": {"value": 1, "animated": true}}]"#,
      #"Examples/x.json: events[0].args: unknown key "animated"; expected one of value"#
    ),
    (
      #""duration": 1, "events": [{"at": -1, "call": "setProgress", "args": {"value": 1}}]"#,
      "Examples/x.json: events[0].at: expected a number ≥ 0, got -1"
    ),
    (
      #""duration": 1, "events": [{"at": 0, "every": 0.1, "call": "setProgress", "args": {"value": 1}}]"#,
      "Examples/x.json: events[0].until: \"every\" and \"until\" go together"
    ),
    (
      #""duration": 1, "events": [{"at": 0, "every": 1e-9, "until": 1, "call": "setProgress", "args": {"value": 1}}]"#,
      "Examples/x.json: events[0].every: repeats more than 100000 times"
    ),
    (
      #""duration": 1, "events": [{"at": 0, "call": "setProgress", "args": {"value": {"start": 0, "step": 1}}}]"#,
      "Examples/x.json: events[0].args.value: {\"start\", \"step\"} values need a repeating event"
    ),
    (
      #""duration": 1, "events": [{"at": 0, "call": "pauseLayer", "args": {"layer": "dot"}}]"#,
      "Examples/x.json: events[0].args.layer: no layer named \"dot\"; this design has progressLayer, label"
    ),
    // The layer name is quoted escaped: ESC from the file never reaches the terminal.
    (
      #""duration": 1, "events": [{"at": 0, "call": "pauseLayer", "args": {"layer": "\u001b[2J"}}]"#,
      "Examples/x.json: events[0].args.layer: no layer named \"\\u{1B}[2J\"; this design has"
    ),
    (#""duration": 1, "events": {}"#, "Examples/x.json: events: expected an array, got an object"),
  ])
  func badScenesNameTheKeyPath(body: String, expected: String) {
    let got = message(body)
    #expect(got?.hasPrefix(expected) == true, "got \(got ?? "no error")")
  }

  @Test func inlineStyleErrorsNameTheStyleKey() {
    do {
      let json = try JSONValue(
        parsing: #"{"version": 1, "style": {"version": 1, "design": "bent-line", "maxOffset": -1}, "duration": 1}"#)
      _ = try Scene(json: json, file: "Examples/x.json", directory: ".", name: "x")
      Issue.record("expected an error")
    } catch {
      #expect("\(error)" == "Examples/x.json: style.maxOffset: expected a number ≥ 0, got -1")
    }
  }

  @Test func relativeStylePathsResolveAgainstTheSceneFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "barframes-scene-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("Styles"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("Examples"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(#"{"version": 1, "design": "bent-line", "lineWidth": 7}"#.utf8).write(
      to: directory.appendingPathComponent("Styles/s.json"))
    let sceneURL = directory.appendingPathComponent("Examples/scene.json")
    try Data(#"{"version": 1, "style": "../Styles/s.json", "duration": 1}"#.utf8).write(to: sceneURL)
    let scene = try Scene.load(contentsOf: sceneURL)
    #expect(scene.name == "scene")
    let style = try #require(scene.style.parameters(as: BentLine.self))
    #expect(style.lineWidth == 7)
    // A missing style file is named from the scene.
    try Data(#"{"version": 1, "style": "../Styles/none.json", "duration": 1}"#.utf8).write(to: sceneURL)
    #expect(throws: InputError.self) { try Scene.load(contentsOf: sceneURL) }
  }
}
