import BarFramesImageIO
import Foundation
import Testing

@testable import BarFramesExport

/// The drawing threads block on each other here, so these tests wait on threads of their own,
/// never on Swift's cooperative pool.
@Suite struct FrameHandoffTests {
  /// Runs `body` on a thread and returns what it returned, waiting at most 10 s.
  static func onThread(
    _ body: @escaping @Sendable () -> FrameHandoff.Frame?
  ) -> (finished: Bool, value: FrameHandoff.Frame?) {
    final class Box: @unchecked Sendable { var value: FrameHandoff.Frame? }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    Thread {
      box.value = body()
      done.signal()
    }.start()
    let finished = done.wait(timeout: .now() + 10) == .success
    return (finished, box.value)
  }

  @Test func aFrameWaitsForTheOneBeforeAndIsTakenOnce() {
    let handoff = FrameHandoff()
    let image = RGBAImage(width: 2, height: 1, filledWith: .init(red: 1, green: 2, blue: 3))
    let ink = PixelRect(x: 1, y: 0, width: 1, height: 1)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { handoff.publish(4, .init(image: image, ink: ink)) }
    let taken = Self.onThread { handoff.take(4) }
    #expect(taken.finished && taken.value?.image == image && taken.value?.ink == ink)
    handoff.fail()
    // Taken already: a second ask finds nothing, and does not wait once the handoff failed.
    let again = Self.onThread { handoff.take(4) }
    #expect(again.finished && again.value == nil)
  }

  @Test func aFailureWakesAThreadWaitingForAFrameThatWillNotCome() {
    let handoff = FrameHandoff()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { handoff.fail() }
    let waiting = Self.onThread { handoff.take(7) }
    #expect(waiting.finished && waiting.value == nil)
  }
}
