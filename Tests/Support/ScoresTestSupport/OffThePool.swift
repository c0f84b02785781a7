import Foundation

/// Runs `work`, which blocks (a child's pipes read to their end, a wait for its exit), on
/// a thread of its own, and waits for it without holding a thread of the task pool.
///
/// Swift Testing runs tests on one pool thread per core: a test that blocked one there
/// would stall every other test's sleeps and waits, so that a 150 ms tap could reach
/// simond as a 2 s hold.
public func offThePool<T: Sendable, E: Error>(
  _ work: @escaping @Sendable () throws(E) -> T
) async throws(E) -> T {
  let result: Result<T, E> = await withCheckedContinuation { continuation in
    Thread.detachNewThread {
      continuation.resume(returning: Result { () throws(E) -> T in try work() })
    }
  }
  return try result.get()
}
