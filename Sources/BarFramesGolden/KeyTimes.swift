import BarFrames

extension Scene {
  /// The times golden images and SVG previews are taken at: 0, 25, 50, 75 and 100 % of the
  /// duration, plus the time of every event entry within the duration (a repeating entry
  /// contributes its first time only, so a per-frame player callback does not add hundreds).
  public var keyTimes: [Double] {
    var times = [0, 0.25, 0.5, 0.75, 1].map { $0 * duration }
    var seen: Set<String> = []
    for event in events where event.at <= duration && seen.insert(event.path.description).inserted {
      times.append(event.at)
    }
    var unique: [Double] = []
    for t in times.sorted() where unique.last.map({ abs($0 - t) >= 0.0005 }) ?? true { unique.append(t) }
    return unique
  }
}
