import FoundationEssentials
import SimonGame
import SimonJSON
import SimonStateFiles

/// The cabinet's games of the day's challenge (`DailyChallenge`), in `daily.json`: the top
/// ten of each date, for the latest `daysKept` dates. A file of its own, so that the score
/// file keeps the format earlier releases read, and a day's game (every player on one
/// sequence) is ranked only against the games of its day.
public struct DailyBook: Equatable, Sendable {
  /// One date's table, best first.
  public struct Day: Codable, Equatable, Sendable {
    /// The date, `YYYY-MM-DD`.
    public var date: String
    /// At most `DailyBook.tableSize` games, best first (`GameRecord.ranks(above:)`).
    public var games: [GameRecord]

    /// The table with its games' reaction times left out: what lists of many dates carry
    /// (a month of long games would be about 1 MB with them, 100 KB without).
    public var withoutReactions: Day {
      Day(
        date: date,
        games: games.map { game in
          var game = game
          game.result.reactions = []
          return game
        })
    }

    /// A date's table with every value given.
    public init(date: String, games: [GameRecord]) {
      self.date = date
      self.games = games
    }

    enum CodingKeys: String, CodingKey { case date, games }

    /// Reads `{"date": ..., "games": [record, ...]}` with the daily file's checks
    /// (`init(json:)`).
    /// - Throws: `DecodingError.dataCorrupted` naming the member and what is wrong with it.
    public init(from decoder: any Decoder) throws {
      let value = try JSONValue(from: decoder)
      do {
        try self.init(json: JSONReader(value))
      } catch {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: error.description))
      }
    }

    /// Reads `{"date": ..., "games": [record, ...]}`: the one reader of a date's table,
    /// whatever carries it (the daily file, a reply). The date must be one; each game
    /// knows its date; the games are ranked again and cut to `DailyBook.tableSize` (a file
    /// edited by hand).
    package init(json: JSONReader) throws(JSONShapeError) {
      let date = try json.member("date").string()
      if let problem = DailyChallenge.dateProblem(date) {
        throw try json.member("date").fail(problem)
      }
      let games = try json.member("games").map { (game) throws(JSONShapeError) in
        var record = try GameRecord(json: game)
        record.result.daily = date
        return record
      }
      self.init(
        date: date,
        games: Array(games.sorted { $0.ranks(above: $1) }.prefix(DailyBook.tableSize)))
    }
  }

  /// The dates with a game, oldest first; at most `daysKept`.
  public private(set) var days: [Day]
  /// The number the next game gets.
  public private(set) var nextID: Int

  /// How many games a date's table holds.
  public static let tableSize = 10
  /// How many dates the book keeps: a month's worth; the oldest go first.
  public static let daysKept = 31

  /// An empty book.
  public init() {
    days = []
    nextID = 1
  }

  /// The table of `date`, best first; empty when the date has no game kept.
  public func table(_ date: String) -> [GameRecord] {
    days.first { $0.date == date }?.games ?? []
  }

  /// Adds a game of the day's challenge (its `result.daily` names the date) with the next
  /// number: into its date's table when it makes the top ten. A game without a date that
  /// is one (`DailyChallenge.dateProblem`) is numbered and kept in no table: a file with it
  /// could not be read back.
  /// - Returns: the record, its place in its date's table (nil when it did not make it),
  ///   and whether it took the first place with points.
  package mutating func insert(_ result: GameResult, startedAt: Date, endedAt: Date)
    -> RecordOutcome
  {
    let record = GameRecord(id: nextID, result: result, startedAt: startedAt, endedAt: endedAt)
    nextID += 1
    guard let date = result.daily, DailyChallenge.dateProblem(date) == nil else {
      return RecordOutcome(record: record, rank: nil, isNewAllTimeBest: false, previousBest: nil)
    }
    let index =
      days.firstIndex { $0.date == date }
      ?? {
        days.append(Day(date: date, games: []))
        days.sort { $0.date < $1.date }
        return days.firstIndex { $0.date == date }!
      }()
    let previousBest = days[index].games.first
    var games = days[index].games
    games.insert(record, at: games.firstIndex { record.ranks(above: $0) } ?? games.count)
    days[index].games = Array(games.prefix(Self.tableSize))
    let rank = days[index].games.firstIndex(of: record).map { $0 + 1 }
    days.removeFirst(max(0, days.count - Self.daysKept))
    let kept = days.contains { $0.date == date }
    return RecordOutcome(
      record: record, rank: kept ? rank : nil,
      isNewAllTimeBest: kept && rank == 1 && result.points > 0,
      previousBest: previousBest)
  }
}

extension DailyBook: StateDocument {
  package static var fileName: String { "daily.json" }
  package static var version: Int { 1 }
  package static var permissions: UInt32 { 0o660 }
  package static var empty: DailyBook { DailyBook() }

  package var contentProblems: [String] {
    var ids: Set<Int> = []
    var dates: Set<String> = []
    // (Each date was checked as it was read; the days are sorted since: named by date.)
    for day in days {
      if !dates.insert(day.date).inserted { return ["days: \(day.date) is there twice"] }
      for game in day.games where !ids.insert(game.id).inserted || game.id >= nextID {
        return ["days: \(day.date): the number \(game.id) is there twice or not below next_id"]
      }
      if day.games.contains(where: { $0.result.mode != .classic }) {
        return ["days: \(day.date): a game that is not classic (a day's game is)"]
      }
    }
    return []
  }

  package static func decode(_ json: JSONValue) throws(JSONShapeError) -> DailyBook {
    let reader = JSONReader(json)
    var book = DailyBook()
    book.nextID = try reader.member("next_id").int(in: 1...(GameRecord.Bounds.id.upperBound + 1))
    book.days = try reader.member("days").map { (item) throws(JSONShapeError) in
      try Day(json: item)
    }
    book.days.sort { $0.date < $1.date }
    book.days.removeFirst(max(0, book.days.count - daysKept))
    return book
  }

  /// The file's text: the version, next_id, then one date's table a line.
  package func encodeFile() throws -> [UInt8] {
    var writer = JSONWriter(capacity: 4_096 * days.count + 64)
    writer.beginStateFile(version: Self.version)
    writer.key("next_id")
    writer.integer(nextID)
    writer.raw(",")
    writer.newline(indent: 1)
    writer.key("days")
    writer.lines(days, indent: 1) { writer, day in
      writer.raw("{")
      writer.key("date")
      writer.string(day.date)
      writer.raw(", ")
      writer.key("games")
      writer.raw("[")
      for (index, game) in day.games.enumerated() {
        if index > 0 { writer.raw(", ") }
        game.write(to: &writer)
      }
      writer.raw("]}")
    }
    writer.newline(indent: 0)
    writer.raw("}\n")
    return writer.bytes
  }
}

/// The cabinet's games of the day's challenge, in `daily.json` in the state directory,
/// with the same promises as `ScoreStore`: each change one locked read-modify-write,
/// written atomically and synced; a file that cannot be used is set aside and reported.
public final class DailyStore: Sendable {
  /// The daily file.
  public var path: String { file.path }
  private let file: StateFile<DailyBook>

  /// A store on `directory`; nothing is read or created until it is used.
  public init(
    directory: String, lockTimeout: Duration = .seconds(10),
    onProblem: @escaping @Sendable (StateProblem) -> Void = { _ in }
  ) {
    file = StateFile(directory: directory, lockTimeout: lockTimeout, onProblem: onProblem)
  }

  /// The tables as they are now; a missing file is an empty book.
  /// - Throws: `StateError` only for faults that may pass; a bad file is set aside.
  public func load() throws -> DailyBook { try file.read() }

  /// Records a game of the day's challenge; it is on disk when this returns.
  /// - Throws: `StateError` when it could not be stored (it was not).
  public func record(_ result: GameResult, startedAt: Date, endedAt: Date) throws
    -> RecordOutcome
  {
    try file.update { book in book.insert(result, startedAt: startedAt, endedAt: endedAt) }
  }
}
