import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFramesOutput

@Suite struct AtomicFileTests {
  /// Both ways of writing: a file without a name until it is complete (Linux's O_TMPFILE, the
  /// default there) and a temporary name (elsewhere).
  static let modes = [true, false]

  @Test(arguments: modes) func writesUnderTheFinalNameOnlyWhenComplete(unnamed: Bool) throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles(unnamedFiles: unnamed)
    let destination = directory.appendingPathComponent("a.png")
    try AtomicFile.stream(to: destination, registry: registry) { handle in
      try handle.write(contentsOf: [1, 2, 3])
      // While it is written, the folder holds nothing at all, or one temporary name.
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      if unnamed {
        #expect(names.isEmpty, "\(names)")
      } else {
        #expect(names.count == 1 && names[0].hasSuffix(TemporaryFiles.suffix), "\(names)")
      }
    }
    #expect(try Data(contentsOf: destination) == Data([1, 2, 3]))
    #expect(registry.registeredPaths.isEmpty)
    // Replacing is atomic too.
    try AtomicFile.write([4], to: destination, registry: registry)
    #expect(try Data(contentsOf: destination) == Data([4]))
  }

  @Test(arguments: modes) func aFailingProducerLeavesNeitherTheFileNorItsTemporary(unnamed: Bool) throws {
    struct Boom: Error {}
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles(unnamedFiles: unnamed)
    let destination = directory.appendingPathComponent("b.apng")
    #expect(throws: OutputError.self) {
      try AtomicFile.stream(to: destination, registry: registry) { handle in
        try handle.write(contentsOf: [UInt8](repeating: 7, count: 1000))
        throw Boom()
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    #expect(registry.registeredPaths.isEmpty)
  }

  @Test(arguments: modes) func aFailedRenameRemovesTheTemporary(unnamed: Bool) throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles(unnamedFiles: unnamed)
    // A non-empty directory stands where the file should go: rename(2) refuses to replace it.
    let blocker = directory.appendingPathComponent("c.png")
    try FileManager.default.createDirectory(
      at: blocker.appendingPathComponent("inside"), withIntermediateDirectories: true)
    #expect(throws: OutputError.self) { try AtomicFile.write([1], to: blocker, registry: registry) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["c.png"])
    #expect(registry.registeredPaths.isEmpty)
  }

  @Test func cleanupForExitRemovesOpenTemporariesAndRefusesNewOnes() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles(unnamedFiles: false)
    let file = try StreamingFile(directory.appendingPathComponent("d.gif"), registry: registry)
    try file.handle.write(contentsOf: [1, 2, 3])
    let temporary = try #require(file.temporaryURL)
    #expect(FileManager.default.fileExists(atPath: temporary.path))
    #expect(temporary.lastPathComponent.hasSuffix(TemporaryFiles.suffix))
    #expect(registry.removeAllForExit() == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    #expect(throws: OutputError.interrupted) { try registry.create(for: directory.appendingPathComponent("e.png")) }
  }

  @Test func anUnwritableFolderFailsWithOneLine() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("file")
    try Data("x".utf8).write(to: file)
    do {
      try OutputDirectory.prepare(file.appendingPathComponent("out"))
      Issue.record("expected an error")
    } catch {
      #expect(error.description.hasPrefix("cannot create the output directory \(file.path)/out: "))
      #expect(!error.description.contains("\n"))
    }
  }

  @Test(.enabled(if: TemporaryFiles().createsUnnamedFiles, "this system has no O_TMPFILE"))
  func anUnnamedFileThatIsNeverCommittedLeavesNothing() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles()
    let file = try StreamingFile(directory.appendingPathComponent("d.gif"), registry: registry)
    try file.handle.write(contentsOf: [1, 2, 3])
    #expect(file.temporaryURL == nil)
    #expect(registry.removeAllForExit() == 0)
    #expect(throws: OutputError.interrupted) { _ = try file.commit() }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test func everyWriteHasItsOwnTemporaryName() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles(unnamedFiles: false)
    let destination = directory.appendingPathComponent("f.png")
    let first = try registry.create(for: destination)
    let second = try registry.create(for: destination)
    defer {
      close(first.descriptor)
      close(second.descriptor)
    }
    let pid = getpid()
    #expect(first.temporaryURL?.lastPathComponent == ".f.png.\(pid).1.barframes-tmp")
    #expect(second.temporaryURL?.lastPathComponent == ".f.png.\(pid).2.barframes-tmp")
    // Another registry in the same process skips the names already taken rather than
    // truncating a file that another writer has open.
    let other = try TemporaryFiles(unnamedFiles: false).create(for: destination)
    defer { close(other.descriptor) }
    #expect(other.temporaryURL?.lastPathComponent == ".f.png.\(pid).3.barframes-tmp")
  }

  @Test(arguments: modes) func concurrentWritersOfOneFileLeaveOneCompleteVersion(unnamed: Bool) throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles(unnamedFiles: unnamed)
    let destination = directory.appendingPathComponent("g.png")
    let writers = 8
    let versions = (0..<writers).map { [UInt8](repeating: UInt8($0 + 1), count: 256 * 1024) }
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: writers * 4) { index in
      do {
        try AtomicFile.write(versions[index % writers], to: destination, registry: registry)
      } catch {
        failures.append(String(describing: error))
      }
    }
    #expect(failures.all.isEmpty)
    let written = Array(try Data(contentsOf: destination))
    #expect(versions.contains(written), "a mix of writers: \(written.count) bytes starting \(written.prefix(4))")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["g.png"])
    #expect(registry.registeredPaths.isEmpty)
  }

  @Test(arguments: modes) func aStaleTemporaryOrALinkUnderTheNextNameIsNeverWrittenThrough(unnamed: Bool) throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles(unnamedFiles: unnamed)
    let destination = directory.appendingPathComponent("h.png")
    // An existing file, so an unnamed file is named through a temporary name too.
    try Data("old".utf8).write(to: destination)
    let target = directory.appendingPathComponent("target")
    try Data("keep".utf8).write(to: target)
    // What a killed process with our pid left, and a link planted under the name after it.
    let stale = directory.appendingPathComponent(".h.png.\(getpid()).1.barframes-tmp")
    try Data("stale".utf8).write(to: stale)
    try FileManager.default.createSymbolicLink(
      at: directory.appendingPathComponent(".h.png.\(getpid()).2.barframes-tmp"), withDestinationURL: target)
    try AtomicFile.write([9, 9], to: destination, registry: registry)
    #expect(try Data(contentsOf: destination) == Data([9, 9]))
    #expect(try Data(contentsOf: target) == Data("keep".utf8))
    #expect(try Data(contentsOf: stale) == Data("stale".utf8))
  }

  /// The temporary names a killed process left are removed when their folder is prepared again;
  /// those of running processes (this one, pid 1) and other files are kept.
  @Test func preparingAFolderRemovesTheTemporariesOfDeadProcesses() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let finished = Process()
    finished.executableURL = URL(fileURLWithPath: "/bin/true")
    try finished.run()
    finished.waitUntilExit()
    let dead = finished.processIdentifier
    let names = [
      ".a.png.\(dead).1.barframes-tmp", ".b.apng.\(dead).17.barframes-tmp", ".c.png.\(getpid()).1.barframes-tmp",
      ".d.png.1.1.barframes-tmp", "e.png", ".f.barframes-tmp", ".g.png.x.1.barframes-tmp",
    ]
    for name in names { try Data("x".utf8).write(to: directory.appendingPathComponent(name)) }
    try OutputDirectory.prepare(directory)
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    #expect(left == Set(names.dropFirst(2)))
  }
}

/// Errors collected from concurrent writers.
private final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []
  func append(_ message: String) {
    lock.lock()
    list.append(message)
    lock.unlock()
  }
  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return list
  }
}
