import BarFrames
import Foundation

/// Loading scenes for subcommands: input errors become exit code 65 with one line.
enum SceneLoading {
  /// Loads and replays one scene file.
  static func timeline(_ path: String) throws -> any SceneTimeline {
    do {
      // The name is shown in messages: escaped, so a file name cannot act on the terminal.
      let scene = try Scene.load(
        contentsOf: URL(fileURLWithPath: path), displayName: InputText.escapedPath(path),
        designs: BarFramesCommand.designs)
      return try scene.timeline()
    } catch {
      throw CommandFailure(message: error.description, status: .badInput)
    }
  }

  /// Checks a time argument: finite and not negative.
  static func checkTime(_ time: Double, flag: String) throws {
    guard time.isFinite, time >= 0 else {
      throw CommandFailure(message: "'\(flag)' must be a time in seconds ≥ 0, got \(time)", status: .usage)
    }
  }
}
