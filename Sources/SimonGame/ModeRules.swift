/// What a game mode changes, as facts (docs/design.md section 3): the one place a mode's
/// rules are declared, read by the game, the view and the tools. A new mode is a case of
/// `GameMode` and its row in `GameMode.rules`, an exhaustive switch.
public struct ModeRules: Equatable, Sendable {
  /// Who lengthens the sequence.
  public enum Growth: Equatable, Sendable {
    /// Simon adds a signal each round, and plays the whole sequence.
    case simon
    /// Simon plays the first signal; then each player repeats the sequence and adds a pad.
    case players
  }

  /// What a wrong press or a timeout does.
  public enum Mistake: Equatable, Sendable {
    /// The game ends.
    case endsGame
    /// The player is out; the last one standing wins.
    case eliminates
  }

  /// When a game reaches a victory.
  public enum Victory: Equatable, Sendable {
    /// Never: it ends with a mistake.
    case none
    /// At the skill target (a setting; 0 is none), which ends the game as a win.
    case skillTarget
    /// At `first` signals, then every `every` more, each a level up; the game goes on.
    case levels(first: Int, every: Int)
  }

  /// Whose name the record carries.
  public enum RecordName: Equatable, Sendable {
    /// The first (the only) player's.
    case player
    /// The coop team's.
    case team
    /// The winner's, or whoever was out last.
    case winner
  }

  /// How many players it takes, inclusive.
  public var players: ClosedRange<Int>
  /// Who lengthens the sequence.
  public var growth: Growth
  /// What a mistake does.
  public var mistake: Mistake
  /// When a game reaches a victory.
  public var victory: Victory
  /// Whose name the record carries.
  public var recordName: RecordName
  /// Whether the player answers with the joystick, not the pads (a cabinet without one
  /// plays classic instead).
  public var answersWithJoystick: Bool

  /// Whether the turn cue plays before each turn: turns rotate between players.
  public var cuesTurns: Bool { players.upperBound > 1 }

  /// Whether the game counts levels (the view and the record carry them).
  public var countsLevels: Bool {
    if case .levels = victory { true } else { false }
  }
}

extension GameMode {
  /// The mode's rules.
  public var rules: ModeRules {
    switch self {
    case .classic:
      ModeRules(
        players: 1...1, growth: .simon, mistake: .endsGame, victory: .skillTarget,
        recordName: .player, answersWithJoystick: false)
    case .levels:
      ModeRules(
        players: 1...1, growth: .simon, mistake: .endsGame,
        victory: .levels(first: 10, every: 5), recordName: .player, answersWithJoystick: false)
    case .coop:
      ModeRules(
        players: 2...5, growth: .simon, mistake: .endsGame, victory: .none, recordName: .team,
        answersWithJoystick: false)
    case .playerAdds:
      ModeRules(
        players: 2...4, growth: .players, mistake: .eliminates, victory: .none,
        recordName: .winner, answersWithJoystick: false)
    case .directional:
      ModeRules(
        players: 1...1, growth: .simon, mistake: .endsGame, victory: .none, recordName: .player,
        answersWithJoystick: true)
    }
  }
}
