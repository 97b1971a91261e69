import ArgumentParser
import BarFrames
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
        entry. `verify` compares decoded pixels and exits 0 when every frame matches, 2 when any \
        does not (or a golden is missing), 1 on other errors.
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

  @Option(name: .customLong("at"), parsing: .singleValue, help: "A time in seconds (repeatable); the scene's key times by default.")
  var times: [Double] = []

  @Option(help: "Pixels per point of the golden images.")
  var scale: Int = 1

  func validate() throws {
    guard !scenes.isEmpty else { throw ValidationError("give at least one scene file") }
    guard (1...3).contains(scale) else { throw ValidationError("'--scale' must be 1, 2 or 3; got \(scale)") }
    for t in times where !(t.isFinite && t >= 0) { throw ValidationError("'--at' must be a time ≥ 0, got \(t)") }
  }

  /// The loaded scenes with their timelines and the times to check.
  func loadScenes() throws -> [(timeline: any SceneTimeline, times: [Double])] {
    try scenes.map { path in
      let timeline = try SceneLoading.timeline(path)
      return (timeline, times.isEmpty ? timeline.scene.keyTimes : times)
    }
  }
}

extension BarFramesCommand.Golden {
  struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render and write the goldens of scenes.")

    @OptionGroup var options: GoldenOptions

    func run() throws {
      let store = GoldenStore(directory: URL(fileURLWithPath: options.golden, isDirectory: true))
      let renderer = GoldenRenderer(scale: options.scale)
      for (timeline, times) in try options.loadScenes() {
        for time in times {
          let url = store.url(scene: timeline.scene.name, time: time)
          do {
            try GoldenCheck.writeAtomically(try GoldenRenderer.png(try renderer.image(of: timeline, at: time)), to: url)
          } catch {
            throw CommandFailure(message: "\(error)", exitCode: 1)
          }
          print(url.path)
        }
      }
    }
  }

  struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compare scenes' frames with their goldens (exit 0: all match, 2: a mismatch, 1: an error).")

    @OptionGroup var options: GoldenOptions

    @Option(help: "The largest per-channel difference (0…254) that still counts as equal.")
    var tolerance: Int = GoldenTolerance.default.perChannel

    @Option(name: .customLong("max-ratio"), help: "The largest fraction of pixels (0 ≤ r < 1) allowed to differ.")
    var maxRatio: Double = GoldenTolerance.default.maxDifferingPixelRatio

    @Option(help: "Write an HTML page with reference, actual and diff images of every mismatch to this folder.")
    var report: String?

    func validate() throws {
      guard (0...254).contains(tolerance) else { throw ValidationError("'--tolerance' must be 0…254 (255 would pass any image); got \(tolerance)") }
      guard maxRatio >= 0, maxRatio < 1 else { throw ValidationError("'--max-ratio' must be in 0..<1 (1 would pass any image); got \(maxRatio)") }
    }

    func run() throws {
      let store = GoldenStore(directory: URL(fileURLWithPath: options.golden, isDirectory: true))
      let reportURL = report.map { URL(fileURLWithPath: $0, isDirectory: true) }
      if let reportURL { try OutputFiles.createDirectory(reportURL) }
      let check = GoldenCheck(
        tolerance: GoldenTolerance(perChannel: tolerance, maxDifferingPixelRatio: maxRatio), mode: .never,
        artifactsDirectory: reportURL ?? GoldenCheck.defaultArtifactsDirectory())
      let renderer = GoldenRenderer(scale: options.scale)
      var failures: [(name: String, message: String, artifacts: GoldenCheck.Artifacts?)] = []
      var checked = 0
      for (timeline, times) in try options.loadScenes() {
        let sceneArgument = options.scenes.first { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent == timeline.scene.name } ?? timeline.scene.name
        for time in times {
          let name = GoldenStore.fileName(scene: timeline.scene.name, time: time).replacingOccurrences(of: ".png", with: "")
          let outcome: GoldenCheck.Outcome
          do {
            outcome = try check.check(
              try renderer.image(of: timeline, at: time), golden: store.url(scene: timeline.scene.name, time: time), name: name,
              rerecordHint: "barframes golden record \(sceneArgument) --golden \(options.golden)")
          } catch {
            throw CommandFailure(message: "\(name): \(error)", exitCode: 1)
          }
          checked += 1
          if case .failed(let message, let artifacts) = outcome {
            failures.append((name, message, artifacts))
            Diagnostics.printError("MISMATCH \(message)")
          }
        }
      }
      if let reportURL {
        let page = GoldenReport.html(failures: failures.map { ($0.name, $0.message, $0.artifacts) }, checked: checked, relativeTo: reportURL)
        try OutputFiles.write(Array(page.utf8), to: reportURL.appendingPathComponent("index.html"))
      }
      print("\(checked - failures.count) of \(checked) frames match")
      if !failures.isEmpty { throw ExitCode(2) }
    }
  }
}

/// The HTML page of `golden verify --report`.
enum GoldenReport {
  static func html(failures: [(String, String, GoldenCheck.Artifacts?)], checked: Int, relativeTo base: URL) -> String {
    func relative(_ url: URL?) -> String? {
      guard let url else { return nil }
      let prefix = base.standardizedFileURL.path + "/"
      let path = url.standardizedFileURL.path
      return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.absoluteString
    }
    func escape(_ s: String) -> String {
      s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
    var body = "<h1>Golden verification: \(checked - failures.count) of \(checked) frames match</h1>\n"
    for (name, message, artifacts) in failures {
      body += "<section><h2>\(escape(name))</h2><p>\(escape(message))</p><div class=row>\n"
      for (label, url) in [("reference", artifacts?.reference), ("actual", artifacts?.actual), ("diff", artifacts?.diff)] {
        if let src = relative(url) { body += "<figure><img src=\"\(escape(src))\"><figcaption>\(label)</figcaption></figure>\n" }
      }
      body += "</div></section>\n"
    }
    return """
      <!doctype html><html><head><meta charset="utf-8"><title>BarFrames golden report</title>
      <style>body{font-family:sans-serif;margin:2em;background:#f4f4f4}.row{display:flex;gap:1em;flex-wrap:wrap}
      figure{margin:0;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px;padding:4px}
      img{image-rendering:pixelated;max-width:100%}figcaption{text-align:center;font-size:90%}</style></head>
      <body>
      \(body)</body></html>

      """
  }
}
