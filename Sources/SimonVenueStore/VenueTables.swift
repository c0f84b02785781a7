import SimonGame
import SimonScores

/// The venue's tables as programs read them (`simonctl scores --venue --json`, the
/// cabinet screen's `/api/venue`): `{"tables": [{"mode", "difficulty", "top":
/// [{"cabinet", "sequence", "game"}...]}]}`, best first, and how many records of each
/// cabinet were merged.
public struct VenueTables: Encodable, Sendable {
  /// One table: its mode and difficulty, and its games, best first.
  public struct Table: Encodable, Sendable {
    /// The table's mode.
    public var mode: GameMode
    /// The table's difficulty.
    public var difficulty: Difficulty
    /// Its games, best first; at most ten.
    public var top: [VenueRecord]
  }

  /// The tables asked for, in display order.
  public var tables: [Table]
  /// How many records of each cabinet were merged, by cabinet id.
  public var merged: [String: Int]

  /// The tables `keys` of `book` (every table with a game when nil).
  public init(_ book: VenueBook, keys: [TableKey]? = nil) {
    tables = (keys ?? book.tableKeys).map {
      Table(mode: $0.mode, difficulty: $0.difficulty, top: book.table($0))
    }
    merged = book.merged.mapValues(\.count)
  }
}
