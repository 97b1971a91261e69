import Foundation

/// What an export reports as it goes, for a progress bar or log lines. Delivered on the thread
/// that called ``Exporter/export(_:progress:)``, in order.
public enum ExportProgress: Sendable {
  /// A scene starts: `frames` frames will be rendered by this shard (for its PNGs or animations).
  case sceneStarted(scene: String, ordinal: Int, sceneCount: Int, frames: Int)
  /// `completed` of the scene's `frames` are done.
  case framesCompleted(scene: String, completed: Int, frames: Int)
  /// A whole-scene file (APNG, GIF, sheet, SVG, HTML) was written; `path` is relative to OUT.
  case fileWritten(scene: String?, format: String, path: String, bytes: Int)
  /// A scene is finished.
  case sceneFinished(scene: String, frames: Int, seconds: Double)
}

/// One progress line for a whole run — every scene's frames counted together — with the
/// overall percent, frames per second and time left, fitted to the terminal's width so it
/// never wraps (a wrapped line cannot be redrawn in place).
///
/// ```
/// ██████░░░░░░░░░░  37% 1093/2930 frames · 512 fps · ETA 0:04 · [3/14] seek-bar
/// ```
public struct ProgressLine: Sendable {
  public var completed: Int
  public var total: Int
  /// Seconds since the run started.
  public var elapsed: Double
  /// "[3/14] seek-bar".
  public var scene: String

  public init(completed: Int, total: Int, elapsed: Double, scene: String) {
    self.completed = completed
    self.total = total
    self.elapsed = elapsed
    self.scene = scene
  }

  public var fraction: Double { total <= 0 ? 1 : min(1, Double(completed) / Double(total)) }

  /// Frames per second so far, or nil before there is a meaningful measurement.
  public var framesPerSecond: Double? { elapsed > 0.05 && completed > 0 ? Double(completed) / elapsed : nil }

  /// Seconds left at the rate so far, or nil while unknown.
  public var secondsLeft: Double? {
    guard let fps = framesPerSecond, fps > 0 else { return nil }
    return Double(total - completed) / fps
  }

  /// "0:04", "12:30", "1:02:03".
  public static func clock(_ seconds: Double) -> String {
    let s = Int(seconds.rounded(.up))
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
  }

  /// The line in at most `width` characters (terminal columns; every character used is one
  /// column wide). Parts are dropped from the right, then the bar shrinks, so the percent stays.
  public func text(width: Int) -> String {
    let percent = String(Int(fraction * 100))
    let percentText = String(repeating: " ", count: max(0, 3 - percent.count)) + percent + "%"
    var parts = ["\(completed)/\(total) frames"]
    parts.append(framesPerSecond.map { "\(Int($0.rounded())) fps" } ?? "– fps")
    parts.append("ETA " + (secondsLeft.map(Self.clock) ?? "–"))
    parts.append(scene)
    let budget = max(1, width - 1)  // the last column would make some terminals wrap
    for barWidth in [20, 10] {
      var kept = parts
      while !kept.isEmpty {
        let line = bar(barWidth) + " " + percentText + " " + kept.joined(separator: " · ")
        if line.count <= budget { return line }
        kept.removeLast()
      }
      let short = bar(barWidth) + " " + percentText
      if short.count <= budget && barWidth == 10 { return short }
    }
    return String(percentText.trimmingCharacters(in: .whitespaces).prefix(budget))
  }

  private func bar(_ width: Int) -> String {
    let filled = Int((fraction * Double(width)).rounded(.down))
    return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
  }
}
