import FoundationEssentials
import ScoresTestSupport
import SimonGame
import SimonScores
import Testing

@Suite("Reaction times in the records, and a player's progress by week")
struct ReactionRecordTests {
  static func timed(_ points: Int, rounds: Int = 2, _ reactions: [[Int]], name: String = "Ann")
    -> GameResult
  {
    var result = game(points: points, rounds: rounds, name: name)
    result.reactions = reactions.map { $0.map { .milliseconds($0) } }
    return result
  }

  @Test func aRecordKeepsEveryPressToTheMillisecondOnItsOneLineAndReadsItBack() throws {
    var result = Self.timed(30, [[430], [300, 350]])
    result.reactions[1][0] = .microseconds(300_400)
    let record = GameRecord(id: 1, result: result, startedAt: time(), endedAt: time(1))
    #expect(record.json.hasSuffix(#""duration_ms": 12345, "reactions_ms": [[430], [300, 350]]}"#))
    let directory = TemporaryDirectory("reactions")
    defer { directory.remove() }
    let store = ScoreStore(directory: directory.path)
    try store.record(result, startedAt: time(), endedAt: time(1))
    let read = try store.load().recent[0]
    #expect(
      read.result.reactions == [[.milliseconds(430)], [.milliseconds(300), .milliseconds(350)]])
    #expect(read.result.reaction?.median == .milliseconds(350))
    #expect(
      String(decoding: contents(store.path) ?? [], as: UTF8.self).hasPrefix("{\n  \"version\": 2,"))
  }

  @Test func aReactionBelowZeroIsWrittenAsZeroSoTheFileReadsBack() throws {
    let directory = TemporaryDirectory("reactions")
    defer { directory.remove() }
    let store = ScoreStore(directory: directory.path)
    var result = game(points: 5)
    result.reactions = [[.milliseconds(-2), .microseconds(-400)]]
    try store.record(result, startedAt: time(), endedAt: time())
    #expect(try store.load().recent.first?.result.reactions == [[.zero, .zero]])
  }

  @Test func theFirstWeekAFileCanHoldBeginsOnItsFirstDay() {
    var book = ScoreBook()
    let yearZero = Date(timeIntervalSince1970: -62_167_219_200 + 86_400)
    book.insert(
      game(points: 5, name: "Ann"), startedAt: yearZero, endedAt: yearZero, recentLimit: 100)
    #expect(PlayerProgress(history: book.history(of: "Ann")).weeks.map(\.week) == ["0000-01-01"])
  }

  @Test func aRecordWithoutPressesHasNoReactionsMember() {
    let record = GameRecord(id: 1, result: game(points: 0), startedAt: time(), endedAt: time())
    #expect(!record.json.contains("reactions_ms"))
  }

  @Test(arguments: [
    (#"[[-1]]"#, "reactions_ms[0][0]"), (#"[[3600001]]"#, "reactions_ms[0][0]"),
    (#"[5]"#, "reactions_ms[0]"), (#""fast""#, "reactions_ms"),
  ])
  func aReactionOutOfItsBoundsMakesTheFileCorruptNamingTheMember(value: String, member: String)
    throws
  {
    let directory = TemporaryDirectory("reactions")
    defer { directory.remove() }
    let problems = Problems()
    let store = ScoreStore(directory: directory.path, onProblem: problems.handler)
    let record =
      GameRecord(id: 1, result: game(points: 5), startedAt: time(), endedAt: time())
      .json.dropLast() + ", \"reactions_ms\": \(value)}"
    put(
      "{\"version\": 2, \"next_id\": 2, \"tables\": [], \"recent\": [\(record)]}\n",
      at: store.path)
    #expect(try store.load().recent.isEmpty)
    #expect(problems.all.count == 1)
    #expect(problems.all.first?.detail.contains(member) == true, "\(problems.all)")
  }

  @Test func progressGroupsThePlayersGamesByTheirLocalWeekOldestFirst() {
    let day: Double = 86_400
    var book = ScoreBook()
    let games: [(GameResult, Date)] = [
      (Self.timed(40, rounds: 4, [[500], [450, 400]]), time()),  // Saturday 21 Nov
      (Self.timed(20, rounds: 2, [[600]]), time().addingTimeInterval(4 * day)),  // Wed 25
      (Self.timed(90, rounds: 9, [[300, 320]]), time().addingTimeInterval(4.1 * day)),
      (game(points: 10, rounds: 1, name: "Ann"), time().addingTimeInterval(18 * day)),  // Wed 9 Dec
      (Self.timed(999, rounds: 30, [[100]], name: "Bob"), time().addingTimeInterval(5 * day)),
    ]
    for (result, start) in games {
      book.insert(result, startedAt: start, endedAt: start, recentLimit: 100)
    }
    let progress = PlayerProgress(history: book.history(of: "ann"))
    #expect(progress.weeks.map(\.week) == ["2026-11-16", "2026-11-23", "2026-12-07"])
    #expect(progress.weeks.map(\.games) == [1, 2, 1])
    #expect(progress.weeks.map(\.bestRounds) == [4, 9, 1])
    #expect(progress.weeks.map(\.bestPoints) == [40, 90, 10])
    #expect(
      progress.weeks.map { $0.reaction?.median }
        == [.milliseconds(450), .milliseconds(320), nil],
      "a week of games recorded without reaction times has none")
    #expect(progress.reaction?.presses == 6)
    #expect(progress.reaction?.best == .milliseconds(300))
    #expect(progress.reaction?.median == .milliseconds(425))
    #expect(PlayerProgress(history: book.history(of: "Zed")).weeks.isEmpty)
  }
}
