/// The game variants of docs/design.md section 3.
public enum GameMode: String, CaseIterable, Codable, Sendable {
  /// One player, one more signal per round until a mistake or the skill target.
  case classic
  /// One player, a victory at 10, 15, 20, ... signals, the game goes on.
  case levels
  /// A team of 2-5 players taking turns on one growing sequence.
  case coop
  /// 2-4 players; each repeats the sequence and adds one pad; mistakes eliminate.
  case playerAdds = "player-adds"
  /// As classic, answered with the joystick instead of the pads.
  case directional

  /// How many players the mode takes, inclusive (`rules.players`).
  public var playerRange: ClosedRange<Int> { rules.players }
}

/// The difficulty levels of docs/design.md section 4.
public enum Difficulty: String, CaseIterable, Codable, Sendable {
  /// Slower signals, 5 s to answer, no speed bonus.
  case easy
  /// The original timings, 3 s to answer, a speed bonus.
  case medium
  /// Faster signals, 2 s to answer, a speed bonus, a penalty for the final mistake.
  case hard
}

/// How a game ended.
public enum GameEnding: String, CaseIterable, Codable, Sendable {
  /// A wrong pad was pressed.
  case mistake
  /// Nobody pressed in time.
  case timeout
  /// The skill target was reached, or the last player standing won.
  case win
  /// The daemon stopped during the game.
  case shutdown
  /// The start button was pressed during the game, which started the next one.
  case quit
}
