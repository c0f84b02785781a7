import SimonGame

/// The best game of each table since the daemon started ("this power-on's best"); kept
/// in memory only, so it starts empty at every restart.
public struct SessionBests: Equatable, Sendable {
  /// The best result of each table played since start.
  public private(set) var best: [TableKey: GameResult] = [:]

  /// No games yet.
  public init() {}

  /// Takes note of a finished game.
  /// - Returns: true when it beats this power-on's best of its table (more points, or as
  ///   many with more rounds; a tie keeps the earlier game) and has points.
  @discardableResult
  public mutating func note(_ result: GameResult) -> Bool {
    let key = result.table
    let isNew = Ranking.isNewBest(result.standing, over: best[key]?.standing)
    if best[key] == nil || Ranking.ranks(result.standing, above: best[key]!.standing) {
      best[key] = result
    }
    return isNew
  }
}
