import SimonPOSIX
import Synchronization

/// CLOCK_MONOTONIC as a Swift `Clock` whose sleepers wake on the cabinet thread, at their
/// deadline, as a watch of that thread: no timer of the concurrency runtime, so a sleep
/// however long makes no wake-up before its deadline (a runtime timer wakes its manager
/// thread about once a second while one is pending), and a runner of that thread resumes
/// there, with no pool thread in between when its task prefers that thread
/// (`Task(executorPreference:)`).
public struct CabinetClock: InPlaceSleepingClock, Sendable {
  /// The thread the sleepers wake on.
  public let thread: CabinetThread

  /// A clock whose sleepers wake on `thread`.
  public init(thread: CabinetThread) { self.thread = thread }

  /// The current time on CLOCK_MONOTONIC.
  public var now: MonotonicInstant { MonotonicClock().now }

  /// The clock's resolution.
  public var minimumResolution: Duration { MonotonicClock().minimumResolution }

  /// Suspends until the deadline has passed on this clock.
  /// - Throws: `CancellationError` when the task is cancelled first.
  public func sleep(until deadline: MonotonicInstant, tolerance: Duration? = nil) async throws {
    try await sleepInPlace(until: deadline)
  }

  /// Suspends until the deadline has passed, on the caller's executor (a runner of the
  /// cabinet thread never leaves it).
  /// - Throws: `CancellationError` when the task is cancelled first.
  public nonisolated(nonsending) func sleepInPlace(until deadline: MonotonicInstant) async throws {
    try Task.checkCancellation()
    let sleeper = Sleeper()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        sleeper.begin(continuation)
        let watch = thread.watch([], until: deadline) { _, now in
          guard now >= deadline else { return .wait(until: deadline) }
          sleeper.end(nil)
          return .stop
        }
        if !sleeper.hold(watch) { thread.unwatch(watch) }
      }
    } onCancel: {
      if let watch = sleeper.end(CancellationError()) { thread.unwatch(watch) }
    }
  }
}

/// One sleep: its continuation, resumed once, and its watch.
private final class Sleeper: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Void, any Error>?
    var watch: CabinetThread.Watch?
    var ended = false
    var cancelled = false
  }

  private let state = Mutex(State())

  func begin(_ continuation: CheckedContinuation<Void, any Error>) {
    let cancelled = state.withLock { state -> Bool in
      guard !state.ended else { return true }
      state.continuation = continuation
      return false
    }
    if cancelled { continuation.resume(throwing: CancellationError()) }
  }

  /// Keeps the watch, for a cancellation; false when the sleep has ended already.
  func hold(_ watch: CabinetThread.Watch) -> Bool {
    state.withLock { state in
      guard !state.ended || !state.cancelled else { return false }
      state.watch = watch
      return true
    }
  }

  /// Ends the sleep once: resumes it, with the error if any; returns the watch to drop.
  @discardableResult
  func end(_ error: (any Error)?) -> CabinetThread.Watch? {
    let (continuation, watch) = state.withLock {
      state -> (CheckedContinuation<Void, any Error>?, CabinetThread.Watch?) in
      guard !state.ended else { return (nil, nil) }
      state.ended = true
      state.cancelled = error != nil
      defer {
        state.continuation = nil
        state.watch = nil
      }
      return (state.continuation, state.watch)
    }
    if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
    return watch
  }
}
