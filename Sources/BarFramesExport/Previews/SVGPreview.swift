import BarFrames

/// A vector preview at one key time: 0, 25, 50, 75 and 100 % of the rendered interval, and
/// the time of every event entry inside it (where the design changes on purpose; a repeating
/// entry counts once, at its first time — see `Scene.entryEvents`).
public struct SVGPreview: Hashable, Sendable {
  public var time: Double
  /// "0 %", "50 %" or the calls at that time, e.g. "setProgress".
  public var label: String

  public init(time: Double, label: String) {
    self.time = time
    self.label = label
  }

  /// The previews of `scene` over `interval`, by time, one per millisecond label (a key time
  /// wins over an event at the same millisecond).
  public static func previews(for scene: Scene, in interval: ClosedRange<Double>) -> [SVGPreview] {
    var byLabel: [String: SVGPreview] = [:]
    let span = interval.upperBound - interval.lowerBound
    for percent in [0, 25, 50, 75, 100] {
      let time = SceneTime.canonical(
        percent == 100 ? interval.upperBound : interval.lowerBound + span * Double(percent) / 100)
      let key = SceneFileNames.timeLabel(time)
      if byLabel[key] == nil { byLabel[key] = SVGPreview(time: time, label: "\(percent) %") }
    }
    var calls: [String: [String]] = [:]
    for event in scene.entryEvents where interval.contains(event.at) {
      let key = SceneFileNames.timeLabel(event.at)
      if byLabel[key] == nil { byLabel[key] = SVGPreview(time: event.at, label: "") }
      if !(calls[key]?.contains(event.call) ?? false) { calls[key, default: []].append(event.call) }
    }
    for (key, names) in calls where byLabel[key]?.label.isEmpty == true {
      byLabel[key]?.label = names.joined(separator: ", ")
    }
    return byLabel.values.sorted { $0.time < $1.time }
  }
}
