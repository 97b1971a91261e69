import BarFrames
import BarFramesExport
import BarFramesImageIO
import BarFramesRenderer
import BarFramesTestSupport
import Foundation
import RingDesign
import Testing

/// The animated SVG, paused at a frame's time in real headless Chromium, draws what that frame's
/// static SVG preview draws in the same browser: screenshots of the two differ by at most two
/// levels per channel (antialiasing). Checked at every key time of the scene (its previews:
/// 0, 25, 50, 75, 100 % and its events), at the frame right after each key time (where a
/// switch happens) and at frames spread over the scene, for every example and for a design
/// from outside BarFrames.
@Suite(.enabled(if: BrowserDriver.isAvailable, Comment(rawValue: BrowserDriver.missing ?? "")), .serialized)
struct AnimatedSVGBrowserTests {
  /// Largest difference allowed in one channel of one pixel.
  static let tolerance = 2

  static let examples = TestRendering.packageRoot.appendingPathComponent("Examples")

  /// Sets `window.barframesPainted` once two frames have been drawn: a screenshot taken while
  /// the browser is still rasterizing a page that just loaded can show the first, rougher pass.
  static let afterTwoFrames =
    "(function () { window.barframesPainted = false; requestAnimationFrame(function () {"
    + " requestAnimationFrame(function () { window.barframesPainted = true; }); }); return true; })()"

  static func exampleNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".json") }.sorted()
  }

  /// A ring (the outside design) that fills in steps and eases between them.
  static func ringTimeline(in directory: URL) throws -> any SceneTimeline {
    let url = directory.appendingPathComponent("ring.json")
    let json = #"""
      {"version": 1, "style": {"version": 1, "design": "ring", "duration": 0.25}, "duration": 1, "fps": 30,
       "events": [{"at": 0, "call": "setProgress", "args": {"value": 0.2}},
                  {"at": 0.3, "call": "setProgress", "args": {"value": 0.9}},
                  {"at": 0.7, "call": "setProgress", "args": {"value": 0.4}}]}
      """#
    try Data(json.utf8).write(to: url)
    return try Scene.load(contentsOf: url, designs: DesignRegistry.standard.adding(Ring.self)).timeline()
  }

  @Test(arguments: try exampleNames())
  func anExamplePausedAtAFrameDrawsThatFramesStaticSVG(_ file: String) throws {
    let timeline = try Scene.load(contentsOf: Self.examples.appendingPathComponent(file)).timeline()
    try Self.compare(timeline)
  }

  @Test func theOutsideRingDesignGetsAnAnimatedSVGThatMatchesItsFrames() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Self.compare(try Self.ringTimeline(in: directory))
  }

  /// Renders the animated SVG of `timeline`, then for each chosen frame screenshots the static
  /// SVG of the frame and the animated one paused at the frame's time, and compares them.
  static func compare(_ timeline: any SceneTimeline) throws {
    let directory = try TestRendering.temporaryDirectory()
    var keep = false
    defer { if !keep { try? FileManager.default.removeItem(at: directory) } }
    let options = ExportFixtures.options([.svg, .animatedSVG])
    let exporter = Exporter(outputDirectory: directory, options: options, tool: "barframes test")
    let plan = try exporter.plan([timeline])[0]
    let manifest = try exporter.export([timeline])
    let animated = try #require(manifest.scenes[0].files.first { $0.format == "animated-svg" })
    let animatedURL = directory.appendingPathComponent(animated.path)

    let times = plan.selection.indices.map(plan.selection.sampler.time(ofFrame:))
    let count = times.count
    // Key times, the frame after each, and frames spread over the scene.
    var positions: Set<Int> = [0, count - 1]
    for preview in plan.previews {
      let position = times.firstIndex { $0 >= preview.time - 1e-9 } ?? count - 1
      positions.insert(position)
      positions.insert(min(position + 1, count - 1))
    }
    for eighth in stride(from: 1, to: 8, by: 2) { positions.insert(count * eighth / 8) }

    let width = Int(plan.scene.style.canvas.size.width.rounded(.up))
    let height = Int(plan.scene.style.canvas.size.height.rounded(.up))
    typealias B = BrowserDriver
    var steps: [JSONValue] = []
    var shots: [(position: Int, still: URL, paused: URL)] = []
    for position in positions.sorted() {
      let still = directory.appendingPathComponent("still-\(position).svg")
      try Data(SVGFrameRenderer.svg(timeline.presentation(at: times[position]), background: plan.background))
        .write(to: still)
      let shot = (
        position, directory.appendingPathComponent("still-\(position).png"),
        directory.appendingPathComponent("paused-\(position).png")
      )
      shots.append(shot)
      // The document time of frame k is k frame durations, as in the APNG.
      let documentTime = Double(position) * plan.timing.frameSeconds
      steps += [
        B.step("open", still.absoluteString),
        B.evaluate(Self.afterTwoFrames, as: "still \(position)"),
        B.waitFor("window.barframesPainted"),
        B.step("screenshot", shot.1.path),
        B.step("open", animatedURL.absoluteString),
        B.evaluate(
          "(function () { var s = document.documentElement; s.pauseAnimations(); s.setCurrentTime(\(documentTime));"
            + " return s.getCurrentTime(); })()", as: "time \(position)"),
        B.evaluate(Self.afterTwoFrames, as: "paused \(position)"),
        B.waitFor("window.barframesPainted"),
        B.step("screenshot", shot.2.path),
      ]
    }
    let run = try B.run(steps, timeout: 600)
    #expect(run.consoleErrors.isEmpty, "\(run.consoleErrors)")
    for shot in shots {
      let still = try PNGDecoder.decode(Array(Data(contentsOf: shot.still)))
      let paused = try PNGDecoder.decode(Array(Data(contentsOf: shot.paused)))
      #expect(still.width >= width && still.height >= height)
      var worst = 0
      var differing = 0
      for y in 0..<min(height, still.height) {
        for x in 0..<min(width, still.width) {
          let a = still[x, y]
          let b = paused[x, y]
          let difference = max(
            abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
          worst = max(worst, difference)
          if difference > tolerance { differing += 1 }
        }
      }
      if differing > 0 { keep = true }
      #expect(
        differing == 0,
        """
        \(plan.name): paused at frame \(shot.position) (\(times[shot.position]) s), \(differing) pixels differ by more \
        than \(tolerance) (at most \(worst)) from the frame's static SVG; screenshots kept in \(directory.path)
        """)
    }
  }
}
