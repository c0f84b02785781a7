import Glibc

/// A thread of the system's own (a pthread), off the concurrency pool, so it can block
/// without starving async code: the one wrapper of pthreads in the package.
public struct SystemThread: Sendable {
  private let handle: pthread_t

  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Starts a thread running `body`; join or detach it once (pthread_create).
  /// - Returns: nil when the system has no thread to give.
  public static func start(_ body: @escaping @Sendable () -> Void) -> SystemThread? {
    let box = Unmanaged.passRetained(Body(body)).toOpaque()
    var handle = pthread_t()
    let result = pthread_create(
      &handle, nil,
      { argument in
        Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue().run()
        return nil
      }, box)
    guard result == 0 else {
      Unmanaged<Body>.fromOpaque(box).release()
      return nil
    }
    return SystemThread(handle: handle)
  }

  /// Waits for the thread to end (pthread_join).
  public func join() { pthread_join(handle, nil) }

  /// Lets the thread end on its own, never joined (pthread_detach).
  public func detach() { pthread_detach(handle) }

  /// Whether the caller runs on this thread (pthread_equal, pthread_self).
  public var isCurrent: Bool { pthread_equal(handle, pthread_self()) != 0 }

  /// Asks the scheduler to run the calling thread first-in-first-out at a real-time
  /// priority (pthread_setschedparam, SCHED_FIFO).
  /// - Returns: 0, or the errno when not permitted: an unprivileged process needs an
  ///   RLIMIT_RTPRIO of at least `priority` (systemd's `LimitRTPRIO=`).
  public static func makeCurrentRealtime(priority: Int32) -> Int32 {
    var parameters = sched_param()
    parameters.sched_priority = priority
    return pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters)
  }
}

/// Detached threads for blocking work that ends on its own (a socket's reader, say).
public enum BackgroundThread {
  /// Starts a detached thread running `body`.
  /// - Returns: false when the system refused to start a thread (pthread_create).
  @discardableResult
  public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    guard let thread = SystemThread.start(body) else { return false }
    thread.detach()
    return true
  }
}
