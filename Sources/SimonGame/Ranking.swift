/// What places a game in its high-score table: its points and its rounds.
public struct Standing: Equatable, Hashable, Sendable {
  /// The points the game earned.
  public var points: Int
  /// The longest sequence repeated correctly.
  public var rounds: Int

  /// A standing with every value given.
  public init(points: Int, rounds: Int) {
    self.points = points
    self.rounds = rounds
  }
}

/// The one rule that orders games and tells a new best (docs/design.md section 5), used by the
/// game (to celebrate) and by the score store (to rank): more points first, then more
/// rounds; between equals the earlier game stays ahead.
public enum Ranking {
  /// Whether `first` ranks strictly above `second`: more points, or as many points and
  /// more rounds. Equal standings rank neither way (the earlier game stays ahead).
  public static func ranks(_ first: Standing, above second: Standing) -> Bool {
    if first.points != second.points { return first.points > second.points }
    return first.rounds > second.rounds
  }

  /// Whether a game is a new all-time best of its table: it has points and ranks above
  /// the table's best (or the table has none).
  public static func isNewBest(_ standing: Standing, over best: Standing?) -> Bool {
    guard standing.points > 0 else { return false }
    guard let best else { return true }
    return ranks(standing, above: best)
  }

  /// Whether a ranked game is worth asking a name for, at the cabinet or the terminal: it
  /// repeated at least one round. A throwaway game (the first press wrong, or none) may
  /// still rank in a table with room, but nobody is asked to name it (`simonctl
  /// name-latest` still can).
  public static func isWorthNaming(_ standing: Standing) -> Bool { standing.rounds >= 1 }
}

extension GameResult {
  /// Where the result stands in its table.
  public var standing: Standing { Standing(points: points, rounds: rounds) }

  /// The table the result belongs to.
  public var table: TableKey { TableKey(mode: mode, difficulty: difficulty) }
}
