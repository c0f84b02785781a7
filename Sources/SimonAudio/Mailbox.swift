import SimonHardware
import SimonPOSIX
import Synchronization

/// What the speaker asks of its audio thread.
enum SpeakerCommand: Equatable, Sendable {
  /// Start a tone (replacing any), asked at `requested`; with a duration, it releases by
  /// itself that long after its attack started.
  case start(hertz: Double, volume: Int, duration: Duration?, requested: MonotonicInstant)
  /// Release the tone.
  case stop
  /// Release the tone, play out what is queued (for at most a quarter of a second), close
  /// the device and end the thread.
  case shutdown
}

/// What the audio thread last reported about itself.
struct SpeakerStatus: Equatable, Sendable {
  /// Whether a device is open.
  var isOpen = false
  /// Whether the open device is playing (not stopped and prepared).
  var isRunning = false
  /// Whether a tone sounds or fades (or is held while the device is missing).
  var isSounding = false
  /// Whether the device is failing (not opened, or lost).
  var isFaulted = false
  /// Frames handed to the device since the speaker was made.
  var framesWritten = 0
  /// How often a device was opened.
  var opens = 0
  /// How often opening a device was tried.
  var openAttempts = 0
  /// How often the open device was started from prepared (by a tone's first frames).
  var starts = 0
  /// Commands the audio thread has carried out.
  var applied = 0
  /// The engine's steps: they stay put while the thread blocks.
  var steps = 0
  /// Underruns recovered from since the speaker was made.
  var underruns = 0
  /// What the open device accepted.
  var format: StreamFormat?
  /// Whether the thread has ended.
  var isFinished = false
}

/// Hands commands from any thread to the audio thread and wakes it; carries the thread's
/// status back.
final class Mailbox: Sendable {
  private struct State {
    var commands: [SpeakerCommand] = []
    var posted = 0
    var status = SpeakerStatus()
  }

  private let state = Mutex(State())
  /// What the audio thread sleeps on.
  let wake: WakeSignal

  /// A mailbox waking its reader through `wake`.
  init(wake: WakeSignal) {
    self.wake = wake
  }

  /// Queues a command and wakes the audio thread. Never blocks for long: one short lock
  /// and one write to an eventfd.
  func post(_ command: SpeakerCommand) {
    // The signal is set under the lock, with the command: it is set exactly while
    // commands wait, so `take` clears it only when there is something to take.
    state.withLock { state in
      state.commands.append(command)
      state.posted += 1
      wake.signal()
    }
  }

  /// Takes every queued command, in order, clearing the wake signal with them: a command
  /// posted after this call wakes the next wait. With none queued it makes no system
  /// call, as on each of the periods of a tone.
  func take() -> [SpeakerCommand] {
    state.withLock { state in
      guard !state.commands.isEmpty else { return [] }
      wake.clear()
      defer { state.commands.removeAll(keepingCapacity: true) }
      return state.commands
    }
  }

  /// The audio thread's last report.
  var status: SpeakerStatus { state.withLock { $0.status } }

  /// Whether the audio thread has carried out every command posted and nothing sounds.
  var isSettled: Bool {
    state.withLock { $0.status.applied == $0.posted && !$0.status.isSounding }
  }

  /// Replaces the report (audio thread only).
  func publish(_ status: SpeakerStatus) {
    state.withLock { $0.status = status }
  }
}
