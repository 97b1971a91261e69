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
    let arguments = CommandLineArguments.joiningNegativeNumbers(Array(CommandLine.arguments.dropFirst()))
    if let unknown = CommandLineArguments.unknownSubcommand(arguments, known: configuration.subcommands.map { $0._commandName }) {
      Diagnostics.printError("barframes: error: \(unknown)")
      Foundation.exit(64)
    }
    do {
      var command = try parseAsRoot(arguments)
      // Every subcommand writes through AtomicFile: Ctrl-C, SIGTERM or SIGHUP removes the
      // temporary files, so nothing half-written is left under any name. `preview` handles
      // them itself, to stop its server gracefully.
      if !(command is Preview) { TemporaryFiles.shared.installInterruptHandler() }
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

/// Small repairs of the command line before ArgumentParser reads it.
enum CommandLineArguments {
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
      if argument.hasPrefix("--"), !argument.contains("="), i + 1 < arguments.count, isNegativeNumber(arguments[i + 1]) {
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
    guard let first = arguments.first, !first.hasPrefix("-"), !known.contains(first), first != "help" else { return nil }
    let nearest = known.map { (name: $0, distance: editDistance(first.lowercased(), $0)) }.min { $0.distance < $1.distance }
    var message = "unknown subcommand '\(first)'"
    if let nearest, nearest.distance <= max(2, nearest.name.count / 3) { message += "; did you mean '\(nearest.name)'?" }
    return message + " (subcommands: \(known.joined(separator: ", ")); see 'barframes --help')"
  }

  /// Levenshtein distance.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
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
