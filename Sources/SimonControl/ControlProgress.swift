import SimonScores

/// A player's progress as the `player` reply and `simonctl players stats --json` carry
/// it (`PlayerProgress`): `{"weeks": [{"week": "2026-11-23", "games": 7, "best_rounds":
/// 14, "best_points": 180, "reaction": {...} | null}], "reaction": {...} | null}`.
public struct ControlProgress: Codable, Equatable, Sendable {
  /// One week of games.
  public struct Week: Codable, Equatable, Sendable {
    /// The Monday that begins it, local time.
    public var week: String
    /// Games played.
    public var games: Int
    /// The most rounds in one game.
    public var bestRounds: Int
    /// The most points in one game.
    public var bestPoints: Int
    /// The week's reaction times; nil when none was timed.
    public var reaction: ControlReaction?

    enum CodingKeys: String, CodingKey {
      case week, games, reaction
      case bestRounds = "best_rounds"
      case bestPoints = "best_points"
    }

    /// Writes every member, `reaction` as null when none was timed.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(week, forKey: .week)
      try container.encode(games, forKey: .games)
      try container.encode(bestRounds, forKey: .bestRounds)
      try container.encode(bestPoints, forKey: .bestPoints)
      try container.encode(reaction, forKey: .reaction)
    }
  }

  /// The weeks played, oldest first.
  public var weeks: [Week]
  /// Every kept game's reaction times; nil when none was timed.
  public var reaction: ControlReaction?

  /// The progress as the store computed it.
  public init(_ progress: PlayerProgress) {
    weeks = progress.weeks.map {
      Week(
        week: $0.week, games: $0.games, bestRounds: $0.bestRounds, bestPoints: $0.bestPoints,
        reaction: $0.reaction.map { ControlReaction($0, byTurn: false) })
    }
    reaction = progress.reaction.map { ControlReaction($0, byTurn: false) }
  }

  /// Writes every member, `reaction` as null when none was timed.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(weeks, forKey: .weeks)
    try container.encode(reaction, forKey: .reaction)
  }

  enum CodingKeys: String, CodingKey { case weeks, reaction }
}
