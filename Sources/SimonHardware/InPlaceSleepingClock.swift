import SimonPOSIX

/// A clock an actor can sleep on without leaving its executor.
///
/// `Clock.sleep` is a plain nonisolated async function, so an actor that awaits it hops to
/// the concurrency pool to start the sleep and hops back when it ends: a pool thread woken
/// twice for every timer. A runner on the cabinet thread reschedules its timer on nearly
/// every press, and those wake-ups compete for the processor with whatever else runs. Here
/// the sleep starts on the caller's own executor and ends back on it; the resumed task
/// reaches it without a pool thread when it prefers that executor as its task executor
/// (as the runner's timer task prefers the cabinet thread).
public protocol InPlaceSleepingClock: Clock
where Instant == MonotonicInstant, Duration == Swift.Duration {
  /// Suspends until the deadline has passed, staying on the caller's executor.
  /// - Throws: `CancellationError` when the task is cancelled first.
  nonisolated(nonsending) func sleepInPlace(until deadline: MonotonicInstant) async throws
}
