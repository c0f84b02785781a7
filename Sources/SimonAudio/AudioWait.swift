import SimonHardware
import SimonPOSIX

/// What the audio thread waits for before the engine's next step.
///
/// The engine never blocks; it says how it would, and the thread's loop (or a test, on a
/// manual clock) does the waiting. A command always ends a wait.
enum AudioWait: Equatable, Sendable {
  /// Nothing: step again at once.
  case none
  /// A command, however long it takes. The thread blocks with no timeout: an idle speaker
  /// makes no wake-ups.
  case command
  /// A command, or the deadline (a retry, or room counted on the clock for a device that
  /// takes everything at once).
  case commandOr(deadline: MonotonicInstant)
  /// A command, room for a period in the device, or the deadline.
  case roomOrCommand(deadline: MonotonicInstant)
  /// Nothing more: the engine has shut down and the thread ends.
  case finished
}
