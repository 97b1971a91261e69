import ArgumentParser
import BarFrames
import BarFramesExport
import CBarFramesArguments
import Foundation

/// Where the command line writes human-facing messages: standard error, never standard output.
enum Diagnostics {
  /// The running executable's name, as messages begin: `barframes`, or the name of another
  /// package's tool built on ``BarFramesCLI`` (`ring-barframes`), so a message and the
  /// commands it suggests name the tool that can act on them.
  static let tool: String = {
    let name = CommandLineArguments.process.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
    return name.isEmpty ? "barframes" : name
  }()

  /// `tool: error: message`, the one line every failure prints.
  static func errorLine(_ message: String) -> String { "\(tool): error: \(message)" }

  /// Writes one line to standard error.
  ///
  /// With write(2) and its result ignored past EINTR: `FileHandle.write` traps when standard
  /// error is closed or full, and a message that cannot be shown must not turn into a crash;
  /// the exit code still tells what happened.
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

/// Every exit status `barframes` uses, in one place (the README's "Exit codes" lists them).
public enum CommandExitCode: Int32, Sendable, CaseIterable {
  /// Everything asked was done.
  case success = 0
  /// A failure while doing the work: rendering, writing files, a golden that cannot be compared.
  case failure = 1
  /// `golden verify`: at least one frame does not match its golden (or has none).
  case goldenMismatch = 2
  /// The command line itself is wrong (`EX_USAGE` in sysexits.h); ArgumentParser uses it too.
  case usage = 64
  /// An input file is invalid (`EX_DATAERR` in sysexits.h).
  case badInput = 65
  /// An output is refused before anything is drawn (`EX_CANTCREAT`): it is one of the run's
  /// input files, or a file in the output folder that no BarFrames record lists.
  case outputRefused = 73
  /// Another BarFrames writer holds the output folder and `--no-wait` was given
  /// (`EX_TEMPFAIL`: try again later).
  case folderBusy = 75
}

/// An error the command line reports itself: one line on standard error and a distinct exit code.
struct CommandFailure: Error, CustomStringConvertible {
  var message: String
  var status: CommandExitCode

  var exitCode: Int32 { status.rawValue }
  var description: String { message }
}

extension BarFramesCommand {
  /// Runs the command and maps errors to messages and exit codes.
  ///
  /// ArgumentParser's own errors keep their behaviour (usage errors print the usage and exit 64;
  /// `--help` and `--version` exit 0); every other error becomes a single `barframes: error:`
  /// line (named for the executable running, ``Diagnostics/tool``).
  /// When Ctrl-C, SIGTERM or SIGHUP is being handled, the error a command ends with is only
  /// the interrupt seen from a writer (its file was refused); the handler is about to print its
  /// message and exit with 128 + the signal, so wait for it instead of reporting a failure.
  static func waitIfInterrupted() {
    guard TemporaryFiles.shared.isInterrupted else { return }
    while true { sleep(1) }
  }

  /// Runs on the main actor, and so do the synchronous subcommands: a hop to the global
  /// concurrent executor starts one of libdispatch's monitored worker threads, and on Linux
  /// libdispatch then checks its pool every second by opening /proc/<tid>/stat, trapping
  /// (SIGILL, "workq: registered worker exited prematurely") when that fails — at any moment,
  /// whatever the command, wherever /proc is not mounted. Only `preview` and a serving `compare`
  /// (async, networked) still run on that executor.
  @MainActor static func main(designs: DesignRegistry) async {
    BarFramesCommand.designs = designs
    // A closed pipe on stdout or stderr is an error to report (EPIPE), not a signal that kills.
    signal(SIGPIPE, SIG_IGN)
    // A process started with no argument vector at all (argc 0) sees only the "" the kernel
    // supplies as its name; ArgumentParser would print the help and exit 0 as if nothing had
    // been asked.
    let processArguments = CommandLineArguments.process
    guard let name = processArguments.first, !name.isEmpty else {
      Diagnostics.printError(
        "barframes: error: cannot read the command line (is /proc mounted? was the program started with no arguments?)")
      Foundation.exit(CommandExitCode.failure.rawValue)
    }
    let arguments = CommandLineArguments.joiningNegativeNumbers(Array(processArguments.dropFirst()))
    if let unknown = CommandLineArguments.unknownSubcommand(
      arguments, known: configuration.subcommands.map { $0._commandName })
    {
      Diagnostics.printError(Diagnostics.errorLine(unknown))
      Foundation.exit(CommandExitCode.usage.rawValue)
    }
    // Everything parsing throws is ArgumentParser's to report (usage, help, version, validate()),
    // so its own error types never need to be recognised by name.
    var command: any ParsableCommand
    do {
      command = try parseAsRoot(arguments)
    } catch {
      exit(withError: error)
    }
    do {
      // Every subcommand writes through AtomicFile: Ctrl-C, SIGTERM or SIGHUP removes the
      // temporary files, so nothing half-written is left under any name. `preview` handles
      // them itself, to stop its server gracefully, and so does `compare` when it serves.
      let serves = command is Preview || (command as? Compare).map { $0.output == nil } == true
      if !serves { TemporaryFiles.shared.installInterruptHandler() }
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let failure as CommandFailure {
      waitIfInterrupted()
      Diagnostics.printError(Diagnostics.errorLine(failure.message))
      Foundation.exit(failure.exitCode)
    } catch let error as ExitCode {
      exit(withError: error)
    } catch {
      // ArgumentParser's own outcomes — help (its `help` command throws from run()), version,
      // usage errors — map to exit codes other than 1 and it reports them itself; anything
      // else is ours, one line.
      if exitCode(for: error) != .failure { exit(withError: error) }
      waitIfInterrupted()
      Diagnostics.printError(Diagnostics.errorLine("\(error)"))
      Foundation.exit(CommandExitCode.failure.rawValue)
    }
  }
}

/// Small repairs of the command line before ArgumentParser reads it.
enum CommandLineArguments {
  /// The process's arguments, the program's name first.
  ///
  /// On Linux, Swift finds `CommandLine.arguments` through /proc/self/maps, so without /proc
  /// the list is empty; the vector glibc handed to the program at start-up is used then.
  static var process: [String] {
    guard CommandLine.arguments.isEmpty else { return CommandLine.arguments }
    var count: Int32 = 0
    guard let vector = bf_process_arguments(&count) else { return [] }
    return (0..<Int(count)).map { vector[$0].map { String(cString: $0) } ?? "" }
  }

  /// `--at -1` becomes `--at=-1`, so a negative number reaches the option (and its message
  /// names the valid range) instead of being taken for an unknown flag ("Missing value").
  static func joiningNegativeNumbers(_ arguments: [String]) -> [String] {
    var result: [String] = []
    var i = 0
    while i < arguments.count {
      let argument = arguments[i]
      if argument == "--" {
        result += arguments[i...]
        break
      }
      if argument.hasPrefix("--"), !argument.contains("="), i + 1 < arguments.count, isNegativeNumber(arguments[i + 1])
      {
        result.append(argument + "=" + arguments[i + 1])
        i += 2
        continue
      }
      result.append(argument)
      i += 1
    }
    return result
  }

  static func isNegativeNumber(_ text: String) -> Bool {
    guard text.hasPrefix("-"), text.count > 1 else { return false }
    let rest = text.dropFirst()
    return rest.first.map { $0.isNumber || $0 == "." } == true && Double(text) != nil
  }

  /// "unknown subcommand 'rendr'; did you mean 'render'? …" when the first argument is a word
  /// that names no subcommand.
  static func unknownSubcommand(_ arguments: [String], known: [String]) -> String? {
    guard let first = arguments.first, !first.hasPrefix("-"), !known.contains(first), first != "help" else {
      return nil
    }
    let nearest = known.map { (name: $0, distance: editDistance(first.lowercased(), $0)) }.min {
      $0.distance < $1.distance
    }
    var message = "unknown subcommand '\(first)'"
    if let nearest, nearest.distance <= max(2, nearest.name.count / 3) {
      message +=
        "; did you mean '\(nearest.name)'?"
    }
    return message + " (subcommands: \(known.joined(separator: ", ")); see 'barframes --help')"
  }

  /// Levenshtein distance.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var row = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = row
    }
    return previous[b.count]
  }
}
