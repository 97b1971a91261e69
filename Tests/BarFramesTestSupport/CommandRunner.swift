import Foundation

/// Runs the built `barframes` executable, as the swift-argument-parser examples' tests do.
public enum CommandRunner {
  /// What a run printed and how it exited.
  public struct Result: Sendable {
    public var exitCode: Int32
    public var stdout: String
    public var stderr: String
  }

  /// The `barframes` binary beside the test bundle (SwiftPM builds it because the test target
  /// depends on it).
  public static let executable: URL = {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().deletingLastPathComponent(),
      TestRendering.packageRoot.appendingPathComponent(".build/debug"),
    ]
    for directory in candidates {
      let url = directory.appendingPathComponent("barframes")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    fatalError("barframes executable not found near \(CommandLine.arguments[0])")
  }()

  /// Runs `barframes` with `arguments` in `directory` (the package root by default).
  public static func run(_ arguments: [String], in directory: URL? = nil) throws -> Result {
    let output = try ExternalTools.run(executable.path, arguments, in: directory ?? TestRendering.packageRoot)
    return Result(exitCode: output.status, stdout: output.text, stderr: output.stderr)
  }
}
