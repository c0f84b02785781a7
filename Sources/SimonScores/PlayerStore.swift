import SimonStateFiles

/// The registered players, in `players.json` in the state directory.
///
/// Every change is one locked read-modify-write: any number of processes may change
/// players at once and none loses another's change. A change that is refused throws a
/// `PlayerError` and leaves the file as it was.
public final class PlayerStore: Sendable {
  /// The players file.
  public var path: String { file.path }
  private let file: StateFile<PlayerRoster>

  /// A store on `directory`; nothing is read or created until it is used.
  /// - Parameters:
  ///   - lockTimeout: how long a change waits for another process's lock.
  ///   - onProblem: told when the file was unusable and set aside (log it).
  public init(
    directory: String, lockTimeout: Duration = .seconds(10),
    onProblem: @escaping @Sendable (StateProblem) -> Void = { _ in }
  ) {
    file = StateFile(directory: directory, lockTimeout: lockTimeout, onProblem: onProblem)
  }

  /// Every registered player, sorted by name ignoring case.
  /// - Throws: `StateError` when the file cannot be read.
  public func list() throws -> [Player] { try file.read().players }

  /// The player with this name (ignoring case), or nil.
  public func player(named name: String) throws -> Player? {
    let roster = try file.read()
    return roster.index(named: name).map { roster.players[$0] }
  }

  /// The player whose pad code this is, or nil: the cabinet's sign-in.
  public func player(withCode code: PadCode) throws -> Player? {
    try file.read().players.first { $0.code == code }
  }

  /// Registers a player.
  /// - Parameters:
  ///   - name: checked against every `NameRule`.
  ///   - code: the player's pad code; nil gives a random one nobody has.
  /// - Returns: the player as registered.
  /// - Throws: `PlayerError` (bad or taken name, taken code, no code free), `StateError`.
  @discardableResult
  public func add(_ name: String, code: PadCode? = nil) throws -> Player {
    try Self.check(name)
    return try file.update { roster in
      if let taken = roster.index(named: name) {
        throw PlayerError.nameTaken(roster.players[taken].name)
      }
      let code = try code ?? Self.freeCode(in: roster)
      if let owner = roster.players.first(where: { $0.code == code }) {
        throw PlayerError.codeTaken(code, by: owner.name)
      }
      let player = Player(name: name, code: code)
      roster.players.append(player)
      roster.sort()
      return player
    }
  }

  /// Removes a registered player (name ignoring case). Their recorded games stay.
  /// - Returns: the player removed.
  /// - Throws: `PlayerError.noSuchPlayer`, `StateError`.
  @discardableResult
  public func remove(_ name: String) throws -> Player {
    try file.update { roster in
      guard let index = roster.index(named: name) else { throw PlayerError.noSuchPlayer(name) }
      return roster.players.remove(at: index)
    }
  }

  /// Gives a player a new pad code.
  /// - Returns: the player with the new code.
  /// - Throws: `PlayerError.noSuchPlayer`, `PlayerError.codeTaken` (by someone else),
  ///   `StateError`.
  @discardableResult
  public func setCode(_ code: PadCode, for name: String) throws -> Player {
    try file.update { roster in
      guard let index = roster.index(named: name) else { throw PlayerError.noSuchPlayer(name) }
      if let owner = roster.players.first(where: { $0.code == code }),
        !PlayerName.same(owner.name, name)
      {
        throw PlayerError.codeTaken(code, by: owner.name)
      }
      roster.players[index].code = code
      return roster.players[index]
    }
  }

  /// Throws `PlayerError.invalidName` with the first rule `name` breaks.
  public static func check(_ name: String) throws(PlayerError) {
    if let rule = PlayerName.brokenRule(name) { throw .invalidName(name, rule) }
  }

  private static func freeCode(in roster: PlayerRoster) throws(PlayerError) -> PadCode {
    let taken = Set(roster.players.map(\.code))
    guard let code = PadCode.all.filter({ !taken.contains($0) }).randomElement() else {
      throw .noFreeCode
    }
    return code
  }
}
