import BarFramesExport
import Testing

@Suite struct FrameSamplerTests {
  @Test(arguments: [
    // (duration, fps, frames): floor(D·fps) + 1, both ends included.
    (2.0, 30.0, 61), (1.0, 60.0, 61), (0.7, 30.0, 22), (0.1, 30.0, 4), (3.0, 24.0, 73),
    (1.05, 10.0, 11), (0.999, 10.0, 10), (2.5, 29.97, 75), (10.0, 30000.0 / 1001.0, 300), (0.0, 60.0, 1),
    (3600.0, 240.0, 864_001),
  ])
  func frameCountIsFloorOfDurationTimesFPSPlusOne(duration: Double, fps: Double, frames: Int) {
    #expect(FrameSampler(duration: duration, rate: FrameRate(fps)).count == frames)
  }

  @Test func framesAreComputedFromTheIndexAndTheLastOneIsTheEnd() {
    let sampler = FrameSampler(duration: 2, rate: FrameRate(30))
    #expect(sampler.time(ofFrame: 0) == 0)
    // Snapped to the microsecond like every scene time (SceneTime): 1/30 s is 0.033333 s.
    #expect(sampler.time(ofFrame: 1) == 0.033333)
    #expect(sampler.time(ofFrame: 45) == 1.5)
    #expect(sampler.time(ofFrame: 60) == 2)
    // Adding 1/30 sixty times drifts; the index formula does not.
    var accumulated = 0.0
    for _ in 0..<60 { accumulated += 1.0 / 30 }
    #expect(accumulated != 2)
  }

  @Test func aNonIntegerSpanEndsBeforeTheEndNeverAfter() {
    let sampler = FrameSampler(duration: 1.05, rate: FrameRate(10))
    #expect(sampler.count == 11)
    #expect(sampler.time(ofFrame: 10) == 1.0)
    let tolerant = FrameSampler(duration: 0.7, rate: FrameRate(30))
    #expect(tolerant.time(ofFrame: tolerant.count - 1) <= 0.7)
    #expect(abs(tolerant.time(ofFrame: 21) - 0.7) < 1e-12)
  }

  @Test func aStartOffsetsEveryFrame() {
    let sampler = FrameSampler(start: 0.5, duration: 1, rate: FrameRate(4))
    #expect(sampler.count == 5)
    #expect((0..<5).map(sampler.time(ofFrame:)) == [0.5, 0.75, 1.0, 1.25, 1.5])
  }

  @Test func indexDigitsAreThoseOfTheFrameCount() {
    #expect(FrameSampler(duration: 2, rate: FrameRate(30)).indexDigits == 2)  // 61
    #expect(FrameSampler(duration: 10, rate: FrameRate(60)).indexDigits == 3)  // 601
    #expect(FrameSampler(duration: 0, rate: FrameRate(60)).indexDigits == 1)
  }

  @Test func frameRatesAreExactFractions() {
    #expect(FrameRate(60) == FrameRate(60, per: 1))
    #expect(FrameRate(29.97) == FrameRate(2997, per: 100))
    #expect(FrameRate(30000.0 / 1001.0) == FrameRate(30000, per: 1001))
    #expect(FrameRate(12.5).description == "25/2")
    #expect(FrameRate(120, per: 4) == FrameRate(30))
  }
}

@Suite struct FrameSelectionTests {
  let rate = FrameRate(10)

  @Test func allSelectsEveryFrame() throws {
    let resolved = try FrameSelection.all.resolve(duration: 1, rate: rate)
    #expect(resolved.indices == Array(0...10))
    #expect(resolved.timeRange == 0...1)
  }

  @Test func atAndProgressSelectOneFrame() throws {
    let at = try FrameSelection.at(0.42).resolve(duration: 1, rate: rate)
    #expect(at.indices == [0])
    #expect(at.sampler.time(ofFrame: 0) == 0.42)
    let progress = try FrameSelection.progress(0.5).resolve(duration: 3, rate: rate)
    #expect(progress.sampler.time(ofFrame: 0) == 1.5)
  }

  @Test func timeRangesAreTheirOwnSequence() throws {
    let resolved = try FrameSelection.time(0.5...1.0).resolve(duration: 2, rate: rate)
    #expect(resolved.indices == Array(0...5))
    #expect(resolved.sampler.time(ofFrame: 5) == 1.0)
    let fractions = try FrameSelection.progressRange(0.25...0.75).resolve(duration: 2, rate: rate)
    #expect(fractions.timeRange == 0.5...1.5)
  }

  @Test func frameRangesKeepTheirNumbersAndAreClamped() throws {
    let resolved = try FrameSelection.frames(3...40).resolve(duration: 1, rate: rate)
    #expect(resolved.indices == Array(3...10))
    #expect(resolved.sampler.count == 11)
    #expect(throws: ExportError.self) { try FrameSelection.frames(11...12).resolve(duration: 1, rate: rate) }
  }

  @Test func everyNthKeepsTheFirstAndStrides() throws {
    let resolved = try FrameSelection.all.resolve(duration: 1, rate: rate, everyNth: 3)
    #expect(resolved.indices == [0, 3, 6, 9])
    #expect(resolved.everyNth == 3)
  }
}

@Suite struct ShardTests {
  @Test func parsesIOverN() throws {
    let shard = try Shard(parsing: "2/3")
    #expect(shard.index == 2 && shard.count == 3)
    #expect(shard.description == "2/3")
  }

  @Test(arguments: ["0/3", "4/3", "1/0", "a/b", "1", "1/2/3", "-1/2", ""])
  func rejectsMalformedShards(text: String) {
    #expect(throws: ExportError.self) { try Shard(parsing: text) }
  }

  @Test func everyFrameAndSceneBelongsToExactlyOneShard() throws {
    let shards = try (1...4).map { try Shard(index: $0, count: 4) }
    for position in 0..<50 { #expect(shards.filter { $0.ownsFrame(atPosition: position) }.count == 1) }
    for scene in 0..<9 { #expect(shards.filter { $0.ownsSceneFiles(sceneOrdinal: scene) }.count == 1) }
    #expect(shards.filter(\.ownsGallery).count == 1)
  }
}
