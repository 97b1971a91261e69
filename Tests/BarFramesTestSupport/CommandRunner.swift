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
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? TestRendering.packageRoot
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes to the end before waiting, so a chatty process cannot block on a full pipe.
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
    return Result(
      exitCode: process.terminationStatus,
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
