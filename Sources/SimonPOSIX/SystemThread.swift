import CSimonPOSIX
import Glibc

/// A thread of the system's own (a pthread), off the concurrency pool, so it can block
/// without starving async code: the one wrapper of pthreads in the package.
public struct SystemThread: Sendable {
  private let handle: pthread_t

  private final class Body {
    let name: String
    let run: @Sendable () -> Void
    init(_ name: String, _ run: @escaping @Sendable () -> Void) {
      self.name = name
      self.run = run
    }
  }

  /// The longest name a thread can have, in bytes (the kernel's TASK_COMM_LEN, less 1).
  public static let longestName = 15

  /// Starts a thread running `body`; join or detach it once (pthread_create).
  /// - Parameter name: what `ps -L`, `top -H` and /proc/PID/task/TID/comm show for the
  ///   thread; at most `longestName` bytes (a longer one stops the program).
  /// - Returns: nil when the system has no thread to give.
  public static func start(
    named name: String, _ body: @escaping @Sendable () -> Void
  ) -> SystemThread? {
    precondition(name.utf8.count <= longestName, "a thread's name is too long: \(name)")
    let box = Unmanaged.passRetained(Body(name, body)).toOpaque()
    var handle = pthread_t()
    let result = pthread_create(
      &handle, nil,
      { argument in
        let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
        _ = csimonposix_name_thread(body.name)
        body.run()
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
  /// Starts a detached thread named `name` (see `SystemThread.start`) running `body`.
  /// - Returns: false when the system refused to start a thread (pthread_create).
  @discardableResult
  public static func start(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
    guard let thread = SystemThread.start(named: name, body) else { return false }
    thread.detach()
    return true
  }
}
