import BarFramesJSON
import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFrames

/// The timeline keeps a copy of the replay every few steps and replays forward from the
/// nearest one (issue 15): it must show exactly what a copy after every step shows, and its
/// copies must cost memory linear in the events.
@Suite("Timeline: replay from copies, linear memory, timer limit")
struct TimelineReplayTests {
  /// The same scene replayed with a copy after every step, with only the start kept, and
  /// with the default spacing, each at `times` (only the start kept: at `fromStartTimes`, since
  /// each of its inspections replays the scene from the start).
  static func inspections(_ scene: Scene, at times: [Double], fromStartAt fromStartTimes: [Double]) throws
    -> [[JSONValue]]
  {
    // Opened on the style's design: no list of designs here either.
    func run<D: Design>(_ design: D.Type) throws -> [[JSONValue]] {
      let style = try #require(scene.style.parameters(as: D.self))
      return try [0, nil, Timeline<D>.checkpointSpacing].map { spacing in
        let timeline = try Timeline<D>(
          scene: scene, style: style, checkpointSpacing: spacing, timerLimit: InputLimits.timerFirings)
        return (spacing == nil ? fromStartTimes : times).map { timeline.inspection(at: $0) }
      }
    }
    return try run(scene.style.design)
  }

  static var exampleNames: [String] {
    let folder = TestRendering.packageRoot.appendingPathComponent("Examples")
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
      .sorted()
  }

  @Test(arguments: exampleNames)
  func everyExampleShowsTheSameFromCopies(name: String) throws {
    let url = TestRendering.packageRoot.appendingPathComponent("Examples/\(name)")
    let scene = try Scene.load(contentsOf: url, displayName: "Examples/\(name)")
    // Every event time, a microsecond either side of it, and a grid over the whole scene.
    var times = scene.eventTimes.flatMap { [$0 - 1e-6, $0, $0 + 1e-6] }
    times += (0...40).map { scene.duration * Double($0) / 40 }
    times = times.filter { $0 >= 0 }
    // Replaying from the start at every one of these times is quadratic in the events (the
    // download bar's display link steps 60 times a second): 18 s of download-success alone.
    // Every 4th time, the first and last included, still reaches every part of the scene.
    let fromStart = Array(times.indices.filter { $0 % 4 == 0 || $0 == times.count - 1 })
    let runs = try Self.inspections(scene, at: times, fromStartAt: fromStart.map { times[$0] })
    #expect(runs[1] == fromStart.map { runs[0][$0] })
    #expect(runs[2] == runs[0])
  }

  static func longTweens(_ n: Int) throws -> Scene {
    let json = try JSONValue(
      parsing: #"""
        {"version": 1, "style": {"version": 1, "design": "customizable-bar"}, "duration": 3600,
         "events": [{"at": 0, "every": 0.01, "until": \#(Double(n - 1) * 0.01), "call": "setValue",
                     "args": {"value": {"start": 0.0003, "step": 0.0003}, "duration": 3000}}]}
        """#)
    return try Scene(json: json, file: "long.json", directory: ".", name: "long")
  }

  /// n tweens that all run to the end of the scene: a copy after every step holds
  /// 3 + 6 + … + 3n animations; the spaced copies hold at most one per step ÷ spacing, plus
  /// the design after the last step (3n tweens and the layers), kept so that the end needs no
  /// replay.
  @Test(arguments: [300, 3000])
  func longTweensKeepCopiesLinear(n: Int) throws {
    let scene = try Self.longTweens(n)
    let style = try #require(scene.style.parameters(as: CustomizableBar.self))
    let timeline = try Timeline<CustomizableBar>(scene: scene, style: style)
    let steps = timeline.stepTimes.count
    #expect(steps == n)
    // Every setValue moves the dot and the fill's width and position: 3 tweens, none finished.
    let end = Double(n - 1) * 0.01
    let final = timeline.design(at: end)
    #expect(final.layers.animationCount == 3 * n)
    #expect(timeline.checkpoints.last?.steps == steps)
    let bound = steps / Timeline<CustomizableBar>.checkpointSpacing + 1 + final.layers.count + 3 * n
    #expect(timeline.retainedSize <= bound)
  }

  /// The bound above tells copies after every step apart, and both show the same.
  @Test func copiesAfterEveryStepBreakTheBound() throws {
    let n = 300
    let scene = try Self.longTweens(n)
    let style = try #require(scene.style.parameters(as: CustomizableBar.self))
    let timeline = try Timeline<CustomizableBar>(scene: scene, style: style)
    let end = Double(n - 1) * 0.01
    let bound =
      timeline.stepTimes.count / Timeline<CustomizableBar>.checkpointSpacing + 1
      + timeline.design(at: end).layers.count + 3 * n
    let everyStep = try Timeline<CustomizableBar>(
      scene: scene, style: style, checkpointSpacing: 0, timerLimit: InputLimits.timerFirings)
    #expect(everyStep.retainedSize >= 3 * n * (n + 1) / 2)
    #expect(everyStep.retainedSize > bound)
    for t in [0, end / 3, end / 2, end, 100] {
      #expect(timeline.inspection(at: t) == everyStep.inspection(at: t))
    }
  }

  /// A seek bar set every frame without a duration: no tween outlives its step, so the design
  /// holds almost no animations, but every copy still copies its layers. Copies spaced by the
  /// animations alone came every step or two (10 001 frames of seek-bar held 20 MB of them);
  /// spaced by the layers too, there is at most one per `layers` steps, besides the start and
  /// the end.
  @Test func copiesOfASeekBarSetEveryFrameAreSpacedByItsLayers() throws {
    let n = 3000
    let json = try JSONValue(
      parsing: #"""
        {"version": 1, "style": {"version": 1, "design": "customizable-bar"}, "duration": 60,
         "events": [{"at": 0, "every": 0.02, "until": \#(Double(n - 1) * 0.02), "call": "setValue",
                     "args": {"value": {"start": 0.0003, "step": 0.0003}}}]}
        """#)
    let scene = try Scene(json: json, file: "seek.json", directory: ".", name: "seek")
    let style = try #require(scene.style.parameters(as: CustomizableBar.self))
    let timeline = try Timeline<CustomizableBar>(scene: scene, style: style)
    let layers = timeline.design(at: 0).layers.count
    #expect(layers >= 3)
    #expect(timeline.stepTimes.count >= n)
    #expect(timeline.checkpoints.count <= timeline.stepTimes.count / layers + 2)
  }

  /// Timers past the limit are an error naming the file and the event that set them off,
  /// never a replay that stops somewhere.
  @Test func timerFiringsPastTheLimitAreAnError() throws {
    // startDownload sets off two timers: the ready group's end and the swing's end.
    let json = try JSONValue(
      parsing:
        #"{"version": 1, "style": {"version": 1, "design": "download-bar"}, "duration": 4, "events": [{"at": 0.5, "call": "startDownload"}]}"#
    )
    let scene = try Scene(json: json, file: "timers.json", directory: ".", name: "timers")
    let style = try #require(scene.style.parameters(as: DownloadBar.self))
    _ = try Timeline<DownloadBar>(scene: scene, style: style, checkpointSpacing: 4, timerLimit: 2)
    let error = #expect(throws: InputError.self) {
      try Timeline<DownloadBar>(scene: scene, style: style, checkpointSpacing: 4, timerLimit: 1)
    }
    #expect(error?.description == "timers.json: events[0]: sets off more than 1 internal timer firings (the limit)")
  }
}
