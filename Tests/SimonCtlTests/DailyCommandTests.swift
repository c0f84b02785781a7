import ScoresTestSupport
import SimonGame
import SimonScores
import SimonVenueStore
import Testing

@Suite final class DailyCommandTests {
  let directory = TemporaryDirectory("ctl")

  deinit { directory.remove() }

  /// Three games of 2026-11-21 and one of 2026-11-20, as simond records them.
  func seed() throws {
    let store = DailyStore(directory: directory.path)
    for (minute, (points, rounds, name, date)) in [
      (40, 4, "ALICE", "2026-11-21"), (90, 8, "Player", "2026-11-21"), (40, 5, "BOB", "2026-11-21"),
      (15, 2, "ANN", "2026-11-20"),
    ].enumerated() {
      var result = game(points, rounds, name)
      result.daily = date
      _ = try store.record(result, startedAt: time(minute * 2), endedAt: time(minute * 2 + 1))
    }
  }

  @Test func printsADatesTableBestFirst() async throws {
    try seed()
    #expect(
      try await ctl(["daily", "--date", "2026-11-21"], in: directory)
        == Finished(
          status: 0,
          output: """
            The day's challenge, 2026-11-21 (classic, medium):
            #  player  points  rounds  ended
            1  Player      90       8  2026-11-21 19:40
            2  BOB         40       5  2026-11-21 19:42
            3  ALICE       40       4  2026-11-21 19:38

            """, error: ""))
  }

  @Test func listsTheDatesNewestFirst() async throws {
    try seed()
    #expect(
      try await ctl(["daily", "--dates"], in: directory).output == "2026-11-21\n2026-11-20\n")
  }

  @Test func saysSoWhenADateHasNoGame() async throws {
    try seed()
    #expect(
      try await ctl(["daily", "--date", "2026-11-22"], in: directory).output
        == "No game of the day's challenge on 2026-11-22 in \(directory.path).\n")
  }

  @Test func aDateThatIsNoneIsABadCommandLine() async throws {
    let bad = try await ctl(["daily", "--date", "2026-02-30"], in: directory)
    #expect(bad.status == 64)
    #expect(bad.error.hasPrefix("Error: --date: the date 2026-02-30 has no day 30 in its month."))
    let both = try await ctl(["daily", "--dates", "--date", "2026-11-21"], in: directory)
    #expect(both.status == 64)
    #expect(both.error.hasPrefix("Error: --dates lists every date; --date picks one."))
    let venueDir = try await ctl(["daily", "--venue-dir", directory.path], in: directory)
    #expect(venueDir.status == 64)
    #expect(venueDir.error.hasPrefix("Error: --venue-dir goes with --venue."))
  }

  @Test func theVenuesTableNamesTheCabinetOfEachGame() async throws {
    let bridge = TemporaryDirectory("ctl-venue")
    defer { bridge.remove() }
    let store = VenueDailyStore(directory: bridge.path)
    for (cabinet, points, name) in [("bar-1", 40, "ALICE"), ("bar-2", 70, "ZED")] {
      var result = game(points, 4, name)
      result.daily = "2026-11-21"
      let record = GameRecord(id: 1, result: result, startedAt: time(0), endedAt: time(1))
      try store.merge(VenueDaily(cabinet: cabinet, date: "2026-11-21", games: [record]))
    }
    #expect(
      try await ctl(
        ["daily", "--venue", "--venue-dir", bridge.path, "--date", "2026-11-21"], in: directory
      ).output == """
        The day's challenge, 2026-11-21 (classic, medium):
        #  player  cabinet  points  rounds  ended
        1  ZED     bar-2        70       4  2026-11-21 19:38
        2  ALICE   bar-1        40       4  2026-11-21 19:38

        """)
  }
}
