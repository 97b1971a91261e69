import ArgumentParser
import BarFrames
import BarFramesJSON
import BarFramesTiming
import Foundation

extension BarFramesCommand {
  /// Samples Core Animation timing probes and prints what would be presented.
  struct Timing: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "timing",
      abstract: "Sample Core Animation timing probes and print the presented values as JSON.",
      discussion: """
        PROBE.json is {"version": 1, "probes": [...]}; each probe describes layer clocks with \
        pause/resume/set events, one animation, its model value and the absolute times to sample. \
        The output is {"version": 1, "results": [...]} on stdout. An invalid file prints one line \
        naming the file, the probe and the key, and exits with 65.
        """)

    @Argument(help: "The probe file to evaluate.")
    var probeFile: String

    func run() throws {
      let url = URL(fileURLWithPath: probeFile)
      let name = InputText.escapedPath(probeFile)
      let bytes: [UInt8]
      do {
        bytes = try InputFile.readBytes(url, displayName: name)
      } catch {
        Self.report(error.description)
        throw ExitCode(CommandExitCode.badInput.rawValue)
      }
      do {
        let output = try TimingProbeFile.run(Data(bytes), file: name)
        FileHandle.standardOutput.write(Data(output.utf8))
      } catch {
        Self.report(error.description)
        throw ExitCode(CommandExitCode.badInput.rawValue)
      }
    }

    private static func report(_ line: String) {
      Diagnostics.printError(line)
    }
  }
}
