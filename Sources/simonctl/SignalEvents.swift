import Synchronization
import UnixSignals

/// SIGINT, SIGTERM and SIGHUP (leave) and SIGWINCH (the terminal was resized) as events for
/// `simonctl play`, so that no signal's default action ends the program with the terminal
/// left raw or its own simond running.
///
/// Once started, the signals stay trapped until the process ends: `stop()` only stops
/// handing them on. (The sequence is never released, so their disposition never depends on
/// what libdispatch leaves behind; and it never becomes SIG_IGN, which on Linux would make
/// any later sequence for the same signal deaf, as libdispatch installs its handler only once
/// per process.)
final class SignalEvents: Sendable {
  /// The signals that ask the program to leave.
  static let leaving: [UnixSignal] = [.sigint, .sigterm, .sighup]
  /// Every signal handled: the leaving ones and SIGWINCH.
  static let handled: [UnixSignal] = leaving + [.sigwinch]

  private let deliver: Mutex<(@Sendable (UnixSignal) -> Void)?>
  private let leaveSeen = Atomic<Bool>(false)

  /// Traps the signals and returns once they are trapped; from then on each one that
  /// arrives is handed to `deliver`, in order, until `stop()`.
  static func start(_ deliver: @escaping @Sendable (UnixSignal) -> Void) async -> SignalEvents {
    let signals = await UnixSignalsSequence(trapping: handled)
    let events = SignalEvents(deliver)
    // Runs for the rest of the process: it keeps the sequence, and with it the trap, alive.
    Task {
      for await signal in signals { events.received(signal) }
    }
    return events
  }

  private init(_ deliver: @escaping @Sendable (UnixSignal) -> Void) {
    self.deliver = Mutex(deliver)
  }

  /// Whether SIGINT, SIGTERM or SIGHUP has arrived: for waits outside the event loop.
  var leaveRequested: Bool { leaveSeen.load(ordering: .acquiring) }

  /// Stops handing signals on: once it returns, `deliver` is not called again (and is
  /// released). The signals stay trapped, and so without effect, until the process ends, so
  /// one that arrives while the program tidies up cannot cut the tidying short.
  func stop() {
    deliver.withLock { $0 = nil }
  }

  /// Notes a leave and hands the signal on, unless stopped.
  private func received(_ signal: UnixSignal) {
    if signal != .sigwinch { leaveSeen.store(true, ordering: .releasing) }
    deliver.withLock { $0?(signal) }
  }
}
