import BarFrames
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

@Suite struct InspectAndStillTests {
  @Test func inspectPrintsTheBentLineAtTheSliderPosition() throws {
    // Examples/bent-line-slider.json steps 0.02 every 0.02 s: at t = 0.6 the slider is at 0.6,
    // so the knee is (25 + 270·0.6, 76 + 25·0.8) = (187, 96).
    let result = try CommandRunner.run(["inspect", "Examples/bent-line-slider.json", "--at", "0.6"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let json = try JSONValue(parsing: result.stdout)
    guard case .array(let layers) = json["layers"], layers.count == 2, case .array(let drawing)? = layers[0]["drawing"]
    else {
      Issue.record("expected the drawn layer and the label, got \(json["layers"] ?? .null)")
      return
    }
    // The layer's drawing (its model contents; the slider redraws every 20 ms, so a fade runs).
    #expect(drawing.last?["path"] == .string("M25 76 L187 96"))
    #expect(layers[0]["contentsFade"] != nil)
    #expect(layers[1]["text"] == .string("60%"))
  }

  @Test func stillWritesTheDemoFrameAfterTheSweep() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("x.png").path
    let result = try CommandRunner.run([
      "still", "Examples/bent-line-slider.json", "--at", "2.0", "-o", png, "--scale", "1",
    ])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let image = try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
    #expect(image.width == 320 && image.height == 320)
    // The sweep back ends at 1.6 s on p = 0.98 − 29 × 0.02 = 0.4, and its last redraw has faded
    // in by 1.85 s: the knee at (25 + 270·0.4, 76 + 25·0.8) = (133, 96), green from (25, 76) to
    // it (midpoint (79, 86)), gray from it to (295, 76) (midpoint (214, 86)).
    #expect(image[79, 86] == .init(red: 66, green: 255, blue: 66))
    #expect(image[214, 86] == .init(red: 204, green: 204, blue: 204))
    #expect(image[160, 120] == .init(red: 170, green: 170, blue: 170))
    let svg = directory.appendingPathComponent("x.svg").path
    #expect(try CommandRunner.run(["still", "Examples/bent-line-slider.json", "--at", "2.0", "-o", svg]).exitCode == 0)
    #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("width=\"320px\""))
  }

  @Test func badStyleFailsWithOneLineExit65AndNoOutput() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(#"{"version": 1, "design": "bent-line", "lineWidth": -5}"#.utf8).write(
      to: directory.appendingPathComponent("x.json"))
    try Data(#"{"version": 1, "style": "x.json", "duration": 1}"#.utf8).write(
      to: directory.appendingPathComponent("scene.json"))
    let out = directory.appendingPathComponent("out.png")
    let result = try CommandRunner.run(["still", "scene.json", "--at", "0", "-o", out.path], in: directory)
    #expect(result.exitCode == 65)
    #expect(result.stderr == "barframes: error: x.json: lineWidth: expected a positive number, got -5\n")
    #expect(!FileManager.default.fileExists(atPath: out.path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["scene.json", "x.json"])
  }

  @Test func missingSceneAndBadTimesAreReported() throws {
    let missing = try CommandRunner.run(["inspect", "Examples/none.json", "--at", "0"])
    #expect(missing.exitCode == 65)
    #expect(missing.stderr == "barframes: error: Examples/none.json: no such file\n")
    let negative = try CommandRunner.run(["inspect", "Examples/bent-line-slider.json", "--at", "-1"])
    #expect(negative.exitCode == 64)
    let badExtension = try CommandRunner.run(["still", "Examples/bent-line-slider.json", "--at", "0", "-o", "x.jpg"])
    #expect(badExtension.exitCode == 64)
  }
}
