import Foundation
import Testing

@testable import BarFramesExport

@Suite struct OrderedParallelMapTests {
  final class Counter: @unchecked Sendable {
    let lock = NSLock()
    var inFlight = 0
    var maximum = 0
    var states = 0
    func enter() {
      lock.withLock {
        inFlight += 1
        maximum = max(maximum, inFlight)
      }
    }
    func leave() { lock.withLock { inFlight -= 1 } }
  }

  @Test(arguments: [1, 2, 8])
  func deliversEveryResultInOrder(jobs: Int) throws {
    var received: [Int] = []
    try OrderedParallelMap.run(
      count: 200, jobs: jobs, window: 8, makeState: { () },
      work: { index, _ in
        if index % 7 == 0 { usleep(200) }  // out-of-order completion
        return index * index
      },
      consume: { index, value in
        #expect(value == index * index)
        received.append(index)
      })
    #expect(received == Array(0..<200))
  }

  /// The consumer, asleep, waits for a batch of items (half the window): whatever the window and
  /// however many items are left for the last batch, every item still comes, once, in order.
  @Test(.timeLimit(.minutes(1)), arguments: [1, 2, 3, 5, 8], [1, 2, 7, 37])
  func batchesEndWhateverTheWindowAndTheCount(window: Int, count: Int) throws {
    var received: [Int] = []
    try OrderedParallelMap.run(
      count: count, jobs: 2, window: window, makeState: { () },
      work: { index, _ in
        usleep(index % 3 == 0 ? 300 : 0)  // the consumer often waits
        return index
      },
      consume: { index, value in
        #expect(value == index)
        received.append(index)
      })
    #expect(received == Array(0..<count))
  }

  @Test func neverHoldsMoreThanTheWindow() throws {
    let counter = Counter()
    let window = 4
    try OrderedParallelMap.run(
      count: 100, jobs: 8, window: window, makeState: { counter.lock.withLock { counter.states += 1 } },
      work: { index, _ in
        counter.enter()
        return index
      },
      consume: { _, _ in
        usleep(100)  // a slow writer holds the workers back
        counter.leave()
      })
    #expect(counter.maximum <= window)
    #expect(counter.states == 8)
  }

  @Test func theFirstErrorStopsTheRunAndIsRethrown() {
    struct Failure: Error, Equatable { var index: Int }
    var consumed = 0
    #expect(throws: Failure(index: 13)) {
      try OrderedParallelMap.run(
        count: 1000, jobs: 4, window: 8, makeState: { () },
        work: { index, _ in
          if index == 13 { throw Failure(index: 13) }
          return index
        },
        consume: { _, _ in consumed += 1 })
    }
    #expect(consumed <= 13)
  }

  @Test func aFailingConsumerStopsTheWorkers() {
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try OrderedParallelMap.run(
        count: 10_000, jobs: 2, window: 4, makeState: { () }, work: { index, _ in index },
        consume: { index, _ in if index == 5 { throw Stop() } })
    }
  }
}
