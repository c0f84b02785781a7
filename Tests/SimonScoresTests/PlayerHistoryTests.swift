import SimonGame
import SimonScores
import Testing

@Suite struct PlayerHistoryTests {
  /// A book with the games given, recorded in order a minute apart.
  static func book(_ games: [GameResult]) -> ScoreBook {
    var book = ScoreBook()
    for (minute, result) in games.enumerated() {
      book.insert(result, startedAt: time(minute), endedAt: time(minute), recentLimit: 100)
    }
    return book
  }

  @Test func aPlayersGamesAreThoseWithTheirNameOrAmongTheMembersNewestFirst() {
    let book = Self.book([
      game(points: 10, name: "Ann"),
      game(points: 40, mode: .coop, name: "Owls", members: ["Bob", "ann"]),
      game(points: 30, name: "Bob"),
      game(points: 20, mode: .playerAdds, name: "Bob", members: ["Аnn", "Bob"]),
    ])
    let ann = book.history(of: "Ann")
    #expect(ann.games.map(\.id) == [4, 2, 1], "a Cyrillic А reads as Ann; a member counts")
    #expect(ann.bestPoints == 40)
    #expect(book.history(of: "Owls").games.map(\.id) == [2], "a team's name counts too")
    #expect(book.history(of: "Zed").games.isEmpty)
    #expect(book.history(of: "Zed").bestPoints == nil)
    let both = book.histories(of: ["Bob", "Ann"])
    #expect(both["Bob"]?.games.map(\.id) == [4, 3, 2])
    #expect(both["Ann"] == ann)
  }

  @Test func aGameOnlyInItsTopTenStillCounts() {
    var games = [game(points: 500, name: "Ann")]
    games += (0..<100).map { _ in game(points: 1) }
    let book = Self.book(games)
    #expect(!book.recent.contains { $0.id == 1 }, "it fell off the recent games")
    #expect(book.keptGames.count == 101)
    #expect(book.keptGames.first?.id == 101)
    #expect(book.history(of: "Ann").games.map(\.id) == [1])
  }

  @Test func theBestOfEachTableIsChosenByTheTablesRankingInTableOrder() {
    let book = Self.book([
      game(points: 30, rounds: 3, difficulty: .hard, name: "Ann"),
      game(points: 30, rounds: 4, difficulty: .hard, name: "Ann"),
      game(points: 30, rounds: 4, difficulty: .hard, name: "Ann"),
      game(points: 20, mode: .levels, name: "Ann"),
      game(points: 10, name: "Ann"),
    ])
    let bests = book.history(of: "Ann").bests
    #expect(
      bests.map(\.id) == [5, 2, 4], "classic/medium, classic/hard (the earlier of equals), levels")
    #expect(book.history(of: "Ann").latest(2).map(\.id) == [5, 4])
  }

  @Test func registeredNamesAreOfferedLatestPlayedFirst() {
    let book = Self.book([
      game(points: 10, name: "Ann"),
      game(points: 10, name: "Cy"),
      game(points: 10, mode: .coop, name: "Team", members: ["Bob", "Player 2"]),
    ])
    #expect(
      book.byLatestGame(["Ann", "Bob", "Cy", "Dee", "Eve"], limit: 10)
        == ["Bob", "Cy", "Ann", "Dee", "Eve"])
    #expect(book.byLatestGame(["Ann", "Bob", "Cy", "Dee", "Eve"], limit: 2) == ["Bob", "Cy"])
  }

  @Test func whetherAGameMayBeNamedIsTheRuleOfNamingIt() {
    var book = Self.book([game(points: 30), game(points: 20, name: "Ann")])
    for _ in 0..<10 {
      book.insert(game(points: 100), startedAt: time(), endedAt: time(), recentLimit: 100)
    }
    book.insert(game(points: 200), startedAt: time(), endedAt: time(), recentLimit: 100)
    #expect(book.namingProblem(game: 99) == .noSuchGame(99))
    #expect(book.namingProblem(game: 1) == .notRanked(1))
    #expect(book.namingProblem(game: 13) == nil)
    #expect(book.rank(of: 13) == 1)
    #expect(book.rank(of: 1) == nil)
    var named = Self.book([game(points: 20, name: "Ann")])
    #expect(named.namingProblem(game: 1) == .alreadyNamed(1, "Ann"))
    #expect(throws: NamingError.alreadyNamed(1, "Ann")) { try named.name(game: 1, as: "Bob") }
  }

  @Test func thePadAlphabetFollowsTheNameRules() {
    #expect(
      String(PlayerName.padAlphabet) == "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.'")
    for letter in PlayerName.padAlphabet {
      #expect(PlayerName.brokenRule("A\(letter)A") == nil, "\(letter)")
    }
  }
}
