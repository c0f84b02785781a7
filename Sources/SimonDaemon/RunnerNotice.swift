import SimonGame
import SimonHardware

/// What the runner tells the rest of the daemon (the score store, the socket, the log).
public enum RunnerNotice: Equatable, Sendable {
  /// What the game is doing changed.
  case status(Status)
  /// A game ended; `newBest` when it beat its table's all-time best.
  case record(GameResult, newBest: Bool)
  /// The settings were changed at the cabinet.
  case settingsChanged(Settings)
  /// A player entered a pad code at the cabinet; answer with `Runner.signIn`.
  case codeEntered([Pad])
  /// An input has been held too long and is ignored until released.
  case stuck(Input)
  /// A stuck input came up and counts again.
  case unstuck(Input)
  /// Driving a light failed (logged once per pad until it works again).
  case lightFault(Pad, HardwareError)
}
