import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `GET` over a plain socket, for what Foundation's URL loading will not send: a path with
/// `..` or encoded dots exactly as written, or a bracketed IPv6 host.
enum RawHTTP {
  enum Loopback { case ipv4, ipv6 }

  /// The whole response to `GET path` on the loopback address's `port`, as text. `headers` are
  /// sent as given; a `Host` among them replaces the loopback address's own.
  static func get(
    _ path: String, port: UInt16, on loopback: Loopback = .ipv4, headers: [(name: String, value: String)] = []
  ) throws -> String {
    let family = loopback == .ipv4 ? AF_INET : AF_INET6
    let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw POSIXError(.EIO) }
    defer { close(socket) }
    let connected: Int32
    switch loopback {
    case .ipv4:
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    case .ipv6:
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      address.sin6_addr = in6addr_loopback
      connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    }
    guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    // A WebSocket that upgraded stays open: its answer ends with its headers, and no wait is
    // longer than a few seconds.
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let host = loopback == .ipv4 ? "127.0.0.1:\(port)" : "[::1]:\(port)"
    var lines = ["GET \(path) HTTP/1.1"]
    if !headers.contains(where: { $0.name.lowercased() == "host" }) { lines.append("Host: \(host)") }
    lines += headers.map { "\($0.name): \($0.value)" }
    if !headers.contains(where: { $0.name.lowercased() == "connection" }) { lines.append("Connection: close") }
    let request = Array((lines + ["", ""]).joined(separator: "\r\n").utf8)
    _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
    var response: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      response += buffer[0..<count]
      let text = String(decoding: response, as: UTF8.self)
      guard let end = text.range(of: "\r\n\r\n") else { continue }
      if text.hasPrefix("HTTP/1.1 101") { break }
      // A request with its own `Connection` header (an upgrade refused) may be kept open: the
      // answer is whole once its body has Content-Length bytes, without waiting for the timeout.
      let head = text[..<end.lowerBound].lowercased().components(separatedBy: "\r\n")
      if let field = head.first(where: { $0.hasPrefix("content-length:") }),
        let length = Int(field.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)),
        text[end.upperBound...].utf8.count >= length
      {
        break
      }
    }
    return String(decoding: response, as: UTF8.self)
  }
}
