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
/// One page an example, loaded once in the run's browser: the chosen frames' stills are put in
/// cells over the page and screenshot at once, then the animation paused at each frame in the
/// same cells, and screenshot again.
@Suite(.enabled(if: BrowserDriver.isAvailable, Comment(rawValue: BrowserDriver.missing ?? "")), .browserPriority)
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
  /// 8 and 6 s). Its 110 key times are each still checked elsewhere: its goldens (PNG,
  /// ``ProjectGoldensTests``) and the static SVG's structure (``SVGFrameRendererTests``);
  /// `still --at` agrees with the goldens at 24 of them (``KeyTimeAgreementTests``).
  static let keyTimeLimit = 12

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
    try await Self.compare(timeline, in: .chromium, example: file)
  }

  @Test func theOutsideRingDesignGetsAnAnimatedSVGThatMatchesItsFrames() async throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await Self.compare(try Self.ringTimeline(in: directory), in: .chromium)
  }

  /// The part of the viewport the cells of one screenshot fill (WebKit's viewport, inside
  /// MiniBrowser's 1280 × 900 window, is a little smaller than the window).
  static let batchArea = (width: 1200, height: 800)
  /// Pixels between cells.
  static let cellGap = 8

  /// Where each of `count` cells of `width` × `height` goes: rows of as many as fit across
  /// ``batchArea``, in batches of as many rows as fit down it (at least one cell a batch);
  /// `alone`, one cell a batch.
  static func cells(count: Int, width: Int, height: Int, alone: Bool = false) -> [(batch: Int, x: Int, y: Int)] {
    let across = alone ? 1 : max(1, (batchArea.width + cellGap) / (width + cellGap))
    let down = alone ? 1 : max(1, (batchArea.height + cellGap) / (height + cellGap))
    return (0..<count).map { index in
      let slot = index % (across * down)
      return (index / (across * down), slot % across * (width + cellGap), slot / across * (height + cellGap))
    }
  }

  /// A page with the animation and each chosen frame's still as templates, and a script that
  /// fills the page's top left corner with cells: `showCells(cells)`, where a cell is
  /// `[x, y, 'still-K']` or `[x, y, 'animated', t]`, a copy of the animation paused at `t` before
  /// it is ever drawn (each outermost `<svg>` has its own SMIL timeline); `pausedTimes()` reads
  /// each one's `getCurrentTime()`. The copies share one document, so their ids repeat: harmless
  /// here, since the only ids referred to are glyphs', which name their outline
  /// (`glyph-r10-31` is the same path in every document that has it).
  ///
  /// WebKit (2.50) gets one cell a screenshot, as every frame had before: with several cells on
  /// the page (or each in an `<iframe>` of its own) it drew a few of a scene's crossfades and
  /// switches tens of levels off, in different frames from one screenshot to the next, however
  /// long it was left to settle; batching only the stills did too (their crossfades, drawn with
  /// `plus-lighter`, go wrong). One at a time, every frame matches.
  ///
  /// One screenshot then holds many frames; the stills and the paused animations are shown in
  /// turn in the same cells, so each frame's two pictures are drawn the same way at the same
  /// place (Chromium antialiases a path a few levels differently at another place on the page,
  /// and paints a document whose animations have run, even for a moment, through other layers).
  static func framesPage(animated: String, stills: [Int: String], width: Int, height: Int) -> String {
    let templates = stills.sorted { $0.key < $1.key }.map { "<template id=\"still-\($0.key)\">\($0.value)</template>" }
    return """
      <!DOCTYPE html>
      <html><head><meta charset="utf-8"><style>
      body { margin: 0; background: #fff; }
      #host { position: absolute; left: 0; top: 0; line-height: 0; }
      #host > div { position: absolute; line-height: 0; width: \(width)px; height: \(height)px; }
      </style></head><body>
      <div id="host"></div>
      <template id="animated">\(animated)</template>
      \(templates.joined(separator: "\n"))
      <script>
      function showCells(cells) {
        var host = document.getElementById('host');
        host.textContent = '';
        var right = 0, bottom = 0;
        cells.forEach(function (cell) {
          var box = document.createElement('div');
          box.style.left = cell[0] + 'px';
          box.style.top = cell[1] + 'px';
          right = Math.max(right, cell[0] + \(width));
          bottom = Math.max(bottom, cell[1] + \(height));
          box.appendChild(document.importNode(document.getElementById(cell[2]).content, true));
          host.appendChild(box);
          if (cell.length > 3) {
            var svg = box.querySelector('svg');
            svg.pauseAnimations();
            svg.setCurrentTime(cell[3]);
          }
        });
        host.style.width = right + 'px';
        host.style.height = bottom + 'px';
      }
      function pausedTimes() {
        return Array.prototype.map.call(document.querySelectorAll('#host svg'), function (svg) {
          return svg.getCurrentTime();
        });
      }
      </script>
      </body></html>
      """
  }

  /// Renders the animated SVG of `timeline` (or takes the run's export of the `example` it
  /// is, ``ExampleExports``), then for each chosen frame screenshots the static SVG of the
  /// frame and the animated one paused at the frame's time, and compares them.
  static func compare(
    _ timeline: any SceneTimeline, in engine: BrowserEngine, example: String? = nil, tolerance: Int = tolerance
  ) async throws {
    let directory = try TestRendering.temporaryDirectory()
    var keep = false
    defer { if !keep { try? FileManager.default.removeItem(at: directory) } }
    let options = ExportFixtures.options([.svg, .animatedSVG])
    let exporter = Exporter(outputDirectory: directory, options: options, tool: "barframes test")
    let plan = try exporter.plan([timeline])[0]
    let (exportFolder, manifest) =
      if let example {
        try ExampleExports.export(example, timeline: timeline)
      } else {
        (directory, try exporter.export([timeline]))
      }
    let animated = try #require(manifest.scenes[0].files.first { $0.format == "animated-svg" })
    let animatedURL = exportFolder.appendingPathComponent(animated.path)

    let times = plan.selection.indices.map(plan.selection.sampler.time(ofFrame:))
    let count = times.count
    // Key times, the frame after each, and frames spread over the scene.
    var positions: Set<Int> = [0, count - 1]
    let keyTimes = plan.previews.map(\.time).sorted().evenSample(atMost: Self.keyTimeLimit)
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
    try Data(
      Self.framesPage(
        animated: Self.inlineMarkup(Data(contentsOf: animatedURL)), stills: stills, width: width, height: height
      ).utf8
    ).write(to: page)

    var pending = positions.sorted()
    // The browser's time for this scene (one browser serves the run's requests one at a time, so
    // this is what the scene costs the run), printed with the result.
    var browserSeconds = 0.0
    var screenshots = 0
    var results: [Int: (count: Int, worst: Int)] = [:]
    for attempt in 0..<Self.attempts where !pending.isEmpty {
      let layout = Self.cells(count: pending.count, width: width, height: height, alone: engine == .webkit)
      let batches = (layout.map(\.batch).max() ?? -1) + 1
      func shot(_ kind: String, _ batch: Int) -> URL {
        directory.appendingPathComponent("\(kind)-\(attempt)-\(batch).png")
      }
      var list: [(script: String, path: String)] = []
      for batch in 0..<batches {
        let members = pending.indices.filter { layout[$0].batch == batch }
        func cells(paused: Bool) -> String {
          "[" + members.map { index in
            let position = pending[index]
            // The document time of frame k is k frame durations, as in the APNG.
            let cell = paused ? "'animated', \(Double(position) * plan.timing.frameSeconds)" : "'still-\(position)'"
            return "[\(layout[index].x), \(layout[index].y), \(cell)]"
          }.joined(separator: ",") + "]"
        }
        list.append(("showCells(\(cells(paused: false))); \(B.twoFramesDrawn) return null;", shot("still", batch).path))
        list.append(
          (
            "showCells(\(cells(paused: true))); \(B.twoFramesDrawn) return pausedTimes();",
            shot("paused", batch).path
          ))
      }
      // WebKit's screenshots are the whole viewport, one cell at a time: a window just larger
      // than the cell (1280 × 900 made each 74 ms to read back in the debug build).
      let window = engine == .webkit ? [B.window(width: max(width + 40, 200), height: max(height + 40, 120))] : []
      let run = try await B.run(
        window + [B.step("open", page.absoluteString), B.shots(list, element: "#host", as: "times")], engine: engine,
        timeout: 600)
      browserSeconds += run.browserSeconds
      screenshots += list.count
      #expect(run.consoleErrors.isEmpty, "\(engine): \(run.consoleErrors)")
      guard case .array(let values)? = run.observations["times"]?["value"], values.count == list.count else {
        Issue.record("\(engine): \(plan.name): no screenshots taken")
        return
      }
      for batch in 0..<batches {
        let still = try Screenshot.decode(contentsOf: shot("still", batch))
        let paused = try Screenshot.decode(contentsOf: shot("paused", batch))
        let members = pending.indices.filter { layout[$0].batch == batch }
        let right = members.map { layout[$0].x + width }.max() ?? 0
        let bottom = members.map { layout[$0].y + height }.max() ?? 0
        for image in [still, paused] {
          try #require(
            image.width >= right && image.height >= bottom,
            "\(engine): a \(image.width)×\(image.height) shot for cells reaching \(right)×\(bottom)")
        }
        // Chromium keeps SMIL times as floats. WebKit reads single precision once the document
        // has loaded (and 0 before): only the picture is checked there.
        let pausedTimes: [Double?] =
          if case .array(let list)? = values[2 * batch + 1]["value"] {
            list.map { if case .number(let n) = $0 { n } else { nil } }
          } else { [] }
        #expect(pausedTimes.count == members.count, "\(engine): \(plan.name): \(pausedTimes.count) paused times read")
        for (member, index) in members.enumerated() {
          let position = pending[index]
          if engine == .chromium, member < pausedTimes.count {
            let time = pausedTimes[member] ?? -1
            #expect(abs(time - Double(position) * plan.timing.frameSeconds) < 1e-5, "\(plan.name): paused at \(time) s")
          }
          results[position] = Screenshot.difference(
            still, paused, width: width, height: height, at: (layout[index].x, layout[index].y), tolerance: tolerance)
        }
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
      in \(screenshots) screenshots and \(String(format: "%.1f", browserSeconds)) s of the browser's time, \
      largest difference from the still \(worst)
      """)
  }
}

/// Which key times a scene with many is paused at (and run through `still --at`): `evenSample`.
@Suite struct AnimatedSVGKeyTimeSampleTests {
  @Test func aLongListIsSampledEvenlyFromItsFirstToItsLast() {
    let sample = (0..<110).map(Double.init).evenSample(atMost: 12)
    // 109 / 11 = 9.9 between neighbours: index k · 109 / 11, rounded down.
    #expect(sample == [0, 9, 19, 29, 39, 49, 59, 69, 79, 89, 99, 109])
  }

  @Test func aShortListIsKeptWhole() {
    #expect([0, 0.5, 1.2].evenSample(atMost: 12) == [0, 0.5, 1.2])
    let twelve = (0..<12).map(Double.init)
    #expect(twelve.evenSample(atMost: 12) == twelve)
  }
}

/// The animated SVG in WebKitGTK (Safari's engine): paused at each frame ``AnimatedSVGBrowserTests``
/// checks in Chromium, every example draws what the frame's static SVG draws in WebKit.
@Suite(.enabled(if: BrowserEngine.webkit.isAvailable, Comment(rawValue: BrowserEngine.webkit.missing ?? "")), .browserPriority)
struct AnimatedSVGWebKitTests {
  @Test(arguments: try AnimatedSVGBrowserTests.exampleNames())
  func anExamplePausedAtAFrameDrawsThatFramesStaticSVG(_ file: String) async throws {
    let timeline = try Scene.load(contentsOf: AnimatedSVGBrowserTests.examples.appendingPathComponent(file)).timeline()
    try await AnimatedSVGBrowserTests.compare(timeline, in: .webkit, example: file)
  }
}

/// The comparison the browser tests read screenshots with: libpng's pixels, and the rectangle's
/// differences in red, green and blue beyond the tolerance.
@Suite struct ScreenshotDifferenceTests {
  @Test func onlyTheRectanglesColourDifferencesBeyondTheToleranceCount() throws {
    let white = RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255)
    let a = RGBAImage(width: 40, height: 30, filledWith: white)
    var b = a
    b[10, 5] = .init(red: 252, green: 255, blue: 255, alpha: 255)  // 3 off: counts at tolerance 2
    b[12, 5] = .init(red: 255, green: 253, blue: 255, alpha: 255)  // 2 off: within it
    b[29, 19] = .init(red: 255, green: 255, blue: 200, alpha: 255)  // 55 off, the rectangle's last pixel
    b[30, 19] = .init(red: 0, green: 0, blue: 0, alpha: 255)  // just right of the rectangle
    b[11, 20] = .init(red: 0, green: 0, blue: 0, alpha: 255)  // just below it
    b[15, 8] = .init(red: 255, green: 255, blue: 255, alpha: 0)  // alpha alone: not compared
    let result = Screenshot.difference(a, b, width: 20, height: 15, at: (10, 5), tolerance: 2)
    #expect(result.count == 2 && result.worst == 55)
    #expect(Screenshot.difference(a, b, width: 40, height: 30, tolerance: 2) == (4, 255))
    #expect(Screenshot.difference(a, a, width: 40, height: 30, tolerance: 0) == (0, 0))

    // libpng reads our PNG back to the same pixels.
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("b.png")
    try Data(PNGEncoder(preset: .small).encode(b)).write(to: url)
    #expect(try Screenshot.decode(contentsOf: url) == b)
  }
}
