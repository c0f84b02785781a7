import FoundationEssentials
import ScoresTestSupport
import SimonGame
import SimonScores
import SimonStateFiles
import Testing

@Suite("The daily book: the top ten of each date of the day's challenge, in a file of its own")
struct DailyBookTests {
  /// A classic game of the day's challenge of `date`.
  private func daily(
    _ date: String = "2026-11-29", points: Int, rounds: Int = 5, name: String = "Player",
    mode: GameMode = .classic
  ) -> GameResult {
    var result = game(points: points, rounds: rounds, mode: mode, name: name, ending: .timeout)
    result.daily = date
    return result
  }

  /// The date `offset` days after 2026-11-01, within November and December 2026.
  private func date(_ offset: Int) -> String {
    offset < 30 ? "2026-11-\(pad(offset + 1))" : "2026-12-\(pad(offset - 29))"
  }

  private func pad(_ day: Int) -> String { day < 10 ? "0\(day)" : "\(day)" }

  /// The numbers of a date's games, best first.
  private func ids(_ book: DailyBook, _ date: String = "2026-11-29") -> [Int] {
    book.table(date).map(\.id)
  }

  @Test func aGameRanksAmongItsDatesGamesByPointsThenRoundsThenTheEarlierNumber() {
    var book = DailyBook()
    let first = book.insert(daily(points: 10, rounds: 2), startedAt: time(0), endedAt: time(1))
    let more = book.insert(daily(points: 20, rounds: 1), startedAt: time(2), endedAt: time(3))
    let longer = book.insert(daily(points: 10, rounds: 3), startedAt: time(4), endedAt: time(5))
    let tied = book.insert(daily(points: 10, rounds: 2), startedAt: time(6), endedAt: time(7))
    let otherDay = book.insert(
      daily("2026-11-28", points: 1, rounds: 1), startedAt: time(8), endedAt: time(9))
    #expect([first, more, longer, tied, otherDay].map(\.rank) == [1, 1, 2, 4, 1])
    #expect([first, more, longer, tied, otherDay].map(\.record.id) == [1, 2, 3, 4, 5])
    #expect(ids(book) == [2, 3, 1, 4])
    #expect(ids(book, "2026-11-28") == [5])
    #expect(book.table("2026-11-27").isEmpty)
    #expect(book.days.map(\.date) == ["2026-11-28", "2026-11-29"], "oldest first")
    #expect(book.nextID == 6)
    #expect(book.table("2026-11-29").allSatisfy { $0.result.daily == "2026-11-29" })
    #expect(tied.record.startedAt == time(6) && tied.record.endedAt == time(7))
  }

  @Test func theEleventhGameThatRanksLastIsNotKeptAndTheTableStaysTen() {
    var book = DailyBook()
    for points in 1...10 {
      _ = book.insert(daily(points: points * 10), startedAt: time(0), endedAt: time(1))
    }
    let worse = book.insert(daily(points: 5), startedAt: time(2), endedAt: time(3))
    #expect(worse.rank == nil && !worse.isNewAllTimeBest)
    #expect(worse.record.id == 11)
    #expect(ids(book) == [10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
    let tiedWithTheLast = book.insert(daily(points: 10), startedAt: time(4), endedAt: time(5))
    #expect(tiedWithTheLast.rank == nil, "an equal game recorded later ranks below")
    let better = book.insert(daily(points: 55), startedAt: time(6), endedAt: time(7))
    #expect(better.rank == 6)
    #expect(ids(book) == [10, 9, 8, 7, 6, 13, 5, 4, 3, 2])
    #expect(book.table("2026-11-29").count == DailyBook.tableSize)
    #expect(book.nextID == 14)
  }

  @Test func theLatest31DatesAreKeptAndAGameOfAnOlderDateIsNotKept() {
    var book = DailyBook()
    // Dates out of order: the book keeps them oldest first.
    for offset in (0..<32).reversed() {
      let outcome = book.insert(
        daily(date(offset), points: offset + 1), startedAt: time(0), endedAt: time(1))
      #expect(outcome.rank == (offset == 0 ? nil : 1), "\(date(offset))")
    }
    #expect(book.days.count == DailyBook.daysKept)
    #expect(book.days.map(\.date) == (1..<32).map(date))
    #expect(book.days.first?.date == "2026-11-02" && book.days.last?.date == "2026-12-02")
    #expect(book.table("2026-11-01").isEmpty, "the oldest went")

    var inOrder = DailyBook()
    for offset in 0..<32 {
      _ = inOrder.insert(daily(date(offset), points: 1), startedAt: time(0), endedAt: time(1))
    }
    #expect(inOrder.days.map(\.date) == (1..<32).map(date), "the 32nd date drops the first")
    let late = inOrder.insert(daily("2026-10-31", points: 99), startedAt: time(2), endedAt: time(3))
    #expect(late.rank == nil && !late.isNewAllTimeBest && late.previousBest == nil)
    #expect(late.record.id == 33, "numbered all the same")
    #expect(inOrder.days.map(\.date) == (1..<32).map(date), "the book did not change")
    #expect(inOrder.nextID == 34)
  }

  @Test func onlyTheFirstPlaceIsANewBestAndItNamesTheBestItBeat() {
    var book = DailyBook()
    let first = book.insert(daily(points: 10), startedAt: time(0), endedAt: time(1))
    #expect(first.rank == 1 && first.isNewAllTimeBest && first.previousBest == nil)
    let second = book.insert(daily(points: 5), startedAt: time(2), endedAt: time(3))
    #expect(second.rank == 2 && !second.isNewAllTimeBest)
    #expect(second.previousBest == first.record)
    let tied = book.insert(daily(points: 10), startedAt: time(4), endedAt: time(5))
    #expect(tied.rank == 2 && !tied.isNewAllTimeBest, "an equal game does not take the first place")
    let best = book.insert(daily(points: 11), startedAt: time(6), endedAt: time(7))
    #expect(best.rank == 1 && best.isNewAllTimeBest)
    #expect(best.previousBest == first.record)
    let otherDay = book.insert(daily("2026-11-30", points: 1), startedAt: time(8), endedAt: time(9))
    #expect(otherDay.rank == 1 && otherDay.isNewAllTimeBest && otherDay.previousBest == nil)
  }

  @Test("RecordOutcome promises no new best for a game with 0 points")
  func aGameWithNoPointsIsNoNewBest() {
    var book = DailyBook()
    let nothing = book.insert(daily(points: 0, rounds: 0), startedAt: time(0), endedAt: time(1))
    #expect(nothing.rank == 1)
    #expect(!nothing.isNewAllTimeBest)
  }

  /// A game without a date that is one would make a file that cannot be read back: it is
  /// numbered and kept in no table.
  @Test func aGameWithoutARealDateIsKeptInNoTable() {
    var book = DailyBook()
    var undated = daily(points: 50)
    undated.daily = nil
    let outcomes = [
      book.insert(undated, startedAt: time(0), endedAt: time(1)),
      book.insert(daily("2026-02-30", points: 50), startedAt: time(0), endedAt: time(1)),
    ]
    #expect(outcomes.map(\.rank) == [nil, nil])
    #expect(outcomes.map(\.isNewAllTimeBest) == [false, false])
    #expect(book.days.isEmpty && book.nextID == 3)
  }

  static let smallBookText = """
    {
      "version": 1,
      "next_id": 4,
      "days": [
        {"date": "2026-11-28", "games": [{"id": 3, "points": 7, "rounds": 2, "mode": "classic", "difficulty": "medium", "name": "BO", "members": ["BO"], "ending": "timeout", "started": "2026-11-21T19:41:05.000Z", "ended": "2026-11-21T19:42:05.000Z", "duration_ms": 12345}]},
        {"date": "2026-11-29", "games": [{"id": 2, "points": 30, "rounds": 3, "mode": "classic", "difficulty": "medium", "name": "ANNA", "members": ["ANNA"], "ending": "timeout", "started": "2026-11-21T19:39:05.000Z", "ended": "2026-11-21T19:40:05.000Z", "duration_ms": 12345}, {"id": 1, "points": 9, "rounds": 3, "mode": "classic", "difficulty": "medium", "name": "Player", "members": ["Player"], "ending": "timeout", "started": "2026-11-21T19:37:05.000Z", "ended": "2026-11-21T19:38:05.000Z", "duration_ms": 12345}]}
      ]
    }

    """

  @Test func theStoreWritesOneDateALineAndReadsItBackWithEachGamesDate() throws {
    let directory = TemporaryDirectory("daily", onDisk: true)
    defer { directory.remove() }
    let problems = Problems()
    let store = DailyStore(directory: directory.path, onProblem: problems.handler)
    #expect(store.path == directory.path + "/daily.json")
    #expect(try store.load() == DailyBook(), "no file: an empty book")
    let first = try store.record(daily(points: 9, rounds: 3), startedAt: time(0), endedAt: time(1))
    let best = try store.record(
      daily(points: 30, rounds: 3, name: "ANNA"), startedAt: time(2), endedAt: time(3))
    let before = try store.record(
      daily("2026-11-28", points: 7, rounds: 2, name: "BO"), startedAt: time(4), endedAt: time(5))
    #expect([first.rank, best.rank, before.rank] == [1, 1, 1])
    #expect(String(decoding: contents(store.path) ?? [], as: UTF8.self) == Self.smallBookText)
    let book = try store.load()
    #expect(book.days.map(\.date) == ["2026-11-28", "2026-11-29"])
    #expect(book.table("2026-11-29") == [best.record, first.record])
    #expect(book.table("2026-11-28") == [before.record])
    #expect(book.table("2026-11-29").map(\.result.daily) == ["2026-11-29", "2026-11-29"])
    #expect(book.table("2026-11-28").first?.result.daily == "2026-11-28")
    #expect(book.nextID == 4)
    #expect(problems.all.isEmpty)
    #expect(names(in: directory.path) == ["daily.json", "daily.json.lock"])
    #expect(!names(in: directory.path).contains("scores.json"), "the score file is not touched")
  }

  static let damaged: [(String, String, String)] = [
    (
      "a bad date",
      smallBookText.replacing(#""date": "2026-11-28""#, with: #""date": "2026-00-01""#),
      "days[0].date: the date 2026-00-01 has no month 0"
    ),
    (
      "a date that is no date",
      smallBookText.replacing(#""date": "2026-11-28""#, with: #""date": "yesterday""#),
      "days[0].date: the date \"yesterday\" is not written YYYY-MM-DD"
    ),
    (
      "a date twice",
      smallBookText.replacing(#""date": "2026-11-28""#, with: #""date": "2026-11-29""#),
      "days: 2026-11-29 is there twice"
    ),
    (
      "a number not below next_id",
      smallBookText.replacing(#""next_id": 4"#, with: #""next_id": 3"#),
      "days: 2026-11-28: the number 3 is there twice or not below next_id"
    ),
    (
      "a number twice",
      smallBookText.replacing(#"{"id": 3,"#, with: #"{"id": 2,"#),
      "days: 2026-11-29: the number 2 is there twice or not below next_id"
    ),
    (
      "a game that is not classic",
      smallBookText.replacing(
        #""points": 7, "rounds": 2, "mode": "classic""#,
        with: #""points": 7, "rounds": 2, "mode": "coop""#),
      "days: 2026-11-28: a game that is not classic (a day's game is)"
    ),
    (
      "no days", #"{"version": 1, "next_id": 1}"#, "missing \"days\""
    ),
    (
      "invalid JSON", #"{"version": 1, "next_id": 1, "days": [{"date": "2026-11-29", "games": ["#,
      "line 1, column 72: unexpected end of data"
    ),
  ]

  @Test(arguments: damaged.map(\.0))
  func aDamagedFileIsSetAsideAndReported(_ label: String) throws {
    let (_, text, detail) = Self.damaged.first { $0.0 == label }!
    let directory = TemporaryDirectory("daily", onDisk: true)
    defer { directory.remove() }
    let problems = Problems()
    let store = DailyStore(directory: directory.path, onProblem: problems.handler)
    put(text, at: store.path)
    #expect(try store.load() == DailyBook())
    #expect(problems.all.count == 1)
    let problem = try #require(problems.all.first)
    #expect(problem.kind == .corrupt)
    #expect(problem.path == store.path)
    #expect(problem.detail == detail)
    let aside = try #require(problem.movedTo)
    #expect(aside.hasPrefix(store.path + ".corrupt-20") && aside.hasSuffix("Z"))
    #expect(contents(aside) == Array(text.utf8))
    #expect(
      problem.description
        == "\(store.path) is corrupt (\(detail)); moved it to \(aside) and started a fresh one")
    // A fresh book takes the next game, and the set-aside file stays.
    let outcome = try store.record(daily(points: 3), startedAt: time(0), endedAt: time(1))
    #expect(outcome.rank == 1 && outcome.record.id == 1)
    #expect(try store.load().table("2026-11-29").map(\.id) == [1])
    #expect(names(in: directory.path).contains { $0.hasPrefix("daily.json.corrupt-20") })
    #expect(!names(in: directory.path).contains("scores.json"))
    #expect(problems.all.count == 1)
  }

  /// A game of a file as the store writes it.
  private func line(id: Int, points: Int, rounds: Int = 1) -> String {
    GameRecord(
      id: id, result: daily(points: points, rounds: rounds), startedAt: time(0), endedAt: time(1)
    )
    .json
  }

  @Test func aFileWithMoreThanTenGamesOfADateIsRankedAndCutOnRead() throws {
    let directory = TemporaryDirectory("daily", onDisk: true)
    defer { directory.remove() }
    let problems = Problems()
    let store = DailyStore(directory: directory.path, onProblem: problems.handler)
    // Twelve games, worst first, as a hand would add them.
    let games = (1...12).map { line(id: $0, points: $0 * 3) }.joined(separator: ", ")
    put(
      #"{"version": 1, "next_id": 13, "days": [{"date": "2026-11-29", "games": [\#(games)]}]}"#,
      at: store.path)
    let book = try store.load()
    #expect(book.table("2026-11-29").map(\.id) == [12, 11, 10, 9, 8, 7, 6, 5, 4, 3])
    #expect(
      book.table("2026-11-29").map(\.result.points) == [36, 33, 30, 27, 24, 21, 18, 15, 12, 9])
    #expect(book.nextID == 13)
    #expect(problems.all.isEmpty)
    // The next game ranks against the ten kept.
    let next = try store.record(daily(points: 13), startedAt: time(0), endedAt: time(1))
    #expect(next.rank == 9 && next.record.id == 13)
    #expect(try store.load().table("2026-11-29").map(\.id) == [12, 11, 10, 9, 8, 7, 6, 5, 13, 4])
  }

  @Test func aFileWithMoreThan31DatesKeepsTheLatestOnRead() throws {
    let directory = TemporaryDirectory("daily", onDisk: true)
    defer { directory.remove() }
    let problems = Problems()
    let store = DailyStore(directory: directory.path, onProblem: problems.handler)
    // 33 dates, newest first.
    let days = (0..<33).reversed().map { offset in
      #"{"date": "\#(date(offset))", "games": [\#(line(id: offset + 1, points: 1))]}"#
    }
    put(
      #"{"version": 1, "next_id": 34, "days": [\#(days.joined(separator: ", "))]}"#,
      at: store.path)
    let book = try store.load()
    #expect(book.days.map(\.date) == (2..<33).map(date))
    #expect(book.days.map { $0.games.map(\.id) } == (2..<33).map { [$0 + 1] })
    #expect(book.days.first?.games.first?.result.daily == "2026-11-03")
    #expect(problems.all.isEmpty)
  }
}
