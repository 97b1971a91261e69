import BarFrames
import BarFramesGraphics
import BarFramesTestSupport
import Foundation
import Testing

/// Builds customizable-bar timelines from inline scenes and from the committed examples, and
/// the easing the expected values are worked out with.
enum CustomizableBarScenes {
  /// A timeline of `events` on a 247 × 20 demo bar; `style` adds style members (`"pauseStrategy": "none"`).
  static func timeline(_ events: String, style: String = "", duration: Double = 6) throws -> Timeline<CustomizableBar> {
    let extra = style.isEmpty ? "" : ", \(style)"
    let json = try JSONValue(
      parsing:
        #"{"version": 1, "style": {"version": 1, "design": "customizable-bar"\#(extra)}, "duration": \#(duration), "events": [\#(events)]}"#
    )
    let scene = try Scene(json: json, file: "test.json", directory: ".", name: "test")
    return try #require(try scene.timeline() as? Timeline<CustomizableBar>)
  }

  /// The committed example `Examples/<name>.json`.
  static func example(_ name: String) throws -> Timeline<CustomizableBar> {
    let url = TestRendering.packageRoot.appendingPathComponent("Examples/\(name).json")
    let scene = try Scene.load(contentsOf: url, displayName: "Examples/\(name).json")
    return try #require(try scene.timeline() as? Timeline<CustomizableBar>)
  }

  /// Easing values of UIKit's ease-in-out curve (0.42, 0, 0.58, 1), computed outside this
  /// code base by bisection on the Bézier's x (200 steps) and written down here, so the
  /// expected values below do not depend on the timing model under test. The curve is
  /// symmetric: ease(1 − u) = 1 − ease(u), and ease(0.5) = 0.5.
  static let ease: [Double: Double] = [
    0.04: 0.0030777039785688117,
    0.1: 0.019722453548311196,
    0.2: 0.08165985626589747,
    0.3: 0.18739590670531253,
    0.4: 0.3318838700976461,
    0.5: 0.5,
  ]
}

extension Timeline<CustomizableBar> {
  /// The fill's presented width at `t`.
  func fillWidth(at t: Double) -> Double { design(at: t).presentedFillWidth(at: t) }
  /// The dot's presented centre at `t`.
  func dotCenter(at t: Double) -> Point { design(at: t).presentedDotCenter(at: t) }
}

/// `|a − b| ≤ tolerance`.
func isNear(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
