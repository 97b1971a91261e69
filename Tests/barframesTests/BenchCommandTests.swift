import BarFrames
import BarFramesTestSupport
import Foundation
import Testing

/// `barframes-bench` as a program, not as a timing: its JSON has the documented shape and the C
/// reference renders exactly our bytes. (Performance targets live in the bench itself.) It is
/// its own executable: `barframes` holds none of its code.
@Suite struct BenchCommandTests {
  @Test func jsonReportHasTheDocumentedShapeAndTheCReferenceMatchesByteForByte() throws {
    let scratch = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let result = try CommandRunner.run(
      [
        "--json", "--workload", "seek-bar", "--frames", "6", "--memory-frames", "0", "--scratch", scratch.path,
        "--no-settle",
      ],
      executable: CommandRunner.benchExecutable)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let json = try JSONValue(parsing: result.stdout)
    #expect(json["version"] == .number(1))
    #expect(json["machine"]?["cores"] != nil)
    guard case .array(let workloads) = json["workloads"], let seekBar = workloads.first else {
      Issue.record("no workloads in \(result.stdout)")
      return
    }
    #expect(workloads.count == 1)
    #expect(seekBar["name"] == .string("seek-bar"))
    #expect(seekBar["frames"] == .number(6))
    // 375 × 20 pt at @2x.
    #expect(seekBar["width"] == .number(750) && seekBar["height"] == .number(40))
    for key in ["draw", "drawEncode", "pipeline"] {
      guard case .number(let fps) = seekBar["fps"]?[key] else {
        Issue.record("fps.\(key) missing")
        continue
      }
      #expect(fps > 0)
    }
    for key in ["jobs", "bytesPerFrame", "peakRSSMB", "speedupVsNaive", "timeVsC", "scaling2"] {
      #expect(seekBar[key] != nil && seekBar[key] != .null, "\(key) missing")
    }
    #expect(seekBar["identicalToC"] == .bool(true))

    // Where the figures come from: the scratch folder's file system, and RAM beside it when
    // the scratch folder is on a disk; a render's flushes, which must not grow with its frames.
    let fileSystem = try #require(json["scratch"]?["fileSystem"]?.stringValue)
    #expect(json["scratch"]?["path"]?.stringValue == scratch.path)
    if fileSystem != "tmpfs" && access("/dev/shm", W_OK) == 0 {
      #expect(json["memoryFolder"]?["fileSystem"] == .string("tmpfs"))
      let inMemory = try #require(seekBar["inMemory"])
      #expect(try #require(inMemory["pipelineFPS"]?.doubleValue) > 0)
      #expect(try #require(inMemory["naiveFPS"]?.doubleValue) > 0)
    }
    // The naive ratio is the median of the paired turns' ratios (an odd number of turns).
    let naiveTurns = try Self.ratios(seekBar["naiveTurnRatios"])
    #expect(naiveTurns.count >= 5 && !naiveTurns.count.isMultiple(of: 2), "\(naiveTurns)")
    #expect(seekBar["speedupVsNaive"]?.doubleValue == naiveTurns.sorted()[naiveTurns.count / 2])
    // So are the ratio to C and the scaling to two jobs: measured seconds apart, a shared
    // machine's drifting speed made them read anything.
    let cTurns = try Self.ratios(seekBar["cTurnRatios"])
    try #require(cTurns.count >= 9 && !cTurns.count.isMultiple(of: 2), "\(cTurns)")
    #expect(seekBar["timeVsC"]?.doubleValue == cTurns.sorted()[cTurns.count / 2])
    let scalingTurns = try Self.ratios(seekBar["scalingTurnRatios"])
    try #require(scalingTurns.count == naiveTurns.count, "\(scalingTurns)")
    #expect(seekBar["scaling2"]?.doubleValue == scalingTurns.sorted()[scalingTurns.count / 2])
    let flushes = try #require(seekBar["flushesPerRender"]?.doubleValue)
    #expect(flushes >= 1 && flushes <= 32, "\(flushes) fsync-family calls for one render")
    guard case .array(let targets)? = json["targets"] else { throw BenchShape.missing("targets") }
    #expect(targets.contains { $0["target"]?.stringValue?.hasPrefix("fsync-family calls per render") == true })

    // The animated case: the ratio is the median of the turns' ratios (an odd number of turns,
    // at least nine), the times are positive, and the sizes are those of the files `render`
    // writes for the same six frames.
    let animated = try #require(seekBar["animated"])
    let allSeconds = try #require(animated["allSeconds"]?.doubleValue)
    let pngSeconds = try #require(animated["pngSeconds"]?.doubleValue)
    let allOverPNG = try #require(animated["allOverPNG"]?.doubleValue)
    #expect(allSeconds > 0 && pngSeconds > 0)
    let turns = try Self.ratios(animated["turnRatios"])
    #expect(turns.count >= 9 && !turns.count.isMultiple(of: 2), "\(turns)")
    #expect(allOverPNG == turns.sorted()[turns.count / 2], "\(allOverPNG) from \(turns)")
    guard case .array(let formats)? = animated["formats"] else { throw BenchShape.missing("animated.formats") }
    #expect(
      formats.map { $0["format"] } == [.string("apng"), .string("gif"), .string("webp"), .string("animated-svg")])
    let out = scratch.appendingPathComponent("render")
    let render = try CommandRunner.run([
      "render", "Examples/seek-bar.json", "--frames", "0-5", "--scale", "2", "--format", "apng,gif,webp,animated-svg",
      "--json",
      "--quiet", "-o", out.path,
    ])
    #expect(render.exitCode == 0, "\(render.stderr)")
    guard case .array(let scenes)? = try JSONValue(parsing: render.stdout)["scenes"],
      case .array(let written)? = scenes.first?["files"]
    else { throw BenchShape.missing("render's files") }
    for format in formats {
      let bytes = try #require(format["bytes"]?.doubleValue)
      let naive = try #require(format["naiveBytes"]?.doubleValue)
      let ratio = try #require(format["sizeRatio"]?.doubleValue)
      #expect(abs(ratio - bytes / naive) <= 0.0005 + 1e-9, "\(format)")
      #expect(try #require(format["encodeSeconds"]?.doubleValue) > 0)
      let file = try #require(written.first { $0["format"] == format["format"] })
      #expect(file["bytes"]?.doubleValue == bytes, "\(format)")
    }
    try FileManager.default.removeItem(at: out)
    // Nothing is left in the scratch folder.
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
  }

  private enum BenchShape: Error { case missing(String) }

  /// A JSON array of ratios, each positive.
  private static func ratios(_ value: JSONValue?) throws -> [Double] {
    guard case .array(let values)? = value else { throw BenchShape.missing("turnRatios") }
    let ratios = try values.map { try #require($0.doubleValue) }
    #expect(ratios.allSatisfy { $0 > 0 }, "\(ratios)")
    return ratios
  }

  /// `--format-costs` adds, for every format but PNG in the order `--help` lists them, the
  /// time of PNG plus that format, its quotient by the PNG-only time beside it, and its extra
  /// CPU time; the Markdown report gets a column for each.
  @Test func formatCostsReportEveryOtherFormatAgainstPNGAlone() throws {
    let scratch = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let common = [
      "--workload", "seek-bar", "--frames", "4", "--memory-frames", "0", "--scratch", scratch.path, "--no-settle",
    ]
    let result = try CommandRunner.run(
      ["--json", "--format-costs"] + common, executable: CommandRunner.benchExecutable)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let json = try JSONValue(parsing: result.stdout)
    guard case .array(let workloads)? = json["workloads"], let animated = workloads.first?["animated"] else {
      throw BenchShape.missing("workloads[0].animated")
    }
    let allTurns = try Self.ratios(animated["turnRatios"])
    guard case .array(let costs)? = animated["formatCosts"] else { throw BenchShape.missing("formatCosts") }
    #expect(
      costs.map { $0["format"] }
        == ["svg", "apng", "gif", "webp", "animated-svg", "sheet", "html"].map { JSONValue.string($0) })
    for cost in costs {
      let seconds = try #require(cost["seconds"]?.doubleValue)
      let overPNG = try #require(cost["overPNG"]?.doubleValue)
      #expect(seconds > 0)
      // The median of its turns' ratios, in the same turns as the PNG-only runs.
      let turns = try Self.ratios(cost["turnRatios"])
      #expect(turns.count == allTurns.count, "\(cost)")
      #expect(overPNG == turns.sorted()[turns.count / 2], "\(cost)")
      #expect(cost["extraCPUSeconds"]?.doubleValue != nil, "\(cost)")
    }

    // Without the flag the list is empty, and the Markdown report has no costs table.
    let plain = try CommandRunner.run(["--json"] + common, executable: CommandRunner.benchExecutable)
    #expect(plain.exitCode == 0, "\(plain.stderr)")
    guard case .array(let plainWorkloads)? = try JSONValue(parsing: plain.stdout)["workloads"] else {
      throw BenchShape.missing("workloads")
    }
    #expect(plainWorkloads.first?["animated"]?["formatCosts"] == .array([]))
    let markdown = try CommandRunner.run(["--format-costs"] + common, executable: CommandRunner.benchExecutable)
    #expect(markdown.exitCode == 0, "\(markdown.stderr)")
    #expect(markdown.stdout.contains("| workload | PNG ms | png,svg ÷ PNG (+CPU ms) | png,apng ÷ PNG (+CPU ms) |"))
    // Its row, the report's last for seek-bar: the PNG time and seven "ratio (±CPU ms)" cells.
    let row = try #require(markdown.stdout.split(separator: "\n").last { $0.hasPrefix("| seek-bar | ") })
    #expect(row.split(separator: "|").count == 9, "\(row)")
    #expect(row.split(separator: "(").count == 8, "\(row)")
  }

  @Test func unknownWorkloadIsAUsageError() throws {
    let result = try CommandRunner.run(["--workload", "pie"], executable: CommandRunner.benchExecutable)
    #expect(result.exitCode == 64)
    #expect(result.stderr.contains("unknown workload 'pie'"))
  }

  /// The shipping binary carries neither the bench workloads nor the C reference, and has no
  /// `bench` subcommand; `barframes-bench` has both.
  @Test(.enabled(if: ExternalTools.path("nm") != nil, "nm is not installed (binutils)"))
  func theShippingBinaryHoldsNoBenchCode() throws {
    let nm = try #require(ExternalTools.path("nm"))
    let shipping = try ExternalTools.run(nm, [CommandRunner.executable.path])
    try #require(shipping.status == 0, "\(shipping.stderr)")
    #expect(!shipping.text.contains("bf_reference_seek_bar"))
    #expect(!shipping.text.contains("14BarFramesBench"))  // the module's mangled-name prefix
    let bench = try ExternalTools.run(nm, [CommandRunner.benchExecutable.path])
    #expect(bench.text.contains("bf_reference_seek_bar") && bench.text.contains("14BarFramesBench"))
    #expect(try CommandRunner.run(["bench", "--help"]).exitCode == 64)
  }
}

extension JSONValue {
  fileprivate var doubleValue: Double? {
    if case .number(let value) = self { value } else { nil }
  }

  fileprivate var stringValue: String? {
    if case .string(let value) = self { value } else { nil }
  }
}
