import Foundation

/// Runs other programs from tests: the built `barframes` (see ``CommandRunner``) and tools that
/// may or may not be installed (python3, ffprobe, ffmpeg, rsvg-convert) for cross-checks.
public enum ExternalTools {
  /// What a run printed and how it exited.
  public struct Output: Sendable {
    public var status: Int32
    public var stdout: Data
    public var stderr: String
    /// Whether the run was killed for taking longer than its timeout.
    public var timedOut = false

    /// Standard output as UTF-8 text.
    public var text: String { String(decoding: stdout, as: UTF8.self) }
  }

  /// The first executable called `name` on `PATH` or in /usr/bin, if any.
  public static func path(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return (path.split(separator: ":").map { "\($0)/\(name)" } + ["/usr/bin/\(name)"])
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  public static let ffprobe = "/usr/bin/ffprobe"
  public static let ffmpeg = "/usr/bin/ffmpeg"
  public static var hasFFprobe: Bool { FileManager.default.isExecutableFile(atPath: ffprobe) }
  public static var hasFFmpeg: Bool { FileManager.default.isExecutableFile(atPath: ffmpeg) }
  public static let python3: String? = path("python3")

  /// Runs `executable` with `arguments` (in `directory` when given) and waits for it.
  ///
  /// Both pipes are drained concurrently before waiting, so a chatty child can never block on
  /// a full pipe; standard input is empty. After `timeout` seconds the program is killed
  /// (SIGKILL) and the output says so, so a program that hangs fails a test instead of hanging it.
  /// `environment`, when given, replaces the inherited one.
  public static func run(
    _ executable: String, _ arguments: [String], in directory: URL? = nil, timeout: Double? = nil,
    environment: [String: String]? = nil
  ) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let watchdog = timeout.map { Watchdog(process: process, after: $0) }
    let group = DispatchGroup()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self),
      timedOut: watchdog?.finish() ?? false)
  }

  /// Kills a process that is still running after a delay.
  private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private let process: Process
    private var done = false
    private var fired = false

    init(process: Process, after seconds: Double) {
      self.process = process
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
        lock.lock()
        defer { lock.unlock() }
        guard !done, self.process.isRunning else { return }
        fired = true
        kill(self.process.processIdentifier, SIGKILL)
      }
    }

    /// Stops watching (the process has been waited for); whether it was killed.
    func finish() -> Bool {
      lock.lock()
      defer { lock.unlock() }
      done = true
      return fired
    }
  }

  /// The number of frames ffprobe decodes from an animation (APNG or GIF).
  public static func ffprobeFrameCount(of url: URL, ffprobe: String = ExternalTools.ffprobe) throws -> Int? {
    let result = try run(
      ffprobe,
      [
        "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
        "-of", "default=nokey=1:noprint_wrappers=1", url.path,
      ])
    return Int(result.text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// How long an animation plays according to ffprobe: the end of its last packet (APNG has no
  /// container duration), in seconds.
  public static func ffprobeDuration(of url: URL, ffprobe: String = ExternalTools.ffprobe) throws -> Double? {
    let result = try run(
      ffprobe,
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,duration_time", "-of", "csv=p=0",
        url.path,
      ])
    let last = result.text.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    guard let fields = last?.split(separator: ","), fields.count >= 2, let pts = Double(fields[0]),
      let duration = Double(fields[1])
    else {
      return nil
    }
    return pts + duration
  }

  /// A fresh temporary directory, removed by the caller.
  public static func temporaryDirectory() throws -> URL {
    try TestRendering.temporaryDirectory()
  }
}
