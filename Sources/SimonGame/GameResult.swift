/// What a finished game earned: everything of a score record but the wall-clock times,
/// which the game cannot know.
public struct GameResult: Codable, Equatable, Sendable {
  /// The score.
  public var points: Int
  /// The longest sequence repeated correctly.
  public var rounds: Int
  /// The game variant.
  public var mode: GameMode
  /// The difficulty.
  public var difficulty: Difficulty
  /// The player, the team, or in player-adds the winner.
  public var name: String
  /// Every player who took part, in turn order.
  public var members: [String]
  /// How the game ended.
  public var ending: GameEnding
  /// From the start of the countdown to the end of the game.
  public var duration: Duration
  /// In levels mode, the level reached (1 before the first target); nil otherwise.
  public var level: Int?
  /// The reaction time of every press, one list per answer window (a player's turn) that
  /// had a press, in order: from the end of Simon's turn, or the player's previous press,
  /// to the press going down (the edge's kernel time where the backend has one). Empty
  /// for a game without presses, and for games recorded before reaction times were kept.
  public var reactions: [[Duration]]
  /// A game of a head-to-head match: the match, the rival and the outcome if known when
  /// the game ended; nil for every other game.
  public var headToHead: HeadToHeadRecord?
  /// A game of the day's challenge (`DailyChallenge`): its date, `YYYY-MM-DD`; nil for
  /// every other game.
  public var daily: String?

  /// A result with every value given.
  public init(
    points: Int, rounds: Int, mode: GameMode, difficulty: Difficulty, name: String,
    members: [String], ending: GameEnding, duration: Duration, level: Int? = nil,
    reactions: [[Duration]] = [], headToHead: HeadToHeadRecord? = nil, daily: String? = nil
  ) {
    self.points = points
    self.rounds = rounds
    self.mode = mode
    self.difficulty = difficulty
    self.name = name
    self.members = members
    self.ending = ending
    self.duration = duration
    self.level = level
    self.reactions = reactions
    self.headToHead = headToHead
    self.daily = daily
  }

  /// Whether the game goes into the cabinet's high-score tables: a match's game and a day's
  /// challenge have tables of their own (`MatchBook`, `DailyBook`), and no name entry.
  public var isInScoreTables: Bool { headToHead == nil && daily == nil }

  /// The summary of `reactions`; nil without a press.
  public var reaction: ReactionSummary? { ReactionSummary(reactions) }
}

/// One high-score table: there is one per mode and difficulty.
public struct TableKey: Hashable, Codable, Sendable {
  /// The game variant.
  public var mode: GameMode
  /// The difficulty.
  public var difficulty: Difficulty

  /// The table of a mode and difficulty.
  public init(mode: GameMode, difficulty: Difficulty) {
    self.mode = mode
    self.difficulty = difficulty
  }
}
