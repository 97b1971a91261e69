import BarFrames
import Foundation
import Testing

/// A real browser engine the page tests run in.
public enum BrowserEngine: String, Sendable, CaseIterable, CustomStringConvertible {
  /// Headless Chromium through chromium-driver.
  case chromium
  /// WebKitGTK (Safari's engine) through WebKitWebDriver, its MiniBrowser on a private Xvfb
  /// display (MiniBrowser has no headless mode).
  case webkit

  public var description: String { self == .chromium ? "Chromium" : "WebKit" }

  /// Why this engine's tests cannot run here, or nil when they can.
  public var missing: String? {
    switch self {
    case .chromium: BrowserDriver.missing
    case .webkit: BrowserDriver.webkitMissing
    }
  }

  public var isAvailable: Bool { missing == nil }
}

/// Real browsers for page tests, driven by `Tests/Browser/drive.py` (Python Selenium). A test
/// gives steps (open, key, click, observe…) and gets back what the page showed at each `observe`
/// step and the console's errors.
///
/// One browser per engine (and colour scheme) serves the whole test run: starting one costs a
/// second or two, and the suites ask for hundreds of pages. Requests to one browser run one at a
/// time, off Swift's cooperative threads, so a test waiting for its turn suspends instead of
/// holding one of the few threads the rest of the suite runs on. Each request starts from
/// about:blank.
///
/// Tests that need it use `.enabled(if: BrowserDriver.isAvailable, BrowserDriver.unavailableReason)`,
/// so where the tools cannot be installed they show as skipped with the reason, never as passed,
/// and `.browserPriority` (``BrowserPriority``), so that their browser is never left idle while
/// they wait for a thread between two requests.
public enum BrowserDriver {
  public static let chromium = ExternalTools.path("chromium") ?? ExternalTools.path("chromium-browser")
  public static let chromedriver = ExternalTools.path("chromedriver")
  public static let webkitDriver = ExternalTools.path("WebKitWebDriver")
  public static let xvfb = ExternalTools.path("Xvfb")
  /// WebKitGTK's browser for automation, which Debian keeps beside the library.
  public static let miniBrowser = [
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser", "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/libexec/webkit2gtk-4.1/MiniBrowser",
  ].first { FileManager.default.isExecutableFile(atPath: $0) }
  public static let script = TestRendering.packageRoot.appendingPathComponent("Tests/Browser/drive.py")

  /// Why the Chromium tests cannot run here, or nil when they can.
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

  /// Why the WebKit tests cannot run here, or nil when they can.
  public static let webkitMissing: String? = {
    if webkitDriver == nil || miniBrowser == nil {
      return "WebKitGTK's WebKitWebDriver is not installed (apt-get install webkit2gtk-driver; make test-tools)"
    }
    if xvfb == nil { return "Xvfb is not installed (apt-get install xvfb; make test-tools)" }
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
    /// The seconds the browser spent on these steps, its start included, not the wait for
    /// earlier requests to the same browser: what the steps cost the run.
    public var browserSeconds: Double
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
  }

  /// Runs `steps` (JSON objects, see drive.py) in the run's browser of `engine`; a request still
  /// running after `timeout` seconds closes that browser (the next request starts another).
  /// Throws when a step fails or the browser cannot start.
  public static func run(
    _ steps: [JSONValue], darkColorScheme: Bool = false, engine: BrowserEngine = .chromium, timeout: TimeInterval = 90
  ) async throws -> Run {
    if let missing = engine.missing { throw Failure(description: missing) }
    let session = BrowserSession.shared(engine: engine, dark: darkColorScheme)
    let asked = Date()
    let (reply, browserSeconds) = try await session.request(
      JSONValue.array(steps).serialized(pretty: false), timeout: timeout)
    BrowserTimeLog.shared?.append(
      engine: engine, dark: darkColorScheme, test: Test.current, seconds: browserSeconds,
      waited: Date().timeIntervalSince(asked) - browserSeconds)
    var observations: [String: JSONValue] = [:]
    if case .array(let list)? = reply["observations"] {
      for item in list { if case .string(let name)? = item["name"] { observations[name] = item } }
    }
    var console: [String] = []
    var consoleErrors: [String] = []
    if case .array(let list)? = reply["console"] {
      for item in list {
        guard case .string(let message)? = item["message"] else { continue }
        console.append(message)
        if item["level"] == .string("SEVERE") { consoleErrors.append(message) }
      }
    }
    if case .string(let error)? = reply["error"] {
      throw Failure(description: "\(engine): \(error)\nconsole: \(console.suffix(20))")
    }
    return Run(observations: observations, consoleErrors: consoleErrors, console: console, browserSeconds: browserSeconds)
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
  /// Records the value returned by `body`, the body of an async JavaScript function: many
  /// frames stepped and read back inside the page in one round trip.
  public static func evaluateAsync(_ body: String, as name: String) -> JSONValue {
    .object([.init("evalAsync", .string(body)), .init("as", .string(name))])
  }
  /// For each `(script, path)`: runs `script` (the body of an async function that sets the page
  /// up and waits for it to be drawn), then writes a screenshot of the element matching `css` to
  /// `path`. The scripts' values are recorded as `name`.
  public static func shots(_ list: [(script: String, path: String)], element css: String, as name: String)
    -> JSONValue
  {
    .object([
      .init(
        "shots",
        .array(list.map { .object([.init("script", .string($0.script)), .init("path", .string($0.path))]) })),
      .init("element", .string(css)), .init("as", .string(name)),
    ])
  }
  /// Records the colours the screen shows at the points (CSS pixels) the expression `js` returns.
  public static func pixels(_ js: String, as name: String) -> JSONValue {
    .object([.init("pixels", .string(js)), .init("as", .string(name))])
  }
  /// Sizes the browser's window to `width` × `height` for the rest of the request.
  public static func window(width: Int, height: Int) -> JSONValue {
    .object([.init("window", .array([.number(Double(width)), .number(Double(height))]))])
  }
  /// Chooses `value` in the `<select>` matching `css`.
  public static func select(_ css: String, _ value: String) -> JSONValue {
    .object([.init("select", .string(css)), .init("value", .string(value))])
  }

  /// JavaScript (in an async function's body) that waits until the page has drawn two more
  /// frames: a screenshot taken while the browser still rasterizes a change can show a rougher
  /// first pass.
  public static let twoFramesDrawn =
    "await new Promise(function (r) { requestAnimationFrame(function () { requestAnimationFrame(r); }); });"

  /// The `[r, g, b]` colours of a `pixels` observation.
  public static func colours(_ observation: JSONValue?) -> [[Int]] {
    guard case .array(let points)? = observation?["value"] else { return [] }
    return points.map { point in
      guard case .array(let channels) = point else { return [] }
      return channels.compactMap { if case .number(let n) = $0 { Int(n) } else { nil } }
    }
  }
}

/// One drive.py process (one browser) that answers requests one at a time.
final class BrowserSession: @unchecked Sendable {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var sessions: [String: BrowserSession] = [:]

  /// The run's browser of `engine`, in the dark colour scheme or not.
  static func shared(engine: BrowserEngine, dark: Bool) -> BrowserSession {
    lock.lock()
    defer { lock.unlock() }
    let key = "\(engine.rawValue)-\(dark ? "dark" : "light")"
    if let session = sessions[key] { return session }
    let session = BrowserSession(engine: engine, dark: dark)
    sessions[key] = session
    return session
  }

  private let engine: BrowserEngine
  private let dark: Bool
  private let queue: DispatchQueue
  // Touched only on `queue`.
  private var process: Process?
  private var input: FileHandle?
  private var output: FileHandle?
  private var buffer = Data()
  private let errors = ErrorLog()

  private init(engine: BrowserEngine, dark: Bool) {
    self.engine = engine
    self.dark = dark
    queue = DispatchQueue(label: "barframes.browser.\(engine.rawValue)\(dark ? ".dark" : "")")
  }

  /// drive.py's answer to one line of steps, and the seconds it took once the browser was ours.
  func request(_ line: String, timeout: TimeInterval) async throws -> (reply: JSONValue, seconds: Double) {
    try await withCheckedThrowingContinuation { continuation in
      queue.async {
        let started = Date()
        continuation.resume(
          with: Result { (try self.exchange(line, timeout: timeout), Date().timeIntervalSince(started)) })
      }
    }
  }

  private func exchange(_ line: String, timeout: TimeInterval) throws -> JSONValue {
    if process == nil { try start() }
    guard let process, let input else { throw BrowserDriver.Failure(description: "\(engine) did not start") }
    let started = Date()
    let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
    defer { killer.cancel() }
    do {
      try input.write(contentsOf: Data((line + "\n").utf8))
      let reply = try JSONValue(parsing: try readLine())
      if reply["fatal"] == .bool(true) { stop() }
      return reply
    } catch {
      let timedOut = Date().timeIntervalSince(started) >= timeout
      stop()
      throw BrowserDriver.Failure(
        description:
          "\(engine) \(timedOut ? "did not answer within \(Int(timeout)) s" : "went away") (\(error)); drive.py: \(errors.tail)"
      )
    }
  }

  private func start() throws {
    guard let python = BrowserDriver.python else {
      throw BrowserDriver.Failure(description: engine.missing ?? "Python selenium is not installed")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [BrowserDriver.script.path]
    var environment = ProcessInfo.processInfo.environment
    environment["BARFRAMES_ENGINE"] = engine.rawValue
    environment["BARFRAMES_CHROMIUM"] = BrowserDriver.chromium ?? ""
    environment["BARFRAMES_CHROMEDRIVER"] = BrowserDriver.chromedriver ?? ""
    environment["BARFRAMES_WEBKITDRIVER"] = BrowserDriver.webkitDriver ?? ""
    environment["BARFRAMES_MINIBROWSER"] = BrowserDriver.miniBrowser ?? ""
    environment["BARFRAMES_XVFB"] = BrowserDriver.xvfb ?? ""
    environment["BARFRAMES_COLOR_SCHEME"] = dark ? "dark" : "light"
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    let errorPipe = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errorPipe
    let errors = self.errors
    errorPipe.fileHandleForReading.readabilityHandler = { handle in errors.append(handle.availableData) }
    try process.run()
    self.process = process
    self.input = input.fileHandleForWriting
    self.output = output.fileHandleForReading
    buffer = Data()
    // The first line: the browser runs, or why it does not.
    let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: killer)
    defer { killer.cancel() }
    let hello: JSONValue
    do {
      hello = try JSONValue(parsing: try readLine())
    } catch {
      stop()
      throw BrowserDriver.Failure(description: "\(engine) did not start (\(error)): \(errors.tail)")
    }
    if case .string(let reason)? = hello["error"] {
      stop()
      throw BrowserDriver.Failure(description: "\(engine) did not start: \(reason)")
    }
  }

  private func readLine() throws -> String {
    guard let output else { throw BrowserDriver.Failure(description: "no browser") }
    while true {
      if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[buffer.startIndex..<end], as: UTF8.self)
        buffer = Data(buffer[buffer.index(after: end)...])
        return line
      }
      let chunk = output.availableData
      if chunk.isEmpty { throw BrowserDriver.Failure(description: "drive.py closed its output") }
      buffer.append(chunk)
    }
  }

  private func stop() {
    try? input?.close()
    if let process, process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    process = nil
    input = nil
    output = nil
  }
}

/// Where the run's browsers spent their time: one JSON line per request (engine, the test that
/// asked, the seconds the browser worked on it and the seconds it waited for its turn), appended
/// to the file named by `BARFRAMES_BROWSER_LOG` (scripts/run-tests.sh sets it;
/// scripts/suite-times.py sums it). A browser serves one request at a time, so its busy seconds
/// bound the whole run from below.
private final class BrowserTimeLog: @unchecked Sendable {
  static let shared: BrowserTimeLog? = {
    guard let path = ProcessInfo.processInfo.environment["BARFRAMES_BROWSER_LOG"], !path.isEmpty else { return nil }
    if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
    guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
    return BrowserTimeLog(handle: handle)
  }()

  private let lock = NSLock()
  private let handle: FileHandle

  private init(handle: FileHandle) { self.handle = handle }

  func append(engine: BrowserEngine, dark: Bool, test: Test?, seconds: Double, waited: Double) {
    let line = JSONValue.object([
      .init("engine", .string(engine.rawValue + (dark ? "-dark" : ""))),
      .init("test", .string(test.map { $0.id.description } ?? "")),
      .init("seconds", .number((seconds * 1000).rounded() / 1000)),
      .init("waited", .number((max(0, waited) * 1000).rounded() / 1000)),
    ]).serialized(pretty: false)
    lock.lock()
    defer { lock.unlock() }
    _ = try? handle.seekToEnd()
    try? handle.write(contentsOf: Data((line + "\n").utf8))
  }
}

/// The last few kilobytes drive.py wrote on standard error, for failure messages.
private final class ErrorLog: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()

  func append(_ chunk: Data) {
    lock.lock()
    defer { lock.unlock() }
    data.append(chunk)
    if data.count > 16_384 { data = Data(data.suffix(8_192)) }
  }

  var tail: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: data.suffix(4_000), as: UTF8.self)
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
