/// A point in time on CLOCK_MONOTONIC: the time since boot, not counting suspend.
///
/// GPIO event timestamps and the simulated cabinet's `t` are in this time base, so a
/// press and the LED it lights can be compared directly.
public struct MonotonicInstant: InstantProtocol, Hashable, Sendable {
  /// The time since boot.
  public var sinceBoot: Duration

  /// The instant a given time after boot.
  public init(sinceBoot: Duration) { self.sinceBoot = sinceBoot }

  /// The instant this many nanoseconds after boot.
  public init(nanoseconds: Int64) { self.sinceBoot = .nanoseconds(nanoseconds) }

  /// The nanoseconds since boot, as the socket protocol writes them.
  public var nanoseconds: Int64 {
    let (seconds, attoseconds) = sinceBoot.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }

  /// The instant a duration later.
  public func advanced(by duration: Duration) -> MonotonicInstant {
    MonotonicInstant(sinceBoot: sinceBoot + duration)
  }

  /// The duration from this instant to another.
  public func duration(to other: MonotonicInstant) -> Duration {
    other.sinceBoot - sinceBoot
  }

  /// Orders instants by time.
  public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
    lhs.sinceBoot < rhs.sinceBoot
  }
}

/// The real CLOCK_MONOTONIC, as a Swift `Clock`.
public struct MonotonicClock: Clock, Sendable {
  /// A clock reading the system's monotonic time.
  public init() {}

  /// The current time on CLOCK_MONOTONIC (clock_gettime).
  public var now: MonotonicInstant {
    MonotonicInstant(sinceBoot: .nanoseconds(POSIX.monotonicNanoseconds))
  }

  /// The clock's resolution (clock_getres).
  public var minimumResolution: Duration {
    .nanoseconds(POSIX.monotonicResolutionNanoseconds)
  }

  /// Suspends until the deadline has passed on this clock.
  /// - Throws: `CancellationError` when the task is cancelled first.
  public func sleep(until deadline: MonotonicInstant, tolerance: Duration? = nil) async throws {
    let remaining = now.duration(to: deadline)
    if remaining > .zero {
      try await Task.sleep(for: remaining, tolerance: tolerance ?? .zero)
    } else {
      try Task.checkCancellation()
    }
  }
}
