import Logging
import SimonHardware
import SimonPOSIX

/// The audio thread's loop: hands the speaker's commands to its engine, reports the
/// engine's status, and waits as the engine asks, in `poll` on the device and the
/// mailbox's wake signal, so a command is seen at once.
///
/// The only place the audio code blocks. An idle engine asks for a command with no
/// deadline: the thread then sleeps with no timeout and makes no wake-ups.
struct AudioLoop {
  /// The engine, stepped on `clock`.
  let engine: AudioEngine
  /// Where the commands come from and the status goes.
  let mailbox: Mailbox
  /// The clock the engine reads, to turn its deadlines into timeouts.
  let clock: MonotonicClock
  /// When set, the real-time FIFO priority the thread asks for.
  let realtimePriority: Int32?
  /// Where a refused real-time priority is logged.
  let logger: Logger

  /// Runs until the engine has finished (after a shutdown command).
  func run() {
    if let realtimePriority {
      let error = SystemThread.makeCurrentRealtime(priority: realtimePriority)
      if error != 0 {
        logger.notice(
          "the audio thread cannot run at real-time priority \(realtimePriority): \(AudioError(code: -error)); it runs at normal priority"
        )
      }
    }
    while true {
      for command in mailbox.take() { engine.apply(command) }
      let wait = engine.step()
      mailbox.publish(engine.status)
      switch wait {
      case .none:
        continue
      case .finished:
        return
      case .command:
        mailbox.wake.wait(timeout: nil)
      case .commandOr(let deadline):
        mailbox.wake.wait(timeout: clock.now.duration(to: deadline))
      case .roomOrCommand(let deadline):
        guard let stream = engine.stream else { continue }
        stream.wait(orWake: mailbox.wake, timeout: clock.now.duration(to: deadline))
      }
    }
  }
}
