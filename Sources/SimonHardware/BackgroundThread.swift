import Glibc

/// Runs blocking work (a poll loop, say) on a thread of its own, off the concurrency
/// pool, so it can block without starving async code.
public enum BackgroundThread {
  private final class Box {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  /// Starts a detached thread running `body`.
  /// - Returns: false when the system refused to start a thread (pthread_create).
  @discardableResult
  public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { context in
        let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
        box.body()
        return nil
      }, box)
    guard result == 0 else {
      Unmanaged<Box>.fromOpaque(box).release()
      return false
    }
    pthread_detach(thread)
    return true
  }
}
