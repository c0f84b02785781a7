import SimonGame
import SimonScores
import Testing

@Suite struct ScoreBookTests {
  let classic = TableKey(mode: .classic, difficulty: .medium)

  @Test func ranksByPointsThenRoundsThenEarlier() {
    var book = ScoreBook()
    book.insert(
      game(points: 50, rounds: 5, name: "First"), startedAt: time(), endedAt: time(1),
      recentLimit: 100)
    book.insert(
      game(points: 50, rounds: 6, name: "MoreRounds"), startedAt: time(2), endedAt: time(3),
      recentLimit: 100)
    book.insert(
      game(points: 50, rounds: 5, name: "Later"), startedAt: time(4), endedAt: time(5),
      recentLimit: 100)
    book.insert(
      game(points: 70, rounds: 1, name: "MostPoints"), startedAt: time(6), endedAt: time(7),
      recentLimit: 100)
    #expect(
      book.table(classic).map(\.result.name) == ["MostPoints", "MoreRounds", "First", "Later"])
  }

  @Test func theStoreAndTheGameAgreeOnANewBest() {
    var book = ScoreBook()
    let first = book.insert(
      game(points: 15, rounds: 0), startedAt: time(), endedAt: time(1), recentLimit: 100)
    let moreRounds = book.insert(
      game(points: 15, rounds: 1), startedAt: time(2), endedAt: time(3), recentLimit: 100)
    let same = book.insert(
      game(points: 15, rounds: 1), startedAt: time(4), endedAt: time(5), recentLimit: 100)
    #expect([first, moreRounds, same].map(\.isNewAllTimeBest) == [true, true, false])
    #expect(
      [first, moreRounds, same].map(\.isNewAllTimeBest) == [
        Ranking.isNewBest(Standing(points: 15, rounds: 0), over: nil),
        Ranking.isNewBest(Standing(points: 15, rounds: 1), over: Standing(points: 15, rounds: 0)),
        Ranking.isNewBest(Standing(points: 15, rounds: 1), over: Standing(points: 15, rounds: 1)),
      ])
  }

  @Test func namesOneRankedUnnamedGameOnly() throws {
    var book = ScoreBook()
    let ranked = book.insert(
      game(points: 30, name: "Player 2", members: ["Ann", "Player 2"]), startedAt: time(),
      endedAt: time(1), recentLimit: 100)
    let named = book.insert(
      game(points: 20, name: "Ann"), startedAt: time(2), endedAt: time(3), recentLimit: 100)
    let renamed = try book.name(game: ranked.record.id, as: "Bob")
    #expect(renamed.result.name == "Bob")
    #expect(renamed.result.members == ["Ann", "Bob"])
    #expect(book.recent.first?.result.name == "Bob")
    #expect(throws: NamingError.alreadyNamed(named.record.id, "Ann")) {
      try book.name(game: named.record.id, as: "Cy")
    }
    #expect(throws: NamingError.noSuchGame(99)) { try book.name(game: 99, as: "Cy") }
    for points in 1...10 {
      book.insert(
        game(points: 100 + points), startedAt: time(4 + points), endedAt: time(5 + points),
        recentLimit: 100)
    }
    #expect(throws: NamingError.notRanked(named.record.id)) {
      try book.name(game: named.record.id, as: "Cy")
    }
  }

  @Test func keepsTheTopTenOfEachTable() {
    var book = ScoreBook()
    for points in 1...15 {
      book.insert(
        game(points: points * 10), startedAt: time(points), endedAt: time(points), recentLimit: 100)
    }
    book.insert(
      game(points: 5, difficulty: .hard), startedAt: time(20), endedAt: time(20), recentLimit: 100)
    #expect(
      book.table(classic).map(\.result.points) == [150, 140, 130, 120, 110, 100, 90, 80, 70, 60])
    #expect(book.table(TableKey(mode: .classic, difficulty: .hard)).map(\.result.points) == [5])
    #expect(book.tableKeys == [classic, TableKey(mode: .classic, difficulty: .hard)])
    #expect(
      book.allTimeBests.mapValues(\.result.points) == [
        classic: 150, TableKey(mode: .classic, difficulty: .hard): 5,
      ])
  }

  @Test func tellsTheRankAndANewBest() {
    var book = ScoreBook()
    let first = book.insert(game(points: 40), startedAt: time(), endedAt: time(), recentLimit: 100)
    #expect(first.rank == 1 && first.isNewAllTimeBest && first.previousBest == nil)
    let tie = book.insert(game(points: 40), startedAt: time(1), endedAt: time(1), recentLimit: 100)
    #expect(tie.rank == 2 && !tie.isNewAllTimeBest && tie.previousBest == first.record)
    let better = book.insert(
      game(points: 40, rounds: 9), startedAt: time(2), endedAt: time(2), recentLimit: 100)
    #expect(better.rank == 1 && better.isNewAllTimeBest)
    for minute in 3..<12 {
      book.insert(
        game(points: 100), startedAt: time(minute), endedAt: time(minute), recentLimit: 100)
    }
    let tooLow = book.insert(
      game(points: 1), startedAt: time(13), endedAt: time(13), recentLimit: 100)
    #expect(tooLow.rank == nil && !tooLow.isNewAllTimeBest)
    #expect(tooLow.record.id == 13)
  }

  @Test func zeroPointsIsNeverANewBest() {
    var book = ScoreBook()
    let outcome = book.insert(game(points: 0), startedAt: time(), endedAt: time(), recentLimit: 100)
    #expect(outcome.rank == 1)
    #expect(!outcome.isNewAllTimeBest)
  }

  @Test func keepsTheRecentGamesInOrderAtLeastAHundred() {
    var book = ScoreBook()
    for number in 0..<130 {
      book.insert(
        game(points: number), startedAt: time(number), endedAt: time(number), recentLimit: 10)
    }
    #expect(book.recent.count == 100)
    #expect(book.recent.first?.result.points == 30)
    #expect(book.recent.last?.result.points == 129)
    #expect(book.recent.map(\.id) == Array(31...130))
  }

  @Test func namesTheLatestUnnamedGamesEverywhere() {
    var book = ScoreBook()
    book.insert(game(points: 90), startedAt: time(), endedAt: time(), recentLimit: 100)
    book.insert(
      game(points: 10, name: "Bob"), startedAt: time(1), endedAt: time(1), recentLimit: 100)
    book.insert(game(points: 20), startedAt: time(2), endedAt: time(2), recentLimit: 100)
    book.insert(
      game(points: 30, mode: .coop, name: "Team", members: ["Player 1", "Player 2"]),
      startedAt: time(3), endedAt: time(3), recentLimit: 100)
    let renamed = book.nameLatest("Alice", count: 2)
    #expect(renamed.map(\.id) == [3, 1])
    #expect(book.recent.map(\.result.name) == ["Alice", "Bob", "Alice", "Team"])
    #expect(book.recent[0].result.members == ["Alice"])
    #expect(book.table(classic).map(\.result.name) == ["Alice", "Alice", "Bob"])
    #expect(book.nameLatest("Carol", count: 1).isEmpty)
  }

  @Test func sessionBestsStartEmptyAndKeepTheEarlierTie() {
    var bests = SessionBests()
    let noted = [
      game(points: 30), game(points: 30), game(points: 30, rounds: 9), game(points: 10),
      game(points: 0, difficulty: .hard),
    ].map { bests.note($0) }
    #expect(noted == [true, false, true, false, false])
    #expect(bests.best[classic]?.rounds == 9)
  }
}
