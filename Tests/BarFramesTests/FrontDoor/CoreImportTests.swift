// Only `import BarFrames`: this file compiles only while the core re-exports geometry, colours,
// text and the timing model, which is what a user of the core needs.
import BarFrames
import Testing

@Suite struct CoreImportTests {
  @Test func oneImportGivesGeometryColoursScenesAndTiming() throws {
    let canvas = Canvas(size: Size(80, 20), background: Color(red8: 255, green8: 0, blue8: 0))
    #expect(canvas.background?.hexString == "#FF0000FF")
    #expect(Rect(origin: Point(1, 2), size: canvas.size).maxX == 81)
    #expect(TimingFunction.linear.value(at: 0.25) == 0.25)
    let scene = try Scene(
      json: JSONValue(parsing: #"{"version": 1, "style": {"version": 1, "design": "bent-line"}, "duration": 1}"#),
      file: "inline.json", directory: "/", name: "inline")
    #expect(scene.style.design.name == "bent-line")
    #expect(DesignRegistry.standard.names == ["bent-line", "download-bar", "customizable-bar"])
  }
}
