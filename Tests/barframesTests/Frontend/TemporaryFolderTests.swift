import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFramesCLI

/// The preview's temporary frames go at once from where they were, whatever the disk's speed:
/// what cannot be unlinked in the time given is left to a detached `rm -rf`.
@Suite struct TemporaryFolderTests {
  static func folder(files: Int) throws -> URL {
    let root = try TestRendering.temporaryDirectory()
    let folder = root.appendingPathComponent("frames")
    for scene in ["a", "b"] {
      let sub = folder.appendingPathComponent(scene)
      try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
      for i in 0..<files { try Data([UInt8(i & 0xFF)]).write(to: sub.appendingPathComponent("\(scene)-\(i).png")) }
    }
    return folder
  }

  @Test func aFolderRemovedInTimeIsGoneWithNothingLeftBeside() throws {
    let folder = try Self.folder(files: 50)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    #expect(TemporaryFolder.remove(folder, within: 30) == .removed)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path).isEmpty)
  }

  @Test func withNoTimeLeftTheRestGoesInTheBackground() throws {
    let folder = try Self.folder(files: 200)
    let parent = folder.deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: parent) }
    #expect(TemporaryFolder.remove(folder, within: 0) == .finishingInBackground)
    #expect(!FileManager.default.fileExists(atPath: folder.path), "the frames leave their place at once")
    let deadline = Date().addingTimeInterval(20)
    while (try? FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty) == false, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty, "rm -rf finished it")
  }
}
