/// Why a game could not be named; nothing was changed when it is thrown.
public enum NamingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No kept game has this number.
  case noSuchGame(Int)
  /// The game is not in its table's top ten, so it keeps its name.
  case notRanked(Int)
  /// The game already carries a player's or team's name.
  case alreadyNamed(Int, String)

  /// The refusal as one line for people.
  public var description: String {
    switch self {
    case .noSuchGame(let id):
      "no game number \(id) is kept (see 'simonctl scores --recent')"
    case .notRanked(let id):
      "game \(id) is not in its table's top ten; only a ranked game can be named afterwards"
    case .alreadyNamed(let id, let name):
      "game \(id) already has a name, \(PlayerName.quoted(name)); only a game played without signing in can be named"
    }
  }
}
