import ArgumentParser
import BarFrames
import BarFramesExport
import BarFramesGraphics
import BarFramesImageIO
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension BarFramesCommand {
  /// Renders scenes into PNG sequences, SVG previews, APNG, GIF, contact sheets and a gallery.
  struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Render scenes into PNG sequences, SVG previews, APNG, GIF, animated WebP and SVG, contact sheets and an HTML gallery.",
      discussion: """
        Frame i is at t = start + i/fps, computed from the index; a D-second scene has \
        floor(D·fps) + 1 frames, both ends included (2 s at 30 fps: 61 frames, the last at 2 s). \
        Files go to OUT/<scene>/: <scene>-NNN@2x.png (numbered with the frame count's digits), \
        <scene>@2x.apng, <scene>@2x.gif, <scene>@2x.webp, <scene>-sheet@2x.png, <scene>-at-1.250s.svg, \
        <scene>-animated.svg (one SVG that plays the scene); the gallery is OUT/index.html and the manifest OUT/manifest.json. Every file is written \
        under a temporary name and renamed when complete. With --shard i/n, n machines running \
        the same command (i = 1…n) each write part of the frames and \
        OUT/manifest.shard-i-of-n.json; 'barframes merge' joins their folders into the unsharded \
        output, animations included ('--shard auto' takes i/n from a Kubernetes Indexed Job, \
        GitLab's parallel: or BARFRAMES_SHARD). A re-render removes the scene's frame files that it \
        no longer produces (another fps leaves no stale frames) but only files a BarFrames record \
        of the folder lists: it never replaces or removes a file it did not write, nor one of its \
        inputs (exit 73), and one render at a time writes a folder (--no-wait). It leaves alone every scene \
        whose scene, style and icon files and settings are those its manifest records and whose \
        files are untouched (--force renders them all). The files reach stable storage once per \
        render, before the manifest, which is written last (--durability). 'html' renders the PNG frames \
        the player page shows. '-o FILE.png' (or .svg) with one scene and one frame (--at, \
        --progress P) writes that file. A time beyond a scene's duration is an error.

        Examples:
          barframes render Examples -o frames --format all
          barframes render Examples/seek-bar.json --format html      # frames + player page
          barframes render Examples/bent-line-slider.json --at 1.5 -o slider.png
          barframes render Examples/seek-bar.json --format animated-svg   # plays in any browser
          barframes render Examples/demo-timeline.json --time 2-4 --every-nth 2 --format apng,gif
        """)

    @Argument(help: "Scene files (JSON), or folders whose *.json scenes are all rendered (sorted by name).")
    var scenes: [String]

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp(
        "The output folder; or FILE.png / FILE.svg for one frame of one scene.", valueName: "OUT"))
    var output: String = "frames"

    @Option(
      help: ArgumentHelp(
        "Comma-separated formats: png, svg, apng, gif, webp, animated-svg, sheet, html, or all. (default: png)",
        valueName: "list"),
      transform: FormatList.init(validating:))
    var format = FormatList(.png)

    @Option(
      help: ArgumentHelp(
        "Frames per second; the scene's by default (29.97 and 30000/1001-style rates are kept exact).", valueName: "N"),
      transform: FramesPerSecond.init(validating:))
    var fps: FramesPerSecond?

    @Option(
      help: ArgumentHelp("Pixels per point for raster files (1, 2 or 3); the scene's by default.", valueName: "1|2|3"),
      transform: PixelScale.init(validating:))
    var scale: PixelScale?

    @Option(
      help: ArgumentHelp(
        "A colour (#RRGGBB, #RRGGBBAA or a name) or 'transparent'; the style's by default.",
        valueName: "COLOR|transparent"),
      transform: BackgroundArgument.init(validating:))
    var background: BackgroundArgument?

    @Option(
      help: ArgumentHelp("Render one frame at this time in seconds.", valueName: "T"),
      transform: Seconds.init(validating:))
    var at: Seconds?

    @Option(
      help: ArgumentHelp("Render the interval A-B in seconds as its own sequence (frame 0 at A).", valueName: "A-B"),
      transform: SecondsInterval.init(validating:))
    var time: SecondsInterval?

    @Option(
      help: ArgumentHelp("Render frames A through B of the scene's sequence, keeping their numbers.", valueName: "A-B"),
      transform: FrameNumbers.init(validating:))
    var frames: FrameNumbers?

    @Option(
      help: ArgumentHelp(
        "Render at a fraction of the duration (0.5), or the interval between two fractions (0.25-0.75).", valueName: "P"
      ),
      transform: DurationFraction.init(validating:))
    var progress: DurationFraction?

    @Option(
      name: .customLong("every-nth"),
      help: ArgumentHelp(
        "Keep every n-th frame (names keep their numbers; animations play at fps/n).", valueName: "N"))
    var everyNth: Int = 1

    @Option(help: ArgumentHelp("Render threads; the number of cores by default.", valueName: "N"))
    var jobs: Int?

    @Option(
      help: ArgumentHelp(
        "Render only part i of n (1 ≤ i ≤ n), for 'barframes merge'; 'auto' reads BARFRAMES_SHARD, JOB_COMPLETION_INDEX with BARFRAMES_SHARD_COUNT, or CI_NODE_INDEX/CI_NODE_TOTAL.",
        valueName: "i/n|auto"))
    var shard: String?

    @Option(
      help: ArgumentHelp(
        "PNG compression: fast (default), balanced or small; all decode to the same pixels.", valueName: "preset"),
      transform: PNGPresetArgument.init(validating:))
    var png = PNGPresetArgument(.fast)

    @Option(help: ArgumentHelp("Write the WebP lossy at this quality (0–100); lossless by default.", valueName: "N"))
    var quality: Int?

    @Option(
      help: ArgumentHelp(
        "When files reach stable storage: render (one flush for the whole render, then the manifest), frame (each file flushed before it is named) or none.", valueName: "render|frame|none"),
      transform: DurabilityArgument.init(validating:))
    var durability = DurabilityArgument(.render)

    @Flag(help: "Render every scene, even those the output folder's manifest shows unchanged.")
    var force = false

    @Flag(
      name: .customLong("no-wait"),
      help: "Fail at once (exit 75) when another barframes writes into the output folder, instead of waiting for it.")
    var noWait = false

    @Flag(
      help: "Read every file the output folder's manifest lists (frames, animations, sheets, SVGs) and compare it with its SHA-256, instead of trusting recorded stat data; render again what differs.")
    var verify = false

    @Flag(help: "Print no progress.")
    var quiet = false

    @Flag(help: "Print a JSON manifest of the files written on standard output.")
    var json = false

    func validate() throws {
      guard !scenes.isEmpty else { throw ValidationError("give at least one scene file or folder") }
      _ = try parsedOptions()
    }

    /// The options the flags describe; usage errors become `ValidationError`s (exit 64).
    func parsedOptions() throws -> ExportOptions {
      var options = ExportOptions()
      options.formats = format.formats
      // The player page shows PNG frames; a page without them would be empty rows.
      if options.formats.contains(.html) { options.formats.insert(.png) }
      do {
        if let shard {
          options.shard = try Shard.resolve(shard, environment: ProcessInfo.processInfo.environment).shard
        }
      } catch {
        throw ValidationError(error.description)
      }
      options.fps = fps?.value
      options.scale = scale?.value
      if let background { options.background = background.background }
      let selectors = [
        ("--at", at != nil), ("--time", time != nil), ("--frames", frames != nil), ("--progress", progress != nil),
      ]
      .filter(\.1).map(\.0)
      guard selectors.count <= 1 else {
        throw ValidationError(
          "\(selectors.map { "'\($0)'" }.joined(separator: " and ")) are mutually exclusive; give one time selector")
      }
      if let at {
        options.selection = .at(at.value)
      } else if let time {
        options.selection = .time(time.range)
      } else if let frames {
        options.selection = .frames(frames.range)
      } else if let progress {
        options.selection = progress.selection
      }
      if let quality {
        guard (0...100).contains(quality) else {
          throw ValidationError(
            "'--quality' must be 0…100 (the lossy WebP's quality), got \(quality)")
        }
        options.webpQuality = quality
      }
      guard everyNth >= 1 else { throw ValidationError("'--every-nth' must be at least 1, got \(everyNth)") }
      options.everyNth = everyNth
      if let jobs {
        guard (1...1024).contains(jobs) else {
          throw ValidationError(
            "'--jobs' must be between 1 and 1024, got \(jobs)")
        }
        options.jobs = jobs
      }
      options.pngPreset = png.preset
      options.durability = durability.durability
      options.skipsUnchangedScenes = !force
      options.waitsForFolder = !noWait
      options.verifiesFiles = verify
      return options
    }

    func run() throws {
      let options = try parsedOptions()
      let files = try Self.sceneFiles(scenes)
      // Every scene is read before anything is drawn, so a bad file fails fast (exit 65), with
      // the files it was read from, byte for byte.
      let read = files.map { file in SceneSources.reading { try SceneLoading.timeline(file) } }
      let timelines = try read.map { try $0.result.get() }
      let sources = read.map(\.sources)
      for timeline in timelines { try checkTimes(timeline.scene) }
      if StillImage.isImagePath(output) {
        try StillImage.refuseInput(output, inputs: sources)
        try writeSingleFile(timelines, options: options)
        return
      }
      let outputURL = URL(fileURLWithPath: output, isDirectory: true)
      let exporter = Exporter(
        outputDirectory: outputURL, options: options, tool: "barframes \(BarFramesVersion.string)")
      let totalFrames: Int
      do {
        totalFrames = try exporter.plan(timelines).reduce(0) { $0 + $1.renderedFrameCount }
      } catch {
        // Planned before OUT is created: a refused render leaves nothing behind.
        if case .invalidInput = error { throw CommandFailure(message: error.description, status: .badInput) }
        throw CommandFailure(message: error.description, status: .usage)
      }
      try OutputFiles.createDirectory(outputURL)
      if let shard, !quiet,
        let source = try? Shard.resolve(shard, environment: ProcessInfo.processInfo.environment).source
      {
        Diagnostics.printError("render: shard \(options.shard) from \(source)")
      }
      let reporter = ProgressReporter(
        mode: quiet ? .silent : ProgressReporter.isInteractive ? .live : .lines, output: output,
        totalFrames: totalFrames)
      let manifest: ExportManifest
      do {
        let sourcesByScene = Dictionary(
          zip(timelines.map(\.scene.name), sources), uniquingKeysWith: { first, _ in first })
        manifest = try exporter.export(timelines, sources: sourcesByScene) { reporter.report($0) }
      } catch {
        reporter.abandon()
        switch error {
        case .emptySelection, .invalidShard, .invalidFormat, .duplicateSceneName:
          throw CommandFailure(message: error.description, status: .usage)
        case .notOurs, .inputAsOutput:
          throw CommandFailure(message: error.description, status: .outputRefused)
        case .folderBusy:
          throw CommandFailure(message: error.description, status: .folderBusy)
        default:
          throw CommandFailure(message: error.description, status: .failure)
        }
      }
      reporter.finish(manifest: manifest, galleryWritten: options.formats.contains(.html) && options.shard.ownsGallery)
      if json { FileHandle.standardOutput.write(Data(manifest.serialized().utf8)) }
    }

    /// Times past a scene's end are refused, naming the valid range: a frame "at 99 s" of a
    /// 10 s scene would silently be its last one.
    func checkTimes(_ scene: Scene) throws {
      if let at { _ = try StillImage.checkedTime(at.value, flag: "--at", scene: scene, clamp: false) }
      if let time { _ = try StillImage.checkedTime(time.range.upperBound, flag: "--time", scene: scene, clamp: false) }
    }

    /// `-o FILE.png|svg`: one scene, one frame, written as that file — never a folder named
    /// like an image.
    func writeSingleFile(_ timelines: [any SceneTimeline], options: ExportOptions) throws {
      let time: Double?
      switch options.selection {
      case .at(let t): time = t
      case .progress(let p):
        time = timelines.count == 1 ? SceneTime.time(atProgress: p, of: timelines[0].scene.duration) : nil
      default: time = nil
      }
      guard timelines.count == 1, let time, let timeline = timelines.first else {
        throw CommandFailure(
          message: "'-o \(output)' names an image file, but this render writes \(timelines.count == 1 ? "a sequence of frames" : "\(timelines.count) scenes") into a folder; give a folder name, or one scene with --at T (or --progress P) to write one image",
          status: .usage)
      }
      let background: Color?
      switch options.background {
      case .scene: background = timeline.scene.style.canvas.background
      case .transparent: background = nil
      case .color(let color): background = color
      }
      try StillImage.write(
        timeline, at: time, to: output, scale: options.scale ?? timeline.scene.scale, background: background)
      if !quiet { Diagnostics.printError("render: 1 frame at \(time.formatted(decimals: 6)) s → \(output)") }
    }

    /// Scene files named on the command line, folders expanded to their `*.json` files (sorted).
    static func sceneFiles(_ arguments: [String]) throws -> [String] {
      var files: [String] = []
      for argument in arguments {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
          throw CommandFailure(message: "\(argument): no such file or folder", status: .badInput)
        }
        guard isDirectory.boolValue else {
          files.append(argument)
          continue
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
        // A folder that is also an output holds our manifests: never scenes.
        let ours = FolderRecords.ownedNames(in: URL(fileURLWithPath: argument, isDirectory: true))
        let scenes = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") && !ours.contains($0) }.sorted()
        guard !scenes.isEmpty else {
          throw CommandFailure(message: "\(argument): the folder holds no *.json scene files", status: .badInput)
        }
        let prefix = argument.hasSuffix("/") ? argument : argument + "/"
        files += scenes.map { prefix + $0 }
      }
      return files
    }
  }
}

/// Reports an export's progress on standard error: one live line for the whole run (overall
/// percent, frames per second, time left, fitted to the terminal's width) on a terminal, plain
/// lines otherwise (CI logs), nothing with `--quiet`.
final class ProgressReporter {
  enum Mode { case silent, lines, live }

  static var isInteractive: Bool {
    isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
  }

  /// The terminal's width in columns (80 when unknown).
  static var terminalWidth: Int {
    var size = winsize()
    if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
    return 80
  }

  private let mode: Mode
  private let output: String
  /// What lines begin with: the command's name.
  private let prefix: String
  /// The frames to render: the planned ones less those of skipped scenes.
  private var totalFrames: Int
  private var skippedScenes = 0
  private var sceneLabel = ""
  private var lastDraw = Date.distantPast
  private var barVisible = false
  private var framesDone = 0
  private var totalFiles = 0
  private let started = Date()

  init(mode: Mode, output: String, totalFrames: Int, prefix: String = "render") {
    self.mode = mode
    self.output = output
    self.totalFrames = totalFrames
    self.prefix = prefix
  }

  private var line: ProgressLine {
    ProgressLine(
      completed: framesDone, total: totalFrames, elapsed: Date().timeIntervalSince(started), scene: sceneLabel,
      skippedScenes: skippedScenes)
  }

  func report(_ event: ExportProgress) {
    switch event {
    case .sceneStarted(let scene, let ordinal, let count, let frames):
      // Escaped: a scene is named after its file, and a file name can hold escape sequences.
      sceneLabel = "[\(ordinal + 1)/\(count)] \(InputText.escaped(scene))"
      if mode == .lines { write("\(prefix): \(sceneLabel): \(frames) frame\(frames == 1 ? "" : "s")\n") }
      if mode == .live { drawBar(force: true) }
    case .framesCompleted:
      framesDone += 1
      if mode == .live { drawBar(force: framesDone == totalFrames) }
    case .sceneSkipped(let scene, let ordinal, let count, let frames):
      skippedScenes += 1
      totalFrames -= frames
      sceneLabel = "[\(ordinal + 1)/\(count)] \(InputText.escaped(scene))"
      if mode == .lines { write("\(prefix): \(sceneLabel): unchanged, skipped\n") }
      if mode == .live { drawBar(force: true) }
    case .fileWritten:
      totalFiles += 1
    case .fileSkipped(let scene, let format, let reason):
      if barVisible { clearBar() }
      write("render: warning: \(InputText.escaped(scene)): no \(format): \(reason)\n")
    case .waitingForFolder(let holder):
      if barVisible { clearBar() }
      write("\(prefix): \(InputText.escaped(output)) is being written by \(holder); waiting for it (--no-wait fails instead)\n")
    case .unownedFilesKept(let count, let first):
      if barVisible { clearBar() }
      write(
        "\(prefix): left \(count) file\(count == 1 ? "" : "s") named like frames that no BarFrames record lists, such as \(InputText.escaped((output as NSString).appendingPathComponent(first)))\n"
      )
    case .sceneFinished(_, let frames, let seconds):
      guard mode == .lines else { return }
      let now = line
      var text =
        "\(prefix): \(sceneLabel): \(frames) frame\(frames == 1 ? "" : "s") in \(String(format: "%.2f", seconds)) s"
      text += " · overall \(Int(now.fraction * 100))% of \(totalFrames) frames"
      if let fps = now.framesPerSecond { text += ", \(Int(fps.rounded())) fps" }
      if let left = now.secondsLeft, framesDone < totalFrames { text += ", ETA \(ProgressLine.clock(left))" }
      write(text + "\n")
    }
  }

  /// Clears the bar before an error line.
  func abandon() { if barVisible { clearBar() } }

  func finish(manifest: ExportManifest, galleryWritten: Bool) {
    guard mode != .silent else { return }
    if barVisible { clearBar() }
    let seconds = Date().timeIntervalSince(started)
    var text =
      "\(prefix): \(framesDone) frame\(framesDone == 1 ? "" : "s") and \(totalFiles) other file\(totalFiles == 1 ? "" : "s") in \(String(format: "%.2f", seconds)) s → \(output)"
    if skippedScenes > 0 {
      text += "; \(skippedScenes) unchanged scene\(skippedScenes == 1 ? "" : "s") skipped (--force renders them)"
    }
    if galleryWritten { text += "; open \((output as NSString).appendingPathComponent(SceneFileNames.galleryPath))" }
    write(text + "\n")
  }

  private func drawBar(force: Bool) {
    let now = Date()
    guard force || now.timeIntervalSince(lastDraw) > 0.1 else { return }
    lastDraw = now
    write("\r\u{1B}[2K" + line.text(width: Self.terminalWidth))
    barVisible = true
  }

  private func clearBar() {
    write("\r\u{1B}[2K")
    barVisible = false
  }

  /// Writes to standard error, unless Ctrl-C is being handled: the handler's message is then
  /// the run's last line, and a redraw or an erase after it would land on the next prompt.
  private func write(_ text: String) {
    guard !TemporaryFiles.shared.isInterrupted else { return }
    Diagnostics.write(text)
  }
}
