import BarFramesPNG
import Foundation
import Testing

@testable import BarFramesExport

/// The outputs finish at the same time, each on a thread of its own, and their results come
/// back in their order, a failure in its place.
@Suite struct FrameOutputsFinishTests {
  /// An output that is only finished: `body` is its finish.
  final class Finishing: FrameOutput, @unchecked Sendable {
    static func positions(in plan: ScenePlan) -> [Int] { [] }
    static func make(for plan: ScenePlan, in context: OutputContext) throws -> Finishing? { nil }

    let body: () throws -> [OutputFile]
    init(_ body: @escaping () throws -> [OutputFile]) { self.body = body }

    func prepare(_ frame: DrawnFrame, with _: Void) {}
    func append(_ frame: Void, changeSinceLast: FrameDifference?) {}
    func finish() throws -> [OutputFile] { try body() }
    func discard() {}
  }

  struct Late: Error {}

  /// A file entry that names `format`, to tell the results apart.
  static func file(_ format: String) -> OutputFile { .skipped(format: format, reason: "") }

  static func formats(_ results: [Result<[OutputFile], any Error>]) -> [String] {
    results.map { result in
      switch result {
      case .success(let files):
        files.map { if case .skipped(let format, _) = $0 { format } else { "?" } }.joined()
      case .failure: "failed"
      }
    }
  }

  /// Each of two finishes waits for the other to have started: finished one after the other,
  /// the first would wait in vain (and fail after ten seconds).
  @Test func twoFinishesRunAtTheSameTime() {
    let aStarted = DispatchSemaphore(value: 0)
    let bStarted = DispatchSemaphore(value: 0)
    let a = Finishing {
      aStarted.signal()
      guard bStarted.wait(timeout: .now() + 10) == .success else { throw Late() }
      return [Self.file("a")]
    }
    let b = Finishing {
      bStarted.signal()
      guard aStarted.wait(timeout: .now() + 10) == .success else { throw Late() }
      return [Self.file("b")]
    }
    let results = FrameOutputs.finish([MadeOutput(a, slot: 0), MadeOutput(b, slot: 1)])
    #expect(Self.formats(results) == ["a", "b"])
  }

  /// The results keep the outputs' order, whichever finishes first, and a failure stays in its
  /// place without stopping the others.
  @Test func resultsComeInTheOutputsOrderWithAFailureInItsPlace() {
    struct Broken: Error {}
    let outputs = [
      Finishing {
        usleep(20_000)
        return [Self.file("slow")]
      },
      Finishing { throw Broken() },
      Finishing { [Self.file("quick")] },
    ]
    let results = FrameOutputs.finish(outputs.enumerated().map { MadeOutput($0.element, slot: $0.offset) })
    #expect(Self.formats(results) == ["slow", "failed", "quick"])
    #expect(FrameOutputs.finish([]).isEmpty)
  }
}
