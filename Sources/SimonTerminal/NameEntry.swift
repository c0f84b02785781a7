import SimonControl
import SimonGame
import SimonScores

/// Naming a game that made its table's top ten, typed at the terminal (docs/design.md section 5:
/// "if you are in the top ten you will be prompted to put a name for your score").
///
/// Offered only for a stored game in the top ten that nobody signed in for (recorded as
/// "Player", "Player N" or an unnamed "Team"): the games simond's `name` request
/// accepts; and, as at the cabinet, only for one that repeated a round
/// (`Ranking.isWorthNaming`). The text follows the name rules of SimonScores before it is sent; simond
/// checks them again and may still refuse (the game left the top ten meanwhile).
public struct NameEntry: Equatable, Sendable {
  /// How long the entry waits for a key before it gives up, leaving the game's name as
  /// it was.
  public static let timeout = Duration.seconds(30)

  /// The game's record number.
  public let game: Int
  /// Its place in its table.
  public let rank: Int
  /// Its table.
  public let table: TableKey
  /// Its points.
  public let points: Int
  /// The name it has now: "Player", "Player 2", "Team".
  public let currentName: String
  /// The name typed so far.
  public private(set) var text = ""
  /// Why the last try was refused (a rule broken, simond's words); nil when none was.
  public var problem: String?
  /// Whether the name has been sent and simond's answer is awaited.
  public var waiting = false

  /// The entry for a game over; nil when the game cannot be named (not stored, not in
  /// the top ten, or already a player's or team's) or is not worth naming.
  public init?(_ over: ControlGameOver) {
    guard let record = over.record, let rank = over.rank,
      PlayerName.isUnnamed(record.result.name), Ranking.isWorthNaming(record.result.standing)
    else { return nil }
    game = record.id
    self.rank = rank
    table = record.table
    points = record.result.points
    currentName = record.result.name
  }

  /// Adds a typed character; past the longest name it is refused, saying the rule.
  public mutating func type(_ character: Character) {
    guard text.count < PlayerName.maximumLength else {
      problem = NameRule.length.description
      return
    }
    text.append(character)
    problem = nil
  }

  /// Backspace: removes the last character.
  public mutating func erase() {
    if !text.isEmpty { text.removeLast() }
    problem = nil
  }

  /// The name to send when it follows the name rules; nil with `problem` saying the
  /// rule it breaks otherwise.
  public mutating func submit() -> String? {
    do {
      try PlayerStore.check(text)
      problem = nil
      return text
    } catch {
      problem = error.description
      return nil
    }
  }
}
