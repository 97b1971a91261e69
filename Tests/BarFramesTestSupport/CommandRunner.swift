import Foundation

/// Runs the built `barframes` executable, as the swift-argument-parser examples' tests do.
public enum CommandRunner {
  /// What a run printed and how it exited.
  public struct Result: Sendable {
    public var exitCode: Int32
    public var stdout: String
    public var stderr: String
    /// Whether the run was killed for taking longer than its timeout.
    public var timedOut = false
  }

  /// The `barframes` binary beside the test bundle (SwiftPM builds it because the test target
  /// depends on it).
  public static let executable: URL = built("barframes")

  /// The `barframes-bench` binary, built the same way.
  public static let benchExecutable: URL = built("barframes-bench")

  /// The executable `name` beside the test bundle or in `.build/debug`.
  public static func built(_ name: String) -> URL {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().deletingLastPathComponent(),
      TestRendering.packageRoot.appendingPathComponent(".build/debug"),
    ]
    for directory in candidates {
      let url = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    fatalError("\(name) executable not found near \(CommandLine.arguments[0])")
  }

  /// Runs `barframes` (or `executable`) with `arguments` in `directory` (the package root by
  /// default), killing it after `timeout` seconds if given.
  public static func run(
    _ arguments: [String], in directory: URL? = nil, executable: URL = executable, timeout: Double? = nil
  ) throws -> Result {
    let output = try ExternalTools.run(
      executable.path, arguments, in: directory ?? TestRendering.packageRoot, timeout: timeout)
    return Result(exitCode: output.status, stdout: output.text, stderr: output.stderr, timedOut: output.timedOut)
  }
}
