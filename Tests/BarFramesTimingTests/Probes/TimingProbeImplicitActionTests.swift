import BarFramesTiming
import Foundation
import Testing

/// `barframes timing` probes with sets of the property (docs/probes/implicit-actions.json): each
/// set runs Core Animation's implicit action, from the presented value, 0.25 s, default curve,
/// under the property's key, unless its transaction disables actions or sets another duration.
@Suite struct TimingProbeImplicitActionTests {
  /// The default timing function (0.25, 0.1, 0.25, 1) at `x`, by bisection on the Bézier's x
  /// (independent of the library's solver).
  static func defaultCurve(_ x: Double) -> Double {
    func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
      3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
    }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<100 {
      let mid = (lo + hi) / 2
      if bezier(mid, 0.25, 0.25) < x { lo = mid } else { hi = mid }
    }
    return bezier(lo, 0.1, 1)
  }

  /// The probe file in docs/, evaluated: each probe's presented values in sample order.
  func values() throws -> [String: [Double]] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../../docs/probes/implicit-actions.json")
    let probes = try TimingProbeFile.decode(try Data(contentsOf: url), file: "implicit-actions.json")
    var result: [String: [Double]] = [:]
    for probe in probes {
      result[probe.id] = probe.evaluate().samples.map { $0.value.scalarValue ?? .nan }
    }
    return result
  }

  func close(_ a: [Double]?, _ b: [Double]) -> Bool {
    guard let a, a.count == b.count else { return false }
    return zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 }
  }

  @Test func aSetAnimatesOverAQuarterSecondWithTheDefaultCurve() throws {
    let got = try values()["a set at 0 s: 0.25 s from the presented 0 to 10, default curve"]
    let expected = [0, 0.25, 0.5, 0.75, 1, 2].map { 10 * Self.defaultCurve(min($0, 1)) }
    #expect(close(got, expected), "\(got ?? [])")
  }

  @Test func aSetInFlightStartsFromWhereTheFirstHadGot() throws {
    let got = try values()["replaced mid-flight: a set at 0.1 s starts from where the first had got to"]
    let at = 10 * Self.defaultCurve(0.4)
    let expected = [at, at * (1 - Self.defaultCurve(0.4)), at * (1 - Self.defaultCurve(1)), 0]
    #expect(close(got, expected), "\(got ?? [])")
  }

  @Test func disabledActionsJump() throws {
    #expect(close(try values()["disabled actions: the set jumps"], [10, 10]))
  }

  @Test func aTransactionSetsTheDurationAndTheCurve() throws {
    #expect(close(try values()["a transaction of 1 s, linear"], [2.5, 5, 10]))
  }

  @Test func aSetOfAnotherKindIsRefusedWithItsKeyPath() throws {
    let text = #"{"version":1,"probes":[{"id":"k","modelValue":0,"sets":[{"at":0,"value":[1,2]}],"times":[0]}]}"#
    let error = try #require(throws: TimingProbeError.self) { try TimingProbeFile.decode(Data(text.utf8), file: "p.json") }
    #expect(error.description.contains("probes[0].sets[0].value"), "\(error)")
  }

  @Test func aProbeNeedsAnAnimationOrSets() throws {
    let text = #"{"version":1,"probes":[{"id":"l","modelValue":0,"times":[0]}]}"#
    let error = try #require(throws: TimingProbeError.self) { try TimingProbeFile.decode(Data(text.utf8), file: "p.json") }
    #expect(error.description.contains("animation: missing"), "\(error)")
  }
}
