import FlyingFox
import FlyingSocks
import Foundation

/// The local web servers of `preview` and `compare`: where they listen and how they serve
/// folders.
enum LocalServer {
  /// A server on `host` (an IPv4 address, or an IPv6 literal such as `::1`, brackets allowed)
  /// and `port` (0 picks a free one). FlyingFox's own log (a line per connection and request,
  /// and a "critical" line when Ctrl-C stops it) is off: the commands print what matters.
  static func make(host: String, port: UInt16) throws -> HTTPServer {
    let literal = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    do {
      if literal.contains(":") {
        return HTTPServer(address: try .inet6(ip6: literal, port: port), timeout: 3600, logger: .disabled)
      }
      return HTTPServer(address: try .inet(ip4: literal, port: port), timeout: 3600, logger: .disabled)
    } catch {
      throw CommandFailure(
        message: "'--host' \(host) is not an IPv4 or IPv6 address (e.g. 127.0.0.1, 0.0.0.0, ::1)", status: .usage)
    }
  }

  /// Starts `server`, waits until it listens and prints `name: http://ADDRESS:PORT/ (Ctrl-C stops)`;
  /// returns the task running it. A port in use or an address that cannot be bound is one
  /// line and exit 1, at once (FlyingFox's own wait would sit out its timeout).
  static func start(_ server: HTTPServer, name: String, port: UInt16) async throws -> Task<Void, any Error> {
    let ended = Flag()
    let serving = Task {
      defer { ended.set() }
      try await server.run()
    }
    let deadline = Date().addingTimeInterval(10)
    while !(await server.isListening) {
      if ended.isSet || Date() > deadline {
        serving.cancel()
        let reason = (await serving.result).failureDescription ?? "it did not start within 10 s"
        throw CommandFailure(
          message:
            "\(name): cannot listen on port \(port): "
            + "\(reason)\(port == 0 ? "" : " (another server? --port 0 picks a free one)")",
          status: .failure)
      }
      try await Task.sleep(nanoseconds: 10_000_000)
    }
    switch await server.listeningAddress {
    case .ip4(let ip, let listening)?: Diagnostics.printError("\(name): http://\(ip):\(listening)/ (Ctrl-C stops)")
    case .ip6(let ip, let listening)?: Diagnostics.printError("\(name): http://[\(ip)]:\(listening)/ (Ctrl-C stops)")
    default: break
    }
    return serving
  }

  /// Set once, read from anywhere.
  private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
  }
}

extension Result {
  /// "Address already in use" for a socket error, the error's description otherwise.
  fileprivate var failureDescription: String? {
    guard case .failure(let error) = self else { return nil }
    if let socket = error as? SocketError, case .failed(_, _, let message) = socket { return message }
    return "\(error)"
  }
}

/// Serves the files under `root` at `serverPath`, and nothing outside it: a request whose path
/// has a `..` or dot-file component (`%2E%2E` decodes to `..` after the server has resolved dot
/// segments) or a control character is answered 404 before any file is opened; so are the
/// exporter's temporary files, which start with a dot.
struct FolderHTTPHandler: HTTPHandler {
  let root: URL
  let serverPath: String
  private let files: DirectoryHTTPHandler

  init(root: URL, serverPath: String) {
    self.root = root
    self.serverPath = serverPath
    self.files = DirectoryHTTPHandler(root: root, serverPath: serverPath, cacheControl: [.noStore])
  }

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard Self.isInside(request.path) else { return HTTPResponse(statusCode: .notFound) }
    return try await files.handleRequest(request)
  }

  static func isInside(_ path: String) -> Bool {
    let components = path.split(separator: "/", omittingEmptySubsequences: true)
    return !components.contains { $0.hasPrefix(".") || $0.contains("\\") }
      && !path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
  }
}
