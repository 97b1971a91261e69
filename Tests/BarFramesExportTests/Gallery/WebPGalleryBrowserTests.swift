import BarFrames
import BarFramesExport
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// The gallery of a `--format all` render links the animated WebP; in real headless Chromium
/// that WebP loads and plays: screenshots taken at different moments show different pictures,
/// each exactly one of the PNG frames (lossless), and nothing is logged to the console.
///
/// Headless Chromium advances an animated image only when it draws a frame, so the pictures
/// are read from real screenshots (drive.py's `pixels` step), not from a canvas.
@Suite(.enabled(if: BrowserDriver.isAvailable, Comment(rawValue: BrowserDriver.missing ?? "")), .browserPriority, .serialized)
struct WebPGalleryBrowserTests {
  /// Puts the page's WebP link into an <img> over the page's top-left corner; returns its href.
  static let showWebP = """
    (function () {
      var link = Array.prototype.find.call(document.querySelectorAll('#files a'), function (a) { return a.textContent === 'WebP'; });
      if (!link) return null;
      var image = new Image();
      image.id = 'webp-under-test';
      image.style.cssText = 'position: fixed; left: 0; top: 0; z-index: 2147483647; margin: 0; border: 0';
      image.src = link.href;
      document.body.appendChild(image);
      return link.getAttribute('href');
    })()
    """

  @Test func theWebPInTheGalleryAnimatesThroughThePNGFrames() async throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // bar: 120 × 60 px, 1 s at 10 fps (11 frames, a 1.1 s loop); the bar steps at 0.25 and 0.5 s.
    let (_, manifest) = try ExportFixtures.export(
      [try ExportFixtures.scene(name: "bar")], options: ExportFixtures.options(.all), into: directory)
    let webp = try #require(manifest.scenes[0].files.first { $0.format == "webp" })
    let frames = try manifest.scenes[0].frames.map {
      try PNGDecoder.decode(Array(Data(contentsOf: directory.appendingPathComponent($0.path))))
    }
    #expect(frames.count == 11)
    // Every third pixel of the frame, in CSS pixels (the browser runs at device scale 1).
    let points = stride(from: 1, to: 60, by: 3).flatMap { y in stride(from: 1, to: 120, by: 3).map { x in (x, y) } }
    let pointList = "[" + points.map { "[\($0.0), \($0.1)]" }.joined(separator: ",") + "]"
    let samples = 6
    typealias B = BrowserDriver
    var steps: [JSONValue] = [
      B.step("open", directory.appendingPathComponent("index.html").absoluteString),
      B.waitFor("window.barframesPlayer"),
      .object([.init("eval", .string(Self.showWebP)), .init("as", .string("link"))]),
      B.waitFor(
        "document.getElementById('webp-under-test').complete && document.getElementById('webp-under-test').naturalWidth > 0"
      ),
      .object([
        .init("eval", .string("document.getElementById('webp-under-test').naturalWidth")),
        .init("as", .string("width")),
      ]),
    ]
    for n in 0..<samples {
      steps.append(.object([.init("pixels", .string(pointList)), .init("as", .string("sample \(n)"))]))
      steps.append(B.sleep(0.13))
    }
    // What each PNG frame shows at the points; the WebP's pictures must be among them.
    func colours(_ image: RGBAImage) -> [[Int]] {
      points.map {
        let p = image[$0.0, $0.1]
        return [Int(p.red), Int(p.green), Int(p.blue)]
      }
    }
    let expected = frames.map(colours)
    #expect(Set(expected).count >= 3, "the scene shows at least its three steps")
    var matched: [Int] = []
    // A machine busy with the rest of the suite can hold the page's drawing for most of a
    // loop, so the six screenshots may all catch one picture: the page is opened again, up to
    // three times, until two pictures have been seen.
    for attempt in 1...3 where Set(matched.map { expected[$0] }).count < 2 {
      let run = try await B.run(steps, timeout: 180)
      #expect(run.consoleErrors.isEmpty, "\(run.consoleErrors)")
      let link = try #require(run.observations["link"]?.string("value"))
      #expect(link.hasPrefix(webp.path), "the page links \(link), the WebP is \(webp.path)")
      #expect(run.observations["width"]?.number("value") == 120)
      for n in 0..<samples {
        guard case .array(let values)? = run.observations["sample \(n)"]?["value"] else {
          Issue.record("no sample \(n) (attempt \(attempt))")
          continue
        }
        let shown = values.map { colour -> [Int] in
          guard case .array(let channels) = colour else { return [] }
          return channels.compactMap { if case .number(let v) = $0 { Int(v) } else { nil } }
        }
        guard let frame = expected.firstIndex(of: shown) else {
          Issue.record("sample \(n) is none of the PNG frames (attempt \(attempt))")
          continue
        }
        matched.append(frame)
      }
    }
    // It animates: the screenshots caught more than one of the pictures.
    #expect(Set(matched.map { expected[$0] }).count >= 2, "frames seen: \(matched)")
  }
}
