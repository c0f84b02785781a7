import Synchronization

/// What a test's client has received so far, in order of arrival, with waits for what is
/// still to come that suspend the waiting task instead of blocking its thread.
///
/// Swift Testing runs tests on a pool of as many threads as the machine has cores: a test
/// that blocks one of them while it waits for a process holds up every other test.
public final class ArrivalLog<Element: Sendable>: Sendable {
  private struct Waiter {
    let from: Int
    let match: @Sendable (Element) -> Bool
    let continuation: CheckedContinuation<Int?, Never>
    var timer: Task<Void, Never>?
  }

  private struct State {
    var elements: [Element] = []
    var closed = false
    var waiters: [Int: Waiter] = [:]
    var nextWaiter = 0
  }

  private let state = Mutex(State())

  /// An empty log, open for more.
  public init() {}

  /// Everything received so far.
  public var elements: [Element] { state.withLock { $0.elements } }

  /// How many elements have arrived.
  public var count: Int { state.withLock { $0.elements.count } }

  /// Whether the sender has gone: nothing more will arrive.
  public var isClosed: Bool { state.withLock { $0.closed } }

  /// Adds what arrived, and ends the waits it satisfies.
  public func append(contentsOf arrived: [Element]) {
    guard !arrived.isEmpty else { return }
    let satisfied = state.withLock { state -> [(Waiter, Int)] in
      let start = state.elements.count
      state.elements += arrived
      var satisfied: [(Waiter, Int)] = []
      for (id, waiter) in state.waiters {
        let first = max(waiter.from, start)
        guard first < state.elements.count,
          let found = state.elements[first...].firstIndex(where: waiter.match)
        else { continue }
        state.waiters[id] = nil
        satisfied.append((waiter, found))
      }
      return satisfied
    }
    for (waiter, index) in satisfied {
      waiter.timer?.cancel()
      waiter.continuation.resume(returning: index)
    }
  }

  /// Records that nothing more will arrive, and ends every wait unsatisfied.
  public func close() {
    let waiting = state.withLock { state -> [Waiter] in
      state.closed = true
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiting {
      waiter.timer?.cancel()
      waiter.continuation.resume(returning: nil)
    }
  }

  /// The index of the first element at or after `index` that matches, waiting for it to
  /// arrive; nil when `timeout` passes first, the log is closed, or the task is cancelled.
  @discardableResult
  public func waitFor(
    from index: Int = 0, timeout: Duration, _ match: @escaping @Sendable (Element) -> Bool
  ) async -> Int? {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Int?, Never>) in
        let answer: Int?? = state.withLock { state in
          if index < state.elements.count,
            let found = state.elements[index...].firstIndex(where: match)
          {
            return .some(found)
          }
          if state.closed { return .some(nil) }
          state.waiters[id] = Waiter(from: index, match: match, continuation: continuation)
          return nil
        }
        if let answer { return continuation.resume(returning: answer) }
        let timer = Task { [weak self] in
          try? await Task.sleep(for: timeout)
          self?.end(id)
        }
        let ended = state.withLock { state in
          state.waiters[id]?.timer = timer
          return state.waiters[id] == nil
        }
        if ended {
          timer.cancel()
        } else if Task.isCancelled {
          end(id)
        }
      }
    } onCancel: {
      end(id)
    }
  }

  /// Ends the wait `id` unsatisfied, if it is still waiting.
  private func end(_ id: Int) {
    guard let waiter = state.withLock({ $0.waiters.removeValue(forKey: id) }) else { return }
    waiter.timer?.cancel()
    waiter.continuation.resume(returning: nil)
  }
}
