import BarFrames
import BarFramesExport
import BarFramesImageIO
import BarFramesRenderer
import BarFramesTestSupport
import Foundation
import Testing

/// The animated SVG plays in Firefox too: paused at a frame's time, it draws what the frame's
/// static SVG preview draws in Firefox, within the Chromium test's tolerance
/// (``AnimatedSVGBrowserTests``, which checks every example at many frames).
///
/// Firefox keeps SMIL times and durations in whole milliseconds, so it can see a frame's time a
/// millisecond early; the frames checked are at whole milliseconds of 60 fps scenes, where a
/// switch's lead (1.5 ms) decides which frame shows. `firefox-esr --headless --screenshot`
/// draws each page once, no driver needed (geckodriver is not in Debian).
@Suite(
  .enabled(if: Firefox.path != nil, "firefox-esr is not installed (apt-get install firefox-esr runs it)"), .serialized)
struct AnimatedSVGFirefoxTests {
  /// Examples and frame times (whole milliseconds at their 60 fps): a label that changes every
  /// frame, a bar paused mid-move, a bar set every frame, and thumbs that move and switch.
  static let cases: [(file: String, times: [Double])] = [
    ("download-success.json", [1, 9]), ("player-pause-none.json", [2.5]), ("seek-bar.json", [2, 5]),
    ("demo-timeline.json", [1]),
  ]

  @Test(arguments: cases.indices)
  func anExamplePausedAtAFrameDrawsThatFramesStaticSVG(_ index: Int) throws {
    let (file, times) = Self.cases[index]
    let timeline = try Scene.load(contentsOf: AnimatedSVGBrowserTests.examples.appendingPathComponent(file))
      .timeline()
    let directory = try TestRendering.temporaryDirectory()
    var keep = false
    defer { if !keep { try? FileManager.default.removeItem(at: directory) } }
    let exporter = Exporter(
      outputDirectory: directory, options: ExportFixtures.options([.animatedSVG]), tool: "barframes test")
    let plan = try exporter.plan([timeline])[0]
    let manifest = try exporter.export([timeline])
    let animated = try #require(manifest.scenes[0].files.first { $0.format == "animated-svg" })
    let markup = AnimatedSVGBrowserTests.inlineMarkup(
      try Data(contentsOf: directory.appendingPathComponent(animated.path)))
    let width = Int(plan.scene.style.canvas.size.width.rounded(.up))
    let height = Int(plan.scene.style.canvas.size.height.rounded(.up))
    let firefox = Firefox(profile: directory.appendingPathComponent("profile"), width: width, height: height)

    let frameTimes = plan.selection.indices.map(plan.selection.sampler.time(ofFrame:))
    for time in times {
      let position = try #require(frameTimes.firstIndex { abs($0 - time) < 1e-9 }, "\(time) s is no frame's time")
      let still = try SVGFrameRenderer.svg(timeline.presentation(at: time), background: plan.background)
      let stillShot = try firefox.screenshot(
        AnimatedSVGBrowserTests.page(AnimatedSVGBrowserTests.inlineMarkup(Data(still)), pausedAt: nil),
        in: directory, named: "still-\(position)")
      let pausedShot = try firefox.screenshot(
        AnimatedSVGBrowserTests.page(markup, pausedAt: Double(position) * plan.timing.frameSeconds),
        in: directory, named: "paused-\(position)")
      let (differing, worst) = Screenshot.difference(
        stillShot, pausedShot, width: width, height: height, tolerance: AnimatedSVGBrowserTests.tolerance)
      if differing > 0 { keep = true }
      #expect(
        differing == 0,
        "\(plan.name) at \(time) s in Firefox: \(differing) pixels differ by more than \(AnimatedSVGBrowserTests.tolerance) (at most \(worst)); pages and screenshots kept in \(directory.path)"
      )
    }
  }
}

/// Screenshots of HTML pages by headless Firefox (`--screenshot`), one process a page, sharing
/// one fresh profile.
struct Firefox {
  static let path = ExternalTools.path("firefox-esr") ?? ExternalTools.path("firefox")

  let profile: URL
  let width: Int
  let height: Int

  /// `html` written to `name`.html in `directory`, drawn and read back from `name`.png.
  func screenshot(_ html: String, in directory: URL, named name: String) throws -> RGBAImage {
    let page = directory.appendingPathComponent("\(name).html")
    let shot = directory.appendingPathComponent("\(name).png")
    try Data(html.utf8).write(to: page)
    try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
    let run = try ExternalTools.run(
      try #require(Self.path),
      [
        "--headless", "--no-remote", "--profile", profile.path, "--window-size=\(max(width, 64)),\(max(height, 64))",
        "--screenshot", shot.path, page.absoluteString,
      ], timeout: 120)
    try #require(run.status == 0, "firefox exited with \(run.status): \(run.stderr)")
    let image = try Screenshot.decode(contentsOf: shot)
    try #require(image.width >= width && image.height >= height, "a \(image.width) × \(image.height) screenshot")
    return image
  }
}
