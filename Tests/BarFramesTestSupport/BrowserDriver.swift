import BarFrames
import Foundation

/// Real headless Chromium for page tests, driven through chromium-driver by
/// `Tests/Browser/drive.py` (Python Selenium). A test gives steps (open, key, click, observe…)
/// and gets back what the page showed at each `observe` step and the console's errors.
///
/// Tests that need it use `.enabled(if: BrowserDriver.isAvailable, BrowserDriver.unavailableReason)`,
/// so where the tools cannot be installed they show as skipped with the reason, never as passed.
public enum BrowserDriver {
  public static let chromium = ExternalTools.path("chromium") ?? ExternalTools.path("chromium-browser")
  public static let chromedriver = ExternalTools.path("chromedriver")
  public static let script = TestRendering.packageRoot.appendingPathComponent("Tests/Browser/drive.py")

  /// Why the browser tests cannot run here, or nil when they can.
  public static let missing: String? = {
    if chromium == nil { return "Chromium is not installed (apt-get install chromium; make test-tools)" }
    if chromedriver == nil {
      return "chromium-driver is not installed (apt-get install chromium-driver; make test-tools)"
    }
    guard python != nil else {
      return "Python selenium is not installed (apt-get install python3-selenium; make test-tools)"
    }
    return nil
  }()

  /// The first python3 (on PATH, then Debian's) that can import selenium.
  public static let python: String? = [ExternalTools.python3, "/usr/bin/python3"].compactMap { $0 }.first { candidate in
    FileManager.default.isExecutableFile(atPath: candidate)
      && (try? ExternalTools.run(candidate, ["-c", "import selenium"]))?.status == 0
  }

  public static var isAvailable: Bool { missing == nil }

  /// What a run saw.
  public struct Run: Sendable {
    /// One object per `observe`/`eval` step, by its name.
    public var observations: [String: JSONValue]
    /// Console messages of level SEVERE (errors, failed requests).
    public var consoleErrors: [String]
    /// Every console message.
    public var console: [String]
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
  }

  /// Runs `steps` (JSON objects, see drive.py) in a fresh browser, killed after `timeout`
  /// seconds. Throws when a step fails or the driver cannot start.
  public static func run(_ steps: [JSONValue], darkColorScheme: Bool = false, timeout: TimeInterval = 90) throws -> Run
  {
    guard let python, let chromium, let chromedriver else {
      throw Failure(description: missing ?? "browser tools missing")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script.path]
    var environment = ProcessInfo.processInfo.environment
    environment["BARFRAMES_CHROMIUM"] = chromium
    environment["BARFRAMES_CHROMEDRIVER"] = chromedriver
    environment["BARFRAMES_COLOR_SCHEME"] = darkColorScheme ? "dark" : "light"
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
    input.fileHandleForWriting.write(Data(JSONValue.array(steps).serialized(pretty: false).utf8))
    try? input.fileHandleForWriting.close()
    let group = DispatchGroup()
    nonisolated(unsafe) var errorData = Data()
    group.enter()
    DispatchQueue.global().async {
      errorData = errors.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    killer.cancel()
    let stderr = String(decoding: errorData, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      throw Failure(
        description:
          "drive.py exited with \(process.terminationStatus): \(stderr)\n\(String(decoding: outputData, as: UTF8.self).prefix(4000))"
      )
    }
    let json = try JSONValue(parsing: String(decoding: outputData, as: UTF8.self))
    var observations: [String: JSONValue] = [:]
    if case .array(let list)? = json["observations"] {
      for item in list { if case .string(let name)? = item["name"] { observations[name] = item } }
    }
    var console: [String] = []
    var consoleErrors: [String] = []
    if case .array(let list)? = json["console"] {
      for item in list {
        guard case .string(let message)? = item["message"] else { continue }
        console.append(message)
        if item["level"] == .string("SEVERE") { consoleErrors.append(message) }
      }
    }
    return Run(observations: observations, consoleErrors: consoleErrors, console: console)
  }

  /// A step as JSON: `step("open", url)`, `step("key", "ArrowRight")`.
  public static func step(_ key: String, _ value: String) -> JSONValue { .object([.init(key, .string(value))]) }
  public static func observe(_ name: String) -> JSONValue { step("observe", name) }
  public static func sleep(_ seconds: Double) -> JSONValue { .object([.init("sleep", .number(seconds))]) }
  public static func waitFor(_ expression: String, timeout: Double = 10) -> JSONValue {
    .object([.init("waitFor", .string(expression)), .init("timeout", .number(timeout))])
  }
  /// Records the value of the JavaScript expression `js` as `name`.
  public static func evaluate(_ js: String, as name: String) -> JSONValue {
    .object([.init("eval", .string(js)), .init("as", .string(name))])
  }
  /// Records the colours the screen shows at the points (CSS pixels) the expression `js` returns.
  public static func pixels(_ js: String, as name: String) -> JSONValue {
    .object([.init("pixels", .string(js)), .init("as", .string(name))])
  }
  /// Chooses `value` in the `<select>` matching `css`.
  public static func select(_ css: String, _ value: String) -> JSONValue {
    .object([.init("select", .string(css)), .init("value", .string(value))])
  }

  /// The `[r, g, b]` colours of a `pixels` observation.
  public static func colours(_ observation: JSONValue?) -> [[Int]] {
    guard case .array(let points)? = observation?["value"] else { return [] }
    return points.map { point in
      guard case .array(let channels) = point else { return [] }
      return channels.compactMap { if case .number(let n) = $0 { Int(n) } else { nil } }
    }
  }
}

extension JSONValue {
  /// A number member, for assertions.
  public func number(_ key: String) -> Double? {
    if case .number(let n)? = self[key] { return n }
    return nil
  }

  /// A string member, for assertions.
  public func string(_ key: String) -> String? {
    if case .string(let s)? = self[key] { return s }
    return nil
  }

  /// A Boolean member, for assertions.
  public func bool(_ key: String) -> Bool? {
    if case .bool(let b)? = self[key] { return b }
    return nil
  }
}
