import SimonGame
import SimonScores
import SimonTerminal

/// Where the terminal cabinet reads a table's top ten: the score file in the state
/// directory simond names in its hello. The one place to change for a control request
/// that answers with the tables.
enum TopTenSource {
  /// How long a read waits for a writer's lock before it reports the table unreadable.
  static let lockLimit = Duration.seconds(2)

  /// The games of `table`, best first, or why they could not be read. Blocks while it
  /// reads (a few milliseconds; up to `lockLimit` when a bad file must be set aside).
  static func read(_ table: TableKey, stateDirectory: String) -> TerminalCabinet.TopTenAnswer {
    do {
      let book = try ScoreStore(directory: stateDirectory, lockTimeout: lockLimit).load()
      return .records(book.table(table))
    } catch {
      return .failed("cannot read the scores in \(stateDirectory): \(error)")
    }
  }
}
