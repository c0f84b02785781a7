import Foundation

/// One test's own thread: a task executor that runs the jobs of the tasks that prefer it
/// (`withTaskExecutorPreference`) and wakes their `pause(for:)` itself, so that a test that
/// plays a real-time program keeps its timing while the concurrency pool is busy.
///
/// Swift Testing runs every test on the concurrency pool, one thread per core. On two
/// cores a property test that computes for a minute and a test waiting for a lock hold
/// both threads, and a test that must press a pad within simond's 3 s timeout presses too
/// late. A resumed continuation comes to this thread directly; a `Task.sleep` would not
/// (its wake-up goes through the pool), hence `pause(for:)`.
///
/// Promises: jobs run one at a time, in the order they came; a pause ends no earlier than
/// asked. After `end()` the thread finishes what it holds and stops; a job that comes
/// later goes to the pool.
public final class TestThread: TaskExecutor, @unchecked Sendable {
  /// The test thread of the running test, if it has one (see `RealTimeTrait`).
  @TaskLocal public static var current: TestThread?

  /// Guards every stored property below and wakes the thread.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var pauses: [(until: ContinuousClock.Instant, resume: CheckedContinuation<Void, Never>)] =
    []
  private var ending = false
  private var ended = false
  /// The thread, once it runs (not the `Thread`: its block holds this object until it ends).
  private var runner: pthread_t?

  /// Starts the thread, named for what runs on it.
  public init(named name: String) {
    let thread = Thread { [self] in run() }
    thread.name = String(name.prefix(15))
    thread.start()
  }

  /// Whether the caller runs on this thread.
  public var isCurrent: Bool {
    guard let runner = condition.withLock({ runner }) else { return false }
    return pthread_equal(runner, pthread_self()) != 0
  }

  /// Queues a job of a task that prefers this thread.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let taken = condition.withLock {
      guard !ended else { return false }
      jobs.append(job)
      condition.signal()
      return true
    }
    if !taken { globalConcurrentExecutor.enqueue(job) }
  }

  /// Suspends the calling task until `duration` has passed; this thread resumes it.
  public func pause(for duration: Duration) async {
    let until = ContinuousClock.now + duration
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let taken = condition.withLock {
        guard !ended else { return false }
        pauses.append((until, continuation))
        condition.signal()
        return true
      }
      // A task that outlived its test pauses on a thread of its own.
      if !taken {
        Thread.detachNewThread {
          Thread.sleep(forTimeInterval: Self.seconds(ContinuousClock.now.duration(to: until)))
          continuation.resume()
        }
      }
    }
  }

  /// Lets the thread stop once nothing it holds is left to run.
  public func end() {
    condition.withLock {
      ending = true
      condition.signal()
    }
  }

  private func run() {
    condition.lock()
    runner = pthread_self()
    while true {
      let now = ContinuousClock.now
      if let due = pauses.firstIndex(where: { $0.until <= now }) {
        let pause = pauses.remove(at: due)
        condition.unlock()
        pause.resume.resume()
        condition.lock()
      } else if !jobs.isEmpty {
        let job = jobs.removeFirst()
        condition.unlock()
        job.runSynchronously(on: asUnownedTaskExecutor())
        condition.lock()
      } else if let next = pauses.map(\.until).min() {
        _ = condition.wait(until: Date(timeIntervalSinceNow: Self.seconds(now.duration(to: next))))
      } else if ending {
        break
      } else {
        condition.wait()
      }
    }
    ended = true
    condition.unlock()
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

/// Suspends the calling task for `duration`: on the test's own thread when it has one
/// (see `TestThread`), else as `Task.sleep` does.
public func pause(for duration: Duration) async {
  if let thread = TestThread.current {
    await thread.pause(for: duration)
  } else {
    try? await Task.sleep(for: duration)
  }
}
