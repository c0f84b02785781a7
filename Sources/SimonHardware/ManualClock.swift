import SimonPOSIX
import Synchronization

/// A clock that moves only when a test tells it to, for exact and repeatable timing.
///
/// `advance(by:)` wakes every sleeper whose deadline falls inside the step, one at a
/// time in deadline order, with `now` set to that sleeper's deadline, and waits after
/// each for the sleepers' owners to settle before waking the next. "Settled" means at
/// least `sleepersWhenIdle` tasks sleep on the clock again: a runner with one timer task
/// that always sleeps (until its next deadline, or far ahead) settles with 1.
public final class ManualClock: InPlaceSleepingClock, Sendable {
  private struct Sleeper {
    let id: UInt64
    let deadline: MonotonicInstant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now: MonotonicInstant
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
    var settleWaiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state: Mutex<State>
  private let sleepersWhenIdle: Int

  /// A clock standing at `start` (by default 1000 s after boot) whose owners settle when
  /// `sleepersWhenIdle` tasks sleep on it.
  public init(
    start: MonotonicInstant = MonotonicInstant(sinceBoot: .seconds(1000)), sleepersWhenIdle: Int = 1
  ) {
    self.state = Mutex(State(now: start))
    self.sleepersWhenIdle = sleepersWhenIdle
  }

  /// The current time: where the last `advance` left it.
  public var now: MonotonicInstant { state.withLock { $0.now } }

  /// The smallest step: one nanosecond.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// How many tasks sleep on the clock now.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until `advance` reaches the deadline; returns at once for a past deadline.
  /// - Throws: `CancellationError` when the task is cancelled first.
  public func sleep(until deadline: MonotonicInstant, tolerance: Duration? = nil) async throws {
    try await sleepInPlace(until: deadline)
  }

  /// As `sleep(until:tolerance:)`, on the caller's executor.
  /// - Throws: `CancellationError` when the task is cancelled first.
  public nonisolated(nonsending) func sleepInPlace(until deadline: MonotonicInstant) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> UInt64 in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
          if deadline <= state.now {
            continuation.resume()
            return nil
          }
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
            return nil
          }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return takeSettleWaitersIfSettled(&state)
        }
        for waiter in waiters ?? [] { waiter.resume() }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward, waking sleepers in deadline order and letting each settle.
  public func advance(by duration: Duration) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to an instant (never back), waking sleepers in deadline order.
  public func advance(to target: MonotonicInstant) async {
    await settle()
    while true {
      let due = state.withLock { state -> Sleeper? in
        let candidates = state.sleepers.filter { $0.deadline <= target }
        guard let first = candidates.min(by: { $0.deadline < $1.deadline }) else {
          if target > state.now { state.now = target }
          return nil
        }
        state.sleepers.removeAll { $0.id == first.id }
        if first.deadline > state.now { state.now = first.deadline }
        return first
      }
      guard let due else { return }
      due.continuation.resume()
      await settle()
    }
  }

  /// Waits until the clock's owners have gone back to sleep (see the type's summary).
  public func settle() async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Bool in
        if state.sleepers.count >= sleepersWhenIdle { return true }
        state.settleWaiters.append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }

  private func takeSettleWaitersIfSettled(_ state: inout State) -> [CheckedContinuation<
    Void, Never
  >] {
    guard state.sleepers.count >= sleepersWhenIdle else { return [] }
    defer { state.settleWaiters.removeAll() }
    return state.settleWaiters
  }
}
