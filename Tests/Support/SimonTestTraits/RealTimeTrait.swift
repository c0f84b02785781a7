import SimonProcessSupport
import Testing

/// Runs each test of a suite that plays a real-time program (a real simond, the
/// terminal cabinet) on a thread of its own (`TestThread`), not on the concurrency pool
/// that the other tests share: a test that holds a pool thread for long (a property test
/// computing for a minute, a wait for a lock) then cannot make it answer late.
public struct RealTimeTrait: SuiteTrait, TestTrait, TestScoping {
  /// Every test of the suite, and of the suites inside it, gets its own thread.
  public var isRecursive: Bool { true }

  /// A scope for each test case; none for a suite as a whole.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  /// Runs the test case with its own thread preferred for every job of its task.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let thread = TestThread(named: test.name)
    defer { thread.end() }
    try await TestThread.$current.withValue(thread) {
      try await withTaskExecutorPreference(thread) { try await function() }
    }
  }
}

extension Trait where Self == RealTimeTrait {
  /// The test plays a real-time program: it runs on a thread of its own.
  public static var realTime: Self { Self() }
}
