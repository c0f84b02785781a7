/// Why a change to the players was refused; nothing was changed when it is thrown.
public enum PlayerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The name breaks a rule.
  case invalidName(String, NameRule)
  /// A registered player has this name already, ignoring case (their spelling given).
  case nameTaken(String)
  /// No registered player has this name.
  case noSuchPlayer(String)
  /// The text is not a pad code (the text, and why).
  case invalidCode(String, reason: String)
  /// Another player has this code (the code, their name).
  case codeTaken(PadCode, by: String)
  /// Every one of the 256 codes is taken, so a new player cannot get one.
  case noFreeCode

  /// The refusal as one line for people; names are quoted and made printable.
  public var description: String {
    switch self {
    case .invalidName(let name, let rule):
      "\(PlayerName.quoted(name)) is not a valid name: \(rule)"
    case .nameTaken(let existing):
      "a player named \(PlayerName.quoted(existing)) exists already: \(NameRule.unique)"
    case .noSuchPlayer(let name):
      "no player named \(PlayerName.quoted(name))"
    case .invalidCode(let text, let reason):
      "\(PlayerName.quoted(text)) is not a pad code: \(reason)"
    case .codeTaken(let code, let owner):
      "the code \(code) belongs to \(PlayerName.quoted(owner)); codes are unique"
    case .noFreeCode:
      "all \(PadCode.all.count) pad codes are taken; remove a player first"
    }
  }
}
