import Testing

/// Runs a browser test at high priority, so that the run's browsers are kept busy.
///
/// Each browser serves the run's requests one at a time, so its busy seconds are a chain the
/// whole run waits for (`make test` prints them). Between two requests a test needs a thread
/// for a moment: to resume, to read a screenshot. Swift's tasks of default priority share as
/// many threads as there are cores (two here), and the suites that render and encode kept them
/// busy, so a browser test waited for a thread after each answer while its browser sat idle;
/// the run ended with the browsers' queues alone, working one request at a time. A task of high
/// priority runs on threads of its own priority, first.
///
/// ```swift
/// @Suite(.browserPriority) struct PlayerBrowserTests { … }
/// ```
public struct BrowserPriority: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // An unstructured task inherits the test's task-local values (which test is running,
    // where its issues go) and is awaited here, so the test still ends when its body does. The
    // task releases its closure before it completes, so `function` has not escaped once
    // `value` returns (withoutActuallyEscaping checks that, and traps otherwise).
    try await withoutActuallyEscaping(function) { body in
      try await Task(priority: .high) { try await body() }.value
    }
  }
}

extension Trait where Self == BrowserPriority {
  /// Runs the test (each test of the suite) at high priority: see ``BrowserPriority``.
  public static var browserPriority: Self { Self() }
}
