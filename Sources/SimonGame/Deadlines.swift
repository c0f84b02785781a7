/// Named deadlines, earliest first: the bookkeeping behind the game's timers.
///
/// Starting a key that is pending moves its deadline; `takeDue(upTo:)` hands out due
/// keys one at a time in deadline order (ties in the order they were set), so a driver
/// can fire each at its exact deadline.
public struct Deadlines<Key: Hashable & Sendable>: Sendable {
  private var entries: [Key: (deadline: Duration, order: UInt64)] = [:]
  private var counter: UInt64 = 0

  /// No deadlines.
  public init() {}

  /// Sets (or moves) a key's deadline.
  public mutating func set(_ key: Key, at deadline: Duration) {
    counter += 1
    entries[key] = (deadline, counter)
  }

  /// Removes a key; a key that is not pending is ignored.
  public mutating func cancel(_ key: Key) {
    entries[key] = nil
  }

  /// The earliest deadline, or nil when nothing is pending.
  public var earliest: Duration? {
    entries.values.map(\.deadline).min()
  }

  /// Whether a key is pending, and its deadline.
  public func deadline(of key: Key) -> Duration? { entries[key]?.deadline }

  /// Removes and returns the earliest key whose deadline is at or before `now`, with its
  /// deadline; nil when none is due.
  public mutating func takeDue(upTo now: Duration) -> (key: Key, deadline: Duration)? {
    let due = entries.filter { $0.value.deadline <= now }
    guard
      let first = due.min(by: {
        ($0.value.deadline, $0.value.order) < ($1.value.deadline, $1.value.order)
      })
    else { return nil }
    entries[first.key] = nil
    return (first.key, first.value.deadline)
  }

  /// Whether nothing is pending.
  public var isEmpty: Bool { entries.isEmpty }
}
