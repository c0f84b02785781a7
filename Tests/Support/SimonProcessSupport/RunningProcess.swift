import Foundation
import SimonPOSIX
import Synchronization
import SystemPackage

/// A program that runs in the background for as long as a test needs it (a daemon, a
/// broker, a bridge), started with `POSIX.spawn`: its process id for signals, and its end
/// awaited, never polled (a thread of its own waits for it).
///
/// Its standard streams are the descriptors given, or /dev/null; the caller keeps owning
/// the ones it gives. Every signal's handling is at its default in it and none is
/// blocked, whatever the test runner's threads block.
public final class RunningProcess: Sendable {
  /// Its process id; signal it only while `hasEnded` is false.
  public let processID: Int32
  /// Its exit status (128 + the signal for a signal) once it has ended; nothing before.
  private let ending = ArrivalLog<Int32>()
  /// The processes started and not yet collected, for `stopAll`: an id leaves the set
  /// only once its process has been reaped, so a signal to one here reaches no stranger.
  private static let unreaped = Mutex<Set<Int32>>([])

  /// Starts `path` with `arguments`.
  /// - Parameters:
  ///   - environment: its whole environment; nil passes on this process's.
  ///   - input: its standard input; nil gives it /dev/null.
  ///   - output: its standard output; nil sends it to /dev/null.
  ///   - error: its standard error; nil sends it to /dev/null.
  /// - Throws: `E2EError` naming the program when it cannot be started.
  public init(
    _ path: String, _ arguments: [String], environment: [String: String]? = nil,
    input: FileDescriptor? = nil, output: FileDescriptor? = nil, error: FileDescriptor? = nil
  ) throws {
    do {
      processID = try POSIX.spawn(
        [path] + arguments, environment: environment.map { $0.map { "\($0.key)=\($0.value)" } },
        input: input.map { .descriptor($0) } ?? .null,
        output: output.map { .descriptor($0) } ?? .null,
        error: error.map { .descriptor($0) } ?? .null)
    } catch {
      throw E2EError("cannot start \(path): \(error)")
    }
    let (processID, ending) = (processID, ending)
    TestCleanup.install()
    Self.unreaped.withLock { _ = $0.insert(processID) }
    Thread.detachNewThread {
      let status = POSIX.reap(processID, waiting: true)?.shellStatus
      Self.unreaped.withLock { _ = $0.remove(processID) }
      if let status {
        ending.append(contentsOf: [status])
      } else {
        ending.close()
      }
    }
  }

  /// Ends every process started here that still runs, for a program about to exit
  /// (`BenchmarkFigures.fail`), where nothing is released and no task runs again: SIGTERM
  /// to each, SIGKILL to those still there `grace` seconds later. Blocks the calling
  /// thread until all have been collected or, after SIGKILL, for a second at most.
  public static func stopAll(grace: Double = 5) {
    func waitForAll(_ seconds: Double) -> Bool {
      let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
      while ContinuousClock.now < deadline {
        if unreaped.withLock({ $0.isEmpty }) { return true }
        usleep(20_000)
      }
      return unreaped.withLock { $0.isEmpty }
    }
    for processID in unreaped.withLock({ $0 }) { kill(processID, SIGTERM) }
    guard !waitForAll(grace) else { return }
    for processID in unreaped.withLock({ $0 }) { kill(processID, SIGKILL) }
    _ = waitForAll(1)
  }

  /// Whether it has ended (and been collected: its id may be anyone's now).
  public var hasEnded: Bool { ending.count > 0 || ending.isClosed }

  /// Its exit status (128 + the signal for a signal) once it has ended; nil before.
  public var exitStatus: Int32? { ending.elements.first }

  /// Sends it a signal, unless it has ended.
  public func signal(_ number: Int32) {
    if !hasEnded { kill(processID, number) }
  }

  /// Where each of its threads is, for a failure's message: per thread its id, state
  /// (/proc/PID/task/TID/stat), kernel wait channel and the system call it is in (the
  /// number and arguments of /proc/PID/task/TID/syscall, the host's numbers: under
  /// qemu-user those of the emulator). Tells a program blocked in `connect` from one
  /// waiting on a lock, or one busy. Empty once it has ended.
  public var threadReport: String {
    guard !hasEnded,
      let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(processID)/task")
    else { return "" }
    func read(_ task: String, _ name: String) -> String {
      let text = try? String(
        contentsOfFile: "/proc/\(processID)/task/\(task)/\(name)", encoding: .utf8)
      return text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
    }
    return tasks.sorted().map { task in
      // "TID (NAME) STATE ...": the thread's name is in parentheses, its state after.
      let stat = read(task, "stat")
      let name = stat.split(separator: "(", maxSplits: 1).last?.split(separator: ")").first ?? "?"
      let state = stat.split(separator: ")").last?.split(separator: " ").first ?? "?"
      return
        "\(task) \(name) \(state) wchan=\(read(task, "wchan")) syscall=\(read(task, "syscall"))"
    }.joined(separator: "\n")
  }

  /// Waits for it to end without holding a thread; its exit status (128 + the signal for
  /// a signal), or nil after `timeout` seconds or when the task is cancelled.
  public func waitForExit(timeout: Double) async -> Int32? {
    guard await ending.waitFor(from: 0, timeout: .seconds(timeout), { _ in true }) != nil
    else { return nil }
    return exitStatus
  }

  /// Ends it if it still runs: SIGTERM now, SIGKILL if it has not ended `grace` seconds
  /// later (a program stuck, say, opening a FIFO must not hang the tests); then removes
  /// `directory`, if given. Returns at once: the waiting is a task's.
  public func terminate(grace: Double = 5, thenRemove directory: URL? = nil) {
    signal(SIGTERM)
    Task { [self] in
      if await waitForExit(timeout: grace) == nil {
        signal(SIGKILL)
        _ = await waitForExit(timeout: 60)
      }
      if let directory { try? FileManager.default.removeItem(at: directory) }
    }
  }
}
