import BarFramesTestSupport
import Foundation
import Testing

/// What the shipping binary needs from the system: a render tool with a local preview server
/// needs no networking client. FoundationNetworking (URLSession) would bring libcurl and, through
/// it, Kerberos, LDAP, TLS, SSH and RTMP libraries that a minimal container must then install.
/// The test reads the debug build's binary: a release build links the same modules, and its dead
/// stripping can only leave libraries out.
@Suite struct LinkedLibrariesTests {
  static let ldd = ExternalTools.path("ldd")

  @Test(.enabled(if: ldd != nil, "ldd is not installed (libc-bin)"))
  func barframesLinksNoNetworkingClient() throws {
    let result = try ExternalTools.run(try #require(Self.ldd), [CommandRunner.executable.path], timeout: 60)
    try #require(result.status == 0, "ldd: \(result.stderr)")
    let libraries = result.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    // ldd read the binary: Foundation and the C library are there.
    #expect(libraries.contains { $0.hasPrefix("libFoundation.so") } && libraries.contains { $0.hasPrefix("libc.so") })
    let networking = libraries.filter { $0.contains("FoundationNetworking") || $0.contains("libcurl") }
    #expect(networking.isEmpty, "barframes links \(networking)")
  }
}
