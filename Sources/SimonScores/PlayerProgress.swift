import FoundationEssentials
import SimonGame
import SimonStateFiles

/// How a player is getting on over time (docs/design.md section 5): their kept games
/// (`PlayerHistory`) week by week, and the reaction times of all of them.
public struct PlayerProgress: Equatable, Sendable {
  /// One week of a player's games.
  public struct Week: Equatable, Sendable {
    /// The Monday that begins the week, in local time: "2026-11-23".
    public var week: String
    /// How many games they played that week.
    public var games: Int
    /// The most rounds they repeated in one game.
    public var bestRounds: Int
    /// The most points they made in one game.
    public var bestPoints: Int
    /// The reaction times of every press of the week's games; nil when none was timed
    /// (games recorded before reaction times were kept).
    public var reaction: ReactionSummary?
  }

  /// The weeks the player played, oldest first; weeks without a game are left out.
  public var weeks: [Week]
  /// The reaction times of every press of every kept game; nil when none was timed.
  public var reaction: ReactionSummary?

  /// The progress these games show, by the week each game started.
  public init(history: PlayerHistory) {
    var byWeek: [String: [GameRecord]] = [:]
    for game in history.games {
      byWeek[Timestamps.localWeek(game.startedAt), default: []].append(game)
    }
    weeks = byWeek.keys.sorted().map { week in
      let games = byWeek[week]!
      return Week(
        week: week, games: games.count, bestRounds: games.map(\.result.rounds).max()!,
        bestPoints: games.map(\.result.points).max()!,
        reaction: ReactionSummary(games.flatMap(\.result.reactions)))
    }
    reaction = ReactionSummary(history.games.flatMap(\.result.reactions))
  }
}
