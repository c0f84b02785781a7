import SimonScores
import SimonVenueStore

/// Today's challenge as the cabinet screen reads it (`/api/daily`): the cabinet's table of
/// today from simond, and the venue's of today as the venue bridge merged it (null without
/// a bridge here, or without a game of the venue today).
struct DailyTables: Encodable, Sendable {
  /// The venue's table of a date, best first, each game with the cabinet it was played on.
  struct VenueDay: Encodable, Sendable {
    /// One game of the venue's table.
    struct Entry: Encodable, Sendable {
      let cabinet: String
      let game: GameRecord
    }
    let date: String
    let top: [Entry]
  }

  /// The cabinet's table of today (none or one date).
  let cabinet: [DailyBook.Day]
  /// The venue's table of today; nil when the bridge has none.
  let venue: VenueDay?

  /// The cabinet's tables of `today` as simond listed them, and the venue's of `today` in
  /// `book`: only today's, so that a cabinet whose clock runs ahead does not decide what
  /// every screen of the venue shows.
  init(today: String, cabinet: [DailyBook.Day], venue book: VenueDailyBook?) {
    self.cabinet = cabinet.filter { $0.date == today && !$0.games.isEmpty }
    let top = book?.table(today) ?? []
    venue =
      top.isEmpty
      ? nil
      : VenueDay(date: today, top: top.map { VenueDay.Entry(cabinet: $0.cabinet, game: $0.game) })
  }
}
