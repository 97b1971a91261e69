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
  /// A file of `format` was not written, for the reason given; the render goes on.
  case fileSkipped(scene: String, format: String, reason: String)
  /// A scene is finished.
  case sceneFinished(scene: String, frames: Int, seconds: Double)
  /// A scene is left as the output folder holds it: its inputs are those its manifest records
  /// and its files are untouched. Its `frames` are not rendered.
  case sceneSkipped(scene: String, ordinal: Int, sceneCount: Int, frames: Int)
  /// Another BarFrames writer holds the output folder (``FolderLock``); the render waits for it.
  case waitingForFolder(holder: String)
  /// Files named like the rendered scenes' frames that no BarFrames record of the folder lists
  /// were left in place: `count` of them, `first` the first by path (relative to OUT).
  case unownedFilesKept(count: Int, first: String)
}

/// One progress line for a whole run — every scene's frames counted together — with the
/// overall percent, frames per second and time left, fitted to the terminal's width so it
/// never wraps (a wrapped line cannot be redrawn in place).
///
/// ```
/// ██████░░░░░░░░░░  37% 1093/2930 frames · 512 fps · ETA 0:04 · [3/14] seek-bar
/// ```
/// A re-render that leaves unchanged scenes alone says how many: `· 5 unchanged` after the ETA.
public struct ProgressLine: Sendable {
  public var completed: Int
  public var total: Int
  /// Seconds since the run started.
  public var elapsed: Double
  /// "[3/14] seek-bar".
  public var scene: String
  /// Scenes left as they were (unchanged since the folder's last render), shown when any.
  public var skippedScenes: Int

  public init(completed: Int, total: Int, elapsed: Double, scene: String, skippedScenes: Int = 0) {
    self.completed = completed
    self.total = total
    self.elapsed = elapsed
    self.scene = scene
    self.skippedScenes = skippedScenes
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

  /// The line in at most `width` terminal columns, less one (writing into the last column makes
  /// some terminals wrap). Columns are counted as terminals count them (``columns(of:)``): a
  /// scene named in Japanese takes two a character. Parts are dropped from the right — the
  /// scene's name first shortened with an ellipsis — then the bar shrinks, so the percent stays.
  public func text(width: Int) -> String {
    let percent = String(Int(fraction * 100))
    let percentText = String(repeating: " ", count: max(0, 3 - percent.count)) + percent + "%"
    var parts = ["\(completed)/\(total) frames"]
    parts.append(framesPerSecond.map { "\(Int($0.rounded())) fps" } ?? "– fps")
    parts.append("ETA " + (secondsLeft.map(Self.clock) ?? "–"))
    if skippedScenes > 0 { parts.append("\(skippedScenes) unchanged") }
    let budget = max(1, width - 1)
    for barWidth in [20, 10] {
      let head = bar(barWidth) + " " + percentText + " "
      // The scene's name, whole or cut to the room left (at least a few characters of it).
      let withoutScene = head + parts.joined(separator: " · ")
      let room = budget - Self.columns(of: withoutScene) - 3
      if !scene.isEmpty, room >= 8 || (room >= 0 && Self.columns(of: scene) <= room) {
        return withoutScene + " · " + Self.prefix(scene, columns: room)
      }
      var kept = parts
      while !kept.isEmpty {
        let line = head + kept.joined(separator: " · ")
        if Self.columns(of: line) <= budget { return line }
        kept.removeLast()
      }
      let short = bar(barWidth) + " " + percentText
      if Self.columns(of: short) <= budget && barWidth == 10 { return short }
    }
    return String(percentText.trimmingCharacters(in: .whitespaces).prefix(budget))
  }

  /// The columns `text` takes on a terminal: two for East Asian wide and fullwidth characters
  /// and emoji shown as emoji, none for combining marks and format characters, one otherwise.
  /// Where terminals disagree the count is the larger, so a line measured to fit does fit.
  public static func columns(of text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
  }

  static func columns(of scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0x1160...0x11FF).contains(scalar.value) { return 0 }  // Hangul vowels and finals join the syllable
    if scalar.properties.isEmojiPresentation { return 2 }
    return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
  }

  /// East Asian Width W and F (Unicode's EastAsianWidth.txt), in blocks.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
    0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
    0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
    0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
    0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
    0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
    0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
    0x1F191...0x1F19A, 0x1F200...0x1F2FF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB,
    0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  /// `text` cut to at most `columns` columns, with "…" when cut.
  static func prefix(_ text: String, columns: Int) -> String {
    guard Self.columns(of: text) > columns else { return text }
    var result = ""
    var used = 0
    for character in text {
      let width = Self.columns(of: String(character))
      if used + width > columns - 1 { break }
      result.append(character)
      used += width
    }
    return result + "…"
  }

  private func bar(_ width: Int) -> String {
    let filled = Int((fraction * Double(width)).rounded(.down))
    return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
  }
}
