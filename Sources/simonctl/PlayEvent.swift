import SimonSim

/// Everything the terminal cabinet reacts to, from every source, in one stream.
enum PlayEvent: Sendable {
  /// Bytes typed at the terminal.
  case keys([UInt8])
  /// Standard input ended or failed.
  case keyboardClosed
  /// A message from the cabinet.
  case message(SimServerMessage)
  /// The cabinet's messages ended.
  case cabinetClosed
  /// A tap's hold time ran out; it carries the tap's generation.
  case releaseDue(UInt64)
  /// A signal arrived (SIGINT, SIGTERM, SIGHUP or SIGWINCH).
  case signal(Int32)
}
