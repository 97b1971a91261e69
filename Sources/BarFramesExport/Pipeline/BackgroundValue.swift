import BarFramesPNG
import Foundation

/// A value made on a thread of its own while the caller goes on: ``value()`` waits for it.
///
/// For work that is ready to start long before its result is needed (the gallery's page) or that
/// can run beside other such work (each output's finish): on the exporter's thread, after the
/// last frame, it would be work that nothing else runs beside.
final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  /// Written once, by the thread, before `done` is signalled.
  private var result: Value?

  /// Starts `make` on a new thread named `name` (as debuggers and profilers show it).
  init(named name: String, _ make: @escaping @Sendable () -> Value) {
    let thread = Thread { [self] in
      nameCurrentThread(name)
      result = make()
      done.signal()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }

  /// The value, once made; waits until then. May be called more than once.
  func value() -> Value {
    done.wait()
    defer { done.signal() }
    return result!
  }
}
