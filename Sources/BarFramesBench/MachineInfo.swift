import Foundation

/// What the figures were measured on.
public struct MachineInfo: Sendable {
  public var cores: Int
  public var cpu: String
  public var os: String
  public var date: String

  /// Reads the machine's description from `/proc` and `/etc/os-release`.
  public static func current() -> MachineInfo {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
      cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
      ?? "unknown"
    let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
    let os =
      release.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
      .map { String($0.dropFirst("PRETTY_NAME=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
      ?? "Linux"
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return MachineInfo(
      cores: ProcessInfo.processInfo.activeProcessorCount, cpu: model, os: os, date: formatter.string(from: Date()))
  }
}

/// Peak resident memory of a child process, the one honest way to measure a whole run.
public enum PeakMemory {
  /// Runs `executable` with `arguments` and returns its exit status and peak RSS in MiB.
  public static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, peakMB: Double) {
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw BenchError.workload("cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    // ru_maxrss is in KiB on Linux.
    return ((status >> 8) & 0xFF, Double(usage.ru_maxrss) / 1024)
  }
}
