import SimonGame

/// One player's games among those the score file keeps: how many, the best of each table,
/// the latest, for the cabinet screen's player pages.
///
/// A player's games are the kept games (the recent list and every table's top ten, each
/// game once) whose name, or one of whose members, reads as the player's name
/// (`PlayerName.same`: ignoring case and lookalike letters). So a coop game counts for
/// the team and for each member, and a player-adds game for everyone who took part, not
/// only the winner. A game that has dropped off both the recent list and its top ten is
/// no longer counted.
public struct PlayerHistory: Equatable, Sendable {
  /// The player's games, newest first.
  public var games: [GameRecord]

  /// A history of these games, newest first.
  public init(games: [GameRecord]) { self.games = games }

  /// The most points the player made in one game; nil without games.
  public var bestPoints: Int? { games.map(\.result.points).max() }

  /// The player's best game of each table they played, in the tables' order
  /// (`ScoreBook.allTableKeys`), chosen by the tables' own ranking
  /// (`GameRecord.ranks(above:)`).
  public var bests: [GameRecord] {
    var best: [TableKey: GameRecord] = [:]
    for game in games where best[game.table].map({ game.ranks(above: $0) }) ?? true {
      best[game.table] = game
    }
    return ScoreBook.allTableKeys.compactMap { best[$0] }
  }

  /// The latest `count` games, newest first.
  public func latest(_ count: Int) -> [GameRecord] { Array(games.prefix(max(0, count))) }
}

extension ScoreBook {
  /// Every game the book keeps, each once, newest first: the recent games and those
  /// that are only in a top ten any more.
  public var keptGames: [GameRecord] {
    var seen = Set(recent.map(\.id))
    var kept = recent
    for key in tableKeys {
      for record in table(key) where seen.insert(record.id).inserted { kept.append(record) }
    }
    return kept.sorted { $0.id > $1.id }
  }

  /// The games of one name (a registered player, or a name games were recorded under).
  public func history(of name: String) -> PlayerHistory {
    histories(of: [name])[name] ?? PlayerHistory(games: [])
  }

  /// The games of each of `names`, found in one pass over the kept games; a name that
  /// reads as one before it shares that one's games.
  public func histories(of names: [String]) -> [String: PlayerHistory] {
    var games: [String: [GameRecord]] = [:]
    let wanted = Set(names.map(NameSkeleton.of))
    for record in keptGames {
      var counted: Set<String> = []
      for name in [record.result.name] + record.result.members {
        let skeleton = NameSkeleton.of(name)
        guard wanted.contains(skeleton), counted.insert(skeleton).inserted else { continue }
        games[skeleton, default: []].append(record)
      }
    }
    var histories: [String: PlayerHistory] = [:]
    for name in names {
      histories[name] = PlayerHistory(games: games[NameSkeleton.of(name)] ?? [])
    }
    return histories
  }

  /// `names` with those who played most recently first (by their latest kept game), then
  /// those without a kept game in the order given; at most `limit`.
  public func byLatestGame(_ names: [String], limit: Int) -> [String] {
    let histories = histories(of: names)
    let latest = names.map { histories[$0]?.games.first?.id ?? 0 }
    let order = names.indices.sorted {
      latest[$0] != latest[$1] ? latest[$0] > latest[$1] : $0 < $1
    }
    return Array(order.prefix(max(0, limit)).map { names[$0] })
  }
}

/// A player as a page or `simonctl players stats` shows them: a registered player, or a
/// name games were recorded under.
public struct FoundPlayer: Equatable, Sendable {
  /// The name: as registered, else as their latest game spells it.
  public var name: String
  /// Whether a player of that name is registered.
  public var registered: Bool
  /// Their kept games.
  public var history: PlayerHistory

  /// A player with every value given.
  public init(name: String, registered: Bool, history: PlayerHistory) {
    self.name = name
    self.registered = registered
    self.history = history
  }
}

extension ScoreBook {
  /// The player called `name`: `registered` (the player store's entry for the name) with
  /// their games, else the games recorded under a name that reads as `name`, spelled as
  /// the latest of them has it; nil when neither.
  public func player(named name: String, registered: Player?) -> FoundPlayer? {
    if let registered {
      return FoundPlayer(
        name: registered.name, registered: true, history: history(of: registered.name))
    }
    let history = history(of: name)
    guard let latest = history.games.first else { return nil }
    let spelled =
      ([latest.result.name] + latest.result.members).first { PlayerName.same($0, name) } ?? name
    return FoundPlayer(name: spelled, registered: false, history: history)
  }
}
