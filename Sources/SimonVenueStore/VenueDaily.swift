import FoundationEssentials
import SimonGame
import SimonJSON
import SimonScores

/// One cabinet's top ten of one date of the day's challenge (`DailyChallenge`), as its
/// bridge publishes it for the venue (retained, on `simon/VENUE/CABINET/daily/DATE`):
/// the cabinet, the date and its best games. Published again whenever the cabinet's
/// table of that date changes; the later message replaces the earlier.
public struct VenueDaily: Equatable, Sendable {
  /// The cabinet whose games they are.
  public var cabinet: String
  /// The date, `YYYY-MM-DD`.
  public var date: String
  /// The cabinet's best games of the date, best first (`GameRecord.ranks(above:)`); each
  /// has `result.daily` set to `date`.
  public var games: [GameRecord]

  /// The largest message a bridge takes. The caller checks it before reading; `payload`
  /// keeps within it.
  public static let maximumPayload = 16_384

  /// A cabinet's list of a date: the best `VenueDailyBook.tableSize` of `games`, best
  /// first, each marked with the date. Nothing else is checked here: a list that would not
  /// read back from its payload (a bad date, id, name or mode) is one that
  /// `VenueDailyBook.merge` ignores.
  public init(cabinet: String, date: String, games: [GameRecord]) {
    self.cabinet = cabinet
    self.date = date
    self.games = Self.ranked(games, date: date)
  }

  /// The message: `{"cabinet": "...", "date": "YYYY-MM-DD", "games": [{record}, ...]}`,
  /// each record as the score file writes it. When the games' reaction times would make
  /// it longer than `maximumPayload` (ten long games), it is written without them.
  public var payload: [UInt8] {
    let full = bytes(withDate: true, reactions: true)
    return full.count <= Self.maximumPayload ? full : bytes(withDate: true, reactions: false)
  }

  /// Reads a published list, checking every value as a state file's: the cabinet id's
  /// rule (`VenueID`), the date (`DailyChallenge.dateProblem`), at most
  /// `VenueDailyBook.tableSize` games, each classic (a day's game is), numbered once, with
  /// every name by the name rules. The games are ranked again, best first.
  /// - Throws: `VenueRecordError` saying what is wrong and where.
  public init(payload: [UInt8]) throws(VenueRecordError) {
    self = try VenueRecordError.reading(payload) { (json) throws(JSONShapeError) in
      let date = try json.member("date").string()
      if let problem = DailyChallenge.dateProblem(date) {
        throw try json.member("date").fail(problem)
      }
      return try VenueDaily(json: json, date: date)
    }
  }

  /// Reads `{"cabinet": "...", "games": [...]}` of `date`, a date already checked: the one
  /// reader of a list, whatever carries it (a message, the venue's daily file).
  init(json: JSONReader, date: String) throws(JSONShapeError) {
    let cabinet = try json.member("cabinet").string()
    if let problem = VenueRecord.cabinetProblem(cabinet) {
      throw try json.member("cabinet").fail(problem)
    }
    let list = try json.member("games")
    if case .array(let items) = list.value, items.count > VenueDailyBook.tableSize {
      throw list.fail(
        "\(items.count) games: a cabinet's list of a date has at most \(VenueDailyBook.tableSize)")
    }
    var numbers: Set<Int> = []
    let games = try list.map { (item) throws(JSONShapeError) in
      let game = try GameRecord(json: item)
      if game.result.mode != .classic {
        throw item.fail("a \(game.result.mode.rawValue) game: a day's game is classic")
      }
      if !numbers.insert(game.id).inserted {
        throw item.fail("the number \(game.id) is there twice")
      }
      for name in [game.result.name] + game.result.members where !PlayerName.isUnnamed(name) {
        if let rule = PlayerName.brokenRule(name, asNew: false) {
          throw item.fail("name \(PlayerName.quoted(name)): \(rule)")
        }
      }
      return game
    }
    self.init(cabinet: cabinet, date: date, games: games)
  }

  /// Appends the list as one object on one line: with `"date"` as a message, without it in
  /// the venue's daily file (where the day holds it).
  func write(to writer: inout JSONWriter, withDate: Bool, reactions: Bool = true) {
    writer.raw("{")
    writer.key("cabinet")
    writer.string(cabinet)
    if withDate {
      writer.raw(", ")
      writer.key("date")
      writer.string(date)
    }
    writer.raw(", ")
    writer.key("games")
    writer.raw("[")
    for (index, game) in games.enumerated() {
      if index > 0 { writer.raw(", ") }
      if reactions {
        game.write(to: &writer)
      } else {
        var game = game
        game.result.reactions = []
        game.write(to: &writer)
      }
    }
    writer.raw("]}")
  }

  private func bytes(withDate: Bool, reactions: Bool) -> [UInt8] {
    var writer = JSONWriter(capacity: 480 * games.count + 128)
    write(to: &writer, withDate: withDate, reactions: reactions)
    return writer.bytes
  }

  /// The best `VenueDailyBook.tableSize` of `games`, best first, marked with `date`.
  private static func ranked(_ games: [GameRecord], date: String) -> [GameRecord] {
    let best = games.sorted { $0.ranks(above: $1) }.prefix(VenueDailyBook.tableSize)
    return best.map { game in
      var game = game
      game.result.daily = date
      return game
    }
  }
}
