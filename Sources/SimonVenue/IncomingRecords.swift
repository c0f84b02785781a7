import SimonPOSIX
import Synchronization

/// Records from the broker waiting to be merged: gathered on the MQTT network thread,
/// taken by the bridge a batch at a time, so that a broker holding years of history
/// never queues ahead of the cabinet's own game over.
///
/// The network thread must keep reading: Mosquitto drops what it cannot send a client
/// once more than `max_queued_messages` wait for it (1000 as shipped), QoS 0 or not. So
/// it only appends here, and the bridge merges in memory, quickly. `capacity` (50,000
/// messages, about 20 MB) is a last bound: past it the network thread waits for the
/// bridge to take them.
final class IncomingRecords: Sendable {
  /// A record's topic and payload, as the broker sent them.
  struct Message: Sendable, Equatable {
    var topic: String
    var payload: [UInt8]
  }

  /// The most messages held at once.
  let capacity: Int
  private struct State {
    var waiting: [Message] = []
    var closed = false
  }
  // A struct, not a tuple: scripts/tsan.supp knows a withLock body by its mangled type.
  private let state = Mutex(State())

  /// Holds at most `capacity` messages.
  init(capacity: Int = 50_000) { self.capacity = capacity }

  /// Adds a message, first waiting while `capacity` are held (unless closed: then it is
  /// dropped; the broker keeps it for the next run).
  /// - Returns: true when it is the first of a batch: the bridge is to be told.
  func add(_ message: Message) -> Bool {
    while true {
      let outcome = state.withLock { state -> Bool? in
        if state.closed { return false }
        guard state.waiting.count < capacity else { return nil }
        state.waiting.append(message)
        return state.waiting.count == 1
      }
      if let outcome { return outcome }
      POSIX.blockThread(for: .milliseconds(5))
    }
  }

  /// Every message held, in the order they came; none is held after.
  func take() -> [Message] {
    state.withLock { state in
      defer { state.waiting.removeAll(keepingCapacity: true) }
      return state.waiting
    }
  }

  /// Drops what is held and everything added after, and wakes a waiting `add`: the
  /// bridge is stopping.
  func close() {
    state.withLock { state in
      state.closed = true
      state.waiting = []
    }
  }
}

/// When the bridge writes venue.json: at once, unless it wrote less than `interval` ago
/// (then when that is over), so the file is written about once a second at most however
/// fast records arrive.
struct MergePacer {
  /// The least time between two writes.
  var interval: Duration = .seconds(1)
  private var last: ContinuousClock.Instant?

  /// A pacer that has not written yet.
  init(interval: Duration = .seconds(1)) { self.interval = interval }

  /// How long to wait before writing at `now`: nil to write now (and the write is
  /// counted as made at `now`).
  mutating func wait(at now: ContinuousClock.Instant) -> Duration? {
    if let last, now < last + interval { return (last + interval) - now }
    last = now
    return nil
  }
}
