import BarFrames
import BarFramesExport
import BarFramesImageIO
import BarFramesRenderer
import BarFramesTestSupport
import Foundation
import RingDesign
import Testing

/// The animated SVG, paused at a frame's time in a real browser (`pauseAnimations()`,
/// `setCurrentTime(t)` on its root), draws what that frame's static SVG preview draws in the
/// same page: the two differ by at most ``tolerance`` levels per channel (antialiasing) in a real
/// screenshot. Checked at every key time of the scene (its previews: 0, 25, 50, 75, 100 % and
/// its events; at most ``keyTimeLimit`` of them, evenly spaced, in a scene that has more), at the
/// frame right after each key time (where a switch happens) and at frames spread over the scene,
/// for every example and for a design from outside BarFrames; in Chromium here, in WebKit in
/// ``AnimatedSVGWebKitTests``.
///
/// One page an example, loaded once in the run's browser: each frame's still and the animation
/// paused at the frame are put in turn at the same place of the page and screenshot there.
@Suite(.enabled(if: BrowserDriver.isAvailable, Comment(rawValue: BrowserDriver.missing ?? "")))
struct AnimatedSVGBrowserTests {
  /// Largest difference allowed in one channel of one pixel.
  static let tolerance = 2
  /// Screenshots a frame that differs gets before it fails.
  static let attempts = 3

  /// The most key times of one scene paused at. Every example has at most 11 but
  /// bent-line-recording, which has 110: one `setProgress` per frame of the author's iOS
  /// recording where the label moved, each the same animation from a new value. All 110 were
  /// 191 of the 461 frames paused in each engine, 52 of WebKit's 155 s and 42 of Chromium's
  /// 102 s (the browsers serve one request at a time, so that was the suites' length); 12 of
  /// them, first and last included, keep its check as wide as the other examples' (27 frames,
  /// 8 and 6 s). Its 110 key times are each still checked elsewhere: its goldens (PNG),
  /// `still --at` against them (``KeyTimeAgreementTests``) and the static SVG's structure
  /// (``SVGFrameRendererTests``).
  static let keyTimeLimit = 12

  /// At most `limit` of `times`, evenly spaced, the first and the last included.
  static func sample(_ times: [Double], atMost limit: Int) -> [Double] {
    guard times.count > limit, limit > 1 else { return times }
    return (0..<limit).map { times[$0 * (times.count - 1) / (limit - 1)] }
  }

  static let examples = TestRendering.packageRoot.appendingPathComponent("Examples")

  /// An SVG document's markup without its XML declaration, to put in an HTML page.
  static func inlineMarkup(_ data: Data) -> String {
    let text = String(decoding: data, as: UTF8.self)
    guard text.hasPrefix("<?xml"), let end = text.firstIndex(of: "\n") else { return text }
    return String(text[text.index(after: end)...])
  }

  /// A page showing one SVG at its top left corner; an animated one paused at `time` by a script
  /// that runs before the page is first drawn. Chromium paints a document whose animations have
  /// run, even for a moment, through other layers, antialiased a few levels differently; and it
  /// antialiases a path a few levels differently at another place on the page. So the still
  /// and the animation are each alone on a page, at the same place, drawn the same way.
  static func page(_ svg: String, pausedAt time: Double?) -> String {
    let pause = time.map {
      "<script>var svg = document.querySelector('svg'); svg.pauseAnimations(); svg.setCurrentTime(\($0));</script>"
    }
    return """
      <!DOCTYPE html>
      <html><head><meta charset="utf-8"><style>
      body { margin: 0; background: #fff; }
      div { position: absolute; left: 0; top: 0; line-height: 0; }
      </style></head><body>
      <div>\(svg)</div>
      \(pause ?? "")
      </body></html>
      """
  }

  /// Pixels of the top left `width` × `height` of two screenshots whose colour differs by more
  /// than ``tolerance`` in a channel, and the largest difference.
  static func difference(_ a: RGBAImage, _ b: RGBAImage, width: Int, height: Int, tolerance: Int = tolerance)
    -> (count: Int, worst: Int)
  {
    var worst = 0
    var count = 0
    for y in 0..<height {
      for x in 0..<width {
        let p = a[x, y]
        let q = b[x, y]
        let difference = max(
          abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue)))
        worst = max(worst, difference)
        if difference > tolerance { count += 1 }
      }
    }
    return (count, worst)
  }

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
  func anExamplePausedAtAFrameDrawsThatFramesStaticSVG(_ file: String) async throws {
    let timeline = try Scene.load(contentsOf: Self.examples.appendingPathComponent(file)).timeline()
    try await Self.compare(timeline, in: .chromium)
  }

  @Test func theOutsideRingDesignGetsAnAnimatedSVGThatMatchesItsFrames() async throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await Self.compare(try Self.ringTimeline(in: directory), in: .chromium)
  }

  /// A page with the animation and each chosen frame's still as templates, and a script that
  /// puts one of them at the page's top left corner: `show('still-K')`, or
  /// `show('animated', t)`, which pauses the animation at `t` before it is ever drawn. Chromium
  /// paints a document whose animations have run, even for a moment, through other layers,
  /// antialiased a few levels differently; and it antialiases a path a few levels differently at
  /// another place on the page. So the still and the animation are each alone on the page, at
  /// the same place, drawn the same way.
  static func framesPage(animated: String, stills: [Int: String]) -> String {
    let templates = stills.sorted { $0.key < $1.key }.map { "<template id=\"still-\($0.key)\">\($0.value)</template>" }
    return """
      <!DOCTYPE html>
      <html><head><meta charset="utf-8"><style>
      body { margin: 0; background: #fff; }
      #host { position: absolute; left: 0; top: 0; line-height: 0; }
      </style></head><body>
      <div id="host"></div>
      <template id="animated">\(animated)</template>
      \(templates.joined(separator: "\n"))
      <script>
      function show(id, time) {
        var host = document.getElementById('host');
        host.textContent = '';
        host.appendChild(document.importNode(document.getElementById(id).content, true));
        var svg = host.querySelector('svg');
        if (time !== undefined) { svg.pauseAnimations(); svg.setCurrentTime(time); }
        return svg;
      }
      </script>
      </body></html>
      """
  }

  /// Renders the animated SVG of `timeline`, then for each chosen frame screenshots the static
  /// SVG of the frame and the animated one paused at the frame's time, and compares them.
  static func compare(_ timeline: any SceneTimeline, in engine: BrowserEngine, tolerance: Int = tolerance) async throws
  {
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
    let keyTimes = Self.sample(plan.previews.map(\.time).sorted(), atMost: Self.keyTimeLimit)
    for keyTime in keyTimes {
      let position = times.firstIndex { $0 >= keyTime - 1e-9 } ?? count - 1
      positions.insert(position)
      positions.insert(min(position + 1, count - 1))
    }
    for eighth in stride(from: 1, to: 8, by: 2) { positions.insert(count * eighth / 8) }

    let width = Int(plan.scene.style.canvas.size.width.rounded(.up))
    let height = Int(plan.scene.style.canvas.size.height.rounded(.up))
    typealias B = BrowserDriver
    var stills: [Int: String] = [:]
    for position in positions {
      stills[position] = Self.inlineMarkup(
        Data(try SVGFrameRenderer.svg(timeline.presentation(at: times[position]), background: plan.background)))
    }
    let page = directory.appendingPathComponent("frames.html")
    try Data(Self.framesPage(animated: Self.inlineMarkup(Data(contentsOf: animatedURL)), stills: stills).utf8)
      .write(to: page)
    func shot(_ kind: String, _ position: Int) -> URL {
      directory.appendingPathComponent("\(kind)-\(position).png")
    }
    /// Pixels differing by more than the tolerance between the still and the paused animation,
    /// and the largest difference.
    func difference(_ position: Int) throws -> (count: Int, worst: Int) {
      let still = try PNGDecoder.decode(Array(Data(contentsOf: shot("still", position))))
      let paused = try PNGDecoder.decode(Array(Data(contentsOf: shot("paused", position))))
      try #require(still.width >= width && still.height >= height, "\(engine): a \(still.width)×\(still.height) shot")
      try #require(paused.width >= width && paused.height >= height, "\(engine): a \(paused.width)×\(paused.height) shot")
      return Self.difference(still, paused, width: width, height: height, tolerance: tolerance)
    }
    var pending = positions.sorted()
    // The browser's time for this scene (one browser serves the run's requests one at a time, so
    // this is what the scene costs the run), printed with the result.
    var browserSeconds = 0.0
    var results: [Int: (count: Int, worst: Int)] = [:]
    for _ in 0..<Self.attempts where !pending.isEmpty {
      var list: [(script: String, path: String)] = []
      for position in pending {
        // The document time of frame k is k frame durations, as in the APNG.
        let documentTime = Double(position) * plan.timing.frameSeconds
        list.append(("show('still-\(position)'); \(B.twoFramesDrawn) return null;", shot("still", position).path))
        list.append(
          (
            "var svg = show('animated', \(documentTime)); \(B.twoFramesDrawn) return svg.getCurrentTime();",
            shot("paused", position).path
          ))
      }
      let run = try await B.run(
        [B.step("open", page.absoluteString), B.shots(list, element: "#host", as: "times")], engine: engine,
        timeout: 600)
      browserSeconds += run.browserSeconds
      #expect(run.consoleErrors.isEmpty, "\(engine): \(run.consoleErrors)")
      guard case .array(let values)? = run.observations["times"]?["value"], values.count == list.count else {
        Issue.record("\(engine): \(plan.name): no screenshots taken")
        return
      }
      for (index, position) in pending.enumerated() {
        // Chromium keeps SMIL times as floats. WebKit reads 0 until the document has loaded, and
        // single precision after: only the picture is checked there.
        if engine == .chromium {
          let time = values[2 * index + 1].number("value") ?? -1
          #expect(abs(time - Double(position) * plan.timing.frameSeconds) < 1e-5, "\(plan.name): paused at \(time) s")
        }
        results[position] = try difference(position)
      }
      pending = pending.filter { results[$0]!.count > 0 }
    }
    for position in pending {
      keep = true
      let result = results[position]!
      Issue.record(
        """
        \(engine): \(plan.name): paused at frame \(position) (\(times[position]) s), \(result.count) pixels differ by \
        more than \(tolerance) (at most \(result.worst)) from the frame's static SVG, in each of \(Self.attempts) \
        screenshots; page and screenshots kept in \(directory.path)
        """)
    }
    let worst = results.values.map(\.worst).max() ?? 0
    print(
      """
      \(engine) \(plan.name): \(positions.count) frames paused (\(keyTimes.count) of \(plan.previews.count) key times) \
      in \(String(format: "%.1f", browserSeconds)) s of the browser's time, \
      largest difference from the still \(worst)
      """)
  }
}

/// Which key times a scene with many is paused at.
@Suite struct AnimatedSVGKeyTimeSampleTests {
  @Test func aLongListIsSampledEvenlyFromItsFirstToItsLast() {
    let sample = AnimatedSVGBrowserTests.sample((0..<110).map(Double.init), atMost: 12)
    // 109 / 11 = 9.9 between neighbours: index k · 109 / 11, rounded down.
    #expect(sample == [0, 9, 19, 29, 39, 49, 59, 69, 79, 89, 99, 109])
  }

  @Test func aShortListIsKeptWhole() {
    #expect(AnimatedSVGBrowserTests.sample([0, 0.5, 1.2], atMost: 12) == [0, 0.5, 1.2])
    let twelve = (0..<12).map(Double.init)
    #expect(AnimatedSVGBrowserTests.sample(twelve, atMost: 12) == twelve)
  }
}

/// The animated SVG in WebKitGTK (Safari's engine): paused at each frame ``AnimatedSVGBrowserTests``
/// checks in Chromium, every example draws what the frame's static SVG draws in WebKit.
@Suite(.enabled(if: BrowserEngine.webkit.isAvailable, Comment(rawValue: BrowserEngine.webkit.missing ?? "")))
struct AnimatedSVGWebKitTests {
  @Test(arguments: try AnimatedSVGBrowserTests.exampleNames())
  func anExamplePausedAtAFrameDrawsThatFramesStaticSVG(_ file: String) async throws {
    let timeline = try Scene.load(contentsOf: AnimatedSVGBrowserTests.examples.appendingPathComponent(file)).timeline()
    try await AnimatedSVGBrowserTests.compare(timeline, in: .webkit)
  }
}
