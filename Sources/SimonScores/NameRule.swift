/// The rules a player's name follows (docs/design.md section 5); a refused name names the rule it
/// broke. Names are printed in terminals and on web pages, so they are kept plain.
public enum NameRule: String, CaseIterable, Equatable, Sendable, CustomStringConvertible {
  /// Only letters (with their accents), digits, spaces and `-_.'`: no control or escape
  /// characters, no symbols.
  case characters
  /// No invisible characters (Unicode's default-ignorable code points: Hangul fillers,
  /// the combining grapheme joiner, ...), which make names that look blank or look
  /// like another. Names stored before this rule still read.
  case visible
  /// Not only spaces.
  case notBlank = "not-blank"
  /// No space at the start or the end.
  case noOuterSpaces = "no-outer-spaces"
  /// 1 to 16 characters.
  case length
  /// Not "Player" or "Player N" (nor anything that reads the same): those stand for
  /// players nobody signed in as.
  case notReserved = "not-reserved"
  /// No other registered player has it, or one that reads the same (case, full-width
  /// forms, lookalike letters of other scripts: Unicode's confusables).
  case unique

  /// The rule as a sentence for people.
  public var description: String {
    switch self {
    case .characters: "a name has only letters, digits, spaces and - _ . '"
    case .visible: "a name has no invisible characters"
    case .notBlank: "a name is never blank"
    case .noOuterSpaces: "a name does not start or end with a space"
    case .length: "a name is 1 to \(PlayerName.maximumLength) characters long"
    case .notReserved: "\"Player\" and \"Player N\" are kept for players without a name"
    case .unique: "names are unique, ignoring case and letters that look alike"
    }
  }
}
