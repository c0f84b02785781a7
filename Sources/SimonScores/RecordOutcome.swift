import SimonGame

/// What recording a game did: the record as stored, its place in its table, and whether
/// it is a new all-time best (the daemon celebrates those).
public struct RecordOutcome: Equatable, Sendable {
  /// The record as it was stored, with its number.
  public var record: GameRecord
  /// Its 1-based place in its high-score table, or nil when it did not make the top ten.
  public var rank: Int?
  /// True when it took first place in its table from nobody or from an earlier game;
  /// never for a game with 0 points.
  public var isNewAllTimeBest: Bool
  /// The table's best before this game, if it had one.
  public var previousBest: GameRecord?

  /// An outcome with every value given.
  public init(record: GameRecord, rank: Int?, isNewAllTimeBest: Bool, previousBest: GameRecord?) {
    self.record = record
    self.rank = rank
    self.isNewAllTimeBest = isNewAllTimeBest
    self.previousBest = previousBest
  }
}
