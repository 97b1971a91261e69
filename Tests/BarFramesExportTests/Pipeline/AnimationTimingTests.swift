import BarFrames
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFramesExport

/// The GIF's frames and delays: browsers show delays under 2 cs as 10 cs, so no delay may be
/// under 2 cs, and the loop lasts as long as the frames do (frameCount / fps) within 1 cs.
@Suite struct AnimationTimingTests {
  static let rates: [FrameRate] = [
    FrameRate(10), FrameRate(24), FrameRate(30000, per: 1001), FrameRate(50), FrameRate(60000, per: 1001),
    FrameRate(60), FrameRate(90), FrameRate(100), FrameRate(120), FrameRate(144), FrameRate(200), FrameRate(240),
  ]

  @Test(arguments: rates)
  func everyDelayIsAtLeastTwoCentisecondsAndTheLoopKeepsItsLength(rate: FrameRate) {
    let fps = Double(rate.numerator) / Double(rate.denominator)
    for everyNth in [1, 3] {
      for frameCount in 2...400 {
        let timing = AnimationTiming(rate: rate, everyNth: everyNth, frameCount: frameCount).gifFrames
        let exact = Double(frameCount * everyNth) * 100 / fps
        let total = timing.delays.reduce(0) { $0 + Int($1) }
        #expect(timing.delays.allSatisfy { $0 >= 2 }, "\(rate) fps, \(frameCount) frames: \(timing.delays)")
        if timing.positions.count == 1 {
          #expect(total == max(2, Int(exact.rounded())), "\(rate) fps, \(frameCount) frames: one frame, \(total) cs")
        } else {
          #expect(abs(Double(total) - exact) <= 1, "\(rate) fps, \(frameCount) frames: \(total) cs for \(exact)")
        }
        // The scene's last frame always shows; positions rise.
        #expect(timing.positions.last == frameCount - 1, "\(rate) fps, \(frameCount) frames")
        #expect(zip(timing.positions, timing.positions.dropFirst()).allSatisfy { $0 < $1 })
        // The first frame starts the loop, unless the whole scene is one GIF frame of its end.
        #expect(timing.positions.first == 0 || timing.positions.count == 1)
        if fps * Double(everyNth) <= 50 {
          #expect(timing.positions == Array(0..<frameCount), "at most 50 fps every frame is kept")
        }
      }
    }
  }

  /// A one-frame GIF is a still: its delay is its length, but at least 2 cs.
  @Test func aSingleFrameShowsAtLeastTwoCentiseconds() {
    #expect(AnimationTiming(rate: FrameRate(240), everyNth: 1, frameCount: 1).gifFrames.delays == [2])
    #expect(AnimationTiming(rate: FrameRate(10), everyNth: 1, frameCount: 1).gifFrames.delays == [10])
  }

  /// The smallest cases found: 0.5 s at 240 fps (121 frames, 50.4 cs, the last one drawn after
  /// the event at 0.5 s) and 0.4666… s at 60 fps (29 frames, 48.3 cs) ended on a 0 cs and a 1 cs
  /// frame.
  @Test(arguments: [(240.0, 0.5, 50, true), (60.0, 28.0 / 60, 48, false)])
  func theLastGIFFrameShowsTheScenesEndForAtLeastTwoCentiseconds(
    fps: Double, duration: Double, total: Int, endMoves: Bool
  ) throws {
    let (directory, _) = try ExportFixtures.export(
      [try ExportFixtures.scene(duration: duration, fps: fps)],
      options: ExportFixtures.options([.png, .gif]))
    defer { try? FileManager.default.removeItem(at: directory) }
    let animation = try GIFReader.read(try ExportFixtures.read(directory, "bar/bar.gif"))
    let delays = animation.frames.map(\.delayCentiseconds)
    #expect(delays.allSatisfy { $0 >= 2 }, "\(delays)")
    #expect(delays.reduce(0, +) == total, "\(delays)")
    let frames = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("bar").path)
      .filter { $0.hasSuffix(".png") }.sorted()
    // The GIF's last frame is the scene's last frame, within the palette's error, and not the
    // frame before it. The bent line's redraws crossfade, so the frames hold blends of its
    // colours that a 256-colour palette only approaches: the error is bounded by what the
    // palette does to every other frame, and the last frame is nearer the last PNG than the one
    // before.
    let pngs = try frames.suffix(2).map { try PNGDecoder.decode(try ExportFixtures.read(directory, "bar/\($0)")) }
    let shown = try #require(animation.frames.last).image
    if endMoves {
      #expect(Self.differences(pngs[0], pngs[1]).largest > 6)
      #expect(Self.differences(shown, pngs[1]).total < Self.differences(shown, pngs[0]).total)
    }
    // On average under one level (summed over the channels) a pixel.
    #expect(Self.differences(shown, pngs[1]).total < shown.width * shown.height)
  }


  /// Over the pixels of two frames, the largest and the total of the three channels' summed
  /// differences.
  static func differences(_ a: RGBAImage, _ b: RGBAImage) -> (largest: Int, total: Int) {
    var largest = 0
    var total = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let p = a[x, y]
        let q = b[x, y]
        let d = abs(Int(p.red) - Int(q.red)) + abs(Int(p.green) - Int(q.green)) + abs(Int(p.blue) - Int(q.blue))
        largest = max(largest, d)
        total += d
      }
    }
    return (largest, total)
  }

  /// WebP's 24-bit milliseconds, GIF's 16-bit centiseconds, APNG's 16-bit numerator of seconds:
  /// the frame lengths at which each stops fitting, reached only through `--every-nth`.
  @Test(arguments: [
    (100, 65_535, ExportFormats.gif, true), (100, 65_536, .gif, false), (1, 16_777, .webp, true),
    (1, 16_778, .webp, false), (1, 65_535, .apng, true), (1, 65_536, .apng, false), (1, 1_000_000, .png, true),
  ])
  func framesTooLongForTheirDelayFieldAreRefused(fps: Int, everyNth: Int, format: ExportFormats, fits: Bool) {
    let timing = AnimationTiming(rate: FrameRate(fps), everyNth: everyNth, frameCount: 3)
    #expect((timing.frameTooLong(for: format) == nil) == fits, "\(format) at \(everyNth)/\(fps) s")
  }

  @Test func theRefusalNamesTheFlagTheFrameLengthAndTheLimit() throws {
    let timing = AnimationTiming(rate: FrameRate(1), everyNth: 20_000, frameCount: 1)
    #expect(
      timing.frameTooLong(for: [.png, .gif, .webp])
        == "--every-nth 20000 at 1 fps makes each GIF frame last 20000 s; a GIF frame lasts at most 655.35 s: "
        + "use a smaller --every-nth")
  }
}
