import Foundation

/// Runs tools that may or may not be installed (python3, ffprobe, ffmpeg) for cross-checks.
enum ExternalTools {
  static let ffprobe = "/usr/bin/ffprobe"
  static let ffmpeg = "/usr/bin/ffmpeg"

  static var hasFFprobe: Bool { FileManager.default.isExecutableFile(atPath: ffprobe) }
  static var hasFFmpeg: Bool { FileManager.default.isExecutableFile(atPath: ffmpeg) }

  /// The first `python3` on the usual paths or `PATH`, if any.
  static let python3: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let candidates = path.split(separator: ":").map { "\($0)/python3" } + ["/usr/bin/python3"]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  struct Output {
    var status: Int32
    var stdout: Data
    var stderr: String
  }

  /// Runs `executable` with `arguments` and waits for it.
  static func run(_ executable: String, _ arguments: [String]) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read before waiting so a large output cannot fill the pipe and block the child.
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// Frame count of an animation as ffprobe counts it (decoding every frame).
  static func ffprobeFrameCount(of url: URL) throws -> Int? {
    let result = try run(ffprobe, [
      "-v", "error", "-count_frames", "-select_streams", "v:0",
      "-show_entries", "stream=nb_read_frames", "-of", "default=nokey=1:noprint_wrappers=1", url.path,
    ])
    return Int(String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// A fresh temporary directory, removed by the caller.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("barframes-imageio-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
