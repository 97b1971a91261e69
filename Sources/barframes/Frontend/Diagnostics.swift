import ArgumentParser
import BarFramesExport
import Foundation

/// Where the command line writes human-facing messages: standard error, never standard output.
enum Diagnostics {
  /// Writes one line to standard error.
  static func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}

/// An error the command line reports itself: one line on standard error and a distinct exit code.
///
/// - 1: a failure while doing the work (rendering, writing files).
/// - 65: an input file is invalid (`EX_DATAERR` in sysexits.h).
struct CommandFailure: Error, CustomStringConvertible {
  var message: String
  var exitCode: Int32

  static let dataErrorCode: Int32 = 65

  var description: String { message }
}

extension BarFramesCommand {
  /// Runs the command and maps errors to messages and exit codes.
  ///
  /// ArgumentParser's own errors keep their behaviour (usage errors print the usage and exit 64;
  /// `--help` and `--version` exit 0); every other error becomes a single `barframes: error:`
  /// line.
  static func main() async {
    // Every subcommand writes through AtomicFile: Ctrl-C, SIGTERM or SIGHUP removes the
    // temporary files, so nothing half-written is left under any name.
    TemporaryFiles.shared.installInterruptHandler()
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let failure as CommandFailure {
      Diagnostics.printError("barframes: error: \(failure.message)")
      Foundation.exit(failure.exitCode)
    } catch let error as ExitCode {
      exit(withError: error)
    } catch {
      if error is ValidationError || error is CleanExit || String(describing: type(of: error)).contains("CommandError") {
        exit(withError: error)
      }
      Diagnostics.printError("barframes: error: \(error)")
      Foundation.exit(1)
    }
  }
}
