import ArgumentParser
import BarFrames
import BarFramesExport
import BarFramesPlayer
import FlyingFox
import Foundation

extension BarFramesCommand {
  /// A local web server showing the player page, re-rendering scenes as their files change.
  struct Preview: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Serve the player page on a local web server and re-render scenes when their files change.",
      discussion: """
        Watches the scene files, their style files and the files beside the styles (icons); \
        after a change it re-renders and the open page reloads itself. A bad edit shows the \
        error the command line would print in the page, above the last good frames. Listens on \
        127.0.0.1 only unless --host says otherwise. Ctrl-C stops it.

        --against FOLDER compares every scene, as it re-renders, with the scene of the same \
        name in a folder barframes render wrote before (yesterday's frames, the render before \
        a style edit): the page opens on the per-pixel difference, with the count of differing \
        pixels, and offers side by side, swipe and onion skin.

        Examples:
          barframes preview Examples/seek-bar.json
          barframes preview Examples --port 8080
          barframes preview Examples --against frames-before-edit
        """)

    @Argument(help: "A scene file or a folder of scenes (JSON).")
    var scenes: [String] = ["Examples"]

    @Option(help: ArgumentHelp("The port; 0 picks a free one.", valueName: "N"))
    var port: UInt16 = 8000

    @Option(help: ArgumentHelp("The address to listen on; 0.0.0.0 opens it to the network.", valueName: "ADDRESS"))
    var host: String = "127.0.0.1"

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp("Where frames are rendered; a temporary folder by default.", valueName: "DIR"))
    var output: String?

    @Option(help: ArgumentHelp("Seconds between checks for changed files.", valueName: "S"))
    var interval: Double = 0.2

    @Option(
      help: ArgumentHelp("A render folder to compare every scene with (see 'barframes compare').", valueName: "FOLDER"))
    var against: String?

    func run() async throws {
      let files = try Render.sceneFiles(scenes)
      let baseline = try against.map { try Compare.renderFolder($0) }
      let temporary = output == nil
      let directory = URL(
        fileURLWithPath: output ?? NSTemporaryDirectory() + "barframes-preview-\(getpid())", isDirectory: true)
      try OutputFiles.createDirectory(directory)
      // Ctrl-C (and SIGTERM, SIGHUP) ends the loop below instead of the process, so the server
      // closes its sockets and the temporary folder goes; a second one exits at once.
      let interrupts = PreviewInterrupts()
      defer { interrupts.cancel() }
      let studio = PreviewStudio(sceneFiles: files, directory: directory, against: baseline)
      var routes = RoutedHTTPHandler()
      routes.appendRoute("GET /") { _ in
        let page = await studio.page()
        return HTTPResponse(
          statusCode: .ok,
          headers: HTTPHeaders([.contentType: "text/html; charset=utf-8", .init("Cache-Control"): "no-store"]),
          body: Data(page.utf8))
      }
      routes.appendRoute("GET /index.html") { _ in
        HTTPResponse(statusCode: .movedPermanently, headers: HTTPHeaders([.location: "/"]))
      }
      routes.appendRoute("GET /favicon.ico") { _ in HTTPResponse(statusCode: .noContent) }
      routes.appendRoute("GET /events", to: .webSocket(PreviewEvents(studio: studio)))
      if let baseline {
        routes.appendRoute(
          HTTPRoute("GET \(PreviewStudio.againstPath)*"),
          to: FolderHTTPHandler(root: baseline.url, serverPath: PreviewStudio.againstPath))
      }
      routes.appendRoute("GET /*", to: FolderHTTPHandler(root: directory, serverPath: "/"))
      let (server, authorities) = try LocalServer.make(host: host, port: port, routes: routes)
      let serving = try await LocalServer.start(server, authorities: authorities, name: "preview", port: port)
      // The address first, then the first render with its progress: the page shows the scenes
      // (and reloads itself) once they are drawn.
      await studio.render()
      // Polling modification times is portable and, for a handful of files, cheap.
      let watching = Task {
        var stamps = await studio.watchedStamps()
        while !Task.isCancelled {
          try await Task.sleep(nanoseconds: UInt64(max(0.05, interval) * 1e9))
          // A folder of scenes is listed again: scenes added or removed meanwhile are followed.
          if let files = try? Render.sceneFiles(scenes), files != (await studio.sceneFiles) {
            await studio.follow(sceneFiles: files)
            stamps = await studio.watchedStamps()
            continue
          }
          let now = await studio.watchedStamps()
          let changed = stamps != now
          stamps = now
          if changed { await studio.render() }
        }
      }
      let signal = await interrupts.next()
      // A render under way finishes (its files are complete or removed), then the server stops.
      watching.cancel()
      _ = await watching.result
      await studio.closeListeners()
      // Every connection is closed by now: no need to wait for the server's task.
      await server.stop(timeout: 0)
      serving.cancel()
      _ = await serving.result
      let removal = temporary ? TemporaryFolder.remove(directory, within: 1) : nil
      let cause = signal == SIGINT ? "Ctrl-C" : "signal \(signal)"
      switch removal {
      case nil: Diagnostics.printError("preview: stopped (\(cause))")
      case .removed?: Diagnostics.printError("preview: stopped (\(cause)); temporary frames removed")
      case .finishingInBackground?:
        Diagnostics.printError("preview: stopped (\(cause)); temporary frames removed (the last in the background)")
      }
    }
  }
}

/// SIGINT, SIGTERM and SIGHUP as values to await: the first one is delivered to `next()`; a
/// second one removes the exporter's temporary files and exits at once (128 + the signal).
final class PreviewInterrupts: @unchecked Sendable {
  private let lock = NSLock()
  private var sources: [any DispatchSourceSignal] = []
  private var received: Int32?
  private var waiter: CheckedContinuation<Int32, Never>?

  init() {
    for number in [SIGINT, SIGTERM, SIGHUP] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global(qos: .userInteractive))
      source.setEventHandler { [weak self] in self?.deliver(number) }
      source.resume()
      sources.append(source)
    }
  }

  private func deliver(_ number: Int32) {
    lock.lock()
    if received != nil {
      lock.unlock()
      TemporaryFiles.shared.removeAllForExit()
      _exit(128 + number)
    }
    received = number
    let waiting = waiter
    waiter = nil
    lock.unlock()
    waiting?.resume(returning: number)
  }

  /// The first signal, once it arrives.
  func next() async -> Int32 {
    await withCheckedContinuation { continuation in
      lock.lock()
      if let received {
        lock.unlock()
        continuation.resume(returning: received)
      } else {
        waiter = continuation
        lock.unlock()
      }
    }
  }

  func cancel() {
    for source in sources { source.cancel() }
  }
}

/// The preview's state: the last good render of each scene, the current errors and the pages
/// listening.
actor PreviewStudio {
  private(set) var sceneFiles: [String]
  let directory: URL
  /// The render every scene is compared with (`--against`), served under ``againstPath``.
  let against: RenderFolder?
  /// Where the page finds the `--against` folder; no scene folder is named so.
  static let againstPath = "/~against/"
  private var data = GalleryData(tool: "barframes \(BarFramesVersion.string) preview", scenes: [], live: true)
  /// The last good render of each scene file.
  private var rendered: [String: GalleryData.SceneInfo] = [:]
  /// Each failing scene file's message, as the command line prints it.
  private var errors: [String: String] = [:]
  /// The files each scene file's last loading opened, watched for changes.
  private var watched: [String: [String]] = [:]
  private var listeners: [UUID: AsyncStream<WSMessage>.Continuation] = [:]

  init(sceneFiles: [String], directory: URL, against: RenderFolder? = nil) {
    self.sceneFiles = sceneFiles
    self.directory = directory
    self.against = against
  }

  func page() -> String {
    guard let against else { return HTMLGallery.page(data) }
    let comparison = RenderComparison(
      scenes: data.scenes.compactMap(RenderedScene.init), label: "preview", baseline: against.scenes,
      baselineLabel: against.label)
    return comparison.html(
      currentPath: "", baselinePath: String(Self.againstPath.dropFirst()), tool: data.tool, live: true,
      revision: data.revision, error: data.error)
  }

  /// Renders every scene file whose scene, style or icon files changed since it was last
  /// rendered — the render command's own rule for a folder it rendered before
  /// (``Exporter/export(_:sources:progress:)`` skips the others). When any rendered, the pages
  /// reload (and still show the errors of scenes that did not); when none did, they show the
  /// error the command line would print and keep the last good frames.
  func render(publishing listChanged: Bool = false) {
    var loaded: [(file: String, timeline: any SceneTimeline, sources: SceneSources)] = []
    for file in sceneFiles {
      let (result, sources) = SceneSources.reading { try SceneLoading.timeline(file) }
      // The files loading opened are the ones watched, whether it succeeded or not.
      watched[file] = sources.paths
      do {
        loaded.append((file, try result.get(), sources))
      } catch {
        fail(file, error)
      }
    }
    var options = ExportOptions()
    options.formats = [.png, .svg]
    // Pages show the frames as soon as they are named; a power loss costs a preview nothing.
    options.durability = .none
    options.command = "barframes preview"
    let exporter = Exporter(outputDirectory: directory, options: options, tool: data.tool)
    var done: [String] = []
    // Each scene is planned alone, so one the exporter refuses (too many frames, …) does not
    // hold back the others; the rest go in one export, whose manifest lists them all.
    var good: [(file: String, timeline: any SceneTimeline, sources: SceneSources)] = []
    for scene in loaded {
      do {
        _ = try exporter.plan([scene.timeline])
        good.append(scene)
      } catch {
        fail(scene.file, error)
      }
    }
    do {
      let sources = Dictionary(
        good.map { ($0.timeline.scene.name, $0.sources) }, uniquingKeysWith: { first, _ in first })
      let plans = try exporter.plan(good.map(\.timeline))
      // The first render can take a while: its progress shows, as render's does.
      let reporter =
        data.revision == 0
        ? ProgressReporter(
          mode: ProgressReporter.isInteractive ? .live : .lines, output: directory.path,
          totalFrames: plans.reduce(0) { $0 + $1.renderedFrameCount }, prefix: "preview") : nil
      defer { reporter?.abandon() }
      let shownPath = directory.path
      _ = try exporter.export(good.map(\.timeline), sources: sources) { event in
        if case .sceneStarted(let name, _, _, _) = event { done.append(name) }
        if case .waitingForFolder(let holder) = event {
          Diagnostics.printError("preview: \(shownPath) is being written by \(holder); waiting for it")
          return
        }
        reporter?.report(event)
      }
      for (scene, plan) in zip(good, plans) {
        rendered[scene.file] = .init(plan: plan, backdrop: Backdrop.choose(for: plan))
        errors[scene.file] = nil
      }
    } catch {
      for scene in good { fail(scene.file, error) }
      done = []
    }
    let message = sceneFiles.compactMap { errors[$0] }.joined(separator: "\n")
    data.error = message.isEmpty ? nil : message
    // The first render into a folder that already holds these scenes renders none, and still
    // has every scene to show.
    let shows = sceneFiles.compactMap { rendered[$0] }
    guard !done.isEmpty || listChanged || (data.revision == 0 && !shows.isEmpty) else {
      broadcast("failure\n" + message)
      return
    }
    data = GalleryData(tool: data.tool, scenes: shows, live: true, revision: data.revision + 1, error: data.error)
    let scenes = "scene\(sceneFiles.count == 1 ? "" : "s")"
    Diagnostics.printError(
      done.isEmpty
        ? "preview: \(shows.count) of \(sceneFiles.count) \(scenes) unchanged in \(directory.path) (revision \(data.revision))"
        : "preview: rendered \(done.joined(separator: ", ")) (\(done.count) of \(sceneFiles.count) \(scenes), revision \(data.revision))"
    )
    broadcast("reload")
  }

  /// Follows the scene files the arguments name now (a folder gains or loses some): renders the
  /// new ones, drops the removed ones from the page, and publishes the change. Nothing when the
  /// list is the same.
  func follow(sceneFiles files: [String]) {
    guard files != sceneFiles else { return }
    let removed = Set(sceneFiles).subtracting(files)
    for file in removed {
      rendered[file] = nil
      errors[file] = nil
      watched[file] = nil
    }
    sceneFiles = files
    render(publishing: true)
  }

  /// Records and prints `file`'s error, as the command line would print it.
  private func fail(_ file: String, _ error: any Error) {
    let message = Diagnostics.errorLine((error as? CommandFailure)?.message ?? "\(error)")
    errors[file] = message
    Diagnostics.printError(message)
  }

  private func broadcast(_ text: String) {
    for listener in listeners.values { listener.yield(.text(text)) }
  }

  func listen() -> AsyncStream<WSMessage> {
    let id = UUID()
    let (stream, continuation) = AsyncStream<WSMessage>.makeStream()
    listeners[id] = continuation
    continuation.onTermination = { _ in Task { await self.forget(id) } }
    return stream
  }

  /// Ends every page's WebSocket, so the server's connections can close.
  func closeListeners() {
    for listener in listeners.values { listener.finish() }
    listeners.removeAll()
  }

  private func forget(_ id: UUID) { listeners[id] = nil }

  /// Every watched file's modification time and size, by scene file: the files its last
  /// loading opened (``SceneSources``), and the scene file itself.
  func watchedStamps() -> [String: [String: String]] {
    var stamps: [String: [String: String]] = [:]
    for scene in sceneFiles {
      var own: [String: String] = [:]
      for path in watched[scene] ?? [InputBytes.absolutePath(scene)] {
        var status = stat()
        let found = stat(path, &status) == 0
        own[path] = found ? "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_size)" : "none"
      }
      stamps[scene] = own
    }
    return stamps
  }
}

/// `/events`: a WebSocket on which the page hears "reload" and "failure\n<message>".
struct PreviewEvents: WSMessageHandler {
  let studio: PreviewStudio

  func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
    await studio.listen()
  }
}
