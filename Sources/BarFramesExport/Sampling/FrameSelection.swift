import BarFrames

/// Which part of a scene to render: the command line's `--at`, `--time`, `--frames` and
/// `--progress`, resolved against a scene to a ``FrameSampler`` and the frame indices to draw.
public enum FrameSelection: Hashable, Sendable {
  /// Every frame of the scene, `0…duration`.
  case all
  /// One frame at a time in seconds (`--at T`).
  case at(Double)
  /// The interval `[A, B]` in seconds, sampled as its own sequence starting at A (`--time A-B`):
  /// frame 0 is at A.
  case time(ClosedRange<Double>)
  /// Frames A through B of the whole scene's sequence (`--frames A-B`), keeping their numbers.
  case frames(ClosedRange<Int>)
  /// One frame at a fraction of the duration (`--progress 0.5`).
  case progress(Double)
  /// The interval between two fractions of the duration (`--progress 0.25-0.75`).
  case progressRange(ClosedRange<Double>)

  /// The sampler whose indices name the files, and the indices selected from it.
  ///
  /// - Parameters:
  ///   - duration: The scene's duration in seconds.
  ///   - rate: The frame rate.
  ///   - everyNth: Keep every n-th selected frame (the first always), n ≥ 1.
  /// - Throws: ``ExportError/emptySelection(_:)`` when a frame range starts past the last frame.
  public func resolve(duration: Double, rate: FrameRate, everyNth: Int = 1) throws(ExportError) -> ResolvedSelection {
    precondition(everyNth >= 1, "everyNth must be at least 1")
    let sampler: FrameSampler
    var first = 0
    var last: Int
    switch self {
    case .all:
      sampler = FrameSampler(duration: duration, rate: rate)
      last = sampler.count - 1
    case .at(let t):
      sampler = FrameSampler(start: t, duration: 0, rate: rate)
      last = 0
    case .time(let range):
      sampler = FrameSampler(start: range.lowerBound, duration: range.upperBound - range.lowerBound, rate: rate)
      last = sampler.count - 1
    case .frames(let range):
      sampler = FrameSampler(duration: duration, rate: rate)
      guard range.lowerBound < sampler.count else {
        throw .emptySelection(
          "frames \(range.lowerBound)-\(range.upperBound) are past the last frame, \(sampler.count - 1)")
      }
      first = range.lowerBound
      last = min(range.upperBound, sampler.count - 1)
    case .progress(let p):
      sampler = FrameSampler(start: SceneTime.time(atProgress: p, of: duration), duration: 0, rate: rate)
      last = 0
    case .progressRange(let range):
      let start = SceneTime.time(atProgress: range.lowerBound, of: duration)
      sampler = FrameSampler(
        start: start, duration: SceneTime.time(atProgress: range.upperBound, of: duration) - start, rate: rate)
      last = sampler.count - 1
    }
    return ResolvedSelection(
      sampler: sampler, indices: Array(stride(from: first, through: last, by: everyNth)), everyNth: everyNth)
  }
}

/// A selection resolved against one scene.
public struct ResolvedSelection: Hashable, Sendable {
  /// The sequence the indices belong to (and that names the files).
  public var sampler: FrameSampler
  /// The frames to render, ascending.
  public var indices: [Int]
  /// The stride between selected frames, which stretches the animated previews' frame delays.
  public var everyNth: Int

  /// The time of the first and last selected frames.
  public var timeRange: ClosedRange<Double> {
    sampler.time(ofFrame: indices.first ?? 0)...sampler.time(ofFrame: indices.last ?? 0)
  }
}
