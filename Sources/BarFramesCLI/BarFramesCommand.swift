import ArgumentParser
import BarFrames
import Synchronization

/// The `barframes` command line: renders Core Animation progress-bar designs into frames.
struct BarFramesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "barframes",
    abstract: "Render animated iOS progress-bar designs into PNG frames, SVG previews and golden images.",
    discussion: """
      Styles (Styles/*.json) describe how a bar looks; scenes (Examples/*.json) script what happens \
      to it over time. Exit codes: 0 success, 1 failure, 2 golden mismatch, 64 usage error, \
      65 invalid input file.
      """,
    version: BarFramesVersion.string,
    subcommands: [
      Compare.self,
      Golden.self,
      Inspect.self,
      Merge.self,
      Preview.self,
      Render.self,
      Schema.self,
      Still.self,
      TestCard.self,
      Timing.self,
      Validate.self,
    ]
  )
}

extension BarFramesCommand {
  /// The designs style files may name, set once by ``BarFramesCLI/main(designs:)`` before the
  /// arguments are parsed; every subcommand reads it.
  static var designs: DesignRegistry {
    get { registry.withLock { $0 } }
    set { registry.withLock { $0 = newValue } }
  }

  private static let registry = Mutex(DesignRegistry.standard)
}
