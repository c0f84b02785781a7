import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP (leave) and SIGWINCH (the terminal was resized) as events,
/// so the terminal is always restored rather than left raw by a signal's default action.
final class SignalEvents {
  /// The signals handled.
  static let numbers = [SIGINT, SIGTERM, SIGHUP, SIGWINCH]

  private var sources: [any DispatchSourceSignal] = []
  private let leaving = Flag()

  /// Handles the signals from now on, handing each to `deliver`.
  init(_ deliver: @escaping @Sendable (Int32) -> Void) {
    sources = Self.numbers.map { [leaving] number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        if number != SIGWINCH { leaving.set() }
        deliver(number)
      }
      source.resume()
      return source
    }
  }

  /// Whether SIGINT, SIGTERM or SIGHUP has arrived: for waits outside the event loop.
  var leaveRequested: Bool { leaving.isSet }

  /// Stops handling them. The signals stay ignored until the process ends, so one that
  /// arrives while the program tidies up cannot cut the tidying short.
  func stop() {
    for source in sources { source.cancel() }
    sources = []
  }
}

/// A flag any thread may set once and read.
private final class Flag: Sendable {
  private let value = Atomic<Bool>(false)

  /// Whether it has been set.
  var isSet: Bool { value.load(ordering: .acquiring) }

  /// Sets it.
  func set() { value.store(true, ordering: .releasing) }
}
