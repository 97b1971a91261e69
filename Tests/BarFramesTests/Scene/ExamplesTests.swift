import BarFrames
import BarFramesGraphics
import BarFramesTestSupport
import Foundation
import Testing

/// Every committed style and example loads, replays and draws at its key times.
@Suite struct ExamplesTests {
  static let root = TestRendering.packageRoot

  static func files(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }

  @Test(arguments: files(in: "Styles"))
  func styleLoads(name: String) throws {
    _ = try Style.load(contentsOf: Self.root.appendingPathComponent("Styles/\(name)"), displayName: "Styles/\(name)")
  }

  @Test(arguments: files(in: "Examples"))
  func exampleReplaysAndDraws(name: String) throws {
    let scene = try Scene.load(
      contentsOf: Self.root.appendingPathComponent("Examples/\(name)"), displayName: "Examples/\(name)")
    let timeline = try scene.timeline()
    for fraction in [0.0, 0.25, 0.5, 0.75, 1.0] {
      let recording = RecordingContext()
      timeline.presentation(at: scene.duration * fraction).draw(in: recording)
      #expect(!recording.lines.isEmpty, "\(name) draws nothing at \(fraction)")
    }
  }

  @Test func thereAreExamplesOfEveryDesign() throws {
    var designs: Set<String> = []
    for name in Self.files(in: "Examples") {
      let scene = try Scene.load(contentsOf: Self.root.appendingPathComponent("Examples/\(name)"))
      designs.insert(scene.style.designName)
    }
    #expect(designs == Set(DesignRegistry.standard.names))
  }
}
