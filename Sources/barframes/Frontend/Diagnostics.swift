import ArgumentParser
import BarFramesExport
import Foundation

/// Where the command line writes human-facing messages: standard error, never standard output.
enum Diagnostics {
  /// Writes one line to standard error.
  ///
  /// With write(2) and its result ignored past EINTR: `FileHandle.write` traps when standard
  /// error is closed or full, and a message that cannot be shown must not turn into a crash
  /// (issue 15); the exit code still tells what happened.
  static func printError(_ message: String) {
    write(message + "\n")
  }

  /// Writes text to standard error as it is (progress lines), never trapping.
  static func write(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        return
      }
    }
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
    // A closed pipe on stdout or stderr is an error to report (EPIPE), not a signal that kills.
    signal(SIGPIPE, SIG_IGN)
    // On Linux the arguments come from /proc/self/cmdline: without /proc the list is empty and
    // ArgumentParser would print the help and exit 0 as if nothing had been asked.
    guard !CommandLine.arguments.isEmpty else {
      Diagnostics.printError("barframes: error: cannot read the command line (is /proc mounted?)")
      Foundation.exit(1)
    }
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
