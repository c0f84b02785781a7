import SimonScores
import SimonVenueStore

/// The day's challenge as the cabinet screen reads it (`/api/daily`): the cabinet's
/// tables of the day, newest date first, and the venue's newest, as the venue bridge
/// merged it (null without a bridge here).
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

  /// The cabinet's tables of the day, newest date first.
  let cabinet: [DailyBook.Day]
  /// The venue's table of its newest date; nil when the bridge has none.
  let venue: VenueDay?

  /// The cabinet's days as simond listed them, and the newest of the venue's `book`.
  init(cabinet: [DailyBook.Day], venue book: VenueDailyBook?) {
    self.cabinet = cabinet
    venue = book.flatMap { book in
      book.dates.first.map { date in
        VenueDay(
          date: date,
          top: book.table(date).map { VenueDay.Entry(cabinet: $0.cabinet, game: $0.game) })
      }
    }
  }
}
