/// The day's challenge of a venue: one sequence for every cabinet of the venue on a date
/// (docs/design.md section 14), played as a classic game at medium difficulty with no
/// skill target, so that every player of the day plays the same game.
///
/// The runner tells the game the challenge of the cabinet's local date (`Game.daily`),
/// once the venue bridge has named the venue; the menu's challenge page then offers
/// "today".
public struct DailyChallenge: Equatable, Sendable {
  /// The venue's name, as its bridge is configured with it.
  public let venue: String
  /// The cabinet's local date, `YYYY-MM-DD`.
  public let date: String
  /// The seed of the day's sequence (`SharedSequence.dailySeed`).
  public let seed: UInt64

  /// The challenge of a venue on a date.
  public init(venue: String, date: String) {
    self.venue = venue
    self.date = date
    seed = SharedSequence.dailySeed(venue: venue, date: date)
  }

  /// The difficulty every day's game is played at: the original timings.
  public static let difficulty = Difficulty.medium

  /// Why `name` cannot be a venue's name, or nil when it can: 1 to 64 bytes of UTF-8, no
  /// control character (the bridge's configuration checks it is a topic level).
  public static func venueProblem(_ name: String) -> String? {
    if name.isEmpty { return "a venue's name cannot be empty" }
    if name.utf8.count > 64 { return "a venue's name has at most 64 bytes" }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "a venue's name has no control character"
    }
    return nil
  }

  /// Why `date` is not a calendar date written `YYYY-MM-DD` (years 2000 to 9999), or nil
  /// when it is one.
  public static func dateProblem(_ date: String) -> String? {
    let bytes = Array(date.utf8)
    let digits = bytes.indices.filter { $0 != 4 && $0 != 7 }
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) })
    else {
      // Quoted only when short and printable: a date from the network goes to the log.
      let printable = date.utf8.count <= 32 && date.utf8.allSatisfy { (0x20..<0x7F).contains($0) }
      return printable
        ? "the date \"\(date)\" is not written YYYY-MM-DD" : "the date is not written YYYY-MM-DD"
    }
    func number(_ range: Range<Int>) -> Int {
      range.reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) }
    }
    let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
    guard year >= 2000 else { return "the date \(date) is before the year 2000" }
    guard (1...12).contains(month) else { return "the date \(date) has no month \(month)" }
    guard (1...daysIn(month: month, year: year)).contains(day) else {
      return "the date \(date) has no day \(day) in its month"
    }
    return nil
  }

  /// The days of a month of the Gregorian calendar.
  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
