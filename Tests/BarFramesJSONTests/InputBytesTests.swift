import BarFramesJSON
import Foundation
import Testing

/// Input files are read under their size limit without trusting the size on disk: `/dev/zero`
/// reports 0 bytes and never ends (issue 15: every input must be bounded).
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

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")))
  func anEndlessFileIsTooLargeAfterTheLimit() {
    #expect(throws: InputBytes.Failure.tooLarge) {
      try InputBytes.read(URL(fileURLWithPath: "/dev/zero"), limit: 1 << 20)
    }
  }

  @Test func aMissingFileIsUnreadable() {
    #expect {
      try InputBytes.read(URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
    } throws: { error in
      if case .unreadable = error as? InputBytes.Failure { true } else { false }
    }
  }
}
