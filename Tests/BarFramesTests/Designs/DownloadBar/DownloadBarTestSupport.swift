import BarFrames
import BarFramesGraphics
import BarFramesTestSupport
import Foundation
import Testing

/// Loading the examples and reading presented values the way designs.md states them.
///
/// The examples use `Styles/download-arrow.json`: a 200 × 80 bar inset by (20, 40) in a
/// 240 × 160 canvas, so a bar point (x, y) is drawn at (x + 20, y + 40).
enum DownloadBarFixture {
  static let inset = Point(20, 40)

  static func example(_ name: String) throws -> any SceneTimeline {
    let url = TestRendering.packageRoot.appendingPathComponent("Examples/\(name).json")
    return try Scene.load(contentsOf: url, displayName: "Examples/\(name).json").timeline()
  }

  /// A scene on the default style (the canvas is the 200 × 80 bar itself).
  static func scene(_ events: String, duration: Double = 20) throws -> any SceneTimeline {
    let json = try JSONValue(
      parsing:
        #"{"version": 1, "style": {"version": 1, "design": "download-bar"}, "duration": \#(duration), "events": [\#(events)]}"#
    )
    return try Scene(json: json, file: "test.json", directory: ".", name: "test").timeline()
  }

  /// A bar point on the examples' canvas.
  static func canvas(_ x: Double, _ y: Double) -> Point { Point(x + inset.x, y + inset.y) }
}

extension SceneTimeline {
  func layer(_ name: String, at time: Double) throws -> PresentedLayer {
    try #require(presentation(at: time)[name], "no layer \(name) at \(time)")
  }

  /// Where the layer's anchor point (its centre, or its top-left for the stream) is drawn.
  func anchor(_ name: String, at time: Double, anchorPoint: Point = Point(0.5, 0.5)) throws -> Point {
    let layer = try layer(name, at: time)
    let b = layer.bounds
    return layer.toCanvas.apply(to: Point(b.minX + anchorPoint.x * b.width, b.minY + anchorPoint.y * b.height))
  }

  /// The z rotation of a layer's transform to the canvas, in degrees (clockwise on screen).
  func rotationDegrees(_ name: String, at time: Double) throws -> Double {
    let t = try layer(name, at: time).toCanvas
    return atan2(t.b, t.a) * 180 / .pi
  }

  /// The x and y scales of a layer's transform to the canvas (no rotation present).
  func scale(_ name: String, at time: Double) throws -> (x: Double, y: Double) {
    let t = try layer(name, at: time).toCanvas
    return (t.a, t.d)
  }

  /// The x-scale of a layer whose transform to the canvas also rotates: the length of the
  /// image of the unit x vector.
  func rotatedXScale(_ name: String, at time: Double) throws -> Double {
    let t = try layer(name, at: time).toCanvas
    return hypot(t.a, t.b)
  }

  func phase(at time: Double) -> String? {
    if case .string(let s)? = inspection(at: time)["state"]?["phase"] { return s }
    return nil
  }

  func progress(at time: Double) -> Double? {
    if case .number(let v)? = inspection(at: time)["state"]?["progress"] { return v }
    return nil
  }

  /// The label's text and colour as presented.
  func label(at time: Double) throws -> (text: String, color: Color, hidden: Bool) {
    let layer = try layer("indicator.label", at: time)
    guard case .text(let text) = layer.content else {
      Issue.record("the label is not a text layer")
      return ("", .clear, true)
    }
    return (text.string, text.color, layer.isHidden)
  }

  /// The calls the design ignored up to `time`, as `call@time`.
  func ignoredCalls(at time: Double) -> [String] {
    guard case .array(let items)? = inspection(at: time)["state"]?["ignoredCalls"] else { return [] }
    return items.compactMap { item in
      guard case .string(let call)? = item["call"], case .number(let at)? = item["at"] else { return nil }
      return "\(call)@\(at)"
    }
  }
}

/// Equal within `tolerance` (the timing solver is exact to about 1e-10).
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-6) -> Bool {
  close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}
