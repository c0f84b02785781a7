import FoundationEssentials
import SimonGame

/// Everything the score file holds: the high-score tables, one per mode and difficulty,
/// and the recent games in the order they were recorded.
///
/// A value: reading it from a `ScoreStore` gives a snapshot; changes go through the
/// store's `record`, `nameLatest`, `modify` so no other process's update is lost.
public struct ScoreBook: Equatable, Sendable {
  /// How many games a high-score table holds.
  public static let tableSize = 10
  /// The fewest recent games a book keeps, whatever limit it is given.
  public static let minimumRecentLimit = 100

  /// The recent games, oldest first; at most the store's recent limit.
  public private(set) var recent: [GameRecord]
  /// The number the next recorded game gets.
  public private(set) var nextID: Int
  private var tables: [TableKey: [GameRecord]]

  /// An empty book: no games recorded.
  public init() {
    recent = []
    nextID = 1
    tables = [:]
  }

  /// The high-score table of a mode and difficulty, best first; at most ten games.
  public func table(_ key: TableKey) -> [GameRecord] { tables[key] ?? [] }

  /// Every table that has a game, in the order of `GameMode.allCases`, then of
  /// `Difficulty.allCases`.
  public var tableKeys: [TableKey] {
    Self.allTableKeys.filter { !(tables[$0]?.isEmpty ?? true) }
  }

  /// Every table there can be, in display order.
  public static var allTableKeys: [TableKey] {
    GameMode.allCases.flatMap { mode in
      Difficulty.allCases.map { TableKey(mode: mode, difficulty: $0) }
    }
  }

  /// The best game of every table that has one.
  public var allTimeBests: [TableKey: GameRecord] {
    tables.compactMapValues(\.first)
  }

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

    var table = tables[record.table] ?? []
    let previousBest = table.first
    let place = table.firstIndex { record.ranks(above: $0) } ?? table.count
    var rank: Int?
    if place < Self.tableSize {
      table.insert(record, at: place)
      if table.count > Self.tableSize { table.removeLast(table.count - Self.tableSize) }
      tables[record.table] = table
      rank = place + 1
    }
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
    for key in tables.keys {
      for position in tables[key]!.indices where ids.contains(tables[key]![position].id) {
        Self.rename(&tables[key]![position], to: name)
      }
    }
    return renamed
  }

  /// Gives one ranked game played without signing in (recorded as "Player", "Player N"
  /// or an unnamed "Team") a name, in the recent list and in its table.
  /// - Returns: the renamed record.
  /// - Throws: `NamingError` when there is no such game, it is not in its top ten, or
  ///   it already has a name.
  public mutating func name(game id: Int, as name: String) throws(NamingError) -> GameRecord {
    let (key, position) = try placeToName(game: id)
    let old = tables[key]![position].result.name
    Self.rename(&tables[key]![position], from: old, to: name)
    for index in recent.indices where recent[index].id == id {
      Self.rename(&recent[index], from: old, to: name)
    }
    return tables[key]![position]
  }

  /// Why one game cannot be named afterwards, or nil when it can: the rule of
  /// `name(game:as:)`, checked without changing anything.
  public func namingProblem(game id: Int) -> NamingError? {
    do {
      _ = try placeToName(game: id)
      return nil
    } catch {
      return error
    }
  }

  /// The 1-based place of a game in its table's top ten, or nil when it is not there.
  public func rank(of id: Int) -> Int? {
    for table in tables.values {
      if let position = table.firstIndex(where: { $0.id == id }) { return position + 1 }
    }
    return nil
  }

  /// Where a game that may be named sits: kept, in its table's top ten, and recorded as
  /// "Player", "Player N" or an unnamed "Team".
  private func placeToName(game id: Int) throws(NamingError) -> (TableKey, Int) {
    guard let key = tables.first(where: { $0.value.contains { $0.id == id } })?.key else {
      if recent.contains(where: { $0.id == id }) { throw .notRanked(id) }
      throw .noSuchGame(id)
    }
    let position = tables[key]!.firstIndex { $0.id == id }!
    let current = tables[key]![position].result.name
    guard PlayerName.isUnnamed(current) else { throw .alreadyNamed(id, current) }
    return (key, position)
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

extension ScoreBook: StateDocument {
  static var fileName: String { "scores.json" }
  /// 2: a record may end as `quit` and carry `reactions_ms`, which a program reading
  /// format 1 would take for damage; format 1 is read as it is.
  static var version: Int { 2 }
  static var permissions: UInt32 { 0o660 }
  static var empty: ScoreBook { ScoreBook() }

  /// Reads the book with the fast parser's value; numbers outside `GameRecord.Bounds` make
  /// the file corrupt.
  static func decode(_ json: JSONValue) throws(JSONShapeError) -> ScoreBook {
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
  func encodeFile() throws -> [UInt8] {
    var writer = JSONWriter(capacity: 320 * (recent.count + tables.count * Self.tableSize) + 256)
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
      Self.write(tables[key]!, indent: 3, to: &writer)
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
    writer.raw("[")
    for (index, record) in records.enumerated() {
      writer.raw(index == 0 ? "" : ",")
      writer.newline(indent: indent + 1)
      record.write(to: &writer)
    }
    if !records.isEmpty { writer.newline(indent: indent) }
    writer.raw("]")
  }

  var contentProblems: [String] {
    for (key, table) in tables {
      if let stray = table.first(where: { $0.table != key }) {
        return [
          "tables: game \(stray.id) is \(stray.table.mode.rawValue)/\(stray.table.difficulty.rawValue) but is in the \(key.mode.rawValue)/\(key.difficulty.rawValue) table"
        ]
      }
    }
    return []
  }
}

extension ScoreBook {
  /// Sets the tables read from a file, re-sorted and cut to ten, and the next number,
  /// made larger than any record's.
  fileprivate mutating func setTables(_ read: [(TableKey, [GameRecord])], nextID: Int) {
    tables = [:]
    for (key, top) in read where !top.isEmpty {
      let merged = (tables[key] ?? []) + top
      tables[key] = Array(merged.sorted { $0.ranks(above: $1) }.prefix(Self.tableSize))
    }
    let highest = (recent.map(\.id) + tables.values.flatMap { $0.map(\.id) }).max() ?? 0
    self.nextID = max(nextID, highest == .max ? .max : highest + 1)
  }
}
