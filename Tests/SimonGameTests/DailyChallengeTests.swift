import Testing

@testable import SimonGame

@Suite("The day's challenge: one sequence a day for the venue, chosen on the challenge page")
struct DailyChallengeTests {
  let today = DailyChallenge(venue: "the-arcade", date: "2026-11-29")

  /// A cabinet with the day's challenge known, its challenge page open (green held 4 s).
  private func challengePage(cabinets: [String] = [], settings: Settings = .with())
    -> GameHarness
  {
    var harness = GameHarness(settings: settings)
    harness.game.daily = today
    harness.game.challengeable = cabinets
    harness.press(.green)
    harness.advance(by: .seconds(4))
    harness.release(.green)
    return harness
  }

  /// The day's game chosen on the challenge page and over at once: nobody pressed.
  private func theDaysGameOver() -> GameHarness {
    var harness = challengePage()
    harness.tap(.yellow)
    harness.tap(.start)
    harness.advance(untilPhase: .player)
    harness.advance(by: .seconds(10))
    harness.advance(untilPhase: .gameover)
    return harness
  }

  @Test func theSeedIsPinnedForEveryRelease() {
    // The seed is part of the venue's protocol: cabinets on different releases agree.
    #expect(today.seed == SharedSequence.dailySeed(venue: "the-arcade", date: "2026-11-29"))
    #expect(
      SharedSequence.pads(seed: today.seed, count: 8).map(\.rawValue) == [
        "green", "blue", "blue", "yellow", "red", "blue", "blue", "blue",
      ])
  }

  @Test func aDateIsACalendarDateWrittenYearMonthDay() {
    for date in ["2026-11-29", "2024-02-29", "2000-02-29", "2099-12-31"] {
      #expect(DailyChallenge.dateProblem(date) == nil, "\(date)")
    }
    #expect(
      DailyChallenge.dateProblem("2026-2-9") == "the date \"2026-2-9\" is not written YYYY-MM-DD")
    #expect(DailyChallenge.dateProblem("today") == "the date \"today\" is not written YYYY-MM-DD")
    #expect(
      DailyChallenge.dateProblem("1970-01-01") == "the date 1970-01-01 is before the year 2000")
    #expect(DailyChallenge.dateProblem("2026-13-01") == "the date 2026-13-01 has no month 13")
    #expect(
      DailyChallenge.dateProblem("2026-02-29") == "the date 2026-02-29 has no day 29 in its month")
    #expect(DailyChallenge.dateProblem("2100-02-29") != nil, "1900, 2100: no leap day")
    #expect(DailyChallenge.dateProblem("2026-04-31") != nil)
    #expect(DailyChallenge.dateProblem("２０２６-11-29") != nil, "ASCII digits only")
  }

  @Test func aVenueNameIsShortAndPrintable() {
    #expect(DailyChallenge.venueProblem("The Arcade") == nil)
    #expect(DailyChallenge.venueProblem("") != nil)
    #expect(DailyChallenge.venueProblem(String(repeating: "é", count: 33)) != nil)
    #expect(DailyChallenge.venueProblem("bar\n1") != nil)
  }

  /// "today" after "nobody"; chosen, the day's game starts: classic, medium, one player,
  /// whatever the settings, on the day's sequence.
  @Test func todayOnTheChallengePageStartsTheDaysGame() {
    var harness = challengePage(settings: .with(mode: .coop, difficulty: .hard, players: 3))
    #expect(harness.game.view.menu?.page == .challenge)
    #expect(harness.game.view.menu?.choices == 2)
    harness.tap(.yellow)
    #expect(harness.game.view.menu?.value == "today")
    #expect(harness.litPads == [.red])
    harness.tap(.start)
    harness.advance(untilPhase: .player)
    let view = harness.game.view
    #expect(view.mode == .classic && view.difficulty == .medium && view.players.count == 1)
    #expect(view.daily == "2026-11-29")
    #expect(harness.sequence == SharedSequence.pads(seed: today.seed, count: 1))
    for round in 2...4 {
      harness.repeatSequence()
      harness.advance(untilPhase: .player)
      #expect(harness.sequence == SharedSequence.pads(seed: today.seed, count: round))
    }
    let sent = harness.history.contains {
      if case .sendProgress = $0.effect { true } else { false }
    }
    #expect(!sent, "a day's game tells no rival")
    harness.tap(Input(harness.sequence[0] == .green ? .red : .green))
    harness.advance(untilPhase: .gameover)
    let result = harness.records.last
    #expect(result?.daily == "2026-11-29" && result?.rounds == 3 && result?.mode == .classic)
    #expect(result?.isInScoreTables == false)
    let newBest = harness.history.contains {
      if case .record(_, newBest: true) = $0.effect { true } else { false }
    }
    #expect(!newBest, "a day's game beats no table's best")
    #expect(harness.game.settings == .with(mode: .coop, difficulty: .hard, players: 3))
    #expect(
      harness.game.lastSequence.isEmpty && harness.game.longestSequence.isEmpty,
      "last and longest would show the day's sequence to the next player")
  }

  /// Its record is numbered in the daily book: no name entry is offered for it.
  @Test func theDaysGameTakesNoNameEntry() {
    var harness = theDaysGameOver()
    harness.send(.stored(record: 1, at: harness.now))
    #expect(
      harness.game.nameEntryRefusal(
        for: NameEntry(game: 1, rank: 1, choices: [], alphabet: Array("AB"), maximumLength: 3))
        != nil)
  }

  @Test func withCabinetsTodayComesFirstAndThreeCabinetsFollow() {
    var harness = challengePage(cabinets: ["bar-2", "bar-3", "bar-4", "bar-5"])
    #expect(harness.game.view.menu?.choices == 5)
    let values = (0..<5).map { _ in
      defer { harness.tap(.yellow) }
      return harness.game.view.menu?.value ?? ""
    }
    #expect(values == ["nobody", "today", "bar-2", "bar-3", "bar-4"])
  }

  @Test func withoutTheDaysChallengeOrCabinetsThereIsNoChallengePage() {
    var harness = GameHarness()
    harness.press(.green)
    harness.advance(by: .seconds(5))
    #expect(harness.game.view.menu?.page == .mode)
  }

  @Test func theDaysGameShowsInTheViewUntilTheAttractShow() {
    var harness = theDaysGameOver()
    #expect(harness.game.view.daily == "2026-11-29")
    harness.advance(untilPhase: .attract)
    #expect(harness.game.view.daily == nil)
  }
}
