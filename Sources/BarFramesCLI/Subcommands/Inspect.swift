import ArgumentParser
import BarFrames

extension BarFramesCommand {
  /// Prints the presentation tree of a scene at one time as JSON.
  struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print a scene's presented layers and design state at one time, as JSON.",
      discussion: """
        Evaluates exactly at --at (no snapping to frames); an event at that time has happened. \
        Each layer has its name, hidden, opacity, frame ([x, y, w, h] of the presented geometry \
        in canvas points, without stroke width), transform ([a, b, c, d, tx, ty] to the canvas) \
        and, where they apply, path, fillColor, strokeColor, lineWidth, strokeEnd and text.
        """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: ArgumentHelp("The time in seconds.", valueName: "T"), transform: Seconds.init(validating:))
    var at: Seconds

    func run() throws {
      let timeline = try SceneLoading.timeline(scene)
      print(timeline.inspection(at: at.value).serialized(pretty: true))
      // The process ends next: freeing the replay object by object is work nobody waits for
      // (a design can hold hundreds of thousands of animations). The system reclaims it at
      // exit, as clang's -disable-free leaves it to.
      _ = Unmanaged.passRetained(KeptUntilExit(timeline))
    }

    /// What `run` leaves for the system to reclaim when the process exits.
    private final class KeptUntilExit {
      let value: any SceneTimeline
      init(_ value: any SceneTimeline) { self.value = value }
    }
  }
}
