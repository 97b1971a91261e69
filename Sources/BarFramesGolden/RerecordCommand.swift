import Foundation

/// The commands failure messages suggest for re-recording goldens, carrying the failing test's
/// own scene, folder, times and scale so they can be pasted as they are.
public enum RerecordCommand {
  /// `barframes golden record Examples/bar.json --golden Tests/Goldens --at 0.5 --at 1`; no
  /// `--at` when `times` is nil (the scene's key times), `--scale` only when it is not 1.
  /// `tool` is the executable that knows the scene's design (another package's own tool for
  /// its designs).
  public static func goldenRecord(
    tool: String = "barframes", scene: String, golden: String, times: [Double]?, scale: Int = 1
  ) -> String {
    var words = [shellQuoted(tool), "golden", "record", shellQuoted(scene), "--golden", shellQuoted(golden)]
    for time in times ?? [] { words += ["--at", formatSeconds(time)] }
    if scale != 1 { words += ["--scale", "\(scale)"] }
    return words.joined(separator: " ")
  }

  /// `BARFRAMES_RECORD=failed swift test --filter bentLineSliderMatchesItsGoldens`.
  public static func swiftTest(filter: String?) -> String {
    "BARFRAMES_RECORD=failed swift test" + (filter.map { " --filter \(shellQuoted($0))" } ?? "")
  }

  /// `url`'s path relative to `directory` (the working directory by default) when it lies
  /// inside it, so a suggested command stays short; its absolute path otherwise.
  public static func displayPath(
    _ url: URL, relativeTo directory: String = FileManager.default.currentDirectoryPath
  ) -> String {
    let path = url.standardizedFileURL.path
    let base = URL(fileURLWithPath: directory).standardizedFileURL.path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// `0.5`, `1`, `2.01`: the shortest spelling that reads back as the same number.
  public static func formatSeconds(_ time: Double) -> String {
    if time == time.rounded(), abs(time) < 1e15 { return "\(Int(time))" }
    return "\(time)"
  }

  /// `word` as is when the shell would read it unchanged, otherwise in single quotes.
  public static func shellQuoted(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "-_./=:@%+,".unicodeScalars.contains($0)
      }
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
