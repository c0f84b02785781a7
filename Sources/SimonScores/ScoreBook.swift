import FoundationEssentials
import SimonGame
import SimonJSON
import SimonStateFiles

/// Everything the score file holds: the high-score tables, one per mode and difficulty,
/// and the recent games in the order they were recorded.
///
/// A value: reading it from a `ScoreStore` gives a snapshot; changes go through the
/// store's `record`, `nameLatest`, `modify` so no other process's update is lost.
public struct ScoreBook: Equatable, Sendable {
  /// How many games a high-score table holds.
  public static var tableSize: Int { RankedTables<GameRecord>.size }
  /// The fewest recent games a book keeps, whatever limit it is given.
  public static let minimumRecentLimit = 100

  /// The recent games, oldest first; at most the store's recent limit.
  public private(set) var recent: [GameRecord]
  /// The number the next recorded game gets.
  public private(set) var nextID: Int
  private var tables: RankedTables<GameRecord>

  /// An empty book: no games recorded.
  public init() {
    recent = []
    nextID = 1
    tables = RankedTables()
  }

  /// The high-score table of a mode and difficulty, best first; at most ten games.
  public func table(_ key: TableKey) -> [GameRecord] { tables.table(key) }

  /// Every table that has a game, in the order of `GameMode.allCases`, then of
  /// `Difficulty.allCases`.
  public var tableKeys: [TableKey] { tables.keys }

  /// Every table there can be, in display order.
  public static var allTableKeys: [TableKey] { RankedTables<GameRecord>.allKeys }

  /// The best game of every table that has one.
  public var allTimeBests: [TableKey: GameRecord] { tables.bests }

  /// Adds a finished game: it gets the next number, goes to the end of the recent games
  /// (the oldest drop off past `recentLimit`, which is at least `minimumRecentLimit`),
  /// and into its table when it makes the top ten.
  /// - Returns: the record, its place, and whether it is a new all-time best.
  @discardableResult
  public mutating func insert(
    _ result: GameResult, startedAt: Date, endedAt: Date, recentLimit: Int
  ) -> RecordOutcome {
    let record = GameRecord(id: nextID, result: result, startedAt: startedAt, endedAt: endedAt)
    nextID += 1
    recent.append(record)
    let limit = max(recentLimit, Self.minimumRecentLimit)
    if recent.count > limit { recent.removeFirst(recent.count - limit) }

    let previousBest = tables.table(record.table).first
    let rank = tables.insert(record)
    return RecordOutcome(
      record: record, rank: rank,
      isNewAllTimeBest: Ranking.isNewBest(result.standing, over: previousBest?.result.standing),
      previousBest: previousBest)
  }

  /// Gives the latest `count` recent games recorded under the name nobody signed in as
  /// (`PlayerName.unnamed`) the name `name`, in the recent list and in the tables; a
  /// member named so is renamed too. Does not check the name; `ScoreStore.nameLatest`
  /// does.
  /// - Returns: the renamed records, newest first; empty when there was none to name.
  public mutating func nameLatest(_ name: String, count: Int) -> [GameRecord] {
    var renamed: [GameRecord] = []
    var index = recent.count - 1
    while index >= 0 && renamed.count < count {
      if recent[index].result.name == PlayerName.unnamed {
        Self.rename(&recent[index], to: name)
        renamed.append(recent[index])
      }
      index -= 1
    }
    let ids = Set(renamed.map(\.id))
    tables.update(where: { ids.contains($0.id) }, with: { Self.rename(&$0, to: name) })
    return renamed
  }

  /// Gives one ranked game played without signing in (recorded as "Player", "Player N"
  /// or an unnamed "Team") a name, in the recent list and in its table.
  /// - Returns: the renamed record.
  /// - Throws: `NamingError` when there is no such game, it is not in its top ten, or
  ///   it already has a name.
  public mutating func name(game id: Int, as name: String) throws(NamingError) -> GameRecord {
    let old = try nameToReplace(game: id)
    for index in recent.indices where recent[index].id == id {
      Self.rename(&recent[index], from: old, to: name)
    }
    let named = tables.update(
      where: { $0.id == id }, with: { Self.rename(&$0, from: old, to: name) })
    // nameToReplace found it in a table.
    return named[0]
  }

  /// Why one game cannot be named afterwards, or nil when it can: the rule of
  /// `name(game:as:)`, checked without changing anything.
  public func namingProblem(game id: Int) -> NamingError? {
    do {
      _ = try nameToReplace(game: id)
      return nil
    } catch {
      return error
    }
  }

  /// The 1-based place of a game in its table's top ten, or nil when it is not there.
  public func rank(of id: Int) -> Int? { tables.place { $0.id == id }?.rank }

  /// Where a game that may be named sits: kept, in its table's top ten, and recorded as
  /// "Player", "Player N" or an unnamed "Team".
  private func nameToReplace(game id: Int) throws(NamingError) -> String {
    guard let ranked = tables.entries.first(where: { $0.id == id }) else {
      if recent.contains(where: { $0.id == id }) { throw .notRanked(id) }
      throw .noSuchGame(id)
    }
    let current = ranked.result.name
    guard PlayerName.isUnnamed(current) else { throw .alreadyNamed(id, current) }
    return current
  }

  private static func rename(_ record: inout GameRecord, from old: String, to name: String) {
    record.result.name = name
    record.result.members = record.result.members.map { $0 == old ? name : $0 }
  }

  private static func rename(_ record: inout GameRecord, to name: String) {
    record.result.name = name
    record.result.members = record.result.members.map { $0 == PlayerName.unnamed ? name : $0 }
  }
}

extension GameRecord: RankedEntry {}

extension ScoreBook: StateDocument {
  package static var fileName: String { "scores.json" }
  /// 2: a record may end as `quit` and carry `reactions_ms`, which a program reading
  /// format 1 would take for damage; format 1 is read as it is.
  package static var version: Int { 2 }
  package static var permissions: UInt32 { 0o660 }
  package static var empty: ScoreBook { ScoreBook() }

  /// Reads the book with the fast parser's value; numbers outside `GameRecord.Bounds` make
  /// the file corrupt.
  package static func decode(_ json: JSONValue) throws(JSONShapeError) -> ScoreBook {
    let reader = JSONReader(json)
    var book = ScoreBook()
    book.recent = try reader.member("recent").map { (item) throws(JSONShapeError) in
      try GameRecord(json: item)
    }
    let tables = try reader.member("tables").map { (table) throws(JSONShapeError) in
      let key = TableKey(
        mode: try table.member("mode").choice(GameMode.self),
        difficulty: try table.member("difficulty").choice(Difficulty.self))
      let top = try table.member("top").map { (item) throws(JSONShapeError) in
        try GameRecord(json: item)
      }
      return (key, top)
    }
    book.setTables(
      tables,
      nextID: try reader.member("next_id").int(in: 1...(GameRecord.Bounds.id.upperBound + 1)))
    return book
  }

  /// The file's text: the version, next_id, the tables, the recent games, one game a line.
  package func encodeFile() throws -> [UInt8] {
    var writer = JSONWriter(capacity: 320 * (recent.count + tables.count) + 256)
    writer.beginStateFile(version: Self.version)
    writer.key("next_id")
    writer.integer(nextID)
    writer.raw(",")
    writer.newline(indent: 1)
    writer.key("tables")
    writer.raw("[")
    for (index, key) in tableKeys.enumerated() {
      writer.raw(index == 0 ? "" : ",")
      writer.newline(indent: 2)
      writer.raw("{")
      writer.newline(indent: 3)
      writer.key("mode")
      writer.string(key.mode.rawValue)
      writer.raw(",")
      writer.newline(indent: 3)
      writer.key("difficulty")
      writer.string(key.difficulty.rawValue)
      writer.raw(",")
      writer.newline(indent: 3)
      writer.key("top")
      Self.write(tables.table(key), indent: 3, to: &writer)
      writer.newline(indent: 2)
      writer.raw("}")
    }
    if !tableKeys.isEmpty { writer.newline(indent: 1) }
    writer.raw("],")
    writer.newline(indent: 1)
    writer.key("recent")
    Self.write(recent, indent: 1, to: &writer)
    writer.newline(indent: 0)
    writer.raw("}\n")
    return writer.bytes
  }

  private static func write(_ records: [GameRecord], indent: Int, to writer: inout JSONWriter) {
    writer.lines(records, indent: indent) { writer, record in record.write(to: &writer) }
  }

  package var contentProblems: [String] {
    guard let filed = tables.strays.first else { return [] }
    let (key, stray) = (filed.key, filed.entry)
    return [
      "tables: game \(stray.id) is \(stray.table.mode.rawValue)/\(stray.table.difficulty.rawValue) but is in the \(key.mode.rawValue)/\(key.difficulty.rawValue) table"
    ]
  }
}

extension ScoreBook {
  /// Sets the tables read from a file, re-sorted and cut to ten, and the next number,
  /// made larger than any record's.
  fileprivate mutating func setTables(_ read: [(TableKey, [GameRecord])], nextID: Int) {
    tables = RankedTables(filed: read)
    let highest = (recent.map(\.id) + tables.entries.map(\.id)).max() ?? 0
    self.nextID = max(nextID, highest == .max ? .max : highest + 1)
  }
}
