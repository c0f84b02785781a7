/// Name entry as a screen shows it: the game being named, the registered names offered
/// and which is lit, or the letters spelled so far and the one being chosen.
public struct NamingView: Equatable, Sendable {
  /// The record's number.
  public var game: Int
  /// Its 1-based place in its table.
  public var rank: Int
  /// Its table.
  public var mode: GameMode
  /// Its table.
  public var difficulty: Difficulty
  /// Its points.
  public var points: Int
  /// The registered names offered, in the order up and down walk them.
  public var choices: [String]
  /// While choosing: the 0-based choice lit, `choices.count` for "new name"; nil while
  /// spelling.
  public var choice: Int?
  /// The letters accepted so far ("" while choosing).
  public var spelled: String
  /// While spelling, the letter being chosen for the next position; nil while choosing.
  public var letter: Character?
  /// The characters a name is spelled with, in the order up and down walk them.
  public var alphabet: [Character]
  /// The longest name, in characters.
  public var maximumLength: Int
  /// How long entry waits for the next press before it ends, keeping the game as it is;
  /// counted again from every press.
  public var timeout: Duration

  /// A view with every value given.
  public init(
    game: Int, rank: Int, mode: GameMode, difficulty: Difficulty, points: Int,
    choices: [String], choice: Int?, spelled: String, letter: Character?,
    alphabet: [Character], maximumLength: Int, timeout: Duration
  ) {
    self.game = game
    self.rank = rank
    self.mode = mode
    self.difficulty = difficulty
    self.points = points
    self.choices = choices
    self.choice = choice
    self.spelled = spelled
    self.letter = letter
    self.alphabet = alphabet
    self.maximumLength = maximumLength
    self.timeout = timeout
  }
}
