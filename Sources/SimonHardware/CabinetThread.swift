import SimonPOSIX
import Synchronization
import SystemPackage

/// The cabinet's thread: one system thread that reads the inputs and runs the game, so an
/// edge reaches the game, and the lamp it lights is driven, on the thread that read it.
///
/// It is a serial executor: an actor whose `unownedExecutor` is this thread's runs its
/// jobs here, one at a time, in the order they came. Between jobs the thread waits in
/// ppoll on the descriptors it watches (a backend's edge events), their deadlines (to the
/// nanosecond, never early), and a pipe that another thread rings when it queues a job or
/// changes a watch (the thread itself needs no bell). A watch's handler runs here as soon
/// as one of its descriptors is ready or its deadline has passed, before any job waiting;
/// from there, an actor of this thread is entered with `assumeIsolated`, without a hop.
///
/// It is a task executor too: a task that prefers it (`Task(executorPreference:)`) runs
/// its nonisolated parts here, and a continuation of it resumed here (a sleep a watch
/// handler ends) resumes here. Without the preference a resumed task goes through the
/// concurrency pool, a pool thread woken only to hand the task back to this one.
///
/// Promises: nothing runs on it but its jobs and its handlers, and those must not block;
/// while nothing is ready and nothing is due it sleeps without a timeout (no wake-ups).
/// The thread lives as long as the process.
public final class CabinetThread: SerialExecutor, TaskExecutor, Sendable {
  /// How a watched descriptor was found when the thread woke.
  public enum Readiness: Equatable, Sendable {
    /// Nothing to read.
    case idle
    /// Data waits (POLLIN).
    case readable
    /// The descriptor failed or hung up without data (the device went away).
    case failed
  }

  /// What a watch's handler wants next.
  public enum Next: Equatable, Sendable {
    /// Keep watching; call again when a descriptor is ready, or at the deadline if any.
    case wait(until: MonotonicInstant?)
    /// Stop watching; the handler is never called again.
    case stop
  }

  /// A watch's handler: each descriptor's readiness, in the order given, and the time.
  public typealias Handler = @Sendable (_ ready: [Readiness], _ now: MonotonicInstant) -> Next

  /// A registered watch, for `unwatch`.
  public struct Watch: Hashable, Sendable {
    fileprivate let id: Int
  }

  private final class Watcher: Sendable {
    let descriptors: [Int32]
    let handler: Handler
    /// False once unwatched; held while the handler runs so that `unwatch` waits for it.
    let open = Mutex(true)

    init(descriptors: [Int32], handler: @escaping Handler) {
      self.descriptors = descriptors
      self.handler = handler
    }
  }

  private struct State {
    var thread: SystemThread?
    var jobs: [UnownedJob] = []
    var watchers: [Int: (watcher: Watcher, deadline: MonotonicInstant?)] = [:]
    var nextID = 0
  }

  private let state = Mutex(State())
  /// The bell: a byte written to its write end wakes the thread.
  private let bell: Pipe

  /// Starts the cabinet's thread.
  /// - Throws: `HardwareError` `.io` when the system refuses a pipe or a thread.
  public init() throws(HardwareError) {
    do {
      bell = try Pipe.make(nonBlocking: true)
    } catch {
      throw HardwareError(.io, "unable to make the cabinet thread's pipe: \(error)")
    }
    // The thread waits for this lock before its first turn, so it is known by then.
    let started = state.withLock { state in
      state.thread = SystemThread.start(named: "simon-cabinet") { [self] in run() }
      return state.thread != nil
    }
    guard started else {
      bell.close()
      throw HardwareError(.io, "unable to start the cabinet thread")
    }
  }

  /// Whether the caller runs on this thread.
  public var isCurrent: Bool { state.withLock { Self.isCurrent($0) } }

  private static func isCurrent(_ state: State) -> Bool { state.thread?.isCurrent ?? false }

  /// Queues a job to run on the thread, after the jobs before it (as the serial executor
  /// of its actors and as the task executor of the tasks that prefer it).
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let ringing = state.withLock { state in
      state.jobs.append(job)
      return state.jobs.count == 1 && !Self.isCurrent(state)
    }
    if ringing { ring() }
  }

  /// Stops the program unless called on this thread (for `assumeIsolated`).
  public func checkIsolated() {
    precondition(isCurrent, "expected to run on the cabinet thread")
  }

  /// Whether the caller runs on this thread (for `assumeIsolated`).
  public func isIsolatingCurrentContext() -> Bool? { isCurrent }

  /// Runs `body` on the thread, after the jobs queued before it, and returns what it
  /// returned; actors of this thread can be entered from it with `assumeIsolated`.
  public func perform<T: Sendable>(_ body: @Sendable () -> T) async -> T {
    await Visitor(thread: self).run(body)
  }

  /// Asks for the thread to run first-in-first-out at a real-time priority.
  /// - Returns: 0, or the errno when not permitted (see `SystemThread.makeCurrentRealtime`).
  public func askRealtime(priority: Int32) async -> Int32 {
    await perform { SystemThread.makeCurrentRealtime(priority: priority) }
  }

  /// Watches descriptors: `handler` runs on this thread whenever one of them is ready,
  /// and at `deadline`, then at the deadline it last asked for. The descriptors must stay
  /// open until `unwatch` returns or the handler answered `.stop`.
  @discardableResult
  public func watch(
    _ descriptors: [Int32], until deadline: MonotonicInstant? = nil, handler: @escaping Handler
  ) -> Watch {
    let watcher = Watcher(descriptors: descriptors, handler: handler)
    let (id, ringing) = state.withLock { state in
      state.nextID += 1
      state.watchers[state.nextID] = (watcher, deadline)
      return (state.nextID, !Self.isCurrent(state))
    }
    if ringing { ring() }
    return Watch(id: id)
  }

  /// Stops a watch. Once it returns the handler is not running and never runs again.
  /// Never call it from that handler (answer `.stop` instead).
  public func unwatch(_ watch: Watch) {
    let (watcher, ringing) = state.withLock { state in
      (state.watchers.removeValue(forKey: watch.id)?.watcher, !Self.isCurrent(state))
    }
    watcher?.open.withLock { $0 = false }
    if ringing { ring() }
  }

  /// Wakes the thread (write to the pipe; a full pipe already rings). Only other threads
  /// ring: the thread itself looks at its jobs and watches again before it next waits.
  private func ring() {
    _ = try? bell.writeEnd.writeAll([1])
  }

  /// The thread's loop: wait, run the handlers of what is ready or due, then the jobs.
  private func run() {
    state.withLock { _ in }
    let executor = asUnownedSerialExecutor()
    let taskExecutor = asUnownedTaskExecutor()
    while true {
      let (watchers, jobsWaiting) = state.withLock { state in
        (
          state.watchers.sorted { $0.key < $1.key }.map {
            ($0.key, $0.value.watcher, $0.value.deadline)
          }, !state.jobs.isEmpty
        )
      }
      var descriptors = [Poll.Entry(bell.readEnd)]
      for (_, watcher, _) in watchers {
        descriptors += watcher.descriptors.map { Poll.Entry(FileDescriptor(rawValue: $0)) }
      }
      // Jobs the thread queued for itself rang no bell: look, but do not wait.
      let earliest = jobsWaiting ? MonotonicInstant(nanoseconds: 0) : watchers.compactMap(\.2).min()
      guard wait(&descriptors, until: earliest) else { continue }
      if !descriptors[0].found.isEmpty {
        var bytes = [UInt8](repeating: 0, count: 64)
        while (try? bytes.withUnsafeMutableBytes { try bell.readEnd.read(into: $0) }) == bytes.count
        {}
      }
      let now = MonotonicClock().now
      var index = 1
      for (id, watcher, deadline) in watchers {
        let ready = descriptors[index..<index + watcher.descriptors.count].map(Self.readiness)
        index += watcher.descriptors.count
        guard ready.contains(where: { $0 != .idle }) || deadline.map({ $0 <= now }) == true else {
          continue
        }
        let next = watcher.open.withLock { open -> Next? in
          open ? watcher.handler(ready, now) : nil
        }
        state.withLock { state in
          guard state.watchers[id]?.watcher === watcher, let next else { return }
          switch next {
          case .wait(let until): state.watchers[id]?.deadline = until
          case .stop: state.watchers[id] = nil
          }
        }
      }
      let jobs = state.withLock { state in
        defer { state.jobs.removeAll(keepingCapacity: true) }
        return state.jobs
      }
      for job in jobs { job.runSynchronously(isolatedTo: executor, taskExecutor: taskExecutor) }
    }
  }

  /// Waits in ppoll until a descriptor is ready or the deadline passes (no timeout when
  /// there is none). False when interrupted by a signal.
  private func wait(_ descriptors: inout [Poll.Entry], until deadline: MonotonicInstant?) -> Bool {
    let timeout = deadline.map { max($0.nanoseconds - MonotonicClock().now.nanoseconds, 0) }
    return (try? Poll.wait(&descriptors, timeoutNanoseconds: timeout)) != nil
  }

  private static func readiness(_ descriptor: Poll.Entry) -> Readiness {
    if descriptor.found.contains(.readable) { return .readable }
    return descriptor.found.isEmpty ? .idle : .failed
  }
}

/// An actor of a cabinet thread with nothing of its own, to run work there.
private actor Visitor {
  nonisolated let thread: CabinetThread

  init(thread: CabinetThread) { self.thread = thread }

  nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }

  func run<T: Sendable>(_ body: @Sendable () -> T) -> T { body() }
}
