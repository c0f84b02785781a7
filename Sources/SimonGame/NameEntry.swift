/// What the daemon hands the game when a screen asks for name entry after a ranked game:
/// which record it is, its place, the names to offer and the characters to spell with.
///
/// The game knows nothing of records or name rules: the daemon checks that the record is
/// the one the cabinet shows, that it ranks and that it has no name yet, and takes the
/// alphabet and the length from the name rules of the score store.
public struct NameEntry: Equatable, Sendable {
  /// The record's number in the score file; the `nameGame` effect carries it back.
  public var game: Int
  /// The record's 1-based place in its table's top ten.
  public var rank: Int
  /// Registered names offered before spelling a new one (most recently played first).
  public var choices: [String]
  /// The characters a new name is spelled with, in the order up and down walk them.
  public var alphabet: [Character]
  /// The longest name, in characters.
  public var maximumLength: Int

  /// An entry with every value given; an empty alphabet is treated as "A" and a length
  /// below 1 as 1, so the entry can always be shown.
  public init(
    game: Int, rank: Int, choices: [String], alphabet: [Character], maximumLength: Int
  ) {
    self.game = game
    self.rank = rank
    self.choices = choices
    self.alphabet = alphabet.isEmpty ? ["A"] : alphabet
    self.maximumLength = max(1, maximumLength)
  }
}

/// Why name entry cannot begin now; each case names the rule it keeps.
public enum NameEntryRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  /// The cabinet is not at the game over of a finished game (the phase it is in).
  case notAtGameOver(Phase)
  /// A new game has begun since.
  case newGameBegun
  /// The game that ended last is not this record: a later game has ended since.
  case notTheLastGame(Int)
  /// Entry was already asked for the game at game over: once per game.
  case alreadyAsked(Int)
  /// The game repeated no round (`Ranking.isWorthNaming`).
  case notWorthNaming(Int)
  /// The daemon is stopping.
  case stopping

  /// The refusal as one line for people.
  public var description: String {
    switch self {
    case .notAtGameOver(let phase):
      "the cabinet is at \(phase.rawValue), not at game over; names are entered right after a game, before anything else"
    case .newGameBegun:
      "a new game has begun; names are entered at game over, before the next game starts"
    case .notTheLastGame(let game):
      "game \(game) is not the game the cabinet just ended; names are entered at the cabinet only for the game just played"
    case .alreadyAsked(let game):
      "name entry for game \(game) has been asked for already; it runs once per game"
    case .notWorthNaming(let game):
      "game \(game) repeated no round; a name is asked for games that repeated at least one (simonctl name-latest can still name it)"
    case .stopping:
      "simond is stopping"
    }
  }
}
