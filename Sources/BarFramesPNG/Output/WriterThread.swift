import CBarFramesKernels
import Foundation

/// Runs one consumer — the GIF writer, the contact sheet, or a writer's output stage — on a
/// thread of its own, fed in order through a bounded queue.
///
/// Instead of running on the thread that collects frames, the exporter gives the GIF writer
/// and the contact sheet a `WriterThread` each: the collector only enqueues, and they work at
/// the same time as each other and as the drawing threads. ``APNGWriter`` can use one for its
/// output stage. The queue holds at most `capacity` items; a full queue blocks ``send(_:)``, which
/// holds the collector and through its window the drawing threads back, so memory stays
/// bounded however long the sequence. Items reach `body` in the order sent, so the output does
/// not depend on timing.
///
/// The first error thrown by `body` stops the thread; the next ``send(_:)`` or ``finish()``
/// rethrows it. `body` and what it captures are used only on the writer thread until
/// ``finish()`` returns (the caller may then read them again).
public final class WriterThread<Item: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private let capacity: Int
  /// Items queued before an idle writer is woken.
  private let wakeCount: Int
  private var queue: [Item] = []
  /// The writer found the queue empty and waits for `wakeCount` items (or the end).
  private var writerIdle = false
  private var closed = false
  private var failure: (any Error)?
  private let done = DispatchSemaphore(value: 0)
  private var joined = false

  /// Starts the thread.
  /// - Parameters:
  ///   - capacity: Items queued at most (at least 1).
  ///   - wakeCount: Items queued before an idle writer is woken (1…capacity); half the capacity
  ///     by default. Items that take far longer to write than a wake-up (a large frame, a
  ///     contact sheet's cell) are best written as they come: 1, so that little is left to
  ///     write once the last item is sent.
  ///   - name: The thread's name, as debuggers and profilers show it (at most 15 bytes).
  ///   - body: Called on the writer thread with each item, in order.
  public init(
    capacity: Int, wakeCount: Int? = nil, name: String = "bf-writer", body: @escaping (Item) throws -> Void
  ) {
    self.capacity = max(1, capacity)
    self.wakeCount = min(max(1, wakeCount ?? capacity / 2), max(1, capacity))
    let unchecked = UncheckedBody(body: body)
    let thread = Thread { [self] in
      nameCurrentThread(name)
      while let item = self.take() {
        do {
          try unchecked.body(item)
        } catch {
          self.fail(error)
          break
        }
      }
      self.done.signal()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }

  /// Queues `item`, waiting while the queue is full.
  /// - Throws: The writer's error, if it has failed.
  public func send(_ item: Item) throws {
    condition.lock()
    defer { condition.unlock() }
    while failure == nil, queue.count >= capacity { condition.wait() }
    if let failure { throw failure }
    queue.append(item)
    // Only the writer can be waiting, and only while fewer than `wakeCount` items are queued:
    // wake it when there are that many, not for every item. A wake-up (a futex call and a
    // context switch each way) costs more than encoding a small GIF frame.
    if queue.count == wakeCount { condition.signal() }
  }

  /// Waits until every queued item is written (or the writer failed, or was cancelled).
  /// - Throws: The writer's error.
  public func finish() throws {
    close()
    join()
    condition.lock()
    defer { condition.unlock() }
    if let failure { throw failure }
  }

  /// Drops what is queued and stops the thread after the item in hand; waits for it. Call
  /// from the thread that sends.
  public func cancel() {
    condition.lock()
    queue.removeAll()
    if failure == nil { failure = CancellationError() }
    closed = true
    condition.broadcast()
    condition.unlock()
    join()
  }

  /// Waits for the thread to end, once: ``finish()`` and ``cancel()`` may both be called.
  private func join() {
    guard !joined else { return }
    done.wait()
    joined = true
  }

  private func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  private func take() -> Item? {
    condition.lock()
    defer { condition.unlock() }
    // Once idle, the writer sleeps until a batch is queued, then takes items until none is left.
    if queue.isEmpty { writerIdle = true }
    while failure == nil, !closed, queue.isEmpty || (writerIdle && queue.count < wakeCount) { condition.wait() }
    writerIdle = false
    guard failure == nil, !queue.isEmpty else { return nil }
    // A handful of items: shifting them is cheaper than any ring bookkeeping.
    let item = queue.removeFirst()
    // Only the sender can be waiting, and only on a full queue.
    if queue.count == capacity - 1 { condition.signal() }
    return item
  }

  private func fail(_ error: any Error) {
    condition.lock()
    if failure == nil { failure = error }
    queue.removeAll()
    condition.broadcast()
    condition.unlock()
  }

  /// The writer is a non-`Sendable` class used by this one thread only.
  private struct UncheckedBody: @unchecked Sendable {
    var body: (Item) throws -> Void
  }
}

/// Names the calling thread (at most 15 bytes are kept) for debuggers and profilers (`top -H`,
/// `perf report --sort comm`).
package func nameCurrentThread(_ name: String) {
  barframes_name_current_thread(name)
}
