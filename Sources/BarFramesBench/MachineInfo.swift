import Foundation

/// What the figures were measured on.
public struct MachineInfo: Sendable {
  public var cores: Int
  public var cpu: String
  public var os: String
  public var date: String
  /// The 1-minute load average when the bench started (`/proc/loadavg`), nil where unknown.
  /// Above 1 the machine was busy with other work before the bench took both cores, and the
  /// report says so (``BenchReport/wasBusy``).
  public var loadAverage: Double?

  public init(cores: Int, cpu: String, os: String, date: String, loadAverage: Double? = nil) {
    self.cores = cores
    self.cpu = cpu
    self.os = os
    self.date = date
    self.loadAverage = loadAverage
  }

  /// Whether other work kept the machine busy when the bench started: a load average above 1.
  public var wasBusy: Bool { (loadAverage ?? 0) > 1 }

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
    let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
      .split(separator: " ").first.flatMap { Double($0) }
    return MachineInfo(
      cores: ProcessInfo.processInfo.activeProcessorCount, cpu: model, os: os, date: formatter.string(from: Date()),
      loadAverage: load)
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

/// CPU time this process and its finished children used, beside the CPU time of the whole
/// machine, so a run can tell how much of the machine other processes took meanwhile.
public struct CPUTimes: Sendable {
  /// Seconds the machine's CPUs spent busy (user, nice, system, interrupts; not steal or idle),
  /// from `/proc/stat`.
  public var machineBusy: Double
  /// Seconds of CPU this process and its waited-for children used (`getrusage`).
  public var own: Double

  /// Now, or nil where `/proc/stat` cannot be read.
  public static func now() -> CPUTimes? {
    guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
    else { return nil }
    // cpu  user nice system idle iowait irq softirq steal …, in clock ticks.
    let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
    guard ticks.count >= 7 else { return nil }
    let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
    let busy = (ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6]) / hertz
    func seconds(_ who: Int32) -> Double {
      var usage = rusage()
      getrusage(who, &usage)
      func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
      return s(usage.ru_utime) + s(usage.ru_stime)
    }
    return CPUTimes(
      machineBusy: busy, own: seconds(Int32(RUSAGE_SELF.rawValue)) + seconds(Int32(RUSAGE_CHILDREN.rawValue)))
  }

  /// The CPU seconds other processes used between `start` and `self`.
  public func othersSince(_ start: CPUTimes) -> Double {
    max(0, (machineBusy - start.machineBusy) - (own - start.own))
  }
}
