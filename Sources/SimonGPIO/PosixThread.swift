#if canImport(Glibc)
  import Glibc
#endif

/// A dedicated thread for blocking work (pthread_create, pthread_join).
struct PosixThread: Sendable {
  private let handle: pthread_t

  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Starts a thread running `body`.
  /// - Returns: nil when the system has no thread to give (pthread_create failed).
  static func start(_ body: @escaping @Sendable () -> Void) -> PosixThread? {
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
    return PosixThread(handle: handle)
  }

  /// Waits for the thread to end (pthread_join).
  func join() {
    pthread_join(handle, nil)
  }
}
