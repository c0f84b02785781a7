import SimonGame

/// A game in a high-score table: it knows its table and how it ranks against another.
public protocol RankedEntry: Equatable, Sendable {
  /// The table the game belongs in: its mode and difficulty.
  var table: TableKey { get }
  /// Whether this game ranks above `other`; a strict total order, so that a table of
  /// the same games is the same table whatever order they came in.
  func ranks(above other: Self) -> Bool
}

/// The top ten of each mode and difficulty, best first: the cabinet's tables and the
/// venue's are both this.
///
/// Promises: each table is sorted by `ranks(above:)` and holds at most `size` games;
/// a game is filed under the table of the key it was given (a file read with a game
/// under the wrong key shows it in `strays`, for the reader to refuse).
public struct RankedTables<Entry: RankedEntry>: Equatable, Sendable {
  /// How many games a table holds.
  public static var size: Int { 10 }

  private var tables: [TableKey: [Entry]] = [:]

  /// No table has a game.
  public init() {}

  /// Tables as a file lists them, each re-sorted and cut to `size` (a file may have
  /// been edited by hand); a key listed twice adds to the same table.
  public init(filed: [(TableKey, [Entry])]) {
    for (key, top) in filed where !top.isEmpty {
      let all = (tables[key] ?? []) + top
      tables[key] = Array(all.sorted { $0.ranks(above: $1) }.prefix(Self.size))
    }
  }

  /// The table of a mode and difficulty, best first.
  public func table(_ key: TableKey) -> [Entry] { tables[key] ?? [] }

  /// Every table that has a game, in display order (`allKeys`).
  public var keys: [TableKey] { Self.allKeys.filter { !(tables[$0]?.isEmpty ?? true) } }

  /// Every table there can be, in the order of `GameMode.allCases`, then of
  /// `Difficulty.allCases`.
  public static var allKeys: [TableKey] {
    GameMode.allCases.flatMap { mode in
      Difficulty.allCases.map { TableKey(mode: mode, difficulty: $0) }
    }
  }

  /// The best game of every table that has one.
  public var bests: [TableKey: Entry] { tables.compactMapValues(\.first) }

  /// Every game in every table, table by table in display order.
  public var entries: [Entry] { keys.flatMap { table($0) } }

  /// How many games the tables hold in all.
  public var count: Int { tables.values.reduce(0) { $0 + $1.count } }

  /// Games filed under a table that is not theirs, with the key they were filed under.
  public var strays: [(key: TableKey, entry: Entry)] {
    Self.allKeys.compactMap { key in
      table(key).first { $0.table != key }.map { (key, $0) }
    }
  }

  /// Files a game in its table when it makes the top `size`.
  /// - Returns: its 1-based place, or nil when it did not make the table.
  @discardableResult
  public mutating func insert(_ entry: Entry) -> Int? {
    var table = tables[entry.table] ?? []
    let place = table.firstIndex { entry.ranks(above: $0) } ?? table.count
    guard place < Self.size else { return nil }
    table.insert(entry, at: place)
    if table.count > Self.size { table.removeLast(table.count - Self.size) }
    tables[entry.table] = table
    return place + 1
  }

  /// The 1-based place of the first game that matches, and its table; nil when none does.
  public func place(where match: (Entry) -> Bool) -> (key: TableKey, rank: Int)? {
    for key in keys {
      if let position = table(key).firstIndex(where: match) { return (key, position + 1) }
    }
    return nil
  }

  /// Changes every game that matches, in place; a change must not move a game to
  /// another table or rank (a rename, say).
  /// - Returns: the games as changed, table by table in display order.
  @discardableResult
  public mutating func update(
    where match: (Entry) -> Bool, with change: (inout Entry) -> Void
  ) -> [Entry] {
    var changed: [Entry] = []
    for key in keys {
      guard var table = tables[key] else { continue }
      for position in table.indices where match(table[position]) {
        change(&table[position])
        changed.append(table[position])
      }
      tables[key] = table
    }
    return changed
  }
}
