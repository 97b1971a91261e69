import BarFrames
import BarFramesGraphics
import Foundation
import Testing

/// The interactive-transition scenes (seed interactive-transition.md, timing.md §1.6) on the
/// READY group. The group is added at 0.5 on the indicator's clock, so its local begin is 0.5
/// and `updateInteractive` sets timeOffset = 0.5 + percent × 0.9: the group's u = percent and
/// e = easeOut(u) (cubic-bezier(0, 0, 0.58, 1), solved by bisection). Positions follow the
/// hop path of designs.md §2.4 A in bar coordinates; canvas = bar + (20, 40).
@Suite struct DownloadBarInteractiveTests {
  // MARK: download-scrub-finish

  /// Paused at 0.86; the pan sets percent 0.4 + 0.025n at 0.9 + 0.05n (n ≤ 12), then
  /// 0.675 − 0.025n at 1.55 + 0.05n (n ≤ 9, ending at 0.45 at 2.0).
  /// 1.21 (n = 6, the event at 0.9 + 6 × 0.05 = 1.2000000000000002): u = 0.55, e = 0.73665492… → last segment (0.75…1 goes left) not yet: third
  /// segment, s = (0.73665 − 0.5)/0.25 = 0.94662, x = 100 + 20s = 118.93239 → canvas
  /// (138.93239, 72.5); tilt 15° (e ≥ 0.7).
  /// 2.2 (held at u = 0.45): e = 0.62932394… → x = 100 + 20 × (0.62932 − 0.5)/0.25 = 110.34591,
  /// tilt = 15 × (0.62932 − 0.4)/0.3 = 11.46620°; it does not move while paused (2.1 = 2.2).
  @Test func scrubbingHoldsTheGroupAtThePercent() throws {
    let timeline = try DownloadBarFixture.example("download-scrub-finish")
    #expect(close(try timeline.anchor("indicator", at: 1.21), Point(138.93239397008142, 72.5), 1e-5))
    #expect(close(try timeline.rotationDegrees("indicator", at: 1.21), 15, 1e-6))
    #expect(close(try timeline.anchor("indicator", at: 2.2), Point(130.34591486615628, 72.5), 1e-5))
    #expect(close(try timeline.rotationDegrees("indicator", at: 2.2), 11.466196791347672, 1e-5))
    #expect(try timeline.anchor("indicator", at: 2.1) == timeline.anchor("indicator", at: 2.2))
    // The tag's shapes are sublayers: they follow the scrubbed clock (held, since 0.36 s > 0.3 s);
    // the tag is tilted, so its x-scale is the length of the rotated x axis.
    #expect(close(try timeline.rotatedXScale("indicator.rectangle", at: 1.21), 1.5))
    // While paused the completion delegate cannot fire: still READY long after 0.5 + 1.1.
    #expect(timeline.phase(at: 2.25) == "ready")
  }

  /// finishInteractive at 2.3 resumes the clock from u = 0.45: at 2.5, u = 0.45 + 0.2/0.9
  /// = 0.67222, e = 0.84840037 → last segment, s = (0.8484 − 0.75)/0.25 = 0.39360, x = 120 −
  /// 120s = 72.76782 → canvas (92.76782, 72.5). The group ends at 2.3 + 0.55 × 0.9 = 2.795;
  /// the swing runs to 2.995, then DOWNLOADING; ticks p = 0.05 + 0.05n from 3.1 reach 1 at 5.0.
  @Test func finishingPlaysOnFromThere() throws {
    let timeline = try DownloadBarFixture.example("download-scrub-finish")
    #expect(close(try timeline.anchor("indicator", at: 2.5), Point(92.76782392312056, 72.5), 1e-5))
    #expect(close(try timeline.anchor("indicator", at: 2.9), Point(20, 72.5)))
    #expect(close(try timeline.rotationDegrees("indicator", at: 2.85), -11.25, 1e-6))
    #expect(timeline.phase(at: 2.99) == "ready")
    #expect(timeline.phase(at: 3.0) == "downloading")
    #expect(try timeline.label(at: 3.15).text == "5%")
    #expect(close(try timeline.anchor("indicator", at: 3.15), Point(30, 72.5)))
    #expect(timeline.phase(at: 5.1) == "success")
  }

  // MARK: download-scrub-cancel

  /// Paused at 0.6 (both the indicator and the container); percent 0.12 + 0.04n at 0.65 + 0.05n
  /// (n ≤ 12) and, to keep the container on the same clock, its timeOffset 0.608 + 0.036n
  /// = 0.5 + 0.9 × percent.
  /// 0.9 (n = 5): percent 0.32, e = easeOut(0.32) = 0.47123290 → second segment, s =
  /// (0.47123 − 0.25)/0.25 = 0.88493, y = 32.5 × 0.88493 = 28.76028 → canvas (120, 68.76028);
  /// tilt 15 × (0.47123 − 0.4)/0.3 = 3.56165°. The container is 0.288 s into its 0.3 s collapse:
  /// f = 0.96, scale (1 + 1.5f, 1 − 0.95f) = (2.44, 0.088).
  @Test func scrubbingTheWholeBar() throws {
    let timeline = try DownloadBarFixture.example("download-scrub-cancel")
    #expect(close(try timeline.anchor("indicator", at: 0.9), Point(120, 68.76027737970391), 1e-5))
    #expect(close(try timeline.rotationDegrees("indicator", at: 0.9), 3.5616451460399663, 1e-5))
    let container = try timeline.scale("container", at: 0.9)
    #expect(close(container.x, 2.44) && close(container.y, 0.088))
  }

  /// cancelInteractive at 1.5 from percent 0.6 (0.54 s in): everything plays back on one
  /// backwards clock, local = 1.04 − x at x = t − 1.5, and ends at 1.5 + 0.54 = 2.04.
  /// 1.77 (x = 0.27): the group is at u = (0.54 − 0.27)/0.9 = 0.3, e = 0.44518597 → second
  /// segment, y = 32.5 × (0.44519 − 0.25)/0.25 = 25.37418 → canvas (120, 65.37418), tilt
  /// 15 × 0.04519/0.3 = 2.25930°.
  /// The 0.3 s morphs and the collapse ended 0.24 s before the cancel point: they hold until
  /// x = 0.24 and play back over the last 0.3 s. At 1.89 (x = 0.39) they are 0.15 s in:
  /// triangle 1 − 0.7 × 0.5 = 0.65, container (1.75, 0.525). From 2.04 the model shows: the
  /// square and the arrow at the centre (120, 80), upright.
  @Test func cancellingPlaysTheTransitionBack() throws {
    let timeline = try DownloadBarFixture.example("download-scrub-cancel")
    #expect(close(try timeline.anchor("indicator", at: 1.77), Point(120, 65.37417577127382), 1e-5))
    #expect(close(try timeline.rotationDegrees("indicator", at: 1.77), 2.2592983735668537, 1e-5))
    #expect(close(try timeline.rotatedXScale("indicator.triangle", at: 1.7), 0.3))
    #expect(close(try timeline.scale("indicator.triangle", at: 1.89).x, 0.65))
    let container = try timeline.scale("container", at: 1.89)
    #expect(close(container.x, 1.75) && close(container.y, 0.525))
    #expect(close(try timeline.anchor("indicator", at: 2.1), Point(120, 80)))
    #expect(close(try timeline.rotationDegrees("indicator", at: 2.1), 0, 1e-9))
    #expect(close(try timeline.scale("indicator.rectangle", at: 2.1).x, 1))
    #expect(close(try timeline.scale("container", at: 2.1).x, 1))
  }

  /// The cancel removes the ready group, so its delegate never reports `finished:YES`: the
  /// original then stays READY with `_isAnimaiting` set for good, and the tap at 2.3 is ignored.
  @Test func aCancelledReadyNeverFinishes() throws {
    let timeline = try DownloadBarFixture.example("download-scrub-cancel")
    #expect(timeline.phase(at: 2.6) == "ready")
    #expect(timeline.ignoredCalls(at: 2.6) == ["startDownload@2.3"])
  }
}
