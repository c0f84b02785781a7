import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP (leave) and SIGWINCH (the terminal was resized) as events,
/// so the terminal is always restored rather than left raw by a signal's default action.
final class SignalEvents {
  /// The signals handled.
  static let numbers = [SIGINT, SIGTERM, SIGHUP, SIGWINCH]

  private var sources: [any DispatchSourceSignal] = []

  /// Handles the signals from now on, handing each to `deliver`.
  init(_ deliver: @escaping @Sendable (Int32) -> Void) {
    sources = Self.numbers.map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { deliver(number) }
      source.resume()
      return source
    }
  }

  /// Stops handling them. The signals stay ignored until the process ends, so one that
  /// arrives while the program tidies up cannot cut the tidying short.
  func stop() {
    for source in sources { source.cancel() }
    sources = []
  }
}
