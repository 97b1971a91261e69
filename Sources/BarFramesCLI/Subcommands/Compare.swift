import ArgumentParser
import BarFrames
import BarFramesExport
import FlyingFox
import Foundation

extension BarFramesCommand {
  /// Two render folders on one player page, scene by scene and frame by frame.
  struct Compare: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compare two renders of the same scenes frame by frame: difference, side by side, swipe or onion skin.",
      discussion: """
        BEFORE and AFTER are folders barframes render wrote, e.g. the frames of a scene before \
        and after a style edit. Each scene of AFTER is shown against the scene of the same name \
        in BEFORE, frame by frame, opening on the difference: every pixel that differs is \
        marked, and the page counts them and gives the largest channel difference. Frames pair \
        up by time; a folder rendered without --format html has no timing, and its frames pair \
        up by number.

        The page is served on a local web server (127.0.0.1 unless --host says otherwise) until \
        Ctrl-C; it reads the folders again at every reload. -o PAGE.html writes the page \
        instead, linking both folders relatively: opened from a file it shows side by side, \
        swipe and onion skin, but a browser does not let a page opened from a file read its \
        images' pixels, so the difference is the browser's blend, without counts — serve it \
        (this command, or any web server whose root holds the page and both folders) to count.

        Examples:
          barframes compare frames-before frames
          barframes compare frames-before frames --port 8080
          barframes compare frames-before frames -o compare.html
        """)

    @Argument(help: ArgumentHelp("The render compared against (e.g. the frames before an edit).", valueName: "BEFORE"))
    var before: String

    @Argument(help: ArgumentHelp("The render looked at (e.g. the frames after it).", valueName: "AFTER"))
    var after: String

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp("Write the page to this .html file instead of serving it.", valueName: "PAGE.html"))
    var output: String?

    @Option(help: ArgumentHelp("The port; 0 picks a free one.", valueName: "N"))
    var port: UInt16 = 8000

    @Option(help: ArgumentHelp("The address to listen on; 0.0.0.0 opens it to the network.", valueName: "ADDRESS"))
    var host: String = "127.0.0.1"

    func validate() throws {
      if let output, !output.lowercased().hasSuffix(".html") {
        throw ValidationError("'-o' names the page to write, ending in .html (e.g. -o compare.html); got '\(output)'")
      }
    }

    /// Reads a render folder named on the command line; a bad one is exit 65.
    static func renderFolder(_ path: String) throws -> RenderFolder {
      do {
        return try RenderFolder(reading: URL(fileURLWithPath: path, isDirectory: true), label: InputText.escaped(path))
      } catch {
        throw CommandFailure(message: error.description, status: .badInput)
      }
    }

    /// BEFORE and AFTER read and paired; no scene in common is exit 65.
    func comparison() throws -> RenderComparison {
      let comparison = RenderComparison(try Self.renderFolder(after), against: try Self.renderFolder(before))
      guard !comparison.scenesInBoth.isEmpty else {
        throw CommandFailure(
          message:
            "\(comparison.baselineLabel) and \(comparison.label) have no scene in common (\(comparison.baselineLabel): "
            + comparison.baseline.map(\.name).joined(separator: ", ") + "; \(comparison.label): "
            + comparison.scenes.map(\.name).joined(separator: ", ") + ")",
          status: .badInput)
      }
      return comparison
    }

    var tool: String { "barframes \(BarFramesVersion.string) compare" }

    /// On the main actor, so writing a page (`-o`) starts no dispatch worker, as for the
    /// synchronous commands (see `BarFramesCommand.main`); serving hops off it to the server.
    @MainActor func run() async throws {
      let comparison = try comparison()
      if let output {
        try write(comparison, to: output)
        return
      }
      let interrupts = PreviewInterrupts()
      defer { interrupts.cancel() }
      let pages = ComparisonPages(command: self, first: comparison)
      var routes = RoutedHTTPHandler()
      routes.appendRoute("GET /") { _ in
        HTTPResponse(
          statusCode: .ok,
          headers: HTTPHeaders([.contentType: "text/html; charset=utf-8", .init("Cache-Control"): "no-store"]),
          body: Data(await pages.page().utf8))
      }
      routes.appendRoute("GET /index.html") { _ in
        HTTPResponse(statusCode: .movedPermanently, headers: HTTPHeaders([.location: "/"]))
      }
      routes.appendRoute("GET /favicon.ico") { _ in HTTPResponse(statusCode: .noContent) }
      routes.appendRoute(
        "GET /before/*",
        to: FolderHTTPHandler(root: URL(fileURLWithPath: before, isDirectory: true), serverPath: "/before/"))
      routes.appendRoute(
        "GET /after/*",
        to: FolderHTTPHandler(root: URL(fileURLWithPath: after, isDirectory: true), serverPath: "/after/"))
      let (server, authorities) = try LocalServer.make(host: host, port: port, routes: routes)
      let serving = try await LocalServer.start(server, authorities: authorities, name: "compare", port: port)
      Diagnostics.printError("compare: \(comparison.summary)")
      let signal = await interrupts.next()
      await server.stop(timeout: 0)
      serving.cancel()
      _ = await serving.result
      Diagnostics.printError("compare: stopped (\(signal == SIGINT ? "Ctrl-C" : "signal \(signal)"))")
    }

    /// `-o PAGE.html`: the page with both folders linked relative to it.
    func write(_ comparison: RenderComparison, to output: String) throws {
      let page = URL(fileURLWithPath: output)
      let folder = page.deletingLastPathComponent()
      try OutputFiles.createDirectory(folder)
      let resolvedPage = folder.resolvingSymlinksInPath().appendingPathComponent(page.lastPathComponent)
      for render in [before, after] {
        let own = URL(fileURLWithPath: render, isDirectory: true).resolvingSymlinksInPath().appendingPathComponent(
          SceneFileNames.galleryPath)
        guard own.path != resolvedPage.path else {
          throw CommandFailure(
            message:
              "'-o \(InputText.escaped(output))' would replace the render's own page; choose another name (e.g. -o compare.html)",
            status: .usage)
        }
      }
      let html = comparison.html(
        currentPath: Self.relativePath(from: folder, to: URL(fileURLWithPath: after, isDirectory: true)),
        baselinePath: Self.relativePath(from: folder, to: URL(fileURLWithPath: before, isDirectory: true)), tool: tool)
      try OutputFiles.write(Array(html.utf8), to: page)
      Diagnostics.printError("compare: \(comparison.summary) → \(InputText.escaped(output))")
      Diagnostics.printError(
        "compare: opened from a file the page swipes and fades; to count differing pixels serve it: barframes compare \(InputText.escaped(before)) \(InputText.escaped(after))"
      )
    }

    /// The path from the folder `from` to the folder `to`, ending in `/` ("" when the same),
    /// both with symbolic links resolved.
    static func relativePath(from: URL, to: URL) -> String {
      let source = from.standardizedFileURL.resolvingSymlinksInPath().pathComponents
      let target = to.standardizedFileURL.resolvingSymlinksInPath().pathComponents
      var common = 0
      while common < min(source.count, target.count), source[common] == target[common] { common += 1 }
      let parts = Array(repeating: "..", count: source.count - common) + target[common...]
      return parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
    }
  }
}

/// The served comparison page, built from the folders again at every request (a re-render
/// shows at the next reload); when a folder cannot be read, the last good page with the error.
actor ComparisonPages {
  private let command: BarFramesCommand.Compare
  private var last: RenderComparison

  init(command: BarFramesCommand.Compare, first: RenderComparison) {
    self.command = command
    self.last = first
  }

  func page() -> String {
    var message: String?
    do {
      last = try command.comparison()
    } catch {
      message = Diagnostics.errorLine((error as? CommandFailure)?.message ?? "\(error)")
    }
    return last.html(currentPath: "after/", baselinePath: "before/", tool: command.tool, error: message)
  }
}
