import BarFrames
import BarFramesTestSupport
import Foundation
import Testing

/// `barframes bench` as a program, not as a timing: its JSON has the documented shape and the C
/// reference renders exactly our bytes. (Performance targets live in the bench itself.)
@Suite struct BenchCommandTests {
  @Test func jsonReportHasTheDocumentedShapeAndTheCReferenceMatchesByteForByte() throws {
    let scratch = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let result = try CommandRunner.run([
      "bench", "--json", "--workload", "seek-bar", "--frames", "6", "--memory-frames", "0", "--scratch", scratch.path,
    ])
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
    // Nothing is left in the scratch folder.
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
  }

  @Test func unknownWorkloadIsAUsageError() throws {
    let result = try CommandRunner.run(["bench", "--workload", "pie"])
    #expect(result.exitCode == 64)
    #expect(result.stderr.contains("unknown workload 'pie'"))
  }
}
