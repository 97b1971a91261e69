extension Scene {
  /// The first occurrence of every event entry in the file: a repeating entry (`every`/`until`)
  /// contributes only its first repetition, so a per-frame player callback stands for itself once.
  public var entryEvents: [SceneEvent] {
    var seen: Set<JSONPath> = []
    return events.filter { seen.insert($0.path).inserted }
  }

  /// The times goldens and SVG previews are taken at: 0, 25, 50, 75 and 100 % of the duration
  /// plus the time of every event entry within it (see ``entryEvents``), one per millisecond,
  /// each snapped by ``SceneTime/canonical(_:)`` like every other time.
  public var keyTimes: [Double] {
    let times =
      [0, 0.25, 0.5, 0.75, 1].map { SceneTime.time(atProgress: $0, of: duration) }
      + entryEvents.map(\.at).filter { $0 <= duration }
    var unique: [Double] = []
    for t in times.sorted() where unique.last.map({ abs($0 - t) >= 0.0005 }) ?? true { unique.append(t) }
    return unique
  }
}
