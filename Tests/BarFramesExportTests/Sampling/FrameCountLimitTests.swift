import BarFrames
import BarFramesExport
import Foundation
import Testing

/// A render draws at most `InputLimits.frames` (100 000) frames of one scene. When the scene
/// file alone asks for more (its duration at its fps) it is bad input naming the file and key;
/// when flags do (`--fps`, `--time`, …) it is the flags' error. Checked while planning, before
/// anything is written.
@Suite struct FrameCountLimitTests {
  static let outside = URL(fileURLWithPath: "/nonexistent-frame-limit")

  func plan(duration: Double, fps: Double, _ configure: (inout ExportOptions) -> Void = { _ in }) throws -> [ScenePlan]
  {
    let timeline = try ExportFixtures.scene(name: "long", duration: duration, fps: fps)
    var options = ExportOptions()
    configure(&options)
    return try Exporter(outputDirectory: Self.outside, options: options).plan([timeline])
  }

  /// 2439 s at 41 fps is exactly floor(2439 · 41) + 1 = 100 000 frames; one second more is 100 041.
  @Test func exactlyTheLimitIsPlanned() throws {
    #expect(InputLimits.frames == 100_000)
    let plans = try plan(duration: 2439, fps: 41) { $0.formats = [] }
    #expect(plans[0].selection.indices.count == 100_000)
  }

  @Test func aSceneFileAskingForMoreIsBadInputNamingTheFileAndKey() throws {
    #expect {
      try plan(duration: 2440, fps: 41)
    } throws: { error in
      guard case .invalidInput(let input) = error as? ExportError else { return false }
      return input.file == "long.json" && input.keyPath == "duration"
        && input.description
          == "long.json: duration: 2440 s at 41 fps is 100041 frames; a render draws at most 100000 a scene (the limit): "
          + "render part of it with --time A-B, --frames A-B or --every-nth N, or shorten the scene"
    }
  }

  @Test func flagsAskingForMoreAreTheFlagsError() throws {
    // 1000 s is 60 001 frames at its own 60 fps, 120 001 at --fps 120.
    #expect(throws: Never.self) { try plan(duration: 1000, fps: 60) { $0.formats = [] } }
    #expect {
      try plan(duration: 1000, fps: 60) { $0.fps = 120 }
    } throws: { error in
      guard case .tooManyFrames(let message) = error as? ExportError else { return false }
      return message
        == "long.json: 1000 s at --fps 120 is 120001 frames; a render draws at most 100000 a scene (the limit): "
        + "render part of it with --time A-B, --frames A-B or --every-nth N"
    }
    #expect {
      try plan(duration: 3600, fps: 60) { $0.selection = .time(100...2100) }
    } throws: { error in
      guard case .tooManyFrames(let message) = error as? ExportError else { return false }
      return message.hasPrefix("long.json: --time 100-2100 at 60 fps is 120001 frames;")
    }
  }

  /// Part of a long scene, or every n-th frame of it, is within the limit.
  @Test func partOfALongSceneIsPlanned() throws {
    let part = try plan(duration: 3600, fps: 60) { $0.selection = .time(10...11) }
    #expect(part[0].selection.indices.count == 61)
    let sparse = try plan(duration: 3600, fps: 60) {
      $0.everyNth = 3
      $0.formats = []
    }
    #expect(sparse[0].selection.indices.count == 72_001)
  }
}
