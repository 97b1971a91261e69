import BarFrames
import BarFramesExport

/// The whole `barframes` command line, for an executable of your own that adds designs.
///
/// A package that defines a design ships the complete tool with it in one line of
/// `main.swift`:
///
/// ```swift
/// import BarFramesCLI
///
/// await BarFramesCLI.main(designs: [Ring.self])
/// ```
///
/// Every subcommand (`still`, `render`, `inspect`, `golden`, `schema`, …) then reads styles
/// naming the added designs, and `schema` publishes their parameters.
public enum BarFramesCLI {
  /// Runs the command line on the process's arguments with BarFrames' own designs and
  /// `designs`, and returns when the command succeeded; on failure it exits with the command's
  /// exit code.
  ///
  /// On the main actor (as top-level code in `main.swift` is), so that a command which does not
  /// need concurrency runs without libdispatch's worker pool (see `BarFramesCommand.main`).
  @MainActor public static func main(designs: [any Design.Type] = []) async {
    await main(registry: DesignRegistry.standard.adding(contentsOf: designs))
  }

  /// Runs the command line with exactly the designs of `registry`.
  @MainActor public static func main(registry: DesignRegistry) async {
    FrameMemory.keepFreedFrames()
    await BarFramesCommand.main(designs: registry)
  }
}
