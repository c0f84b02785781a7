import Dispatch
import Foundation
import Synchronization

/// What a test program (the suite, a benchmark) leaves is gone when it ends, whether it
/// ends normally, a test fails, or SIGINT, SIGTERM or SIGHUP interrupts it: every
/// process started with `RunningProcess` is stopped (SIGTERM, then SIGKILL) and every
/// scratch directory (`makeScratchDirectory`) is removed.
///
/// A test still cleans up after itself; this is for what a failure or an interruption
/// cut short (a broker's directory is removed by a task that may never run, say).
/// Installed by the first scratch directory or process, which returns once a signal
/// can no longer be missed.
enum TestCleanup {
  private static let directories = Mutex<Set<String>>([])
  /// Kept for the program's life; written once, by the one-time set-up below.
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
  private static let installed: Bool = {
    atexit { TestCleanup.run() }
    // Its own serial queue: served by a thread of its own even when the shared pool's
    // threads are all busy.
    let queue = DispatchQueue(label: "TestCleanup")
    let registered = DispatchSemaphore(value: 0)
    let numbers = [SIGINT, SIGTERM, SIGHUP]
    for number in numbers {
      // Handled on a queue rather than in a signal handler, where almost nothing may run.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler {
        TestCleanup.run()
        _exit(128 + number)
      }
      source.setRegistrationHandler { registered.signal() }
      source.resume()
      sources.append(source)
    }
    // libdispatch takes the signal over when it registers a source, later and on a thread
    // of its own. Until then the signal is ignored, and one sent meanwhile is lost: the
    // program would run on. So the first scratch directory or process waits for that.
    for _ in numbers { registered.wait() }
    return true
  }()

  /// Installs the clean-up, once.
  static func install() { _ = installed }

  /// Removes `directory` when the program ends, if it is still there.
  static func track(_ directory: URL) {
    install()
    directories.withLock { _ = $0.insert(directory.path) }
  }

  /// Stops the processes still running and removes the directories still there.
  private static func run() {
    RunningProcess.stopAll(grace: 2)
    for directory in directories.withLock({ $0 }) {
      try? FileManager.default.removeItem(atPath: directory)
    }
  }
}
