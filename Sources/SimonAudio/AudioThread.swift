import Glibc

/// A dedicated system thread (pthread) running one function to its end.
///
/// Audio cannot live in Swift's cooperative pool: it blocks in `poll` and must wake
/// within a period whatever the pool is doing.
final class AudioThread: Sendable {
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  private let thread: pthread_t

  /// Starts a thread running `body` (pthread_create); nil when the system refuses one.
  init?(body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    guard result == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return nil
    }
    self.thread = thread
  }

  /// Puts the calling thread in the real-time FIFO class at `priority`
  /// (pthread_setschedparam); returns 0, or the errno when not permitted (an
  /// unprivileged process needs RLIMIT_RTPRIO of at least `priority`, e.g. systemd's
  /// `LimitRTPRIO=`).
  static func makeCurrentRealtime(priority: Int32) -> Int32 {
    var parameters = sched_param()
    parameters.sched_priority = priority
    return pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters)
  }

  /// Waits for the thread to end (pthread_join). Call once.
  func join() {
    _ = pthread_join(thread, nil)
  }
}
