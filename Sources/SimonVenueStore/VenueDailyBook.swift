import FoundationEssentials
import SimonGame
import SimonJSON
import SimonScores
import SimonStateFiles

/// The venue's tables of the day's challenge, as a bridge merged every cabinet's lists
/// (`VenueDaily`), in `daily.json` in the bridge's state directory: for each of the latest
/// `daysKept` dates, each cabinet's latest list, and from them the venue's top ten.
///
/// Merging is order-independent across cabinets and dates: bridges that merged the same
/// lists in any order hold the same book and rank the same table. Within one cabinet and
/// date, the later list replaces the earlier, as a retained message does.
public struct VenueDailyBook: Equatable, Sendable {
  /// One date's lists.
  struct Day: Equatable, Sendable {
    /// The date, `YYYY-MM-DD`.
    var date: String
    /// Each cabinet's list, one a cabinet, in cabinet id order.
    var lists: [VenueDaily]
  }

  /// The dates kept, oldest first.
  private var days: [Day] = []

  /// How many games a table holds: a cabinet's list and the venue's table alike (a
  /// cabinet's top ten is all the venue's top ten can take from it).
  public static let tableSize = DailyBook.tableSize
  /// How many dates are kept, as a cabinet keeps them; the oldest go first.
  public static let daysKept = DailyBook.daysKept

  /// An empty book.
  public init() {}

  /// The dates kept, newest first.
  public var dates: [String] { days.reversed().map(\.date) }

  /// The cabinets' lists of `date`, in cabinet id order; empty when the date is not kept.
  public func lists(_ date: String) -> [VenueDaily] {
    days.first { $0.date == date }?.lists ?? []
  }

  /// The venue's table of `date`: every cabinet's games ranked by
  /// `VenueDailyEntry.ranks(above:)`, best first, at most `tableSize`; empty when the date
  /// is not kept.
  public func table(_ date: String) -> [VenueDailyEntry] {
    let entries = lists(date).flatMap { list in
      list.games.map { VenueDailyEntry(cabinet: list.cabinet, game: $0) }
    }
    return Array(entries.sorted { $0.ranks(above: $1) }.prefix(Self.tableSize))
  }

  /// Takes a cabinet's list of a date, as it reads back from its payload (what every
  /// other bridge gets from the message): it replaces the cabinet's list of that date.
  /// Not taken: a list equal to the one held; one that does not read back (a bad date,
  /// id, name or mode); one of a date older than every date kept when `daysKept` are.
  /// - Returns: whether the book changed.
  @discardableResult
  public mutating func merge(_ daily: VenueDaily) -> Bool {
    guard let daily = try? VenueDaily(payload: daily.payload) else { return false }
    if let day = days.firstIndex(where: { $0.date == daily.date }) {
      if let index = days[day].lists.firstIndex(where: { $0.cabinet == daily.cabinet }) {
        guard days[day].lists[index] != daily else { return false }
        days[day].lists[index] = daily
      } else {
        let at =
          days[day].lists.firstIndex { $0.cabinet > daily.cabinet } ?? days[day].lists.endIndex
        days[day].lists.insert(daily, at: at)
      }
      return true
    }
    let at = days.firstIndex { $0.date > daily.date } ?? days.endIndex
    if at == 0, days.count >= Self.daysKept { return false }
    days.insert(Day(date: daily.date, lists: [daily]), at: at)
    days.removeFirst(max(0, days.count - Self.daysKept))
    return true
  }
}

/// One game of a venue's table of the day's challenge, with the cabinet it was played on.
public struct VenueDailyEntry: Equatable, Sendable {
  /// The cabinet's id.
  public var cabinet: String
  /// The game, numbered by that cabinet; `result.daily` is its date.
  public var game: GameRecord

  /// An entry with every value given.
  public init(cabinet: String, game: GameRecord) {
    self.cabinet = cabinet
    self.game = game
  }

  /// True when this game ranks above `other` in the venue's table: as the venue's records
  /// rank (`VenueRecord.ranks(above:)`: by `Ranking`, then the game that ended earlier,
  /// then by cabinet id), the cabinet's number for the game standing for the record's. A
  /// strict total order over one date's lists (a list numbers each game once), so every
  /// bridge orders the same games the same way.
  public func ranks(above other: VenueDailyEntry) -> Bool {
    record.ranks(above: other.record)
  }

  private var record: VenueRecord {
    VenueRecord(cabinet: cabinet, sequence: game.id, game: game)
  }
}

extension VenueDailyBook: StateDocument {
  package static var fileName: String { "daily.json" }
  package static var version: Int { 1 }
  package static var permissions: UInt32 { 0o664 }
  package static var empty: VenueDailyBook { VenueDailyBook() }

  /// A date twice, or a cabinet's list twice in a date (named by value: `decode` put the
  /// file in order).
  package var contentProblems: [String] {
    var dates: Set<String> = []
    for day in days {
      if !dates.insert(day.date).inserted { return ["days: the date \(day.date) is there twice"] }
      var cabinets: Set<String> = []
      for list in day.lists where !cabinets.insert(list.cabinet).inserted {
        return ["days: \(day.date): \(list.cabinet)'s list is there twice"]
      }
    }
    return []
  }

  /// Reads the file; the date and every list are checked as a message's
  /// (`VenueDaily.init(payload:)`). A file edited by hand is put in order and cut to
  /// `daysKept` dates, as `merge` keeps it.
  package static func decode(_ json: JSONValue) throws(JSONShapeError) -> VenueDailyBook {
    var book = VenueDailyBook()
    book.days = try JSONReader(json).member("days").map { (item) throws(JSONShapeError) in
      let date = try item.member("date").string()
      if let problem = DailyChallenge.dateProblem(date) {
        throw try item.member("date").fail(problem)
      }
      let lists = try item.member("cabinets").map { (list) throws(JSONShapeError) in
        try VenueDaily(json: list, date: date)
      }
      return Day(date: date, lists: lists.sorted { $0.cabinet < $1.cabinet })
    }
    book.days.sort { $0.date < $1.date }
    book.days.removeFirst(max(0, book.days.count - daysKept))
    return book
  }

  /// The file's text: the version, then the dates, oldest first, each with its cabinets'
  /// lists one a line.
  package func encodeFile() throws -> [UInt8] {
    var writer = JSONWriter(capacity: 4_096 * days.reduce(0) { $0 + $1.lists.count } + 64)
    writer.beginStateFile(version: Self.version)
    writer.key("days")
    writer.lines(days, indent: 1) { writer, day in
      writer.raw("{")
      writer.key("date")
      writer.string(day.date)
      writer.raw(", ")
      writer.key("cabinets")
      writer.lines(day.lists, indent: 2) { writer, list in list.write(to: &writer, withDate: false)
      }
      writer.raw("}")
    }
    writer.newline(indent: 0)
    writer.raw("}\n")
    return writer.bytes
  }
}
