import BarFramesPNG
import Foundation

/// Runs `work` over `0..<count` on `jobs` threads and hands the results to `consume` in index
/// order, on the calling thread: each as soon as it is ready while `consume` keeps up, else a
/// few at a time (see ``Coordinator/next(_:)``).
///
/// At most `window` items are ever taken ahead of the one `consume` waits for, so memory stays
/// flat however long the sequence: a slow consumer (the APNG/GIF writers) holds the workers
/// back instead of letting finished frames pile up. Each thread makes its own `State` (a Cairo
/// surface and a PNG encoder, which are not `Sendable`) and keeps it for all its items.
///
/// The first error — from `makeState`, `work` or `consume` — stops every thread (items already
/// taken finish), and is rethrown after all threads have ended.
enum OrderedParallelMap {
  static func run<State, Output: Sendable>(
    count: Int, jobs: Int, window: Int,
    makeState: @escaping @Sendable () throws -> State,
    work: @escaping @Sendable (Int, State) throws -> Output,
    consume: (Int, Output) throws -> Void
  ) throws {
    guard count > 0 else { return }
    let coordinator = Coordinator<Output>(window: max(1, window), count: count)
    let threads = max(1, min(jobs, count))
    let finished = DispatchGroup()
    for _ in 0..<threads {
      finished.enter()
      let thread = Thread {
        defer { finished.leave() }
        nameCurrentThread("bf-draw")
        let state: State
        do {
          state = try makeState()
        } catch {
          coordinator.fail(error)
          return
        }
        while let index = coordinator.take() {
          do {
            coordinator.deliver(index, try work(index, state))
          } catch {
            coordinator.fail(error)
            return
          }
        }
      }
      // Drawing recurses through the layer tree; give it more than the default 512 KiB.
      thread.stackSize = 8 << 20
      thread.start()
    }
    for index in 0..<count {
      guard let output = coordinator.next(index) else { break }
      do {
        try consume(index, output)
      } catch {
        coordinator.fail(error)
        break
      }
      coordinator.consumed(index)
    }
    finished.wait()
    if let error = coordinator.failure { throw error }
  }

  /// The state the threads share, behind one condition variable.
  ///
  /// A thread is woken only when what it waits for has happened: the consumer when the item it
  /// waits for is delivered, the workers when the window has moved while one of them waits for
  /// it (or on failure). Waking every thread at every step cost several futex calls a frame.
  private final class Coordinator<Output: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let window: Int
    private let count: Int
    private var nextToTake = 0
    private var nextToConsume = 0
    private var ready: [Int: Output] = [:]
    private(set) var failure: (any Error)?
    /// The item the consumer is asleep waiting for, if it is.
    private var consumerWaitsFor: Int?
    /// Workers asleep waiting for the window to move.
    private var takersWaiting = 0

    init(window: Int, count: Int) {
      self.window = window
      self.count = count
    }

    /// The next item to work on, waiting while the window is full; nil when done or stopped.
    func take() -> Int? {
      condition.lock()
      defer { condition.unlock() }
      while failure == nil, nextToTake < count, nextToTake >= nextToConsume + window {
        takersWaiting += 1
        condition.wait()
        takersWaiting -= 1
      }
      guard failure == nil, nextToTake < count else { return nil }
      defer { nextToTake += 1 }
      return nextToTake
    }

    func deliver(_ index: Int, _ output: Output) {
      condition.lock()
      ready[index] = output
      if let awaited = consumerWaitsFor, index <= awaited, isReady(through: awaited) { condition.broadcast() }
      condition.unlock()
    }

    /// Whether every item from the one the consumer wants next through `last` is delivered.
    private func isReady(through last: Int) -> Bool {
      (nextToConsume...last).allSatisfy { ready[$0] != nil }
    }

    /// Waits for item `index`; nil if the run failed first.
    ///
    /// Asleep, the consumer is woken once a batch of items from `index` on is ready (half the
    /// window, at most the last item), not for each: a wake-up is a futex call and a
    /// context switch each way, more than consuming a small frame costs.
    func next(_ index: Int) -> Output? {
      condition.lock()
      defer { condition.unlock() }
      if failure == nil, ready[index] == nil {
        let awaited = min(count - 1, index + max(0, window / 2 - 1))
        while failure == nil, !isReady(through: awaited) {
          consumerWaitsFor = awaited
          condition.wait()
          consumerWaitsFor = nil
        }
      }
      guard failure == nil else { return nil }
      return ready.removeValue(forKey: index)
    }

    func consumed(_ index: Int) {
      condition.lock()
      nextToConsume = index + 1
      if takersWaiting > 0 { condition.broadcast() }
      condition.unlock()
    }

    func fail(_ error: any Error) {
      condition.lock()
      if failure == nil { failure = error }
      condition.broadcast()
      condition.unlock()
    }
  }
}
