import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFramesCLI

#if canImport(Glibc)
  import Glibc
#endif

/// What `compare` and `preview` refuse to serve: files reached through symbolic links, anything
/// that is not a regular file, requests addressed to a name that is not this server's (DNS
/// rebinding), and WebSockets opened by another site's page.
@Suite(.serialized) struct LocalServerSecurityTests {
  typealias Server = PreviewServerTests.Server

  /// The status line of `GET path` with `headers`, sent on 127.0.0.1:`port` exactly as given.
  static func status(
    _ path: String, port: UInt16, headers: [(name: String, value: String)] = []
  ) throws -> String {
    try RawHTTP.get(path, port: port, headers: headers).components(separatedBy: "\r\n").first ?? ""
  }

  static func port(of server: Server) throws -> UInt16 {
    try #require(server.wait(for: "(Ctrl-C stops)"), "\(server.log)")
    let address = try #require(server.address, "\(server.log)")
    return try #require(UInt16(address.split(separator: ":").last?.dropLast() ?? ""))
  }

  /// A render folder someone downloaded can hold links to anywhere: none is followed, whether it
  /// points outside (a file, a folder) or inside; a folder is no listing and a FIFO is not read.
  @Test func linksFoldersAndSpecialFilesInAServedFolderAreNotServed() throws {
    let directory = try CompareFixture.renders()
    defer { try? FileManager.default.removeItem(at: directory) }
    let after = directory.appendingPathComponent("after")
    let secret = directory.appendingPathComponent("secret")
    try FileManager.default.createDirectory(at: secret, withIntermediateDirectories: true)
    try Data("not to be served\n".utf8).write(to: secret.appendingPathComponent("key.txt"))
    let fm = FileManager.default
    try fm.createSymbolicLink(atPath: after.appendingPathComponent("leak.txt").path, withDestinationPath: "/etc/passwd")
    try fm.createSymbolicLink(atPath: after.appendingPathComponent("up").path, withDestinationPath: secret.path)
    try fm.createSymbolicLink(atPath: after.appendingPathComponent("inside").path, withDestinationPath: "bar")
    try fm.createSymbolicLink(
      atPath: after.appendingPathComponent("bar/frame.png").path, withDestinationPath: "bar-00.png")
    try #require(mkfifo(after.appendingPathComponent("pipe").path, 0o644) == 0)

    let server = try Server(["before", "after", "--port", "0"], in: directory, command: "compare")
    let port = try Self.port(of: server)
    let frame = try RawHTTP.get("/after/bar/bar-00.png", port: port)
    #expect(frame.hasPrefix("HTTP/1.1 200 OK"), "\(frame.prefix(200))")
    #expect(frame.contains("Content-Type: image/png"), "\(frame.prefix(300))")
    let expected = try Data(contentsOf: after.appendingPathComponent("bar/bar-00.png"))
    #expect(frame.contains("Content-Length: \(expected.count)"), "\(frame.prefix(300))")
    for path in [
      "/after/leak.txt", "/after/up/key.txt", "/after/inside/bar-00.png", "/after/bar/frame.png", "/after/pipe",
      "/after/bar", "/after/bar/", "/after/", "/after",
    ] {
      #expect(try Self.status(path, port: port) == "HTTP/1.1 404 Not Found", "\(path)")
    }
    #expect(server.interruptAndWait())
  }

  /// A page on another site reaches 127.0.0.1 through a name of its own (DNS rebinding); the
  /// browser then sends that name as the Host, which the server refuses. The loopback names with
  /// the server's port are answered.
  @Test func onlyRequestsAddressedToALoopbackNameAreAnswered() throws {
    let directory = try CompareFixture.renders()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try Server(["before", "after", "--port", "0"], in: directory, command: "compare")
    let port = try Self.port(of: server)
    for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)"] {
      #expect(try Self.status("/", port: port, headers: [("Host", host)]) == "HTTP/1.1 200 OK", "\(host)")
      #expect(
        try Self.status("/after/bar/bar-00.png", port: port, headers: [("Host", host)]) == "HTTP/1.1 200 OK", "\(host)")
    }
    for host in [
      "attacker.example:\(port)", "attacker.example", "localhost.attacker.example:\(port)", "127.0.0.1",
      "127.0.0.1:\(port == 65535 ? 1 : port + 1)", "192.168.1.10:\(port)", "",
    ] {
      #expect(try Self.status("/", port: port, headers: [("Host", host)]) == "HTTP/1.1 403 Forbidden", "\(host)")
      #expect(
        try Self.status("/after/bar/bar-00.png", port: port, headers: [("Host", host)]) == "HTTP/1.1 403 Forbidden",
        "\(host)")
    }
    let refusal = try RawHTTP.get("/", port: port, headers: [("Host", "attacker.example:\(port)")])
    #expect(refusal.contains("barframes: this server answers only requests addressed to 127.0.0.1, localhost or [::1]"))
    #expect(server.interruptAndWait())
  }

  /// The preview's WebSocket tells a page when to reload; another site's page may not open it.
  @Test func theWebSocketOpensOnlyForTheServersOwnPages() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(
      #"{"version": 1, "style": {"version": 1, "design": "bent-line", "size": [120, 60]}, "duration": 0.3, "fps": 10, "scale": 1, "events": []}"#
        .utf8
    )
    .write(to: directory.appendingPathComponent("s.json"))
    let server = try Server(["s.json", "--port", "0", "-o", "out"], in: directory)
    let port = try Self.port(of: server)
    try #require(server.wait(for: "revision 1)"), "\(server.log)")
    func upgrade(origin: String?) throws -> String {
      let headers = [
        ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ("Sec-WebSocket-Version", "13"),
      ] + (origin.map { [("Origin", $0)] } ?? [])
      return try RawHTTP.get(
        "/events", port: port, headers: headers.map { (name: $0.0, value: $0.1) }
      ).components(separatedBy: "\r\n").first ?? ""
    }
    #expect(try upgrade(origin: "http://127.0.0.1:\(port)") == "HTTP/1.1 101 Switching Protocols")
    #expect(try upgrade(origin: "http://localhost:\(port)") == "HTTP/1.1 101 Switching Protocols")
    #expect(try upgrade(origin: nil) == "HTTP/1.1 101 Switching Protocols")
    for origin in [
      "http://attacker.example", "http://attacker.example:\(port)", "null", "https://127.0.0.1:\(port)",
      "http://127.0.0.1:\(port == 65535 ? 1 : port + 1)",
    ] {
      #expect(try upgrade(origin: origin) == "HTTP/1.1 403 Forbidden", "\(origin)")
    }
    // The same rule for every request: another site's script cannot read the frames either.
    #expect(
      try Self.status("/s/s-0.png", port: port, headers: [("Origin", "http://attacker.example")])
        == "HTTP/1.1 403 Forbidden")
    #expect(try Self.status("/s/s-0.png", port: port) == "HTTP/1.1 200 OK")
    #expect(server.interruptAndWait())
  }

  /// The rule itself, for the addresses `--host` can give.
  @Test func theNamesEachBoundAddressAnswersTo() {
    let loopback = ServerAuthorities(boundHost: "127.0.0.1", port: 8000)
    #expect(loopback.allows(host: "127.0.0.1:8000"))
    #expect(loopback.allows(host: "localhost:8000"))
    #expect(loopback.allows(host: "[::1]:8000"))
    #expect(!loopback.allows(host: "localhost"))
    #expect(!loopback.allows(host: "localhost:80"))
    #expect(!loopback.allows(host: "localhost:8000:8000"))
    #expect(!loopback.allows(host: "[::1"))
    #expect(!loopback.allows(host: "10.0.0.2:8000"))

    // Port 80 may be left out, as browsers do.
    #expect(ServerAuthorities(boundHost: "127.0.0.1", port: 80).allows(host: "localhost"))

    let v6 = ServerAuthorities(boundHost: "::1", port: 8000)
    #expect(v6.allows(host: "[::1]:8000"))
    #expect(!v6.allows(host: "[::2]:8000"))

    let lan = ServerAuthorities(boundHost: "192.168.1.5", port: 8000)
    #expect(lan.allows(host: "192.168.1.5:8000"))
    #expect(!lan.allows(host: "192.168.1.6:8000"))

    // Every address: any address literal (no rebinding needs one), still no other name.
    let everywhere = ServerAuthorities(boundHost: "0.0.0.0", port: 8000)
    #expect(everywhere.allows(host: "192.168.1.6:8000"))
    #expect(everywhere.allows(host: "[fe80::1]:8000"))
    #expect(!everywhere.allows(host: "attacker.example:8000"))
    #expect(!everywhere.allows(host: "1.2.3:8000"))
    #expect(ServerAuthorities(boundHost: "::", port: 8000).allows(host: "10.1.2.3:8000"))

    #expect(loopback.allows(origin: "http://localhost:8000"))
    #expect(!loopback.allows(origin: "http://attacker.example:8000"))
    #expect(!loopback.allows(origin: "null"))
  }
}
