import FlyingFox
import FlyingSocks
import Foundation

/// The local web servers of `preview` and `compare`: where they listen and how they serve
/// folders.
enum LocalServer {
  /// A server on `host` (an IPv4 address, or an IPv6 literal such as `::1`, brackets allowed)
  /// and `port` (0 picks a free one) answering `routes` behind a ``LoopbackGate``, and the names
  /// the gate accepts (their port is set by ``start(_:authorities:name:port:)``). FlyingFox's own
  /// log (a line per connection and request, and a "critical" line when Ctrl-C stops it) is off:
  /// the commands print what matters.
  static func make(
    host: String, port: UInt16, routes: RoutedHTTPHandler
  ) throws -> (server: HTTPServer, authorities: ServerAuthoritiesBox) {
    let literal = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    let authorities = ServerAuthoritiesBox(ServerAuthorities(boundHost: literal, port: port))
    let gate = LoopbackGate(authorities: authorities, next: routes)
    do {
      if literal.contains(":") {
        let address = try sockaddr_in6.inet6(ip6: literal, port: port)
        return (HTTPServer(address: address, timeout: 3600, logger: .disabled, handler: gate), authorities)
      }
      let address = try sockaddr_in.inet(ip4: literal, port: port)
      return (HTTPServer(address: address, timeout: 3600, logger: .disabled, handler: gate), authorities)
    } catch {
      throw CommandFailure(
        message: "'--host' \(host) is not an IPv4 or IPv6 address (e.g. 127.0.0.1, 0.0.0.0, ::1)", status: .usage)
    }
  }

  /// Starts `server`, waits until it listens, tells `authorities` its port and prints
  /// `name: http://ADDRESS:PORT/ (Ctrl-C stops)`; returns the task running it. A port in use or
  /// an address that cannot be bound is one line and exit 1, at once (FlyingFox's own wait would
  /// sit out its timeout).
  static func start(
    _ server: HTTPServer, authorities: ServerAuthoritiesBox, name: String, port: UInt16
  ) async throws -> Task<Void, any Error> {
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
            "\(name): cannot listen on port \(port): \(reason)\(port == 0 ? "" : " (another server? --port 0 picks a free one)")",
          status: .failure)
      }
      try await Task.sleep(nanoseconds: 10_000_000)
    }
    switch await server.listeningAddress {
    case .ip4(let ip, let listening)?:
      authorities.listening(on: listening)
      Diagnostics.printError("\(name): http://\(ip):\(listening)/ (Ctrl-C stops)")
    case .ip6(let ip, let listening)?:
      authorities.listening(on: listening)
      Diagnostics.printError("\(name): http://[\(ip)]:\(listening)/ (Ctrl-C stops)")
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
