import ArgumentParser
import BarFrames
import BarFramesExport
import BarFramesGolden
import Foundation

extension BarFramesCommand {
  /// Records and verifies golden images of scenes.
  struct Golden: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Record or verify golden images of scenes.",
      discussion: """
        Goldens are PNGs named <golden>/<scene>/<scene>_t<seconds>.png, taken by default at the \
        scene's key times: 0, 25, 50, 75 and 100 % of its duration and the time of every event \
        entry. `verify` compares decoded pixels, exact or near (±1 per channel) by default, and \
        exits 0 when every frame matches, 2 when any does not (or a golden is missing), 1 on \
        other errors and 64 on usage errors, such as a tolerance that would pass any image.
        """,
      subcommands: [Record.self, Verify.self])
  }
}

/// Options shared by `golden record` and `golden verify`.
struct GoldenOptions: ParsableArguments {
  @Argument(help: "Scene files (JSON).")
  var scenes: [String]

  @Option(help: "The folder holding one sub-folder of goldens per scene.")
  var golden: String

  @Option(
    name: .customLong("at"), parsing: .singleValue,
    help: ArgumentHelp("A time in seconds (repeatable); the scene's key times by default.", valueName: "T"),
    transform: Seconds.init(validating:))
  var times: [Seconds] = []

  @Option(
    name: .customLong("scale"),
    help: ArgumentHelp("Pixels per point of the golden images. (default: 1)", valueName: "1|2|3"),
    transform: PixelScale.init(validating:))
  var pixelScale = PixelScale(1)

  /// Pixels per point of the golden images.
  var scale: Int { pixelScale.value }

  func validate() throws {
    guard !scenes.isEmpty else { throw ValidationError("give at least one scene file") }
  }

  /// The loaded scenes with their timelines and the times to check. A time past a scene's end
  /// is refused (exit 64) as `render` and `still` refuse it: it would be the last frame under
  /// another name, and 1e300 has no millisecond file name.
  func loadScenes() throws -> [(timeline: any SceneTimeline, times: [Double])] {
    try scenes.map { path in
      let timeline = try SceneLoading.timeline(path)
      for t in times { _ = try StillImage.checkedTime(t.value, flag: "--at", scene: timeline.scene, clamp: false) }
      return (timeline, times.isEmpty ? timeline.scene.keyTimes : times.map(\.value))
    }
  }
}

extension BarFramesCommand.Golden {
  struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render and write the goldens of scenes.")

    @OptionGroup var options: GoldenOptions

    @Flag(
      name: .customLong("no-wait"),
      help: "Fail at once (exit 75) when another barframes writes into the golden folder, instead of waiting for it.")
    var noWait = false

    func run() throws {
      let folder = URL(fileURLWithPath: options.golden, isDirectory: true)
      try OutputFiles.createDirectory(folder)
      // One writer of the golden folder at a time, as of a render's output folder.
      let lock = try OutputFiles.lock(folder, command: "barframes golden record", waits: !noWait, prefix: "golden record")
      defer { lock.release() }
      let store = GoldenStore(directory: folder)
      let renderer = GoldenRenderer(scale: options.scale)
      let (loaded, sources) = SceneSources.reading { try options.loadScenes() }
      let scenes = try loaded.get()
      // No golden may be written over a file the scenes are drawn from (an icon kept in the
      // golden folder, or reached from it by a link): every target is checked, by device and
      // inode after links, before the first is written.
      for (timeline, times) in scenes {
        for time in times {
          try StillImage.refuseInput(store.url(scene: timeline.scene.name, time: time).path, inputs: [sources])
        }
      }
      for (timeline, times) in scenes {
        for time in times {
          let url = store.url(scene: timeline.scene.name, time: time)
          do {
            try GoldenCheck.writeAtomically(try GoldenRenderer.png(try renderer.image(of: timeline, at: time)), to: url)
          } catch {
            throw CommandFailure(message: "\(error)", status: .failure)
          }
          print(url.path)
        }
      }
    }
  }

  struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compare frames with their goldens (exit 0: all match, 2: mismatch, 1: error, 64: usage).",
      discussion: """
        By default a frame matches when no channel of any pixel differs by more than 1 from its \
        golden (exact or near). Loosen it explicitly with --tolerance, --max-pixels or --max-ratio \
        and --ignore-antialiasing; a tolerance that would pass any image (--tolerance 255, \
        --max-ratio 1, --max-pixels covering the whole frame, negative or NaN values) is a usage \
        error (exit 64).
        """)

    @OptionGroup var options: GoldenOptions

    @Option(help: "The largest per-channel difference (0…254) that still counts as equal.")
    var tolerance: Int = GoldenTolerance.default.perChannel

    @Option(
      name: .customLong("max-pixels"),
      help: ArgumentHelp(
        "How many pixels may differ by more than --tolerance; fewer than the frame has. (default: 0)"))
    var maxPixels: Int?

    @Option(
      name: .customLong("max-ratio"),
      help: ArgumentHelp(
        "Instead of --max-pixels: the fraction of pixels (0 ≤ r < 1) that may differ."))
    var maxRatio: Double?

    @Flag(
      name: .customLong("ignore-antialiasing"),
      help: ArgumentHelp(
        "Forgive differing pixels that lie on an anti-aliased edge in both images."))
    var ignoreAntialiasing = false

    @Option(
      help: ArgumentHelp(
        "Write an HTML report of every mismatch in the player page (reference, actual, diff; swipe between reference and actual): a FILE.html, with the images in FILE/ beside it, or a folder, which gets index.html and the images."))
    var report: String?

    @Option(help: "Write JUnit XML to this file: one testcase per frame, a failure with the message for each mismatch.")
    var junit: String?

    func validate() throws {
      if maxPixels != nil && maxRatio != nil {
        throw ValidationError(
          "'--max-pixels' and '--max-ratio' are mutually exclusive")
      }
    }

    /// The tolerance the flags ask for.
    var goldenTolerance: GoldenTolerance {
      if let maxRatio {
        return GoldenTolerance(
          perChannel: tolerance, maxDifferingPixelRatio: maxRatio, ignoringAntialiasedEdges: ignoreAntialiasing)
      }
      return GoldenTolerance(
        perChannel: tolerance, maxDifferingPixels: maxPixels ?? 0, ignoringAntialiasedEdges: ignoreAntialiasing)
    }

    /// A refused tolerance as a usage error: one line naming the flag, exit 64.
    static func usageError(_ refusal: GoldenTolerance.Refusal) -> CommandFailure {
      let flag =
        switch refusal.parameter {
        case .perChannel: "--tolerance"
        case .maxDifferingPixels: "--max-pixels"
        case .maxDifferingPixelRatio: "--max-ratio"
        }
      return CommandFailure(message: "'\(flag)' \(refusal.reason)", status: .usage)
    }

    /// Where the HTML page is written and where the images of failures go: `FILE.html` and
    /// `FILE/`, or `DIR/index.html` and `DIR/`.
    var reportLocation: (page: URL, images: URL)? {
      guard let report else { return nil }
      let url = URL(fileURLWithPath: report)
      if ["html", "htm"].contains(url.pathExtension.lowercased()) { return (url, url.deletingPathExtension()) }
      return (url.appendingPathComponent("index.html"), url)
    }

    func run() throws {
      let tolerance = goldenTolerance
      if let refusal = tolerance.refusal { throw Self.usageError(refusal) }
      let store = GoldenStore(directory: URL(fileURLWithPath: options.golden, isDirectory: true))
      if let reportLocation { try OutputFiles.createDirectory(reportLocation.images) }
      let verification = GoldenVerification(
        store: store, tolerance: tolerance, scale: options.scale,
        artifactsDirectory: reportLocation?.images ?? GoldenCheck.defaultArtifactsDirectory())
      var report = GoldenReport(tolerance: tolerance, scale: options.scale)
      for (timeline, times) in try options.loadScenes() {
        let scene = timeline.scene.name
        let sceneArgument =
          options.scenes.first { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent == scene } ?? scene
        let hint = RerecordCommand.goldenRecord(
          tool: Diagnostics.tool, scene: sceneArgument, golden: options.golden,
          times: options.times.isEmpty ? nil : options.times.map(\.value), scale: options.scale)
        do throws(GoldenError) {
          try verification.verify(timeline, at: times, rerecordHint: hint, into: &report) { frame in
            switch frame.status {
            case .matched: break
            case .failed(let message, _): Diagnostics.printError("MISMATCH \(message)")
            case .error(let message): Diagnostics.printError("ERROR \(message)")
            }
          }
        } catch {
          if case .refusedTolerance(let refusal) = error { throw Self.usageError(refusal) }
          throw CommandFailure(message: "\(error)", status: .failure)
        }
      }
      if let reportLocation {
        let page = report.html(pageDirectory: reportLocation.page.deletingLastPathComponent())
        try OutputFiles.write(Array(page.utf8), to: reportLocation.page)
      }
      if let junit {
        let url = URL(fileURLWithPath: junit)
        try OutputFiles.createDirectory(url.deletingLastPathComponent())
        try OutputFiles.write(Array(report.junitXML().utf8), to: url)
      }
      print(report.summary)
      if report.errors > 0 {
        throw CommandFailure(
          message: "\(report.errors) of \(report.frames.count) frames could not be compared", status: .failure)
      }
      if report.failures > 0 { throw ExitCode(CommandExitCode.goldenMismatch.rawValue) }
    }
  }
}
