import SimonControl
import SimonGame
import SimonScores
import SimonSim
import SimonTerminal
import UnixSignals

/// Everything the terminal cabinet reacts to, from every source, in one stream.
enum PlayEvent: Sendable {
  /// Bytes typed at the terminal.
  case keys([UInt8])
  /// Standard input ended or failed.
  case keyboardClosed
  /// A message from the simulated cabinet.
  case message(SimServerMessage)
  /// The simulated cabinet's messages ended.
  case cabinetClosed
  /// What the control socket's feed tells.
  case control(ControlFeed.Event)
  /// A timer of the terminal cabinet ran out.
  case timerFired(TerminalCabinet.Timer, generation: UInt64)
  /// A table's top ten was read.
  case topTen(TableKey, TerminalCabinet.TopTenAnswer)
  /// simond answered the name sent for a ranked game.
  case nameAnswered(TerminalCabinet.NameAnswer)
  /// The latest game recorded, as simond has it now.
  case latestGame(GameRecord)
  /// A signal arrived (SIGINT, SIGTERM, SIGHUP or SIGWINCH).
  case signal(UnixSignal)
}
