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

        Examples:
          barframes preview Examples/seek-bar.json
          barframes preview Examples --port 8080
        """)

    @Argument(help: "A scene file or a folder of scenes (JSON).")
    var scenes: [String] = ["Examples"]

    @Option(help: ArgumentHelp("The port; 0 picks a free one.", valueName: "N"))
    var port: UInt16 = 8000

    @Option(help: ArgumentHelp("The address to listen on; 0.0.0.0 opens it to the network.", valueName: "ADDRESS"))
    var host: String = "127.0.0.1"

    @Option(name: .shortAndLong, help: ArgumentHelp("Where frames are rendered; a temporary folder by default.", valueName: "DIR"))
    var output: String?

    @Option(help: ArgumentHelp("Seconds between checks for changed files.", valueName: "S"))
    var interval: Double = 0.2

    func run() async throws {
      let files = try Render.sceneFiles(scenes)
      let directory = URL(fileURLWithPath: output ?? NSTemporaryDirectory() + "barframes-preview-\(getpid())", isDirectory: true)
      try OutputFiles.createDirectory(directory)
      let studio = PreviewStudio(sceneFiles: files, directory: directory)
      await studio.render()
      let server = HTTPServer(address: try .inet(ip4: host, port: port), timeout: 3600)
      await server.appendRoute("GET /") { _ in
        let page = await studio.page()
        return HTTPResponse(
          statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", .init("Cache-Control"): "no-store"],
          body: Data(page.utf8))
      }
      await server.appendRoute("GET /index.html") { _ in
        HTTPResponse(statusCode: .movedPermanently, headers: [.location: "/"])
      }
      await server.appendRoute("GET /favicon.ico") { _ in HTTPResponse(statusCode: .noContent) }
      await server.appendRoute("GET /events", to: .webSocket(PreviewEvents(studio: studio)))
      await server.appendRoute("GET /*", to: DirectoryHTTPHandler(root: directory, serverPath: "/", cacheControl: [.noStore]))
      let task = Task { try await server.run() }
      try await server.waitUntilListening()
      if let address = await server.listeningAddress, case .ip4(let ip, let listening) = address {
        Diagnostics.printError("preview: http://\(ip):\(listening)/ (Ctrl-C stops)")
      }
      // Polling modification times is portable and, for a handful of files, cheap.
      var stamps = studio.watchedStamps()
      while !task.isCancelled {
        try await Task.sleep(nanoseconds: UInt64(max(0.05, interval) * 1e9))
        let now = studio.watchedStamps()
        if now != stamps {
          stamps = now
          await studio.render()
        }
      }
    }
  }
}

/// The preview's state: the last good render, the current error and the pages listening.
actor PreviewStudio {
  let sceneFiles: [String]
  let directory: URL
  private var data = GalleryData(tool: "barframes \(BarFramesVersion.string) preview", scenes: [], live: true)
  private var listeners: [UUID: AsyncStream<WSMessage>.Continuation] = [:]

  init(sceneFiles: [String], directory: URL) {
    self.sceneFiles = sceneFiles
    self.directory = directory
  }

  func page() -> String { HTMLGallery.page(data) }

  /// Re-renders every scene; on success the pages reload, on failure they show the error the
  /// command line would print and keep the last good frames.
  func render() {
    do {
      let timelines = try sceneFiles.map(SceneLoading.timeline)
      var options = ExportOptions()
      options.formats = [.png, .svg]
      let exporter = Exporter(outputDirectory: directory, options: options, tool: data.tool)
      let plans = try exporter.plan(timelines)
      _ = try exporter.export(timelines)
      data = GalleryData(
        tool: data.tool, scenes: plans.map { .init(plan: $0, backdrop: Backdrop.choose(for: $0)) }, live: true,
        revision: data.revision + 1, error: nil)
      Diagnostics.printError("preview: rendered \(plans.count) scene\(plans.count == 1 ? "" : "s") (revision \(data.revision))")
      broadcast("reload")
    } catch {
      let message = "barframes: error: \((error as? CommandFailure)?.message ?? "\(error)")"
      data.error = message
      Diagnostics.printError(message)
      broadcast("failure\n" + message)
    }
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

  private func forget(_ id: UUID) { listeners[id] = nil }

  /// Files whose change triggers a render: the scenes, the style files they name, and the
  /// files in those styles' folders (icons).
  nonisolated func watchedStamps() -> [String: Date] {
    var paths = Set(sceneFiles)
    for scene in sceneFiles {
      guard let text = try? String(contentsOfFile: scene, encoding: .utf8),
        let json = try? JSONValue(parsing: text), case .string(let style)? = json["style"]
      else { continue }
      let stylePath = URL(fileURLWithPath: scene).deletingLastPathComponent().appendingPathComponent(style).standardized
      paths.insert(stylePath.path)
      let folder = stylePath.deletingLastPathComponent()
      for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where !name.hasPrefix(".") {
        paths.insert(folder.appendingPathComponent(name).path)
      }
    }
    var stamps: [String: Date] = [:]
    for path in paths {
      let attributes = try? FileManager.default.attributesOfItem(atPath: path)
      stamps[path] = (attributes?[.modificationDate] as? Date) ?? .distantPast
      if let size = attributes?[.size] as? Int { stamps[path + "#size"] = Date(timeIntervalSince1970: Double(size)) }
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
