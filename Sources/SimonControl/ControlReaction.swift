import SimonGame

/// Reaction times as the control socket and `simonctl --json` carry them
/// (`ReactionSummary`), in whole milliseconds: `{"presses": 36, "median_ms": 412,
/// "best_ms": 230, "median_by_turn_ms": [520, 430, ...]}`.
public struct ControlReaction: Codable, Equatable, Sendable {
  /// How many presses were timed.
  public var presses: Int
  /// Their median.
  public var medianMilliseconds: Int
  /// The quickest.
  public var bestMilliseconds: Int
  /// The median of each answer window in order (round by round in classic and coop).
  public var medianByTurnMilliseconds: [Int]

  /// The summary in milliseconds, rounded.
  public init(_ summary: ReactionSummary) {
    presses = summary.presses
    medianMilliseconds = Self.milliseconds(summary.median)
    bestMilliseconds = Self.milliseconds(summary.best)
    medianByTurnMilliseconds = summary.medianByTurn.map(Self.milliseconds)
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
