import SimonGame
import SimonJSON
import SimonScores
import SimonStateFiles

/// The venue's tables as one cabinet knows them (docs/design.md section 12): every cabinet's
/// records merged into a top ten per mode and difficulty, with the same ranking rule as
/// the cabinet's own tables, and which records were merged, so that a record merged
/// again (a broker re-delivering, a cabinet publishing after a crash) changes nothing.
///
/// Merging is order-independent: cabinets that merged the same records in any order
/// hold the same tables.
public struct VenueBook: Equatable, Sendable {
  /// The records merged from each cabinet: every sequence up to `through`, and `also`
  /// those beyond it that came early.
  public struct Merged: Equatable, Sendable {
    /// Every sequence from 1 to this one was merged.
    public var through: Int
    /// Sequences above `through` that were merged, ascending.
    public var also: [Int]

    /// Records merged through `through`, and `also` beyond it.
    public init(through: Int, also: [Int]) {
      self.through = through
      self.also = also
    }

    /// How many records of the cabinet were merged.
    public var count: Int { through + also.count }

    func contains(_ sequence: Int) -> Bool {
      sequence <= through || also.contains(sequence)
    }

    mutating func insert(_ sequence: Int) {
      also.insert(sequence, at: also.firstIndex { $0 > sequence } ?? also.count)
      while let first = also.first, first == through + 1 {
        through = first
        also.removeFirst()
      }
    }
  }

  /// What was merged, per cabinet id.
  public private(set) var merged: [String: Merged]
  private var tables: RankedTables<VenueRecord>

  /// A venue table with nothing merged.
  public init() {
    merged = [:]
    tables = RankedTables()
  }

  /// The venue's table of a mode and difficulty, best first; at most ten games.
  public func table(_ key: TableKey) -> [VenueRecord] { tables.table(key) }

  /// Every table that has a game, in display order (`ScoreBook.allTableKeys`).
  public var tableKeys: [TableKey] { tables.keys }

  /// Whether the record was merged before.
  public func contains(_ key: VenueRecord.Key) -> Bool {
    merged[key.cabinet]?.contains(key.sequence) ?? false
  }

  /// Merges a record: into its table when it makes the top ten. A record merged before
  /// changes its table only when it was merged under a stand-in name ("Player", "Team")
  /// and now has a name: names change only so, so the named version wins in whatever
  /// order the two arrive.
  /// - Returns: false when nothing changed.
  @discardableResult
  public mutating func merge(_ record: VenueRecord) -> Bool {
    guard !contains(record.key) else { return rename(record) }
    merged[record.cabinet, default: Merged(through: 0, also: [])].insert(record.sequence)
    tables.insert(record)
    return true
  }

  private mutating func rename(_ record: VenueRecord) -> Bool {
    guard let merged = tables.table(record.table).first(where: { $0.key == record.key })?.game
    else { return false }
    // The same game but for its names: anything else under a merged id is ignored.
    var unnamed = record.game
    unnamed.result.name = merged.result.name
    unnamed.result.members = merged.result.members
    guard unnamed == merged, PlayerName.isUnnamed(merged.result.name),
      !PlayerName.isUnnamed(record.game.result.name)
    else { return false }
    tables.update(where: { $0.key == record.key }, with: { $0 = record })
    return true
  }
}

extension VenueRecord: RankedEntry {
  /// The table the game belongs in.
  public var table: TableKey { game.table }
}

extension VenueBook: StateDocument {
  package static var fileName: String { "venue.json" }
  /// 2: a record may end as `quit` and carry `reactions_ms`, which a program reading
  /// format 1 would take for damage; format 1 is read as it is.
  package static var version: Int { 2 }
  package static var permissions: UInt32 { 0o664 }
  package static var empty: VenueBook { VenueBook() }

  package static func decode(_ json: JSONValue) throws(JSONShapeError) -> VenueBook {
    let reader = JSONReader(json)
    var book = VenueBook()
    for (cabinet, merged) in try reader.member("merged").map({ (item) throws(JSONShapeError) in
      let cabinet = try item.member("cabinet").string()
      if let problem = VenueRecord.cabinetProblem(cabinet) {
        throw try item.member("cabinet").fail(problem)
      }
      let through = try item.member("through").int(in: 0...GameRecord.Bounds.id.upperBound)
      let also = try item.member("also").map { (number) throws(JSONShapeError) in
        try number.int(in: GameRecord.Bounds.id)
      }
      return (cabinet, Merged(through: through, also: also))
    }) {
      book.merged[cabinet] = merged
    }
    book.tables = RankedTables(
      filed: try reader.member("tables").map { (table) throws(JSONShapeError) in
        let key = TableKey(
          mode: try table.member("mode").choice(GameMode.self),
          difficulty: try table.member("difficulty").choice(Difficulty.self))
        let top = try table.member("top").map { (item) throws(JSONShapeError) in
          try VenueRecord(json: item)
        }
        return (key, top)
      })
    return book
  }

  package var contentProblems: [String] {
    for (cabinet, merged) in merged {
      if merged.also.contains(where: { $0 <= merged.through })
        || merged.also != merged.also.sorted() || Set(merged.also).count != merged.also.count
      {
        return ["merged: \(cabinet): \"also\" must be ascending, unique and above \"through\""]
      }
    }
    if let stray = tables.strays.first {
      let key = stray.key
      return [
        "tables: \(stray.entry.key) is not a \(key.mode.rawValue)/\(key.difficulty.rawValue) game"
      ]
    }
    if let unmerged = tables.entries.first(where: { !contains($0.key) }) {
      return ["tables: \(unmerged.key) is in a table but not among the merged"]
    }
    return []
  }

  package func encodeFile() throws -> [UInt8] {
    var writer = JSONWriter(capacity: 400 * tables.count + 64 * merged.count)
    writer.beginStateFile(version: Self.version)
    writer.key("merged")
    writer.raw("[")
    for (index, cabinet) in merged.keys.sorted().enumerated() {
      let entry = merged[cabinet]!
      writer.raw(index == 0 ? "" : ",")
      writer.newline(indent: 2)
      writer.raw("{")
      writer.key("cabinet")
      writer.string(cabinet)
      writer.raw(", ")
      writer.key("through")
      writer.integer(entry.through)
      writer.raw(", ")
      writer.key("also")
      writer.raw("[")
      for (position, sequence) in entry.also.enumerated() {
        writer.raw(position == 0 ? "" : ", ")
        writer.integer(sequence)
      }
      writer.raw("]}")
    }
    if !merged.isEmpty { writer.newline(indent: 1) }
    writer.raw("],")
    writer.newline(indent: 1)
    writer.key("tables")
    writer.raw("[")
    for (index, key) in tableKeys.enumerated() {
      writer.raw(index == 0 ? "" : ",")
      writer.newline(indent: 2)
      writer.raw("{")
      writer.key("mode")
      writer.string(key.mode.rawValue)
      writer.raw(", ")
      writer.key("difficulty")
      writer.string(key.difficulty.rawValue)
      writer.raw(", ")
      writer.key("top")
      writer.raw("[")
      for (position, record) in tables.table(key).enumerated() {
        writer.raw(position == 0 ? "" : ",")
        writer.newline(indent: 3)
        record.write(to: &writer)
      }
      writer.newline(indent: 2)
      writer.raw("]}")
    }
    if !tableKeys.isEmpty { writer.newline(indent: 1) }
    writer.raw("]")
    writer.newline(indent: 0)
    writer.raw("}\n")
    return writer.bytes
  }
}
