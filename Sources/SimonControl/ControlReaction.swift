import SimonGame

/// Reaction times as the control socket and `simonctl --json` carry them
/// (`ReactionSummary`), in whole milliseconds: `{"presses": 36, "median_ms": 412,
/// "best_ms": 230, "median_by_turn_ms": [520, 430, ...]}`; the medians by turn only for
/// one game (a player's progress would list one for each turn of every game).
public struct ControlReaction: Codable, Equatable, Sendable {
  /// How many presses were timed.
  public var presses: Int
  /// Their median.
  public var medianMilliseconds: Int
  /// The quickest.
  public var bestMilliseconds: Int
  /// One game's: the median of each answer window in order (round by round in classic
  /// and coop); nil for many games.
  public var medianByTurnMilliseconds: [Int]?

  /// The summary in milliseconds, rounded; with `byTurn`, the medians by turn too.
  public init(_ summary: ReactionSummary, byTurn: Bool) {
    presses = summary.presses
    medianMilliseconds = Self.milliseconds(summary.median)
    bestMilliseconds = Self.milliseconds(summary.best)
    medianByTurnMilliseconds = byTurn ? summary.medianByTurn.map(Self.milliseconds) : nil
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    Int((duration / .milliseconds(1)).rounded())
  }

  enum CodingKeys: String, CodingKey {
    case presses
    case medianMilliseconds = "median_ms"
    case bestMilliseconds = "best_ms"
    case medianByTurnMilliseconds = "median_by_turn_ms"
  }
}
