import BarFramesImageIO
import Foundation
import Testing

@Suite struct WriterThreadTests {
  /// What the writer thread saw, read by the test after `finish()`.
  final class Log: @unchecked Sendable {
    let lock = NSLock()
    var items: [Int] = []
    var queuedAtMost = 0
  }

  struct Stop: Error, Equatable { var at: Int }

  @Test func writesEveryItemInTheOrderSent() throws {
    let log = Log()
    let thread = WriterThread<Int>(capacity: 3) { item in
      if item % 5 == 0 { usleep(300) }  // a slow writer: the sender must wait, not drop
      log.lock.withLock { log.items.append(item) }
    }
    for i in 0..<100 { try thread.send(i) }
    try thread.finish()
    #expect(log.items == Array(0..<100))
  }

  /// An idle writer is woken for half a queue of items, not for each one: fewer wake-ups, each
  /// costing more than a small GIF frame. What is queued below that is written by `finish()`.
  @Test func anIdleWriterWakesForHalfAQueue() throws {
    let log = Log()
    let thread = WriterThread<Int>(capacity: 8) { item in log.lock.withLock { log.items.append(item) } }
    func written(_ count: Int) -> [Int] {
      var waited = 0
      while log.lock.withLock({ log.items.count }) < count, waited < 5000 {
        usleep(1000)
        waited += 1
      }
      return log.lock.withLock { log.items }
    }
    // Four items wake the writer whenever it started; it writes them and goes idle.
    for i in 0..<4 { try thread.send(i) }
    #expect(written(4) == [0, 1, 2, 3])
    usleep(20_000)
    for i in 4..<7 { try thread.send(i) }
    usleep(100_000)
    #expect(log.lock.withLock { log.items }.count == 4)  // three of four: still asleep
    try thread.send(7)
    #expect(written(8) == Array(0..<8))  // the fourth woke it
    for i in 8..<10 { try thread.send(i) }
    try thread.finish()
    #expect(log.items == Array(0..<10))
  }

  /// With a wake count of 1 (frames that take long to write), each item is written as it
  /// comes: nothing waits for a batch, so little is left once the last one is sent.
  @Test func aWakeCountOfOneWritesEachItemAsItComes() throws {
    let log = Log()
    let thread = WriterThread<Int>(capacity: 8, wakeCount: 1) { item in log.lock.withLock { log.items.append(item) } }
    for i in 0..<3 {
      try thread.send(i)
      var waited = 0
      while log.lock.withLock({ log.items.count }) <= i, waited < 5000 {
        usleep(1000)
        waited += 1
      }
      #expect(log.lock.withLock { log.items } == Array(0...i))
    }
    try thread.finish()
    #expect(log.items == [0, 1, 2])
  }

  @Test func aFullQueueHoldsTheSenderBack() throws {
    // The writer blocks on a semaphore, so the queue fills: `capacity` items queued plus the
    // one in hand, and the next send must wait until the writer is released.
    let capacity = 4
    let release = DispatchSemaphore(value: 0)
    let log = Log()
    let thread = WriterThread<Int>(capacity: capacity) { item in
      if item == 0 { release.wait() }
      log.lock.withLock { log.items.append(item) }
    }
    let sent = Log()
    let sender = Thread {
      for i in 0..<20 {
        try? thread.send(i)
        sent.lock.withLock { sent.queuedAtMost = i + 1 }
      }
    }
    sender.start()
    usleep(200_000)
    let before = sent.lock.withLock { sent.queuedAtMost }
    #expect(before == capacity + 1)  // item 0 in hand, 1…capacity queued
    release.signal()
    while sent.lock.withLock({ sent.queuedAtMost }) < 20 { usleep(1000) }
    try thread.finish()
    #expect(log.items == Array(0..<20))
  }

  @Test func theWritersErrorReachesTheSenderAndStopsTheThread() throws {
    let log = Log()
    let thread = WriterThread<Int>(capacity: 2) { item in
      if item == 3 { throw Stop(at: item) }
      log.lock.withLock { log.items.append(item) }
    }
    var thrown: (any Error)?
    for i in 0..<50 {
      do { try thread.send(i) } catch {
        thrown = error
        break
      }
    }
    if thrown == nil {
      #expect(throws: Stop(at: 3)) { try thread.finish() }
    } else {
      #expect(thrown as? Stop == Stop(at: 3))
      #expect(throws: Stop(at: 3)) { try thread.finish() }
    }
    #expect(log.items == [0, 1, 2])
  }

  @Test func cancelDropsWhatIsQueuedAndEnds() throws {
    let release = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    let log = Log()
    let thread = WriterThread<Int>(capacity: 8) { item in
      if item == 0 {
        started.signal()
        release.wait()
      }
      log.lock.withLock { log.items.append(item) }
    }
    for i in 0..<5 { try thread.send(i) }
    started.wait()  // item 0 in hand, 1…4 queued
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { release.signal() }
    thread.cancel()
    #expect(log.items == [0])
    #expect(throws: CancellationError.self) { try thread.finish() }
  }
}
