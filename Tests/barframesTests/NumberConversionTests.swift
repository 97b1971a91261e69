import BarFramesTestSupport
import Foundation
import Testing

/// Every place a number from an input file or a flag becomes an Int (a count, an index, a file
/// name's milliseconds, a label's percent) refuses what does not fit with a line naming the file
/// and key (exit 65) or the flag (exit 64), instead of trapping in Int(_:) (issue 15). One test
/// per conversion.
@Suite struct NumberConversionTests {
  static func scene(_ body: String, design: String = "bent-line", in directory: URL) throws -> String {
    let url = directory.appendingPathComponent("numbers.json")
    try Data(#"{"version": 1, "style": {"version": 1, "design": "\#(design)", "size": [40, 20]}, \#(body)}"#.utf8)
      .write(to: url)
    return url.path
  }

  func run(
    _ body: String, design: String = "bent-line", _ arguments: (String) -> [String]
  ) throws -> (CommandRunner.Result, String) {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try Self.scene(body, design: design, in: directory)
    return (try CommandRunner.run(arguments(path)), path)
  }

  /// `scale` (JSONObjectReader.integer).
  @Test(arguments: ["1e19", "9223372036854775808", "1e400", "-1e19"])
  func scale(value: String) throws {
    let (result, path) = try run(#""duration": 1, "scale": \#(value)"#) { ["validate", $0] }
    #expect(result.exitCode == 65)
    #expect(result.stderr.contains("\(path): scale: expected a whole number from 1 to 3, got "), "\(result.stderr)")
  }

  /// `version` (checked as a Double, never converted).
  @Test(arguments: [
    ("1e19", "not version 1e+19"), ("9223372036854775808", "not version 9.223372036854776e+18"),
    ("1e400", "expected a whole number"),
  ])
  func version(value: String, fragment: String) throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("v.json")
    try Data(#"{"version": \#(value), "style": {"version": 1, "design": "bent-line"}, "duration": 1}"#.utf8).write(
      to: url)
    let result = try CommandRunner.run(["validate", url.path])
    #expect(result.exitCode == 65)
    #expect(result.stderr.contains("\(url.path): version: ") && result.stderr.contains(fragment), "\(result.stderr)")
  }

  /// An event's repetitions, (until − at) / every + 1 (Scene's count).
  @Test(arguments: [
    (#""every": 5e-324, "until": 1"#), (#""every": 1, "until": 1e300"#), (#""every": 1e-300, "until": 3600"#),
  ])
  func repetitions(keys: String) throws {
    let (result, path) = try run(
      #""duration": 1, "events": [{"at": 0, \#(keys), "call": "setProgress", "args": {"value": 1}}]"#
    ) {
      ["validate", $0]
    }
    #expect(result.exitCode == 65)
    #expect(result.stderr.contains("\(path): events[0].every: repeats more than 100000 times"), "\(result.stderr)")
  }

  /// `fps` and `--fps` (FrameRate's numerator).
  @Test func framesPerSecond() throws {
    let (file, path) = try run(#""duration": 1, "fps": 1e19"#) { ["validate", $0] }
    #expect(file.exitCode == 65)
    #expect(file.stderr.contains("\(path): fps: expected a number from 1 to 240, got 1e+19"), "\(file.stderr)")
    let (flag, _) = try run(#""duration": 1"#) { ["render", $0, "-o", "/nonexistent/out", "--fps", "1e19"] }
    #expect(flag.exitCode == 64)
    #expect(
      flag.stderr.contains(
        "The value '1e19' is invalid for '--fps <N>': must be a number of frames per second in (0, 240]"),
      "\(flag.stderr)")
  }

  /// `duration` and `--time` (FrameSampler's count, floor(D·fps) + 1).
  @Test func durationAndTimeRange() throws {
    let (file, path) = try run(#""duration": 1e300"#) { ["validate", $0] }
    #expect(file.exitCode == 65)
    #expect(file.stderr.contains("\(path): duration: expected at most 3600 seconds, got 1e+300"), "\(file.stderr)")
    let (flag, _) = try run(#""duration": 1"#) { ["render", $0, "-o", "/nonexistent/out", "--time", "0-1e300"] }
    #expect(flag.exitCode == 64)
    #expect(
      flag.stderr.contains("'--time' 1e+300 is beyond the end of") || flag.stderr.contains("is beyond the end"),
      "\(flag.stderr)")
  }

  /// `--frames` (frame indices).
  @Test func frameRange() throws {
    let (result, _) = try run(#""duration": 1"#) { ["render", $0, "-o", "/nonexistent/out", "--frames", "0-1e19"] }
    #expect(result.exitCode == 64)
    #expect(
      result.stderr.contains(
        "The value '0-1e19' is invalid for '--frames <A-B>': takes whole frame numbers A-B up to 999999999"),
      "\(result.stderr)")
  }

  /// `--at` (a file name's milliseconds, SceneFileNames and GoldenStore): `golden record` and
  /// `golden verify --at 1e300` trapped in GoldenStore's file name.
  @Test(arguments: ["render", "still", "golden"])
  func atTime(command: String) throws {
    let (result, _) = try run(#""duration": 1"#) { path in
      switch command {
      case "golden": ["golden", "record", path, "--at", "1e300", "--golden", "/nonexistent/goldens"]
      default: [command, path, "--at", "1e300", "-o", "/nonexistent/out.png"]
      }
    }
    #expect(result.exitCode == 64, "\(result.stderr)")
    #expect(result.stderr.contains("beyond the end"), "\(result.stderr)")
  }

  /// A progress of 1e300 (the label's percent, Int(100 · p)) is clamped to 1 first, as the
  /// originals' setters clamp: the bent line's label says "100%", the download bar's "done".
  @Test(arguments: [("bent-line", "\"100%\""), ("download-bar", "\"done\"")])
  func progressLabel(design: String, label: String) throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try Self.scene(
      #""duration": 1, "events": [{"at": 0, "call": "setProgress", "args": {"value": 1e300}}]"#, design: design,
      in: directory)
    let png = directory.appendingPathComponent("p.png").path
    let result = try CommandRunner.run(["still", path, "--at", "0.5", "-o", png])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let inspect = try CommandRunner.run(["inspect", path, "--at", "0.5"])
    #expect(inspect.stdout.contains(label), "\(inspect.stdout.prefix(400))")
  }
}
