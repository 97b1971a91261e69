@testable import BarFramesExport
import BarFramesTestSupport
import Foundation
import Testing

@Suite struct AtomicFileTests {
  @Test func writesUnderTheFinalNameOnlyWhenComplete() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles()
    let destination = directory.appendingPathComponent("a.png")
    try AtomicFile.write([1, 2, 3], to: destination, registry: registry)
    #expect(try Data(contentsOf: destination) == Data([1, 2, 3]))
    #expect(registry.registeredPaths.isEmpty)
    // Replacing is atomic too.
    try AtomicFile.write([4], to: destination, registry: registry)
    #expect(try Data(contentsOf: destination) == Data([4]))
  }

  @Test func aFailingProducerLeavesNeitherTheFileNorItsTemporary() throws {
    struct Boom: Error {}
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles()
    let destination = directory.appendingPathComponent("b.apng")
    #expect(throws: ExportError.self) {
      try AtomicFile.stream(to: destination, registry: registry) { handle in
        try handle.write(contentsOf: [UInt8](repeating: 7, count: 1000))
        throw Boom()
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    #expect(registry.registeredPaths.isEmpty)
  }

  @Test func aFailedRenameRemovesTheTemporary() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles()
    // A non-empty directory stands where the file should go: rename(2) refuses to replace it.
    let blocker = directory.appendingPathComponent("c.png")
    try FileManager.default.createDirectory(at: blocker.appendingPathComponent("inside"), withIntermediateDirectories: true)
    #expect(throws: ExportError.self) { try AtomicFile.write([1], to: blocker, registry: registry) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["c.png"])
    #expect(registry.registeredPaths.isEmpty)
  }

  @Test func cleanupForExitRemovesOpenTemporariesAndRefusesNewOnes() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles()
    let file = try StreamingFile(directory.appendingPathComponent("d.gif"), registry: registry)
    try file.handle.write(contentsOf: [1, 2, 3])
    #expect(FileManager.default.fileExists(atPath: file.temporary.path))
    #expect(file.temporary.lastPathComponent.hasSuffix(TemporaryFiles.suffix))
    #expect(registry.removeAllForExit() == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    #expect(throws: ExportError.interrupted) { try registry.create(for: directory.appendingPathComponent("e.png")) }
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
}
