import ArgumentParser
import SimonControl
import SimonGame
import SimonScores
import SimonStateFiles
import SimonVenueStore

/// `simonctl scores`: the high-score tables, or the recent games; `scores reset`.
struct ScoresCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scores",
    abstract: "Show the high-score tables, or the recent games.",
    discussion: """
      Tables list the ten best games of each mode and difficulty (more points first, \
      then more rounds, then the earlier game). Times are local.

      With --venue: the venue's tables, every cabinet's games merged by the venue \
      bridge (simon-venue), with the cabinet of each game.

      \(ExitStatus.help)
      """,
    subcommands: [ScoresReset.self])

  @OptionGroup var common: CommonOptions

  @Flag(help: "Show the recent games, newest first, instead of the tables.")
  var recent = false

  @Option(help: ArgumentHelp("How many recent games to show with --recent.", valueName: "n"))
  var count = 20

  @Option(help: ArgumentHelp("Only this mode's tables (or recent games).", valueName: "mode"))
  var mode: Choice<GameMode>?

  @Option(
    help: ArgumentHelp("Only this difficulty's tables (or recent games).", valueName: "difficulty"))
  var difficulty: Choice<Difficulty>?

  @Flag(help: "Print JSON for scripts instead of tables.")
  var json = false

  @OptionGroup var venueOptions: VenueOptions
  private var venue: Bool { venueOptions.venue }

  func validate() throws {
    if count < 1 { throw ValidationError("--count must be at least 1.") }
    if venue && recent {
      throw ValidationError("--venue shows tables; --recent is this cabinet's.")
    }
  }

  func run() throws {
    if venue {
      try Output.run { try showVenue() }
      return
    }
    try Output.run {
      let stores = try Stores(common: common)
      try requireNamedStateDirectory(stores.directory, common: common)
      let book = try stores.scores.load()
      let nothing = nothingIn("No games recorded", stores.directory, common: common)
      if recent {
        try showRecent(book, nothing: nothing)
      } else {
        try showTables(book, nothing: nothing)
      }
    }
  }

  private func selected(_ key: TableKey) -> Bool {
    (mode == nil || mode?.value == key.mode)
      && (difficulty == nil || difficulty?.value == key.difficulty)
  }

  private var filtered: Bool { mode != nil || difficulty != nil }

  private func showTables(_ book: ScoreBook, nothing: String) throws {
    let keys =
      filtered ? ScoreBook.allTableKeys.filter(selected) : book.tableKeys
    if json {
      try JSONOutput.print(
        TablesJSON(
          tables: keys.map {
            TableJSON(mode: $0.mode, difficulty: $0.difficulty, top: book.table($0))
          }))
      return
    }
    if keys.isEmpty || (!filtered && book.tableKeys.isEmpty) {
      print(nothing)
      return
    }
    let lines = Self.tableLines(
      keys,
      columns: [
        ("#", .right), ("points", .right), ("rounds", .right), ("name", .left),
        ("date", .left), ("ending", .left),
      ]
    ) { key in
      book.table(key).enumerated().map { index, record in
        [
          String(index + 1), String(record.result.points), String(record.result.rounds),
          RecordText.who(record), Timestamps.localMinute(record.endedAt),
          record.result.ending.rawValue,
        ]
      }
    }
    print(lines.joined(separator: "\n"))
  }

  private func showVenue() throws {
    let directory = venueOptions.directory
    let book = try VenueStore(directory: directory, onProblem: Output.warn).load()
    let keys = filtered ? ScoreBook.allTableKeys.filter(selected) : book.tableKeys
    if json {
      try JSONOutput.print(VenueTables(book, keys: keys))
      return
    }
    if keys.isEmpty || (!filtered && book.tableKeys.isEmpty) {
      print(
        "No venue games in \(directory).\(venueOptions.nothingHint)"
      )
      return
    }
    var lines = Self.tableLines(
      keys,
      columns: [
        ("#", .right), ("points", .right), ("rounds", .right), ("name", .left),
        ("cabinet", .left), ("date", .left),
      ]
    ) { key in
      book.table(key).enumerated().map { index, record in
        [
          String(index + 1), String(record.game.result.points),
          String(record.game.result.rounds), RecordText.who(record.game), record.cabinet,
          Timestamps.localMinute(record.game.endedAt),
        ]
      }
    }
    let cabinets = book.merged.keys.sorted().map { "\($0) (\(book.merged[$0]!.count))" }
    lines += ["", "Games merged, by cabinet: \(cabinets.joined(separator: ", "))"]
    print(lines.joined(separator: "\n"))
  }

  /// Each table under its title, "no games yet" for an empty one, a blank line between.
  private static func tableLines(
    _ keys: [TableKey], columns: [(String, TextTable.Alignment)],
    rows: (TableKey) -> [[String]]
  ) -> [String] {
    var lines: [String] = []
    for key in keys {
      if !lines.isEmpty { lines.append("") }
      lines.append(RecordText.table(key))
      let cells = rows(key)
      if cells.isEmpty {
        lines.append("  no games yet")
        continue
      }
      var table = TextTable(columns)
      table.rows = cells
      lines += table.lines(indent: 2)
    }
    return lines
  }

  private func showRecent(_ book: ScoreBook, nothing: String) throws {
    let records = Array(book.recent.reversed().filter { selected($0.table) }.prefix(count))
    if json {
      try JSONOutput.print(RecentJSON(recent: records))
      return
    }
    if records.isEmpty {
      print(nothing)
      return
    }
    var table = TextTable([
      ("date", .left), ("mode", .left), ("difficulty", .left), ("points", .right),
      ("rounds", .right), ("time", .right), ("ending", .left), ("name", .left),
    ])
    for record in records {
      table.rows.append([
        Timestamps.localMinute(record.endedAt), record.result.mode.rawValue,
        record.result.difficulty.rawValue, String(record.result.points),
        String(record.result.rounds), RecordText.duration(record.duration),
        record.result.ending.rawValue, RecordText.who(record),
      ])
    }
    print(table.lines().joined(separator: "\n"))
  }
}

/// `scores --json`: `{"tables": [{"mode", "difficulty", "top": [record...]}]}`.
private struct TablesJSON: Encodable {
  var tables: [TableJSON]
}

/// One table in `scores --json`.
private struct TableJSON: Encodable {
  var mode: GameMode
  var difficulty: Difficulty
  var top: [GameRecord]
}

/// `scores --recent --json`: `{"recent": [record...]}`, newest first.
private struct RecentJSON: Encodable {
  var recent: [GameRecord]
}
