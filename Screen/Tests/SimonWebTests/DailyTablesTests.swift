import Foundation
import SimonGame
import SimonScores
import SimonVenueStore
import Testing

@testable import SimonWeb

/// `/api/daily`'s body: today's tables only.
@Suite struct DailyTablesTests {
  private func game(_ id: Int, _ points: Int, on date: String) -> GameRecord {
    var result = GameResult(
      points: points, rounds: points / 10, mode: .classic, difficulty: .medium, name: "Zed",
      members: ["Zed"], ending: .mistake, duration: .seconds(40))
    result.daily = date
    return GameRecord(
      id: id, result: result, startedAt: Date(timeIntervalSince1970: 1_795_289_825),
      endedAt: Date(timeIntervalSince1970: 1_795_289_865))
  }

  /// A cabinet whose clock runs a day ahead published a table of tomorrow: the screens show
  /// today's, not the newest.
  @Test func onlyTodaysTablesAreShown() {
    var book = VenueDailyBook()
    for (cabinet, date) in [
      ("cab-2", "2026-11-28"), ("cab-2", "2026-11-29"), ("cab-3", "2026-11-30"),
    ] {
      book.merge(VenueDaily(cabinet: cabinet, date: date, games: [game(1, 50, on: date)]))
    }
    let cabinet = [
      DailyBook.Day(date: "2026-11-29", games: [game(4, 30, on: "2026-11-29")]),
      DailyBook.Day(date: "2026-11-28", games: [game(3, 20, on: "2026-11-28")]),
    ]
    let today = DailyTables(today: "2026-11-29", cabinet: cabinet, venue: book)
    #expect(today.cabinet.map(\.date) == ["2026-11-29"])
    #expect(today.venue?.date == "2026-11-29")
    #expect(today.venue?.top.map(\.cabinet) == ["cab-2"])

    let nobodyYet = DailyTables(today: "2026-12-01", cabinet: cabinet, venue: book)
    #expect(nobodyYet.cabinet.isEmpty && nobodyYet.venue == nil)
    let noBridge = DailyTables(today: "2026-11-29", cabinet: cabinet, venue: nil)
    #expect(noBridge.venue == nil && noBridge.cabinet.count == 1)
  }
}
