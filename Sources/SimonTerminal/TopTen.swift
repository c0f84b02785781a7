import SimonGame
import SimonScores
import SimonStateFiles

/// The top ten of one table as the terminal shows it in place of the pads: the table's
/// title, a header and one row per game, best first.
public struct TopTen: Equatable, Sendable {
  /// How many rows the panel takes on screen.
  public static let height = 12

  /// The table shown.
  public let table: TableKey
  /// Its games, best first; nil until they have been read.
  public var records: [GameRecord]?
  /// Why they could not be read.
  public var problem: String?

  /// The panel for `table`, its games still to be read.
  public init(table: TableKey) {
    self.table = table
  }

  /// `height` rows, none wider than `width` columns.
  func lines(width: Int) -> [String] {
    var lines = [
      "Top ten · \(table.mode.rawValue) · \(table.difficulty.rawValue)   (t or Esc closes)",
      " #  " + Self.left("name", PlayerName.maximumLength) + "  points  rounds  date",
    ]
    if let problem {
      lines.append(TerminalText.safe(problem))
    } else if let records {
      if records.isEmpty { lines.append("no games yet") }
      for (index, record) in records.prefix(ScoreBook.tableSize).enumerated() {
        let name = TerminalText.clip(
          TerminalText.safe(record.result.name), to: PlayerName.maximumLength)
        lines.append(
          Self.right(String(index + 1), 2) + "  " + Self.left(name, PlayerName.maximumLength)
            + "  " + Self.right(String(record.result.points), 6) + "  "
            + Self.right(String(record.result.rounds), 6) + "  "
            + Timestamps.localMinute(record.endedAt))
      }
    } else {
      lines.append("reading the scores…")
    }
    lines += Array(repeating: "", count: max(0, Self.height - lines.count))
    return lines.prefix(Self.height).map { TerminalText.clip($0, to: width) }
  }

  private static func left(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  private static func right(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
