/// Named deadlines, earliest first: the bookkeeping behind the game's timers.
///
/// Starting a key that is pending moves its deadline; `takeDue(upTo:)` hands out due
/// keys one at a time in deadline order (ties in the order they were set), so a driver
/// can fire each at its exact deadline.
///
/// Inlinable, and a plain list rather than a hash table: it is on the path from a press to
/// its lamp, and holds a handful of keys, which a scan compares faster than a hash of one.
public struct Deadlines<Key: Equatable & Sendable>: Sendable {
  @usableFromInline
  struct Entry: Sendable {
    @usableFromInline var key: Key
    @usableFromInline var deadline: Duration
    @usableFromInline var order: UInt64

    @inlinable
    init(key: Key, deadline: Duration, order: UInt64) {
      self.key = key
      self.deadline = deadline
      self.order = order
    }
  }

  @usableFromInline var entries: [Entry] = []
  @usableFromInline var counter: UInt64 = 0

  /// No deadlines.
  @inlinable
  public init() {}

  /// Sets (or moves) a key's deadline.
  @inlinable
  public mutating func set(_ key: Key, at deadline: Duration) {
    counter += 1
    let entry = Entry(key: key, deadline: deadline, order: counter)
    if let index = entries.firstIndex(where: { $0.key == key }) {
      entries[index] = entry
    } else {
      entries.append(entry)
    }
  }

  /// Removes a key; a key that is not pending is ignored.
  @inlinable
  public mutating func cancel(_ key: Key) {
    if let index = entries.firstIndex(where: { $0.key == key }) { entries.remove(at: index) }
  }

  /// The earliest deadline, or nil when nothing is pending.
  @inlinable
  public var earliest: Duration? {
    var earliest: Duration?
    for entry in entries where earliest.map({ entry.deadline < $0 }) ?? true {
      earliest = entry.deadline
    }
    return earliest
  }

  /// Whether a key is pending, and its deadline.
  @inlinable
  public func deadline(of key: Key) -> Duration? {
    entries.first { $0.key == key }?.deadline
  }

  /// Removes and returns the earliest key whose deadline is at or before `now`, with its
  /// deadline; nil when none is due.
  @inlinable
  public mutating func takeDue(upTo now: Duration) -> (key: Key, deadline: Duration)? {
    var first: Int?
    for index in entries.indices where entries[index].deadline <= now {
      if let best = first,
        (entries[best].deadline, entries[best].order)
          <= (entries[index].deadline, entries[index].order)
      {
        continue
      }
      first = index
    }
    guard let first else { return nil }
    let entry = entries.remove(at: first)
    return (entry.key, entry.deadline)
  }

  /// Whether nothing is pending.
  @inlinable
  public var isEmpty: Bool { entries.isEmpty }
}
