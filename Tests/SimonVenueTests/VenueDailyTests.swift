import FoundationEssentials
import SimonGame
import SimonScores
import SimonStateFiles
import SimonVenueStore
import Synchronization
import Testing

@Suite("The venue's day's challenge: every cabinet's top ten of a date, merged")
struct VenueDailyTests {
  /// The date of the games below (they end on 2026-11-21, around 19:37 UTC).
  private static let date = "2026-11-21"

  /// A cabinet's game of the day, ending `second` seconds after 2026-11-21T19:37:05Z.
  private func game(
    _ id: Int, points: Int, rounds: Int = 5, second: Int = 0, name: String = "ANNA",
    mode: GameMode = .classic, reactions: [[Duration]] = []
  ) -> GameRecord {
    GameRecord(
      id: id,
      result: GameResult(
        points: points, rounds: rounds, mode: mode, difficulty: .medium, name: name,
        members: [name], ending: .mistake, duration: .seconds(20), reactions: reactions),
      startedAt: Date(timeIntervalSince1970: 1_795_289_805 + Double(second)),
      endedAt: Date(timeIntervalSince1970: 1_795_289_825 + Double(second)))
  }

  /// A cabinet's list of a date, with games numbered from 1 scoring `points`, a second apart.
  private func list(_ cabinet: String, _ date: String = date, points: [Int]) -> VenueDaily {
    VenueDaily(
      cabinet: cabinet, date: date,
      games: points.enumerated().map { game($0 + 1, points: $1, second: $0) })
  }

  /// A message written by hand, so that it can break any rule.
  private func message(
    cabinet: String = "cab-a", date: String = date, games: [GameRecord]
  ) -> [UInt8] {
    let list = games.map(\.json).joined(separator: ", ")
    return Array(#"{"cabinet": "\#(cabinet)", "date": "\#(date)", "games": [\#(list)]}"#.utf8)
  }

  /// Why a message is refused, or nil when it is read.
  private func refusal(_ payload: [UInt8]) -> String? {
    do {
      _ = try VenueDaily(payload: payload)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func aListReadsBackWhatItPublishesBestFirstAndMarkedWithItsDate() throws {
    let published = list("cab-a", points: [20, 90, 40])
    #expect(published.games.map(\.result.points) == [90, 40, 20])
    #expect(published.games.allSatisfy { $0.result.daily == Self.date })
    #expect(try VenueDaily(payload: published.payload) == published)
    let one = VenueDaily(cabinet: "cab-a", date: Self.date, games: [game(2, points: 20)])
    #expect(
      String(decoding: one.payload, as: UTF8.self)
        == #"{"cabinet": "cab-a", "date": "2026-11-21", "games": [{"id": 2, "points": 20, "rounds": 5, "mode": "classic", "difficulty": "medium", "name": "ANNA", "members": ["ANNA"], "ending": "mistake", "started": "2026-11-21T19:36:45.000Z", "ended": "2026-11-21T19:37:05.000Z", "duration_ms": 20000}]}"#
    )
    let unordered = try VenueDaily(
      payload: message(games: [game(1, points: 10), game(2, points: 30), game(3, points: 20)]))
    #expect(unordered.games.map(\.id) == [2, 3, 1])
    #expect(unordered.games.allSatisfy { $0.result.daily == Self.date })
  }

  @Test func aBadMessageIsRefusedSayingWhatAndWhere() {
    #expect(refusal(Array("{\"cabinet\": ".utf8))?.hasPrefix("not JSON: ") == true)
    #expect(
      refusal(message(cabinet: "cab/a", games: []))
        == #"cabinet: a cabinet id has only ASCII letters, digits, ".", "_" and "-""#)
    #expect(
      refusal(message(date: "2026-02-30", games: []))
        == "date: the date 2026-02-30 has no day 30 in its month")
    #expect(
      refusal(message(date: "2026-13-01", games: [])) == "date: the date 2026-13-01 has no month 13"
    )
    #expect(
      refusal(message(date: "today", games: []))
        == #"date: the date "today" is not written YYYY-MM-DD"#)
    #expect(refusal(message(date: "2028-02-29", games: [])) == nil, "a leap day")
    #expect(refusal(message(date: "2000-02-29", games: [])) == nil, "a leap day of a 400th year")
    #expect(
      refusal(message(date: "2100-02-29", games: []))
        == "date: the date 2100-02-29 has no day 29 in its month")
    #expect(
      refusal(message(games: (1...11).map { game($0, points: $0) }))
        == "games: 11 games: a cabinet's list of a date has at most 10")
    #expect(refusal(message(games: (1...10).map { game($0, points: $0) })) == nil)
    #expect(
      refusal(message(games: [game(1, points: 5), game(2, points: 9, name: "\u{1B}[2Jhi")]))
        == "games[1]: name '\\u{1B}[2Jhi': a name has only letters, digits, spaces and - _ . '")
    #expect(refusal(message(games: [game(1, points: 5, name: "Player")])) == nil, "unnamed")
    #expect(
      refusal(message(games: [game(1, points: 5, mode: .levels)]))
        == "games[0]: a levels game: a day's game is classic")
    #expect(
      refusal(message(games: [game(1, points: 5), game(1, points: 9)]))
        == "games[1]: the number 1 is there twice")
  }

  @Test func tenLongGamesArePublishedWithoutTheirReactionTimesToKeepWithinTheLimit() throws {
    // 31 rounds: 496 presses a game, each answered in 987 ms.
    let reactions = (1...31).map { Array(repeating: Duration.milliseconds(987), count: $0) }
    let long = (1...10).map { game($0, points: 500 + $0, rounds: 31, reactions: reactions) }
    #expect(long.map(\.json.utf8.count).reduce(0, +) > VenueDaily.maximumPayload)
    let daily = VenueDaily(cabinet: "cab-a", date: Self.date, games: long)
    #expect(daily.payload.count <= VenueDaily.maximumPayload)
    let read = try VenueDaily(payload: daily.payload)
    #expect(read.games.map(\.id) == daily.games.map(\.id))
    #expect(read.games.allSatisfy { $0.result.reactions.isEmpty })
    let short = VenueDaily(cabinet: "cab-a", date: Self.date, games: Array(long.prefix(2)))
    #expect(try VenueDaily(payload: short.payload) == short, "a short list keeps them")
  }

  @Test func aLaterListReplacesTheCabinetsListAndTheSameListChangesNothing() {
    var book = VenueDailyBook()
    let first = book.merge(list("cab-a", points: [10, 20]))
    let again = book.merge(list("cab-a", points: [10, 20]))
    let later = book.merge(list("cab-a", points: [10, 20, 30]))
    let other = book.merge(list("cab-b", points: [15]))
    #expect(first && !again && later && other)
    #expect(book.lists(Self.date).map(\.cabinet) == ["cab-a", "cab-b"])
    #expect(book.lists(Self.date)[0].games.map(\.result.points) == [30, 20, 10])
    let once = book
    let repeated = book.merge(list("cab-b", points: [15]))
    #expect(!repeated && book == once)
  }

  @Test func aListThatWouldNotReadBackIsNotMerged() {
    var book = VenueDailyBook()
    let badDate = book.merge(list("cab-a", "today", points: [10]))
    let badCabinet = book.merge(list("cab a", points: [10]))
    let levels = book.merge(
      VenueDaily(cabinet: "cab-a", date: Self.date, games: [game(1, points: 5, mode: .levels)]))
    #expect(!badDate && !badCabinet && !levels)
    #expect(book == VenueDailyBook())
  }

  @Test func bridgesThatMergeTheSameListsInAnyOrderHoldTheSameTables() {
    let dates = ["2026-11-19", "2026-11-20", "2026-11-21"]
    let lists = dates.flatMap { date in
      ["cab-a", "cab-b", "cab-c"].enumerated().map { index, cabinet in
        list(cabinet, date, points: (0..<(3 + 3 * index)).map { ($0 * 37 + index * 11) % 90 })
      }
    }
    var forward = VenueDailyBook()
    var backward = VenueDailyBook()
    var shuffled = VenueDailyBook()
    var generator = SplitMix(seed: 11)
    for list in lists { forward.merge(list) }
    for list in lists.reversed() { backward.merge(list) }
    for list in lists.shuffled(using: &generator) { shuffled.merge(list) }
    #expect(forward == backward)
    #expect(forward == shuffled)
    #expect(forward.dates == dates.reversed())
    for date in dates {
      let table = forward.table(date)
      #expect(table.count == VenueDailyBook.tableSize)
      #expect(table == shuffled.table(date))
      #expect(zip(table, table.dropFirst()).allSatisfy { $0.ranks(above: $1) })
    }
  }

  @Test func theTableRanksEveryCabinetsGamesAndKeepsTheBestTen() {
    var book = VenueDailyBook()
    book.merge(list("cab-b", points: [70, 50, 30, 10, 5, 4]))
    book.merge(list("cab-a", points: [80, 60, 40, 20, 3, 2]))
    let table = book.table(Self.date)
    #expect(table.map(\.game.result.points) == [80, 70, 60, 50, 40, 30, 20, 10, 5, 4])
    #expect(
      table.map(\.cabinet) == [
        "cab-a", "cab-b", "cab-a", "cab-b", "cab-a", "cab-b",
        "cab-a", "cab-b", "cab-b", "cab-b",
      ])
    #expect(table.allSatisfy { $0.game.result.daily == Self.date })
    #expect(book.table("2026-11-20").isEmpty)
  }

  @Test func equalGamesRankByWhenTheyEndedThenCabinetThenNumber() {
    var book = VenueDailyBook()
    book.merge(
      VenueDaily(
        cabinet: "cab-b", date: Self.date,
        games: [game(1, points: 50, second: 5), game(2, points: 50, second: 9)]))
    book.merge(
      VenueDaily(
        cabinet: "cab-a", date: Self.date,
        games: [game(7, points: 50, second: 9), game(3, points: 50, second: 9)]))
    book.merge(
      VenueDaily(cabinet: "cab-c", date: Self.date, games: [game(1, points: 50, rounds: 6)]))
    let table = book.table(Self.date)
    #expect(
      table.map { "\($0.cabinet)/\($0.game.id)" } == [
        "cab-c/1", "cab-b/1", "cab-a/3",
        "cab-a/7", "cab-b/2",
      ])
  }

  @Test func theLatestDatesAreKeptAndAnOlderOneIsIgnored() {
    var book = VenueDailyBook()
    var generator = SplitMix(seed: 31)
    let month = (1...30).map { "2026-11-\($0 < 10 ? "0" : "")\($0)" } + ["2026-12-01"]
    for date in month.shuffled(using: &generator) { book.merge(list("cab-a", date, points: [1])) }
    #expect(book.dates == month.reversed())
    #expect(book.dates.count == VenueDailyBook.daysKept)
    let older = book.merge(list("cab-a", "2026-10-31", points: [1]))
    #expect(!older)
    let known = book.merge(list("cab-b", "2026-11-01", points: [1]))
    #expect(known, "a date kept takes another cabinet's list")
    let newer = book.merge(list("cab-a", "2026-12-02", points: [1]))
    #expect(newer)
    #expect(book.dates.first == "2026-12-02" && book.dates.last == "2026-11-02")
    #expect(book.lists("2026-11-01").isEmpty && book.table("2026-11-01").isEmpty)
  }

  @Test func theDailyFileKeepsWhatWasMerged() throws {
    let directory = scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = VenueDailyStore(directory: directory)
    #expect(store.path == directory + "/daily.json")
    #expect(try store.load() == VenueDailyBook())
    let lists = [
      list("cab-b", points: [40]), list("cab-a", points: [30, 50]),
      list("cab-a", "2026-11-20", points: [7]),
    ]
    #expect(try lists.map { try store.merge($0) } == [true, true, true])
    #expect(try store.merge(lists[0]) == false)
    var expected = VenueDailyBook()
    for list in lists { expected.merge(list) }
    #expect(try store.load() == expected)
    let text = String(
      decoding: FileManager.default.contents(atPath: store.path) ?? Data(), as: UTF8.self)
    #expect(
      text == """
        {
          "version": 1,
          "days": [
            {"date": "2026-11-20", "cabinets": [
              {"cabinet": "cab-a", "games": [{"id": 1, "points": 7, "rounds": 5, "mode": "classic", "difficulty": "medium", "name": "ANNA", "members": ["ANNA"], "ending": "mistake", "started": "2026-11-21T19:36:45.000Z", "ended": "2026-11-21T19:37:05.000Z", "duration_ms": 20000}]}
            ]},
            {"date": "2026-11-21", "cabinets": [
              {"cabinet": "cab-a", "games": [{"id": 2, "points": 50, "rounds": 5, "mode": "classic", "difficulty": "medium", "name": "ANNA", "members": ["ANNA"], "ending": "mistake", "started": "2026-11-21T19:36:46.000Z", "ended": "2026-11-21T19:37:06.000Z", "duration_ms": 20000}, {"id": 1, "points": 30, "rounds": 5, "mode": "classic", "difficulty": "medium", "name": "ANNA", "members": ["ANNA"], "ending": "mistake", "started": "2026-11-21T19:36:45.000Z", "ended": "2026-11-21T19:37:05.000Z", "duration_ms": 20000}]},
              {"cabinet": "cab-b", "games": [{"id": 1, "points": 40, "rounds": 5, "mode": "classic", "difficulty": "medium", "name": "ANNA", "members": ["ANNA"], "ending": "mistake", "started": "2026-11-21T19:36:45.000Z", "ended": "2026-11-21T19:37:05.000Z", "duration_ms": 20000}]}
            ]}
          ]
        }

        """)
    let saved = VenueDailyStore(directory: directory)
    var more = try saved.load()
    more.merge(list("cab-c", points: [99]))
    try saved.save(more)
    #expect(try store.load() == more)
    #expect(try store.load().table(Self.date).first?.cabinet == "cab-c")
  }

  @Test func aDamagedDailyFileIsSetAsideAndTheBridgeStartsAFreshOne() throws {
    let directory = scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let problems = Mutex<[StateProblem]>([])
    let store = VenueDailyStore(directory: directory) { problem in
      problems.withLock { $0.append(problem) }
    }
    let day = #"{"date": "2026-11-21", "cabinets": []}"#
    let damaged = [
      #"{"version": 1, "days": [\#(day), \#(day)]}"#,
      #"{"version": 1, "days": [{"date": "2026-11-31", "cabinets": []}]}"#,
      #"{"version": 1, "days": [{"date": "2026-11-21", "cabinets": [{"cabinet": "", "games": []}]}]}"#,
    ]
    for text in damaged {
      #expect(FileManager.default.createFile(atPath: store.path, contents: Data(text.utf8)))
      #expect(try store.load() == VenueDailyBook())
    }
    #expect(
      problems.withLock { $0 }.map(\.detail) == [
        "days: the date 2026-11-21 is there twice",
        "days[0].date: the date 2026-11-31 has no day 31 in its month",
        "days[0].cabinets[0].cabinet: a cabinet id cannot be empty",
      ])
    #expect(problems.withLock { $0 }.allSatisfy { $0.kind == .corrupt && $0.movedTo != nil })
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    #expect(names.filter { $0.hasPrefix("daily.json.corrupt") }.count == 3)
  }
}
