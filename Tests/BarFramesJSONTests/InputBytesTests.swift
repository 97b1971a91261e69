import BarFramesJSON
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Input files are read under their size limit, and only when they are regular files (issue 15:
/// every input must be bounded, and none may block).
@Suite struct InputBytesTests {
  static func file(_ count: Int) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("input-bytes-\(UUID().uuidString)")
    try Data(repeating: 7, count: count).write(to: url)
    return url
  }

  @Test func aFileUpToTheLimitIsReadWhole() throws {
    let url = try Self.file(1000)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(try InputBytes.read(url, limit: 1000) == [UInt8](repeating: 7, count: 1000))
  }

  @Test func oneByteOverTheLimitIsTooLarge() throws {
    let url = try Self.file(1001)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(throws: InputBytes.Failure.tooLarge) { try InputBytes.read(url, limit: 1000) }
  }

  /// The size on disk is not trusted: /proc files are regular files that report 0 bytes and
  /// hold more, as a file growing while it is read would.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/maps")))
  func aFileLongerThanItsSizeIsTooLargeAfterTheLimit() throws {
    let attributes = try FileManager.default.attributesOfItem(atPath: "/proc/self/maps")
    try #require(attributes[.size] as? Int == 0 && attributes[.type] as? FileAttributeType == .typeRegular)
    #expect(throws: InputBytes.Failure.tooLarge) {
      try InputBytes.read(URL(fileURLWithPath: "/proc/self/maps"), limit: 100)
    }
  }

  @Test func aMissingFileIsMissing() {
    #expect(throws: InputBytes.Failure.missing) {
      try InputBytes.read(URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
    }
  }

  @Test func aSymbolicLinkIsFollowed() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("target")
    try Data([1, 2, 3]).write(to: target)
    let link = directory.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    #expect(try InputBytes.read(link) == [1, 2, 3])
    let dangling = directory.appendingPathComponent("dangling")
    try FileManager.default.createSymbolicLink(
      at: dangling, withDestinationURL: directory.appendingPathComponent("nothing"))
    #expect(throws: InputBytes.Failure.missing) { try InputBytes.read(dangling) }
  }

  @Test func aDirectoryIsNotRead() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(throws: InputBytes.Failure.notRegularFile(kind: "a directory")) { try InputBytes.read(directory) }
  }

  @Test(arguments: ["/dev/null", "/dev/zero"])
  func aDeviceIsNotRead(path: String) throws {
    try #require(FileManager.default.fileExists(atPath: path))
    #expect(throws: InputBytes.Failure.notRegularFile(kind: "a character device")) {
      try InputBytes.read(URL(fileURLWithPath: path))
    }
    #expect(
      InputBytes.Failure.notRegularFile(kind: "a character device").description
        == "is a character device, not a regular file")
  }

  /// Opening a FIFO for reading waits for a writer: it must be refused at once, through a link
  /// too, never opened that way. (Were it opened so, the test opens it for writing to end the
  /// wait, and fails instead of hanging.)
  @Test(arguments: [false, true])
  func aFIFOIsRefusedWithoutWaiting(throughALink: Bool) throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("fifo")
    try #require(mkfifo(fifo.path, 0o600) == 0)
    let url = throughALink ? directory.appendingPathComponent("link.json") : fifo
    if throughALink { try FileManager.default.createSymbolicLink(at: url, withDestinationURL: fifo) }
    let outcome = Self.withinSeconds(5, unblocking: fifo) { () throws(InputBytes.Failure) in
      _ = try InputBytes.read(url)
    }
    #expect(outcome == .failed(.notRegularFile(kind: "a FIFO (named pipe)")))
    let prefix = Self.withinSeconds(5, unblocking: fifo) { () throws(InputBytes.Failure) in
      _ = try InputBytes.readPrefix(url, count: 8)
    }
    #expect(prefix == .failed(.notRegularFile(kind: "a FIFO (named pipe)")))
  }

  /// A socket cannot be opened at all (ENXIO); it is named as what it is.
  @Test func aSocketIsNotRead() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("socket").path
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (i, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[i] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0)
    #expect(throws: InputBytes.Failure.notRegularFile(kind: "a socket")) {
      try InputBytes.read(URL(fileURLWithPath: path))
    }
  }

  @Test func aPrefixIsTheFirstBytes() throws {
    let url = try Self.file(100_000)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(try InputBytes.readPrefix(url, count: 33) == [UInt8](repeating: 7, count: 33))
    let short = try Self.file(10)
    defer { try? FileManager.default.removeItem(at: short) }
    #expect(try InputBytes.readPrefix(short, count: 33) == [UInt8](repeating: 7, count: 10))
  }

  enum Outcome: Equatable {
    case returned
    case failed(InputBytes.Failure)
    case blocked
  }

  /// Runs `body` on a thread of its own and waits at most `seconds`; if it has not returned by
  /// then, opens `fifo` for writing and closes it, which ends a read waiting on it.
  static func withinSeconds(
    _ seconds: Double, unblocking fifo: URL, _ body: @escaping @Sendable () throws(InputBytes.Failure) -> Void
  ) -> Outcome {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result = Outcome.blocked
    Thread {
      do throws(InputBytes.Failure) {
        try body()
        result = .returned
      } catch {
        result = .failed(error)
      }
      done.signal()
    }.start()
    guard done.wait(timeout: .now() + seconds) == .timedOut else { return result }
    let writer = open(fifo.path, O_WRONLY | O_NONBLOCK)
    if writer >= 0 { close(writer) }
    done.wait()
    return .blocked
  }

  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("input-bytes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
