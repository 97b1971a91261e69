import FlyingFox
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The names a local server answers to: what a request's `Host` header, and an `Origin`'s
/// authority, must be.
///
/// A page on another site can make the browser send requests to 127.0.0.1 through a name of its
/// own that resolves there (DNS rebinding), but the browser then sends that name as the Host. So
/// a request is answered only when its Host is `127.0.0.1`, `localhost` or `[::1]`, or the
/// address given with `--host`, each with the server's port (the port may be left out only on
/// port 80). A server listening on every address (`0.0.0.0` or `::`) is reached by other
/// machines under this machine's addresses, so it also answers to any IP address literal, but
/// still to no other name.
struct ServerAuthorities: Sendable, Equatable {
  /// The `--host` address as given (brackets allowed for IPv6).
  var boundHost: String
  var port: UInt16

  /// Whether `host`, a Host header's value such as `localhost:8000`, names this server.
  func allows(host: String) -> Bool {
    guard let (name, port) = Self.split(authority: host) else { return false }
    guard port == self.port || (port == nil && self.port == 80) else { return false }
    let bound = Self.bracketed(boundHost.lowercased())
    if ["127.0.0.1", "localhost", "[::1]", bound].contains(name) { return true }
    return ["0.0.0.0", "[::]"].contains(bound) && Self.isAddressLiteral(name)
  }

  /// Whether an `Origin` header's value is one of this server's own pages: `http://` and an
  /// authority ``allows(host:)`` accepts. `null` (a sandboxed or file page) is foreign.
  func allows(origin: String) -> Bool {
    let scheme = "http://"
    guard origin.lowercased().hasPrefix(scheme) else { return false }
    return allows(host: String(origin.dropFirst(scheme.count)))
  }

  /// `name[:port]` or `[v6][:port]`, the name lowercased; nil when it is neither.
  static func split(authority: String) -> (name: String, port: UInt16?)? {
    let text = authority.lowercased()
    let name: Substring
    let rest: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return nil }
      name = text[...close]
      rest = text[text.index(after: close)...]
    } else if let colon = text.firstIndex(of: ":") {
      name = text[..<colon]
      rest = text[colon...]
    } else {
      name = text[...]
      rest = ""
    }
    guard !name.isEmpty else { return nil }
    if rest.isEmpty { return (String(name), nil) }
    guard rest.hasPrefix(":"), let port = UInt16(rest.dropFirst()) else { return nil }
    return (String(name), port)
  }

  /// An IPv6 literal in brackets, as Host headers write it; anything else as it is.
  static func bracketed(_ host: String) -> String {
    host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
  }

  /// A dotted IPv4 address or a bracketed IPv6 address, as `inet_pton` reads them.
  static func isAddressLiteral(_ name: String) -> Bool {
    var buffer = in6_addr()
    if name.hasPrefix("[") && name.hasSuffix("]") {
      return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &buffer) == 1
    }
    return inet_pton(AF_INET, name, &buffer) == 1
  }
}

/// Answers a request only when ``ServerAuthorities`` accepts its Host and, when it has one, its
/// Origin (so a page on another site can neither read what is served nor open the preview's
/// WebSocket); 403 with one line saying why otherwise.
struct LoopbackGate: HTTPHandler {
  let authorities: ServerAuthoritiesBox
  let next: any HTTPHandler

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    let allowed = authorities.value
    guard let host = request.headers[.host], allowed.allows(host: host) else {
      return Self.refusal("this server answers only requests addressed to 127.0.0.1, localhost or [::1] (or --host)")
    }
    if let origin = request.headers[HTTPHeader("Origin")], !allowed.allows(origin: origin) {
      return Self.refusal("this server answers only its own pages, not requests from \(origin)")
    }
    return try await next.handleRequest(request)
  }

  static func refusal(_ reason: String) -> HTTPResponse {
    HTTPResponse(
      statusCode: .forbidden, headers: HTTPHeaders([.contentType: "text/plain; charset=utf-8"]),
      body: Data("barframes: \(reason)\n".utf8))
  }
}

/// ``ServerAuthorities`` whose port is known only once the server listens (`--port 0`).
final class ServerAuthoritiesBox: Sendable {
  private let stored: Mutex<ServerAuthorities>

  init(_ value: ServerAuthorities) { stored = Mutex(value) }

  var value: ServerAuthorities { stored.withLock { $0 } }

  func listening(on port: UInt16) { stored.withLock { $0.port = port } }
}
