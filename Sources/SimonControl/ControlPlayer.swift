import SimonScores

/// A registered player as the `players` reply lists them: never their pad code.
public struct ControlPlayerSummary: Codable, Equatable, Sendable {
  /// The name, as registered.
  public var name: String
  /// How many kept games they played (`PlayerHistory`).
  public var games: Int
  /// The most points they made in one kept game; nil without games.
  public var bestPoints: Int?

  /// A summary with every value given.
  public init(name: String, games: Int, bestPoints: Int?) {
    self.name = name
    self.games = games
    self.bestPoints = bestPoints
  }

  /// The summary of a player with these games.
  public init(name: String, history: PlayerHistory) {
    self.init(name: name, games: history.games.count, bestPoints: history.bestPoints)
  }

  enum CodingKeys: String, CodingKey {
    case name, games
    case bestPoints = "best_points"
  }

  /// Writes every member, `best_points` as null without games.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(games, forKey: .games)
    try container.encode(bestPoints, forKey: .bestPoints)
  }
}

/// One player's page as the `player` reply carries it: whether they are registered, how
/// many kept games they played, their best of each table and their latest games.
public struct ControlPlayerPage: Codable, Equatable, Sendable {
  /// The name: as registered, else as their latest game spells it.
  public var name: String
  /// Whether a player of that name is registered.
  public var registered: Bool
  /// How many kept games they played (`PlayerHistory`).
  public var games: Int
  /// Their best game of each table they played, in table order.
  public var bests: [GameRecord]
  /// Their latest games, newest first, at most `ControlRequest.playerRecent`.
  public var recent: [GameRecord]
  /// Their progress week by week, and their reaction times (`PlayerProgress`); nil from
  /// a simond older than progress.
  public var progress: ControlProgress?

  /// A page with every value given.
  public init(
    name: String, registered: Bool, games: Int, bests: [GameRecord], recent: [GameRecord],
    progress: ControlProgress? = nil
  ) {
    self.name = name
    self.registered = registered
    self.games = games
    self.bests = bests
    self.recent = recent
    self.progress = progress
  }

  /// The page of a player found in the score book.
  public init(_ player: FoundPlayer) {
    self.init(
      name: player.name, registered: player.registered, games: player.history.games.count,
      bests: player.history.bests, recent: player.history.latest(ControlRequest.playerRecent),
      progress: ControlProgress(PlayerProgress(history: player.history)))
  }
}
