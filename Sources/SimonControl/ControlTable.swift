import SimonGame
import SimonScores

/// One high-score table as the `tables` reply carries it: its mode and difficulty and its
/// games, best first (the score store's ranking), at most `ScoreBook.tableSize`.
public struct ControlTable: Codable, Equatable, Sendable {
  /// The table's mode.
  public var mode: GameMode
  /// The table's difficulty.
  public var difficulty: Difficulty
  /// Its games, best first, each as `scores.json` holds it.
  public var records: [GameRecord]

  /// A table with every value given.
  public init(mode: GameMode, difficulty: Difficulty, records: [GameRecord]) {
    self.mode = mode
    self.difficulty = difficulty
    self.records = records
  }

  /// Every table of `book` that holds a game, in table order (`ScoreBook.tableKeys`).
  public static func all(of book: ScoreBook) -> [ControlTable] {
    book.tableKeys.map {
      ControlTable(mode: $0.mode, difficulty: $0.difficulty, records: book.table($0))
    }
  }
}
