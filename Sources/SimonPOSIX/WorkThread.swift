import Synchronization
import SystemPackage

/// A serial executor on a system thread of its own, for an actor whose work blocks (a
/// file lock waited for, an fsync): the concurrency pool's threads, as many as the cores,
/// never wait on it.
///
/// Jobs run one at a time in the order they came. Between jobs the thread sleeps in ppoll
/// on a pipe that `enqueue` rings from other threads, without a timeout: an idle thread
/// wakes nobody. The thread lives as long as the process.
public final class WorkThread: SerialExecutor, Sendable {
  private struct State {
    var thread: SystemThread?
    var jobs: [UnownedJob] = []
  }

  private let state = Mutex(State())
  /// The bell: a byte written to its write end wakes the thread.
  private let bell: Pipe

  /// Starts a thread named `name` (see `SystemThread.start`).
  /// - Throws: `Errno` when the system refuses a pipe, `.resourceTemporarilyUnavailable`
  ///   when it refuses a thread.
  public init(named name: String) throws(Errno) {
    bell = try Pipe.make(nonBlocking: true)
    // The thread waits for this lock before its first turn, so it is known by then.
    let started = state.withLock { state in
      state.thread = SystemThread.start(named: name) { [self] in run() }
      return state.thread != nil
    }
    guard started else {
      bell.close()
      throw .resourceTemporarilyUnavailable
    }
  }

  /// Queues a job to run on the thread after the jobs before it.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let ringing = state.withLock { state in
      state.jobs.append(job)
      return state.jobs.count == 1 && !(state.thread?.isCurrent ?? false)
    }
    if ringing { _ = try? bell.writeEnd.writeAll([1]) }
  }

  /// Whether the caller runs on this thread.
  public var isCurrent: Bool { state.withLock { $0.thread?.isCurrent ?? false } }

  /// Stops the program unless called on this thread (for `assumeIsolated`).
  public func checkIsolated() {
    precondition(isCurrent, "expected to run on a work thread")
  }

  private func run() {
    state.withLock { _ in }
    let executor = asUnownedSerialExecutor()
    var bytes = [UInt8](repeating: 0, count: 64)
    while true {
      let jobs = state.withLock { state in
        defer { state.jobs.removeAll(keepingCapacity: true) }
        return state.jobs
      }
      for job in jobs { job.runSynchronously(on: executor) }
      guard jobs.isEmpty else { continue }
      var descriptors = [Poll.Entry(bell.readEnd)]
      _ = try? Poll.wait(&descriptors, timeoutNanoseconds: nil)
      // Empties the bell (its read end does not block): one wake-up for every ring so far.
      var read: Int?
      repeat {
        read = try? bytes.withUnsafeMutableBytes { try bell.readEnd.read(into: $0) }
      } while read == bytes.count
    }
  }
}
