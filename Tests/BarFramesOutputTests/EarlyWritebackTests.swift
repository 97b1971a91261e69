import BarFramesOutput
import Foundation
import Testing

/// The early flushes are spread over a render's files and bounded whatever their number.
@Suite struct EarlyWritebackTests {
  static let folder = FileManager.default.temporaryDirectory

  @Test func aFewFilesAreLeftToTheFinalFlush() {
    let writeback = EarlyWriteback(folder: Self.folder, files: 63)
    for _ in 0..<63 { writeback.fileWritten() }
    writeback.finish()
    #expect(writeback.flushesStarted == 0)
  }

  /// 10 001 files: one flush every 10 001 / 9 = 1 111 files, at most 8, one at a time; each
  /// counts as a flush of the process.
  @Test func manyFilesGetAtMostTheLimitSpreadOverThem() {
    let writeback = EarlyWriteback(folder: Self.folder, files: 10_001)
    #expect(writeback.every == 1_111 && writeback.limit == 8)
    let before = StableStorage.flushCount
    for _ in 0..<10_001 {
      writeback.fileWritten()
      // As a render's frames take time: each flush ends before the next is due.
      if writeback.flushesStarted > 0 { writeback.finish() }
    }
    writeback.finish()
    #expect(writeback.flushesStarted == 8)
    #expect(StableStorage.flushCount - before >= 8)
  }

  /// 200 files: at least 64 apart, so three.
  @Test func flushesAreAtLeastSixtyFourFilesApart() {
    let writeback = EarlyWriteback(folder: Self.folder, files: 200)
    #expect(writeback.every == 64)
    for _ in 0..<200 {
      writeback.fileWritten()
      writeback.finish()
    }
    #expect(writeback.flushesStarted == 3)
  }
}
