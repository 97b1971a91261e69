import BarFrames
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFramesExport

/// The APNG's and the WebP's frames: Chromium and Firefox show a frame of 10 ms or less for
/// 100 ms, so every frame lasts more than 10 ms — the WebP's too, after its starts are rounded to
/// the millisecond — and the loop lasts exactly as long as the frames do (frameCount / fps).
@Suite struct AnimationFramesTests {
  @Test(arguments: AnimationTimingTests.rates)
  func everyFrameLastsOverTenMillisecondsAndTheLoopKeepsItsLength(rate: FrameRate) {
    let fps = Double(rate.numerator) / Double(rate.denominator)
    for everyNth in [1, 3] {
      for frameCount in 1...400 {
        let timing = AnimationTiming(rate: rate, everyNth: everyNth, frameCount: frameCount)
        let frames = timing.animationFrames
        let context = "\(rate) fps ÷ \(everyNth), \(frameCount) frames: \(frames.positions)"
        let count = frames.positions.count
        #expect(frames.starts.count == count + 1, "\(context)")
        #expect(frames.starts.first == 0 && frames.starts.last == frameCount, "\(context)")
        #expect(zip(frames.starts, frames.starts.dropFirst()).allSatisfy { $0 < $1 }, "\(context)")
        // The scene's last frame always shows; positions rise; each frame shows from its own start.
        #expect(frames.positions.last == frameCount - 1, "\(context)")
        #expect(zip(frames.positions, frames.positions.dropFirst()).allSatisfy { $0 < $1 }, "\(context)")
        #expect(zip(frames.positions.dropLast(), frames.starts).allSatisfy { $0 == $1 }, "\(context)")

        let length = Double(frameCount * everyNth) / fps
        let delays = (0..<count).map { timing.apngDelay(ofFrame: $0, in: frames).seconds }
        #expect(abs(delays.reduce(0, +) - length) < 1e-9, "\(context): \(delays)")
        let timestamps = timing.webpTimestamps(for: frames)
        let milliseconds = (0..<count).map { timestamps.start(ofFrame: $0 + 1) - timestamps.start(ofFrame: $0) }
        // The length in milliseconds, rounded half up, in integers.
        let rounded = (2 * frameCount * everyNth * 1000 * rate.denominator + rate.numerator) / (2 * rate.numerator)
        #expect(timestamps.start(ofFrame: count) == rounded, "\(context)")
        if count > 1 {
          #expect(delays.allSatisfy { $0 > 0.010 }, "\(context): \(delays)")
          #expect(milliseconds.allSatisfy { $0 > 10 }, "\(context): \(milliseconds)")
        }
        if fps / Double(everyNth) <= 90 {
          #expect(frames.positions == Array(0..<frameCount), "up to 90 fps every frame is kept: \(context)")
        }
      }
    }
  }

  /// Every 2nd frame at 100–180 fps, every 3rd at 200–270: the smallest stride that lasts 11 ms.
  @Test(arguments: [(90, 1), (100, 2), (120, 2), (144, 2), (180, 2), (200, 3), (240, 3), (270, 3), (280, 4)])
  func aboveNinetyFramesPerSecondEveryNthFrameIsKept(fps: Int, stride: Int) {
    let frames = AnimationTiming(rate: FrameRate(Double(fps)), everyNth: 1, frameCount: 1000).animationFrames
    #expect(frames.positions[1] == stride)
  }

  /// Rendered at 120 and 240 fps, 0.5 s: the APNG (read by our reader) and the WebP (decoded by
  /// libwebp) have no frame of 10 ms or less, last as long as the 121 or 61 frames, and end on
  /// the scene's last frame.
  @Test(arguments: [(240.0, 121), (120.0, 61)])
  func highFrameRateAnimationsKeepFramesBrowsersShowAsAsked(fps: Double, frameCount: Int) throws {
    let (directory, _) = try ExportFixtures.export(
      [try ExportFixtures.scene(duration: 0.5, fps: fps)], options: ExportFixtures.options([.png, .apng, .webp]))
    defer { try? FileManager.default.removeItem(at: directory) }
    let pngs = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("bar").path)
      .filter { $0.hasSuffix(".png") }.sorted()
    try #require(pngs.count == frameCount)
    let last = try PNGDecoder.decode(try ExportFixtures.read(directory, "bar/\(try #require(pngs.last))"))

    let apng = try APNGReader.read(try ExportFixtures.read(directory, "bar/bar.apng"))
    let delays = apng.frames.map(\.delay.seconds)
    #expect(delays.allSatisfy { $0 > 0.010 }, "\(delays)")
    #expect(abs(delays.reduce(0, +) - Double(frameCount) / fps) < 1e-9, "\(delays)")
    #expect(try #require(apng.frames.last).image == last)

    let webp = try WebPDecoding.decode(try ExportFixtures.read(directory, "bar/bar.webp"))
    let ends = webp.frames.map(\.endMilliseconds)
    let lengths = zip([0] + ends, ends).map { $1 - $0 }
    #expect(lengths.allSatisfy { $0 > 10 }, "\(lengths)")
    #expect(ends.last == Int((Double(frameCount) / fps * 1000).rounded()))
    #expect(try #require(webp.frames.last).image == last)
  }
}
